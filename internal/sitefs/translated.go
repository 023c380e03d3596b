package sitefs

import (
	"io/fs"
	"path"
	"sort"
	"strings"
)

// WithTranslations reads each file of a content folder from its
// translated folder when that holds the file, as Docusaurus reads a
// locale's docs, pages and posts: folders maps a content folder ("docs")
// to its translated one ("i18n/fr/docusaurus-plugin-content-docs/current").
// Folders are listed from the content folder, so a translated file that
// has no original is not part of the site, and an untranslated one is the
// original.
func WithTranslations(site fs.FS, folders map[string]string) fs.FS {
	if len(folders) == 0 {
		return site
	}
	t := translatedFS{site: site}
	for from, to := range folders {
		t.folders = append(t.folders, mount{name: path.Clean(from), fs: nil})
		t.targets = append(t.targets, path.Clean(to))
	}
	// The longest folder first, so that a folder inside another is found as itself.
	sort.Sort(byLength(t))
	return t
}

type translatedFS struct {
	site    fs.FS
	folders []mount
	targets []string
}

type byLength translatedFS

func (b byLength) Len() int { return len(b.folders) }
func (b byLength) Less(i, j int) bool {
	return len(b.folders[i].name) > len(b.folders[j].name)
}
func (b byLength) Swap(i, j int) {
	b.folders[i], b.folders[j] = b.folders[j], b.folders[i]
	b.targets[i], b.targets[j] = b.targets[j], b.targets[i]
}

// translation is the name of name's translated file, when there is one.
func (t translatedFS) translation(name string) (string, bool) {
	clean := path.Clean(name)
	for i, f := range t.folders {
		rest, ok := strings.CutPrefix(clean, f.name+"/")
		if !ok {
			continue
		}
		candidate := t.targets[i] + "/" + rest
		info, err := fs.Stat(t.site, candidate)
		return candidate, err == nil && info.Mode().IsRegular()
	}
	return "", false
}

// resolve is the name to read for name: its translation, else itself.
func (t translatedFS) resolve(name string) string {
	if translated, ok := t.translation(name); ok {
		return translated
	}
	return name
}

// Open opens the translation of name, or name.
func (t translatedFS) Open(name string) (fs.File, error) {
	f, err := t.site.Open(t.resolve(name))
	return f, renamed(err, name)
}

// ReadFile reads the translation of name, or name.
func (t translatedFS) ReadFile(name string) ([]byte, error) {
	data, err := fs.ReadFile(t.site, t.resolve(name))
	return data, renamed(err, name)
}

// ReadDir lists name as the site has it.
func (t translatedFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(t.site, name) }

// Stat describes the translation of name, or name.
func (t translatedFS) Stat(name string) (fs.FileInfo, error) {
	info, err := fs.Stat(t.site, t.resolve(name))
	return info, renamed(err, name)
}

// Lstat describes name, not following a link.
func (t translatedFS) Lstat(name string) (fs.FileInfo, error) {
	info, err := fs.Lstat(t.site, t.resolve(name))
	return info, renamed(err, name)
}

// ReadLink reads the link name.
func (t translatedFS) ReadLink(name string) (string, error) {
	target, err := fs.ReadLink(t.site, t.resolve(name))
	return target, renamed(err, name)
}

// TranslationOf is the file site reads for name when that is a
// translation (WithTranslations), so that a problem of the text is
// reported in the file that has it.
func TranslationOf(site fs.FS, name string) (string, bool) {
	t, ok := site.(translatedFS)
	if !ok {
		return "", false
	}
	return t.translation(name)
}
