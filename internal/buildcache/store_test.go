package buildcache

import (
	"os"
	"path/filepath"
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

// TestConcurrentPuts: builds writing the same entries at once leave whole
// entries (each is written aside and renamed into place).
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
