package precompress

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// prune removes entries unused for a month and stale temporary files, and
// looks again only a day after it last did.
func TestCachePrune(t *testing.T) {
	dir := t.TempDir()
	c := NewCache(dir)
	write := func(name string, age time.Duration) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		at := time.Now().Add(-age)
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
		return p
	}
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	fresh := write("fresh.br", time.Hour)
	stale := write("stale.br", cacheMaxAge+time.Hour)
	tmp := write(".tmp-1", 2*time.Hour)
	c.prune()
	if !exists(fresh) || exists(stale) || exists(tmp) {
		t.Fatalf("after the first prune: fresh %v (want true), stale %v, temporary %v (want false)", exists(fresh), exists(stale), exists(tmp))
	}
	// Within a day of that look, an expired entry waits for the next.
	stale = write("stale2.br", cacheMaxAge+time.Hour)
	c.prune()
	if !exists(stale) {
		t.Fatal("prune looked again within a day")
	}
	stamp := filepath.Join(dir, pruneStamp)
	dayAgo := time.Now().Add(-pruneEvery - time.Minute)
	if err := os.Chtimes(stamp, dayAgo, dayAgo); err != nil {
		t.Fatal(err)
	}
	c.prune()
	if exists(stale) || !exists(fresh) {
		t.Fatalf("a day later: stale %v (want false), fresh %v (want true)", exists(stale), exists(fresh))
	}
	// A stamp from the future (a clock set back) does not stop pruning.
	future := time.Now().Add(time.Hour)
	if err := os.Chtimes(stamp, future, future); err != nil {
		t.Fatal(err)
	}
	stale = write("stale3.br", cacheMaxAge+time.Hour)
	c.prune()
	if exists(stale) {
		t.Fatal("a stamp from the future kept prune from looking")
	}
}
