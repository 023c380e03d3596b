package outdir

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"syscall"
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

	r, ok := Reuse(spare, parent, ".build.new-", dir)
	if !ok {
		t.Fatal("the spare was not reused")
	}
	reused, kept := r.Dir, r.Kept
	if filepath.Dir(reused) != parent {
		t.Errorf("the reused folder is %s, not beside the output", reused)
	}
	// The file the two outputs share stays, as the new output will link it
	// again; the others go.
	if got := readTree(t, reused); len(got) != 1 || got["assets/app.js"] != "js" {
		t.Errorf("the reused folder holds %v, want only the file it shares with the output in place", got)
	}
	if want := (Kept{"assets/app.js": inodeAt(t, filepath.Join(dir, "assets", "app.js"))}); !maps.Equal(kept, want) {
		t.Errorf("Reuse says it kept %v, want %v", kept, want)
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

// TestReuseKeepsOnlyTheLiveOutputsFiles: of a spare's files, those linked
// to the live output's file of the same name stay, wherever they sit; one
// with the same name and bytes but another inode, one linked to a live
// file of another name, and one in a folder the live output lacks go.
func TestReuseKeepsOnlyTheLiveOutputsFiles(t *testing.T) {
	parent := t.TempDir()
	live, spare := filepath.Join(parent, "build"), filepath.Join(parent, "spare")
	writeTree(t, live, map[string]string{"root.txt": "r", "docs/a/index.html": "a", "docs/b/index.html": "b", "same.txt": "s"})
	writeTree(t, spare, map[string]string{"same.txt": "s", "only-spare/x.txt": "x"})
	for _, pair := range [][2]string{
		{"root.txt", "root.txt"}, {"docs/a/index.html", "docs/a/index.html"}, {"docs/b/index.html", "docs/a/other.html"},
	} {
		to := filepath.Join(spare, filepath.FromSlash(pair[1]))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(filepath.Join(live, filepath.FromSlash(pair[0])), to); err != nil {
			t.Fatal(err)
		}
	}
	r, ok := Reuse(spare, parent, ".build.new-", live)
	if !ok {
		t.Fatal("the spare was not reused")
	}
	reused, kept := r.Dir, r.Kept
	want := Kept{
		"root.txt":          inodeAt(t, filepath.Join(live, "root.txt")),
		"docs/a/index.html": inodeAt(t, filepath.Join(live, "docs", "a", "index.html")),
	}
	if !maps.Equal(kept, want) {
		t.Errorf("kept %v, want %v", kept, want)
	}
	if got := readTree(t, reused); len(got) != 2 || got["root.txt"] != "r" || got["docs/a/index.html"] != "a" {
		t.Errorf("the reused folder holds %v, want only the two files linked to the live output's of the same name", got)
	}
}

// TestReadEntriesMatchesStat: the inode numbers and kinds a folder lists
// are the ones a stat of each entry gives.
func TestReadEntriesMatchesStat(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.txt": "a", "sub/b.txt": "b"})
	for i := range 300 { // more than one getdents buffer's worth of long names
		name := fmt.Sprintf("%0200d.txt", i)
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("a.txt", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	entries, err := readEntries(dir)
	if err != nil {
		t.Fatal(err)
	}
	listed, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(listed) {
		t.Fatalf("readEntries listed %d entries, os.ReadDir %d", len(entries), len(listed))
	}
	for _, e := range entries {
		info, err := os.Lstat(filepath.Join(dir, e.name))
		if err != nil {
			t.Fatalf("%q: %v", e.name, err)
		}
		wantKind := kindOther
		switch {
		case info.IsDir():
			wantKind = kindFolder
		case info.Mode().IsRegular():
			wantKind = kindFile
		}
		if e.kind != wantKind && e.kind != kindUnknown {
			t.Errorf("%q: kind %d, want %d", e.name, e.kind, wantKind)
		}
		if e.inode != 0 && e.inode != inodeAt(t, filepath.Join(dir, e.name)) {
			t.Errorf("%q: inode %d, stat says %d", e.name, e.inode, inodeAt(t, filepath.Join(dir, e.name)))
		}
	}
}

func inodeAt(t *testing.T, path string) uint64 {
	t.Helper()
	info, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		t.Skip("no inode numbers here")
	}
	return uint64(st.Ino) //nolint:unconvert // a uint32 on some systems
}

// TestTidy: of a reused folder, Tidy removes the kept files the new output
// does not have and the folders none of its files is in, and keeps the
// rest; a folder holding a file Reuse did not list is still emptied.
func TestTidy(t *testing.T) {
	parent := t.TempDir()
	live, spare := filepath.Join(parent, "build"), filepath.Join(parent, "spare")
	files := map[string]string{"a/keep.html": "k", "a/drop.html": "d", "b/c/drop.html": "d", "top.txt": "t"}
	writeTree(t, live, files)
	for name := range files {
		to := filepath.Join(spare, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(filepath.Join(live, filepath.FromSlash(name)), to); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(spare, "empty", "deeper"), 0o755); err != nil {
		t.Fatal(err)
	}
	r, ok := Reuse(spare, parent, ".build.new-", live)
	if !ok {
		t.Fatal("the spare was not reused")
	}
	if got, want := dirsUnder(t, r.Dir), []string{"a", "b", "b/c", "empty", "empty/deeper"}; !slices.Equal(got, want) {
		t.Fatalf("reused folders %v, want %v", got, want)
	}
	// The new output: one kept file, one new file in a new folder.
	writeTree(t, r.Dir, map[string]string{"new/x.txt": "x"})
	if err := r.Tidy([]string{"a/keep.html", "new/x.txt"}); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, r.Dir); len(got) != 2 || got["a/keep.html"] != "k" || got["new/x.txt"] != "x" {
		t.Errorf("after Tidy the folder holds %v", got)
	}
	if got, want := dirsUnder(t, r.Dir), []string{"a", "new"}; !slices.Equal(got, want) {
		t.Errorf("after Tidy the folders are %v, want %v", got, want)
	}

	// A file nobody listed, in a folder the output does not use: the
	// folder cannot be removed, so the whole folder is walked.
	r2, ok := Reuse(filepath.Join(parent, "none"), parent, ".build.new-", live)
	if ok {
		t.Fatalf("a missing spare was reused: %v", r2)
	}
	r3 := &Reused{Dir: t.TempDir(), Folders: []string{"stray"}}
	writeTree(t, r3.Dir, map[string]string{"stray/unlisted.txt": "u", "kept.txt": "k"})
	if err := r3.Tidy([]string{"kept.txt"}); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, r3.Dir); len(got) != 1 || got["kept.txt"] != "k" {
		t.Errorf("after Tidy of a folder with an unlisted file it holds %v", got)
	}
}
