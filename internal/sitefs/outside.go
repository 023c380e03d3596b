package sitefs

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// WithOutside makes each folder the config names outside the site folder
// (a path that begins "../", relative to the site folder) readable through
// site under that name, as Docusaurus reads a docs folder kept beside the
// website folder (path: '../docs'). Only those folders are: a name that
// leaves the site folder any other way is refused, as os.DirFS refuses it.
// site must be a folder on disk (Dir); an embedded site has no outside.
func WithOutside(site fs.FS, folders []string) (fs.FS, error) {
	if len(folders) == 0 {
		return site, nil
	}
	d, ok := site.(dirFS)
	if !ok || d.dir == "" {
		return nil, fmt.Errorf("%s is outside the site folder, which only a site folder on disk can reach", folders[0])
	}
	mounts := make([]mount, 0, len(folders))
	for _, f := range folders {
		name := path.Clean(f)
		if !strings.HasPrefix(name, "../") {
			return nil, fmt.Errorf("%s is not outside the site folder", f)
		}
		mounts = append(mounts, mount{name: name, fs: Dir(filepath.Join(d.dir, filepath.FromSlash(name)))})
	}
	// The longest name first, so that a folder inside another mounted one
	// is found as itself.
	sort.Slice(mounts, func(i, j int) bool { return len(mounts[i].name) > len(mounts[j].name) })
	return outsideFS{site: d, mounts: mounts}, nil
}

type mount struct {
	name string
	fs   fs.FS
}

type outsideFS struct {
	site   dirFS
	mounts []mount
}

// route is the file system that holds name and the name inside it.
func (o outsideFS) route(name string) (fs.FS, string) {
	if !strings.HasPrefix(name, "../") {
		return o.site, name
	}
	clean := path.Clean(name)
	for _, m := range o.mounts {
		if clean == m.name {
			return m.fs, "."
		}
		if rest, ok := strings.CutPrefix(clean, m.name+"/"); ok {
			return m.fs, rest
		}
	}
	return o.site, name // refused there, with os.DirFS's error
}

// Open opens name in the folder that holds it.
func (o outsideFS) Open(name string) (fs.File, error) {
	fsys, inner := o.route(name)
	f, err := fsys.Open(inner)
	return f, renamed(err, name)
}

// ReadFile reads name from the folder that holds it.
func (o outsideFS) ReadFile(name string) ([]byte, error) {
	fsys, inner := o.route(name)
	data, err := fs.ReadFile(fsys, inner)
	return data, renamed(err, name)
}

// ReadDir lists name in the folder that holds it.
func (o outsideFS) ReadDir(name string) ([]fs.DirEntry, error) {
	fsys, inner := o.route(name)
	entries, err := fs.ReadDir(fsys, inner)
	return entries, renamed(err, name)
}

// Stat describes name in the folder that holds it.
func (o outsideFS) Stat(name string) (fs.FileInfo, error) {
	fsys, inner := o.route(name)
	info, err := fs.Stat(fsys, inner)
	return info, renamed(err, name)
}

// Lstat describes name, not following a link.
func (o outsideFS) Lstat(name string) (fs.FileInfo, error) {
	fsys, inner := o.route(name)
	info, err := fs.Lstat(fsys, inner)
	return info, renamed(err, name)
}

// ReadLink reads the link name.
func (o outsideFS) ReadLink(name string) (string, error) {
	fsys, inner := o.route(name)
	target, err := fs.ReadLink(fsys, inner)
	return target, renamed(err, name)
}

// renamed gives a path error the name the caller asked for, not the name
// inside the mounted folder.
func renamed(err error, name string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		pe.Path = name
	}
	return err
}
