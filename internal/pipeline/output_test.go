package pipeline

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/portaldocs/portal/internal/search"
)

// TestOutputLinksSearchFilesByName: the search index names its shards and
// fragments by their content, so a rebuild links each one the previous
// output holds under its name, and writes the new ones and index.json,
// whose name outlives its bytes. A deferred shard is made only when the
// previous output does not hold it.
func TestOutputLinksSearchFilesByName(t *testing.T) {
	prev := filepath.Join(t.TempDir(), "out")
	kept, gone := "search/p/0123456789.json", "search/t/abcdefabcd.json"
	keptShard, madeShard := "search/t/1111111111.json", "search/t/2222222222.json"
	for name, data := range map[string]string{kept: "same\n", gone: "before\n", "search/index.json": "old meta\n", keptShard: "kept shard\n"} {
		path := filepath.Join(prev, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := newOutput(prev, "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	added := "search/t/9876543210.json"
	var mu sync.Mutex // the output places files on every core
	made := map[string]int{}
	deferred := func(name, data string) func() ([]byte, error) {
		return func() ([]byte, error) {
			mu.Lock()
			defer mu.Unlock()
			made[name]++
			return []byte(data), nil
		}
	}
	emitSearch(out, &search.Index{Files: map[string][]byte{
		"index.json":        []byte("new meta\n"),
		"p/0123456789.json": []byte("same\n"),
		"t/9876543210.json": []byte("after\n"),
	}, Deferred: map[string]func() ([]byte, error){
		"t/1111111111.json": deferred(keptShard, "kept shard\n"),
		"t/2222222222.json": deferred(madeShard, "made shard\n"),
	}})
	if err := out.finish(); err != nil {
		t.Fatal(err)
	}
	linked := func(name string) bool {
		a, errA := os.Stat(filepath.Join(out.dir, filepath.FromSlash(name)))
		b, errB := os.Stat(filepath.Join(prev, filepath.FromSlash(name)))
		return errA == nil && errB == nil && os.SameFile(a, b)
	}
	for _, name := range []string{kept, keptShard} {
		if !linked(name) {
			t.Errorf("%s, unchanged, was written again, not linked", name)
		}
	}
	if made[keptShard] != 0 || made[madeShard] != 1 {
		t.Errorf("deferred shards made %v times; want only %s, once", made, madeShard)
	}
	for name, want := range map[string]string{added: "after\n", "search/index.json": "new meta\n", madeShard: "made shard\n"} {
		if data, _ := out.File(name); string(data) != want {
			t.Errorf("%s holds %q, want %q", name, data, want)
		}
	}
	if _, ok := out.File(gone); ok {
		t.Errorf("%s, absent from the new index, is in the output", gone)
	}
}
