package outdir

import (
	"context"
	"errors"
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
// of every file that is not current's file of the same name (the output in
// place, which a rebuild mostly links again), keeping its folders. Creating
// a folder and linking a file are the costly steps of writing an output
// into a new folder: on ext4 shortly after many files were removed, a
// folder costs about a millisecond. The files left are links to current's:
// whoever writes into the folder must never write into them (Link and
// WriteNew replace a name, never a file's content), and Prune removes those
// the new output does not keep. ok is false when there is no spare to
// reuse; dir is then "".
func Reuse(spare, parent, prefix, current string) (dir string, ok bool) {
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
	if err := removeChanged(dir, current); err != nil {
		_ = RemoveAll(dir)
		return "", false
	}
	return dir, true
}

// Link links from to to, where to may name a file already: it is left when
// it is from itself, else replaced (never written into: it may be a link
// to another output's file).
func Link(from, to string) error {
	err := os.Link(from, to)
	if err == nil || !errors.Is(err, fs.ErrExist) {
		return err
	}
	if sameFile(from, to) {
		return nil
	}
	if err := os.Remove(to); err != nil {
		return err
	}
	return os.Link(from, to)
}

// LinkOrCopy is Link, or a copy written by WriteNew where the file system
// refuses a link.
func LinkOrCopy(from, to string) error {
	if Link(from, to) == nil {
		return nil
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return WriteNew(to, data)
}

// WriteNew writes data to a new file at path, replacing any file there
// rather than writing into it (it may be a link to another output's file).
func WriteNew(path string, data []byte) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func sameFile(a, b string) bool {
	ai, err := os.Lstat(a)
	if err != nil {
		return false
	}
	bi, err := os.Lstat(b)
	return err == nil && os.SameFile(ai, bi)
}

// removeChanged removes every file under dir that is not current's file of
// the same name, keeping the folders, with the folders directly inside dir
// done side by side on every core.
func removeChanged(dir, current string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	check := func(p string) error {
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if current != "" && sameFile(p, filepath.Join(current, rel)) {
			return nil
		}
		return os.Remove(p)
	}
	errs := make([]error, len(entries))
	workers.Each(context.Background(), runtime.GOMAXPROCS(0), len(entries), func(i int) {
		p := filepath.Join(dir, entries[i].Name())
		if !entries[i].IsDir() {
			errs[i] = check(p)
			return
		}
		errs[i] = filepath.WalkDir(p, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			return check(p)
		})
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Prune removes every file under dir that keep does not want (keep gets
// the file's name relative to dir, with slashes), then every folder left
// with nothing in it: what a reused spare held that the new output does
// not. It reads each folder once.
func Prune(dir string, keep func(rel string) bool) error {
	var dirs []string
	children := map[string]int{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		if !d.IsDir() {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			if !keep(filepath.ToSlash(rel)) {
				return os.Remove(p)
			}
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
