package outdir

import (
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"golang.org/x/sys/unix"
)

// writeTree makes a folder of files (name → content) under root/name.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readTree lists a folder's files and contents.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestSwapPutsTheNewOutputInPlace(t *testing.T) {
	newFiles := map[string]string{"index.html": "new", "docs/a/index.html": "a2", "docs/b/index.html": "b"}
	for _, tc := range []struct {
		name     string
		previous map[string]string // nil: no previous output
	}{
		{"first build", nil},
		{"a rebuild", map[string]string{"index.html": "old", "docs/a/index.html": "a1", "gone/index.html": "x"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			dir, tmp := filepath.Join(parent, "build"), filepath.Join(parent, ".build.new-1")
			if tc.previous != nil {
				writeTree(t, dir, tc.previous)
			}
			writeTree(t, tmp, newFiles)
			if err := Swap(tmp, dir); err != nil {
				t.Fatal(err)
			}
			if got := readTree(t, dir); len(got) != len(newFiles) || got["docs/a/index.html"] != "a2" || got["gone/index.html"] != "" {
				t.Errorf("after the swap the output holds %v, want %v", got, newFiles)
			}
			if entries, _ := os.ReadDir(parent); len(entries) != 1 {
				t.Errorf("the folder beside the output holds %d entries, want only the output (the previous one removed)", len(entries))
			}
		})
	}
}

// A server reading the output while builds are swapped in never finds it
// missing, where the file system can exchange two folders.
func TestSwapNeverLeavesTheOutputMissing(t *testing.T) {
	parent := t.TempDir()
	a, b := filepath.Join(parent, "a"), filepath.Join(parent, "b")
	writeTree(t, a, map[string]string{"f": "a"})
	writeTree(t, b, map[string]string{"f": "b"})
	if err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE); err != nil {
		t.Skipf("this file system cannot exchange folders (%v): Swap uses two renames here", err)
	}
	dir := filepath.Join(parent, "build")
	writeTree(t, dir, map[string]string{"index.html": "0"})
	var stop atomic.Bool
	missing := make(chan error, 1)
	go func() {
		for !stop.Load() {
			if _, err := os.Stat(filepath.Join(dir, "index.html")); errors.Is(err, os.ErrNotExist) {
				missing <- err
				return
			}
		}
		missing <- nil
	}()
	for i := range 200 {
		tmp := filepath.Join(parent, ".build.new")
		writeTree(t, tmp, map[string]string{"index.html": string(rune('a' + i%26))})
		if err := Swap(tmp, dir); err != nil {
			t.Fatal(err)
		}
	}
	stop.Store(true)
	if err := <-missing; err != nil {
		t.Errorf("a reader found the output missing during a swap: %v", err)
	}
}

func TestRemoveAll(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	writeTree(t, dir, map[string]string{"a": "1", "x/b": "2", "x/y/c": "3", "z/d": "4"})
	if err := os.Symlink(filepath.Join(parent, "keep"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	writeTree(t, filepath.Join(parent, "keep"), map[string]string{"k": "kept"})
	if err := RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the folder is still there: %v", err)
	}
	if got := readTree(t, filepath.Join(parent, "keep")); got["k"] != "kept" {
		t.Errorf("a symbolic link's target was removed: %v", got)
	}
	if err := RemoveAll(dir); err != nil {
		t.Errorf("removing a missing folder: %v, want nil as os.RemoveAll", err)
	}
}
