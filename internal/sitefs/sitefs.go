// Package sitefs is a site folder as the build reads it: os.DirFS, with a
// whole file read in fewer system calls. A build reads a thousand files or
// more (docs, FHIR resources, guide definitions, prose), and os.Open also
// tries each one with the network poller, which a regular file refuses.
package sitefs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Dir is the folder dir as os.DirFS(dir) gives it; only ReadFile differs,
// in how it reads, not in what it returns.
func Dir(dir string) fs.FS {
	b, ok := os.DirFS(dir).(base)
	if !ok {
		return os.DirFS(dir) // an os.DirFS without these methods: as it is
	}
	return dirFS{base: b, dir: dir}
}

// base is what os.DirFS implements.
type base interface {
	fs.ReadDirFS
	fs.ReadFileFS
	fs.StatFS
	fs.ReadLinkFS
}

type dirFS struct {
	base base
	dir  string
}

// Open is os.DirFS's.
func (d dirFS) Open(name string) (fs.File, error) { return d.base.Open(name) }

// ReadDir is os.DirFS's.
func (d dirFS) ReadDir(name string) ([]fs.DirEntry, error) { return d.base.ReadDir(name) }

// Stat is os.DirFS's.
func (d dirFS) Stat(name string) (fs.FileInfo, error) { return d.base.Stat(name) }

// Lstat is os.DirFS's.
func (d dirFS) Lstat(name string) (fs.FileInfo, error) { return d.base.Lstat(name) }

// ReadLink is os.DirFS's.
func (d dirFS) ReadLink(name string) (string, error) { return d.base.ReadLink(name) }

// ReadFile reads the named file as os.DirFS does, with the same errors
// (their paths the name given). A name os.DirFS would refuse, or any the
// fast path does not handle, is left to os.DirFS.
func (d dirFS) ReadFile(name string) ([]byte, error) {
	if d.dir == "" || !fs.ValidPath(name) || strings.ContainsAny(name, "\x00\\") {
		return d.base.ReadFile(name)
	}
	full := d.dir + "/" + name
	if strings.HasSuffix(d.dir, "/") {
		full = d.dir + name
	}
	data, err := readFile(full)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			pe.Path = name
		}
		return nil, err
	}
	return data, nil
}

// Folder is the absolute path of the folder on disk that site reads (made
// by Dir, or WithOutside of one), for what must see the site as Node.js
// sees it (a config's __dirname); false for a site that is not a folder.
func Folder(site fs.FS) (string, bool) {
	var dir string
	switch s := site.(type) {
	case dirFS:
		dir = s.dir
	case outsideFS:
		dir = s.site.dir
	case translatedFS:
		return Folder(s.site)
	default:
		return "", false
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	return filepath.ToSlash(abs), true
}
