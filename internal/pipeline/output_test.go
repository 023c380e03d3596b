package pipeline

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOutputLinksFilesOfAMovedFolder: a folder named by its content (the
// search index's) changes name when one file in it changes; the others are
// linked from the previous output's folder, not written again, and a file
// whose bytes changed is written.
func TestOutputLinksFilesOfAMovedFolder(t *testing.T) {
	prev := filepath.Join(t.TempDir(), "out")
	for name, data := range map[string]string{"search/old/t/a.json": "same", "search/old/t/b.json": "before"} {
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
	out.movedFrom("search/new/", "search/old/")
	out.add("search/new/t/a.json", []byte("same"))
	out.add("search/new/t/b.json", []byte("after"))
	if err := out.finish(); err != nil {
		t.Fatal(err)
	}
	same := func(newName, oldName string) bool {
		a, errA := os.Stat(filepath.Join(out.dir, filepath.FromSlash(newName)))
		b, errB := os.Stat(filepath.Join(prev, filepath.FromSlash(oldName)))
		return errA == nil && errB == nil && os.SameFile(a, b)
	}
	if !same("search/new/t/a.json", "search/old/t/a.json") {
		t.Error("the unchanged file of the moved folder was written again, not linked")
	}
	if same("search/new/t/b.json", "search/old/t/b.json") {
		t.Error("the changed file of the moved folder was linked to its old bytes")
	}
	if data, _ := out.File("search/new/t/b.json"); string(data) != "after" {
		t.Errorf("the changed file holds %q", data)
	}
}
