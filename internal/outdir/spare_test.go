package outdir

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// dirsUnder lists the folders under dir, relative and sorted.
func dirsUnder(t *testing.T, dir string) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && p != dir {
			rel, _ := filepath.Rel(dir, p)
			dirs = append(dirs, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(dirs)
	return dirs
}

// TestSwapKeepingThenReuse: the output a build replaces is kept as the
// spare, with its files, while the new one is in place; the next build
// gets the spare's folders without its files, and files linked between
// the two outputs keep their content in the one in place.
func TestSwapKeepingThenReuse(t *testing.T) {
	parent := t.TempDir()
	dir, spare := filepath.Join(parent, "build"), filepath.Join(t.TempDir(), "cache", "spare")
	writeTree(t, dir, map[string]string{"index.html": "first", "docs/a/index.html": "a1", "assets/app.js": "js"})

	next := filepath.Join(parent, ".build.new-1")
	writeTree(t, next, map[string]string{"index.html": "second", "docs/b/index.html": "b"})
	// A file the new output shares with the old one, as a rebuild links it.
	if err := os.MkdirAll(filepath.Join(next, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(dir, "assets", "app.js"), filepath.Join(next, "assets", "app.js")); err != nil {
		t.Fatal(err)
	}
	if err := SwapKeeping(next, dir, spare); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, dir); len(got) != 3 || got["index.html"] != "second" || got["assets/app.js"] != "js" {
		t.Fatalf("the output in place holds %v", got)
	}
	if got := readTree(t, spare); got["index.html"] != "first" || got["docs/a/index.html"] != "a1" {
		t.Fatalf("the spare holds %v, not the replaced output", got)
	}
	if _, err := os.Stat(next); !os.IsNotExist(err) {
		t.Errorf("the new output's temporary name is still there: %v", err)
	}

	reused, ok := Reuse(spare, parent, ".build.new-", dir)
	if !ok {
		t.Fatal("the spare was not reused")
	}
	if filepath.Dir(reused) != parent {
		t.Errorf("the reused folder is %s, not beside the output", reused)
	}
	// The file the two outputs share stays, as the new output will link it
	// again; the others go.
	if got := readTree(t, reused); len(got) != 1 || got["assets/app.js"] != "js" {
		t.Errorf("the reused folder holds %v, want only the file it shares with the output in place", got)
	}
	if got, want := dirsUnder(t, reused), []string{"assets", "docs", "docs/a"}; !slices.Equal(got, want) {
		t.Errorf("the reused folder holds the folders %v, want %v", got, want)
	}
	if _, err := os.Stat(spare); !os.IsNotExist(err) {
		t.Errorf("the spare is still there after it was reused: %v", err)
	}
	if _, ok := Reuse(spare, parent, ".build.new-", dir); ok {
		t.Error("a spare was reused twice")
	}

	// Writing into the reused folder replaces a shared file's name, never
	// its content, which the output in place still serves.
	if err := WriteNew(filepath.Join(reused, "assets", "app.js"), []byte("js2")); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, dir)["assets/app.js"]; got != "js" {
		t.Errorf("writing into the reused folder changed the output in place: %q", got)
	}
	if err := Link(filepath.Join(dir, "index.html"), filepath.Join(reused, "assets", "app.js")); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, reused)["assets/app.js"]; got != "second" {
		t.Errorf("Link over an existing name left %q", got)
	}
	if err := Link(filepath.Join(dir, "index.html"), filepath.Join(reused, "assets", "app.js")); err != nil {
		t.Errorf("Link of a file onto itself: %v", err)
	}
}

func TestPrune(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"docs/a/index.html": "a", "keep/x.txt": "x", "gone/deeper/old.html": "o", "docs/b/c/old.txt": "o"})
	if err := os.MkdirAll(filepath.Join(dir, "docs", "a", "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	keep := map[string]bool{"docs/a/index.html": true, "keep/x.txt": true}
	if err := Prune(dir, func(rel string) bool { return keep[rel] }); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, dir); len(got) != 2 {
		t.Errorf("files left: %v", got)
	}
	if got, want := dirsUnder(t, dir), []string{"docs", "docs/a", "keep"}; !slices.Equal(got, want) {
		t.Errorf("folders left: %v, want %v", got, want)
	}
}

// TestSwapKeepingFirstOutput: the first output put in place replaces
// nothing and leaves no spare.
func TestSwapKeepingFirstOutput(t *testing.T) {
	parent := t.TempDir()
	dir, spare := filepath.Join(parent, "build"), filepath.Join(t.TempDir(), "spare")
	next := filepath.Join(parent, ".build.new-1")
	files := map[string]string{"index.html": "first", "docs/a/index.html": "a", "assets/app.js": "js"}
	writeTree(t, next, files)
	if err := SwapKeeping(next, dir, spare); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, dir); !maps.Equal(got, files) {
		t.Fatalf("the output in place holds %v", got)
	}
	if _, err := os.Lstat(spare); !os.IsNotExist(err) {
		t.Errorf("a first output left a spare: %v", err)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 1 {
		t.Errorf("beside the output: %d entries, want only the output", len(entries))
	}
}
