package outdir

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"

	"github.com/portaldocs/portal/internal/workers"
	"golang.org/x/sys/unix"
)

// Reuse makes a new output folder in parent from spare, the output a
// previous build replaced (SwapKeeping): spare is moved there and emptied
// of its files, keeping its folders, which a rebuild mostly writes again.
// Creating a folder is the costly step of writing an output into a new
// one: on ext4 shortly after many files were removed, about a millisecond
// each, the most of any step of a warm rebuild of the portal's own site.
// The files are removed, never written over, since they are links to the
// current output's. ok is false when there is no spare to reuse; dir is
// then "".
func Reuse(spare, parent, prefix string) (dir string, ok bool) {
	if info, err := os.Lstat(spare); err != nil || !info.IsDir() {
		return "", false
	}
	dir, err := MkdirTemp(parent, prefix)
	if err != nil {
		return "", false
	}
	// Renaming a folder onto an empty one replaces it (os.Rename refuses
	// to; the system call does not).
	if err := unix.Rename(spare, dir); err != nil {
		_ = os.Remove(dir)
		return "", false
	}
	if err := removeFiles(dir); err != nil {
		_ = RemoveAll(dir)
		return "", false
	}
	return dir, true
}

// skeleton makes at spare the folders of dir, without their files.
func skeleton(dir, spare string) error {
	if err := RemoveAll(spare); err != nil {
		return err
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		return os.MkdirAll(filepath.Join(spare, rel), 0o755)
	})
}

// removeFiles removes every file under dir, keeping the folders, with the
// folders directly inside it emptied side by side on every core.
func removeFiles(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	errs := make([]error, len(entries))
	workers.Each(context.Background(), runtime.GOMAXPROCS(0), len(entries), func(i int) {
		p := filepath.Join(dir, entries[i].Name())
		if !entries[i].IsDir() {
			errs[i] = os.Remove(p)
			return
		}
		errs[i] = filepath.WalkDir(p, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			return os.Remove(p)
		})
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// RemoveEmptyDirs removes every folder under dir that holds nothing, or
// only folders it removes: the folders of a reused spare that the new
// output did not write to. It reads each folder once.
func RemoveEmptyDirs(dir string) error {
	var dirs []string
	children := map[string]int{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		children[filepath.Dir(p)]++
		if d.IsDir() {
			dirs = append(dirs, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// Deepest first, so a folder emptied of folders is seen empty.
	sort.Slice(dirs, func(i, j int) bool { return len(dirs[i]) > len(dirs[j]) })
	for _, d := range dirs {
		if children[d] > 0 {
			continue
		}
		if err := os.Remove(d); err != nil {
			return err
		}
		children[filepath.Dir(d)]--
	}
	return nil
}
