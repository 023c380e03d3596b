package buildcache

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

func TestStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	key := NewHasher().AddString("page").AddString("a").Key()
	if _, ok := s.Get("html", key); ok || s.Has("html", key) || !s.Empty("html") {
		t.Fatal("a new store has an entry")
	}
	if err := s.Put("html", key, []byte("<p>a</p>")); err != nil {
		t.Fatal(err)
	}
	if got, ok := s.Get("html", key); !ok || string(got) != "<p>a</p>" {
		t.Errorf("Get = %q, %v", got, ok)
	}
	if _, ok := s.Get("data", key); ok {
		t.Error("an entry of one kind is found under another")
	}
	if s.Empty("html") {
		t.Error("Empty after a Put")
	}
	// Persistent: a second store on the folder finds the entry; Close keeps it.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Has("html", key) || !again.Persistent() {
		t.Error("the entry did not outlive the store")
	}
	if _, err := os.Stat(filepath.Join(dir, "CACHEDIR.TAG")); err != nil {
		t.Error("no CACHEDIR.TAG")
	}
}

func TestTemporaryStoreIsRemoved(t *testing.T) {
	s, err := OpenTemporary()
	if err != nil {
		t.Fatal(err)
	}
	if s.Persistent() {
		t.Error("a temporary store says it is persistent")
	}
	cache, err := OpenTemporaryCache()
	if err != nil {
		t.Fatal(err)
	}
	if !cache.Persistent() {
		t.Error("a temporary cache says later builds do not read it")
	}
	if err := cache.Put("k", Sum([]byte("x")), []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := cache.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(cache.Dir()); !os.IsNotExist(err) {
		t.Errorf("the temporary cache is still there: %v", err)
	}
	if err := s.Put("k", Sum([]byte("x")), []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.Dir()); !os.IsNotExist(err) {
		t.Errorf("the temporary store is still there: %v", err)
	}
}

// TestConcurrentPuts: puts of one entry at once, in a persistent and in a
// temporary store, never let a Get after a Put read it partial.
func TestConcurrentPuts(t *testing.T) {
	persistent, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	temporary, err := OpenTemporary()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = temporary.Close() })
	for name, s := range map[string]*Store{"persistent": persistent, "temporary": temporary} {
		t.Run(name, func(t *testing.T) { concurrentPuts(t, s) })
	}
}

func concurrentPuts(t *testing.T, s *Store) {
	data := make([]byte, 1<<20)
	for i := range data {
		data[i] = byte(i)
	}
	key := Sum(data)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if err := s.Put("blob", key, data); err != nil {
				t.Error(err)
			}
			if got, ok := s.Get("blob", key); !ok || len(got) != len(data) {
				t.Errorf("read a missing or partial entry after Put: %d bytes, ok %v", len(got), ok)
			}
		})
	}
	wg.Wait()
}

func TestHasherSeparatesParts(t *testing.T) {
	a := NewHasher().AddString("ab").AddString("c").Key()
	b := NewHasher().AddString("a").AddString("bc").Key()
	if a == b {
		t.Error(`("ab", "c") and ("a", "bc") have the same key`)
	}
}

