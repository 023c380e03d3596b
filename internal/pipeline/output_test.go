package pipeline

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOutputLinksSearchFilesByName: the search index names its shards and
// fragments by their content, so a rebuild links each one the previous
// output holds under its name, and writes the new ones and index.json,
// whose name outlives its bytes.
func TestOutputLinksSearchFilesByName(t *testing.T) {
	prev := filepath.Join(t.TempDir(), "out")
	kept, gone := "search/p/0123456789.json", "search/t/abcdefabcd.json"
	for name, data := range map[string]string{kept: "same\n", gone: "before\n", "search/index.json": "old meta\n"} {
		path := filepath.Join(prev, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := newOutput(prev, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	added := "search/t/9876543210.json"
	emitSearch(out, map[string][]byte{
		"index.json":        []byte("new meta\n"),
		"p/0123456789.json": []byte("same\n"),
		"t/9876543210.json": []byte("after\n"),
	})
	if err := out.finish(); err != nil {
		t.Fatal(err)
	}
	linked := func(name string) bool {
		a, errA := os.Stat(filepath.Join(out.dir, filepath.FromSlash(name)))
		b, errB := os.Stat(filepath.Join(prev, filepath.FromSlash(name)))
		return errA == nil && errB == nil && os.SameFile(a, b)
	}
	if !linked(kept) {
		t.Errorf("%s, unchanged, was written again, not linked", kept)
	}
	for name, want := range map[string]string{added: "after\n", "search/index.json": "new meta\n"} {
		if data, _ := out.File(name); string(data) != want {
			t.Errorf("%s holds %q, want %q", name, data, want)
		}
	}
	if _, ok := out.File(gone); ok {
		t.Errorf("%s, absent from the new index, is in the output", gone)
	}
}
