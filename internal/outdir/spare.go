package outdir

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"syscall"

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
// WriteNew replace a name, never a file's content), and Reused.Tidy (or
// Prune) removes those the new output does not keep. ok is false when
// there is no spare to reuse.
func Reuse(spare, parent, prefix, current string) (*Reused, bool) {
	if info, err := os.Lstat(spare); err != nil || !info.IsDir() {
		return nil, false
	}
	dir, err := MkdirTemp(parent, prefix)
	if err != nil {
		return nil, false
	}
	// Renaming a folder onto an empty one replaces it (os.Rename refuses
	// to; the system call does not).
	if err := unix.Rename(spare, dir); err != nil {
		_ = os.Remove(dir)
		return nil, false
	}
	r, err := removeChanged(dir, current)
	if err != nil {
		_ = RemoveAll(dir)
		return nil, false
	}
	return r, true
}

// Reused is a folder Reuse made of a spare.
type Reused struct {
	Dir string
	// Kept are the files left in it.
	Kept Kept
	// Folders are its folders, relative to it, with slashes.
	Folders []string
}

// Tidy removes from the folder what the output now in it does not have:
// the files kept that are not among names (every file of the output,
// relative, with slashes), then the folders no name is in, deepest first.
// Only what Reuse listed is looked at, sparing a walk of the whole folder;
// should a folder hold something else, it cannot be removed, and Prune
// then walks the folder.
func (r *Reused) Tidy(names []string) error {
	have := make(map[string]bool, len(names))
	used := map[string]bool{}
	for _, name := range names {
		have[name] = true
		for dir := path.Dir(name); dir != "." && !used[dir]; dir = path.Dir(dir) {
			used[dir] = true
		}
	}
	for name := range r.Kept {
		if !have[name] {
			if err := os.Remove(filepath.Join(r.Dir, filepath.FromSlash(name))); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	folders := slices.Clone(r.Folders)
	// Deepest first, so a folder emptied of folders is seen empty.
	sort.Slice(folders, func(i, j int) bool { return len(folders[i]) > len(folders[j]) })
	for _, folder := range folders {
		if used[folder] {
			continue
		}
		if err := os.Remove(filepath.Join(r.Dir, filepath.FromSlash(folder))); err != nil {
			return Prune(r.Dir, func(rel string) bool { return have[rel] })
		}
	}
	return nil
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

// Kept are the files a reused folder kept (Reuse), by name relative to
// the folder, with slashes: when the folder was claimed each was the live
// output's file of the same name, whose inode number it gives (0 where the
// system does not say). Whoever puts that file there again can skip it.
type Kept map[string]uint64

// Holds reports whether the file name was kept and is the file info
// describes (by inode number).
func (k Kept) Holds(name string, info fs.FileInfo) bool {
	return k.Is(name, InodeOf(info))
}

// Is reports whether the file name was kept and has that inode number.
func (k Kept) Is(name string, inode uint64) bool {
	kept, ok := k[name]
	return ok && kept != 0 && kept == inode
}

// InodeOf is the inode number of the file info describes, 0 where the
// system does not say.
func InodeOf(info fs.FileInfo) uint64 {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0
	}
	return uint64(st.Ino) //nolint:unconvert // a uint32 on some systems
}

// entry is one name in a folder (readEntries).
type entry struct {
	name  string
	inode uint64 // 0 when unknown
	kind  entryKind
}

type entryKind uint8

const (
	kindOther entryKind = iota
	kindFile
	kindFolder
	kindUnknown // the folder did not say: a stat tells
)

// removeChanged removes every file under dir that is not current's file of
// the same name, keeping the folders, and returns the files kept. The
// folders directly inside dir are done side by side on every core. Files
// are compared by the inode numbers the two folders list (readEntries),
// without a stat of each, where the system gives them.
func removeChanged(dir, current string) (*Reused, error) {
	c := changeRemover{dir: dir, current: current, inodes: current != "" && sameDevice(dir, current)}
	top, err := readEntries(dir)
	if err != nil {
		return nil, err
	}
	r := &Reused{Dir: dir, Kept: Kept{}}
	if err := c.files(".", top, r.Kept); err != nil {
		return nil, err
	}
	var folders []string
	for _, e := range top {
		if c.kindOf(".", e) == kindFolder {
			folders = append(folders, e.name)
		}
	}
	found := make([]*Reused, len(folders))
	errs := make([]error, len(folders))
	workers.Each(context.Background(), runtime.GOMAXPROCS(0), len(folders), func(i int) {
		found[i] = &Reused{Kept: Kept{}}
		errs[i] = c.tree(folders[i], found[i])
	})
	for i, err := range errs {
		if err != nil {
			return nil, err
		}
		maps.Copy(r.Kept, found[i].Kept)
		r.Folders = append(r.Folders, found[i].Folders...)
	}
	return r, nil
}

// changeRemover is removeChanged's walk.
type changeRemover struct {
	dir, current string
	// inodes: the two folders are on one file system, so equal inode
	// numbers listed mean one file.
	inodes bool
}

// tree does the folder rel and every folder under it, noting them in r.
func (c changeRemover) tree(rel string, r *Reused) error {
	r.Folders = append(r.Folders, filepath.ToSlash(rel))
	entries, err := readEntries(filepath.Join(c.dir, rel))
	if err != nil {
		return err
	}
	if err := c.files(rel, entries, r.Kept); err != nil {
		return err
	}
	for _, e := range entries {
		if c.kindOf(rel, e) == kindFolder {
			if err := c.tree(filepath.Join(rel, e.name), r); err != nil {
				return err
			}
		}
	}
	return nil
}

// files removes the files among the entries of the folder rel that are not
// current's, and notes those that are in kept.
func (c changeRemover) files(rel string, entries []entry, kept Kept) error {
	var live map[string]entry
	if c.current != "" {
		// A folder the live output does not have keeps no file.
		list, _ := readEntries(filepath.Join(c.current, rel))
		live = make(map[string]entry, len(list))
		for _, e := range list {
			live[e.name] = e
		}
	}
	for _, e := range entries {
		if c.kindOf(rel, e) == kindFolder {
			continue
		}
		name := filepath.Join(rel, e.name)
		if inode, same := c.same(name, e, live[e.name]); same {
			kept[filepath.ToSlash(name)] = inode
			continue
		}
		if err := os.Remove(filepath.Join(c.dir, name)); err != nil {
			return err
		}
	}
	return nil
}

// same reports whether the entry name is the live output's file of that
// name (its entry there is theirs), and its inode number (0 if unknown).
func (c changeRemover) same(name string, mine, theirs entry) (uint64, bool) {
	if theirs.name == "" {
		return 0, false
	}
	if c.inodes && mine.inode != 0 && mine.kind == kindFile {
		return mine.inode, mine.inode == theirs.inode && theirs.kind == kindFile
	}
	if !sameFile(filepath.Join(c.dir, name), filepath.Join(c.current, name)) {
		return 0, false
	}
	return mine.inode, true
}

// kindOf is the entry's kind, from a stat where the folder did not say.
func (c changeRemover) kindOf(rel string, e entry) entryKind {
	if e.kind != kindUnknown {
		return e.kind
	}
	info, err := os.Lstat(filepath.Join(c.dir, rel, e.name))
	switch {
	case err != nil:
		return kindOther
	case info.IsDir():
		return kindFolder
	case info.Mode().IsRegular():
		return kindFile
	}
	return kindOther
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
