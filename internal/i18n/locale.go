package i18n

import (
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
)

// The plugins' folders under a locale's folder, as Docusaurus names them.
const (
	docsPlugin  = "docusaurus-plugin-content-docs"
	pagesPlugin = "docusaurus-plugin-content-pages"
	blogPlugin  = "docusaurus-plugin-content-blog"
	themeFolder = "docusaurus-theme-classic"
	// CurrentVersion is the name of the docs version in the docs folder.
	CurrentVersion = "current"
)

// Locale is one locale's translations, read from its folder.
type Locale struct {
	Name string
	// Dir is the locale's folder in the site: i18n/<locale path>.
	Dir string
	// Code are the theme's strings (code.json); Navbar and Footer the
	// labels of the theme's navbar.json and footer.json.
	Code, Navbar, Footer *Messages
	// versions are each docs version's labels, by instance id and then
	// version name ("current", or the version's).
	versions map[string]map[string]*Messages
	folders  map[string]string
}

// Load reads the translations of locale, a locale of cfg that is not the
// default one. Files that are missing translate nothing; a file that is not
// valid JSON is an error at its line and column.
func Load(site fs.FS, cfg *config.Site, locale string) (*Locale, []diag.Diagnostic) {
	folder := cfg.I18n.LocaleConfigs[locale].Path
	if folder == "" {
		folder = locale
	}
	l := &Locale{Name: locale, Dir: path.Join(cfg.I18n.Path, folder), versions: map[string]map[string]*Messages{}, folders: map[string]string{}}
	var ds, more []diag.Diagnostic
	l.Code, more = ReadMessages(site, path.Join(l.Dir, "code.json"))
	ds = append(ds, more...)
	l.Navbar, more = ReadMessages(site, path.Join(l.Dir, themeFolder, "navbar.json"))
	ds = append(ds, more...)
	l.Footer, more = ReadMessages(site, path.Join(l.Dir, themeFolder, "footer.json"))
	ds = append(ds, more...)
	for _, docs := range cfg.AllDocs() {
		plugin := path.Join(l.Dir, docsPluginFolder(docs))
		l.versions[docs.ID], more = readVersionFiles(site, plugin)
		ds = append(ds, more...)
		l.folders[path.Clean(docs.Path)] = path.Join(plugin, CurrentVersion)
		l.folders[versionedDocsFolder(docs)] = plugin
	}
	if cfg.Pages.Path != "" {
		l.folders[path.Clean(cfg.Pages.Path)] = path.Join(l.Dir, pagesPlugin)
	}
	if cfg.Blog.Path != "" {
		l.folders[path.Clean(cfg.Blog.Path)] = path.Join(l.Dir, blogPlugin)
	}
	return l, ds
}

// docsPluginFolder is the translations folder of a docs instance: the
// plugin's name, with "-<id>" for an instance other than the default.
func docsPluginFolder(docs *config.Docs) string {
	if docs.IsDefault() || docs.ID == "" {
		return docsPlugin
	}
	return docsPlugin + "-" + docs.ID
}

// versionedDocsFolder is where an instance keeps its versions' docs, as
// internal/content reads them.
func versionedDocsFolder(docs *config.Docs) string {
	if docs.IsDefault() || docs.ID == "" {
		return "versioned_docs"
	}
	return docs.ID + "_versioned_docs"
}

// readVersionFiles reads current.json and version-<name>.json of a docs
// instance's translations folder, by version name.
func readVersionFiles(site fs.FS, plugin string) (map[string]*Messages, []diag.Diagnostic) {
	entries, err := fs.ReadDir(site, plugin)
	if err != nil {
		return nil, nil
	}
	out := map[string]*Messages{}
	var ds []diag.Diagnostic
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".json")
		if e.IsDir() || !ok {
			continue
		}
		m, more := ReadMessages(site, path.Join(plugin, e.Name()))
		ds = append(ds, more...)
		if m != nil {
			out[strings.TrimPrefix(name, "version-")] = m
		}
	}
	return out, ds
}

// Version is the labels of one docs version (instance id, version name);
// nil when it has none.
func (l *Locale) Version(instance, version string) *Messages {
	if l == nil {
		return nil
	}
	return l.versions[instance][version]
}

// Folders maps each content folder of the site (docs, versioned docs,
// pages, blog) to the folder that holds its translated files: a file of
// the content folder is read from there when the locale translates it.
func (l *Locale) Folders() map[string]string { return l.folders }

// Unused is one warning per translation file for the keys that match
// nothing the site has; call it once the build has looked every label up.
func (l *Locale) Unused() []diag.Diagnostic {
	if l == nil {
		return nil
	}
	ds := append(l.Navbar.Unused("navbar label"), l.Footer.Unused("footer label")...)
	instances := make([]string, 0, len(l.versions))
	for id := range l.versions {
		instances = append(instances, id)
	}
	sort.Strings(instances)
	for _, id := range instances {
		names := make([]string, 0, len(l.versions[id]))
		for name := range l.versions[id] {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			ds = append(ds, l.versions[id][name].Unused("sidebar label or version label")...)
		}
	}
	return ds
}

// Strings are the theme's strings of code.json, by id; nil without any.
func (l *Locale) Strings() map[string]string {
	if l == nil {
		return nil
	}
	return l.Code.All()
}