func mustOpen(t *testing.T, dir string) *Store {
	t.Helper()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustClose(t *testing.T, s *Store) {
	t.Helper()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

func packFiles(t *testing.T, dir string) []string {
	t.Helper()
	packs, err := filepath.Glob(filepath.Join(dir, formatDir, "*"+packExt))
	if err != nil {
		t.Fatal(err)
	}
	return packs
}

// blob is an entry of n times the size below which a compaction is not
// worth its writes.
func blob(b byte, n int) []byte { return bytes.Repeat([]byte{b}, n*pruneSlack) }

// TestPruneDropsWhatTheBuildDidNotUse: a build that succeeded prunes the
// entries it neither read nor wrote; the cache then holds one pack.
func TestPruneDropsWhatTheBuildDidNotUse(t *testing.T) {
	dir := t.TempDir()
	a, b := Sum([]byte("a")), Sum([]byte("b"))
	s := mustOpen(t, dir)
	for key, data := range map[Key][]byte{a: blob('a', 1), b: blob('b', 4)} {
		if err := s.Put("html", key, data); err != nil {
			t.Fatal(err)
		}
	}
	mustClose(t, s)

	s = mustOpen(t, dir)
	if _, ok := s.Get("html", a); !ok {
		t.Fatal("entry a is missing in the second session")
	}
	if err := s.Put("html", Sum([]byte("c")), blob('c', 1)); err != nil {
		t.Fatal(err)
	}
	s.Prune()
	mustClose(t, s)

	s = mustOpen(t, dir)
	defer mustClose(t, s)
	if got, ok := s.Get("html", a); !ok || !bytes.Equal(got, blob('a', 1)) {
		t.Error("the used entry a did not survive the compaction whole")
	}
	if _, ok := s.Get("html", Sum([]byte("c"))); !ok {
		t.Error("the entry c written by the pruning build is gone")
	}
	if s.Has("html", b) {
		t.Error("the unused entry b survived the prune")
	}
	if packs := packFiles(t, dir); len(packs) != 1 {
		t.Errorf("packs after compaction: %v, want one", packs)
	}
}

// TestFailedBuildKeepsEverything: without Prune (a failed build) nothing
// is dropped, and many such builds are merged, not left as many packs.
func TestFailedBuildKeepsEverything(t *testing.T) {
	dir := t.TempDir()
	const sessions = 2*maxPacks + 3
	for i := range sessions {
		s := mustOpen(t, dir)
		if err := s.Put("html", Sum([]byte{byte(i)}), []byte{byte(i)}); err != nil {
			t.Fatal(err)
		}
		mustClose(t, s)
	}
	s := mustOpen(t, dir)
	defer mustClose(t, s)
	for i := range sessions {
		if got, ok := s.Get("html", Sum([]byte{byte(i)})); !ok || !bytes.Equal(got, []byte{byte(i)}) {
			t.Errorf("entry %d: %q, %v", i, got, ok)
		}
	}
	if packs := packFiles(t, dir); len(packs) > 2*maxPacks {
		t.Errorf("%d packs after %d sessions; want at most %d", len(packs), sessions, 2*maxPacks)
	}
}

// TestDamagedEntryIsAMiss: bytes changed on disk are never returned.
func TestDamagedEntryIsAMiss(t *testing.T) {
	dir := t.TempDir()
	key := Sum([]byte("page"))
	s := mustOpen(t, dir)
	if err := s.Put("html", key, []byte("<p>page</p>")); err != nil {
		t.Fatal(err)
	}
	mustClose(t, s)
	packs := packFiles(t, dir)
	data, err := os.ReadFile(packs[0])
	if err != nil {
		t.Fatal(err)
	}
	data[3] ^= 0xff
	if err := os.WriteFile(packs[0], data, 0o600); err != nil {
		t.Fatal(err)
	}
	s = mustOpen(t, dir)
	defer mustClose(t, s)
	if got, ok := s.Get("html", key); ok {
		t.Errorf("a damaged entry was returned: %q", got)
	}
}

// TestEntriesArePublishedOnClose: a session still running (or one that
// crashed) is invisible to another; its entries appear once it closes.
func TestEntriesArePublishedOnClose(t *testing.T) {
	dir := t.TempDir()
	key := Sum([]byte("page"))
	writer := mustOpen(t, dir)
	if err := writer.Put("html", key, []byte("x")); err != nil {
		t.Fatal(err)
	}
	reader := mustOpen(t, dir)
	if reader.Has("html", key) {
		t.Error("an entry of a session still open was visible")
	}
	mustClose(t, reader)
	mustClose(t, writer)
	reader = mustOpen(t, dir)
	defer mustClose(t, reader)
	if !reader.Has("html", key) {
		t.Error("a closed session's entry is not visible")
	}
}

// TestTheFormatBeforePacksIsRemoved: the v1 folder of files is deleted.
func TestTheFormatBeforePacksIsRemoved(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "v1", "html", "ab")
	if err := os.MkdirAll(old, 0o755); err != nil {
		t.Fatal(err)
	}
	mustClose(t, mustOpen(t, dir))
	if _, err := os.Stat(filepath.Join(dir, "v1")); !os.IsNotExist(err) {
		t.Errorf("v1 is still there: %v", err)
	}
}

// TestAStoreOfAnEarlierFormatOpensEmpty: a cache that an earlier version
// left, in the folder of its format or (its index's format byte) in this
// one's, is a miss for every entry, never an error, and its folder goes.
func TestAStoreOfAnEarlierFormatOpensEmpty(t *testing.T) {
	for _, place := range []string{"v2", formatDir} {
		t.Run(place, func(t *testing.T) {
			dir := t.TempDir()
			key := Sum([]byte("page"))
			s := mustOpen(t, dir)
			if err := s.Put("markdown", key, []byte("an entry of the earlier format")); err != nil {
				t.Fatal(err)
			}
			mustClose(t, s)
			// Make it what v2 wrote: its folder, its index's format byte.
			idx, err := filepath.Glob(filepath.Join(dir, formatDir, "*"+indexExt))
			if err != nil || len(idx) != 1 {
				t.Fatalf("indexes %v, %v", idx, err)
			}
			data, err := os.ReadFile(idx[0])
			if err != nil {
				t.Fatal(err)
			}
			data[len(indexMagic)-1] = 2
			if err := os.WriteFile(idx[0], data, 0o644); err != nil {
				t.Fatal(err)
			}
			if place != formatDir {
				if err := os.Rename(filepath.Join(dir, formatDir), filepath.Join(dir, place)); err != nil {
					t.Fatal(err)
				}
			}
			s = mustOpen(t, dir)
			defer mustClose(t, s)
			if s.Has("markdown", key) || !s.Empty("markdown") {
				t.Error("an entry of the earlier format was found")
			}
			if _, err := os.Stat(filepath.Join(dir, "v2")); !os.IsNotExist(err) {
				t.Errorf("v2 is still there: %v", err)
			}
		})
	}
}

// TestReplaceOutlivesTheSession: a replaced entry is what this session and
// the next read, and Keys lists it once.
func TestReplaceOutlivesTheSession(t *testing.T) {
	dir := t.TempDir()
	key := Sum([]byte("page"))
	s := mustOpen(t, dir)
	if err := s.Put("html", key, []byte("old")); err != nil {
		t.Fatal(err)
	}
	mustClose(t, s)
	s = mustOpen(t, dir)
	if err := s.Replace("html", key, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Get("html", key); string(got) != "new" {
		t.Errorf("Get after Replace = %q", got)
	}
	mustClose(t, s)
	s = mustOpen(t, dir)
	defer mustClose(t, s)
	if got, _ := s.Get("html", key); string(got) != "new" {
		t.Errorf("Get in the next session = %q", got)
	}
	if keys := s.Keys("html"); len(keys) != 1 || keys[0] != key {
		t.Errorf("Keys = %v", keys)
	}
}

// TestManyRebuildsMergeOnlyTheirSmallPacks: past maxPacks, a pruned store
// merges the live entries of the latest sessions' packs and leaves the
// largest pack in place; an entry that replaced one of the largest's is the
// one read afterwards, even when the session that merged did not use it.
func TestManyRebuildsMergeOnlyTheirSmallPacks(t *testing.T) {
	dir := t.TempDir()
	big, state := Sum([]byte("big")), Sum([]byte("state"))
	s := mustOpen(t, dir)
	if err := s.Put("html", big, blob('b', 4)); err != nil {
		t.Fatal(err)
	}
	if err := s.Put("state", state, []byte("state 0")); err != nil {
		t.Fatal(err)
	}
	s.Prune()
	mustClose(t, s)
	largest := packFiles(t, dir)
	const sessions = maxPacks + 1
	for i := 1; i <= sessions; i++ {
		s := mustOpen(t, dir)
		if _, ok := s.Get("html", big); !ok {
			t.Fatalf("session %d: the large entry is gone", i)
		}
		if i < sessions-1 { // the last two sessions do not touch the state
			if err := s.Replace("state", state, fmt.Appendf(nil, "state %d", i)); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Put("html", Sum([]byte{byte(i)}), []byte{byte(i)}); err != nil {
			t.Fatal(err)
		}
		s.Prune()
		mustClose(t, s)
	}
	packs := packFiles(t, dir)
	if !slices.Contains(packs, largest[0]) {
		t.Errorf("the largest pack %s was rewritten; packs now %v", largest[0], packs)
	}
	if len(packs) > 3 {
		t.Errorf("%d packs after %d sessions, want the largest and the merged ones", len(packs), sessions)
	}
	s = mustOpen(t, dir)
	defer mustClose(t, s)
	if got, _ := s.Get("state", state); string(got) != fmt.Sprintf("state %d", sessions-2) {
		t.Errorf("the state reads %q, want the last one written, state %d", got, sessions-2)
	}
	if got, ok := s.Get("html", big); !ok || !bytes.Equal(got, blob('b', 4)) {
		t.Error("the large entry did not survive whole")
	}
	if _, ok := s.Get("html", Sum([]byte{byte(sessions)})); !ok {
		t.Error("the last session's entry is gone")
	}
}
