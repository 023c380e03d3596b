package pipeline

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/portaldocs/portal/internal/blog"
	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/docusaurus"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/sitefs"
	"gopkg.in/yaml.v3"
)

// loaded is what the load stage hands on: the site as its files say, read
// once. Later stages read it and never change it.
type loaded struct {
	cfg *config.Site
	// content holds every doc, hand-written and generated from FHIR
	// resources, and every standalone page.
	content *content.Site
	fhir    *fhirPages
	// fhirInputs is a key of everything the FHIR site was prepared from;
	// zero when the build keeps nothing for the next one.
	fhirInputs buildcache.Key
	// static lists the files of the static folders, by output name.
	static []staticFile
	// sidebarDocs are the sidebars files that are code (sidebars.js/ts),
	// evaluated, by version key (content.Version.Key); sidebars files that are data are read
	// when sidebars are resolved.
	sidebarDocs map[string]*yaml.Node
	// blog is the blog's posts, authors and tags; nil for a site without
	// a blog folder.
	blog *blog.Blog
	// modules are the site's JavaScript modules MDX pages import values
	// from, evaluated when first imported.
	modules *siteModules
}

// staticFile is a file of a static folder: copied to the output as is.
type staticFile struct {
	name string // output name, e.g. "img/logo.svg"
	path string // in the site folder, e.g. "static/img/logo.svg"
}

// load reads the config, the FHIR folder, the docs and pages (with a doc
// for every generated FHIR page) and lists the static files. It returns nil
// when the config cannot be read, since nothing else can be without it.
func (b *builder) load() *loaded {
	cfg := b.loadConfig()
	if cfg != nil {
		cfg = b.localize(cfg)
	}
	if cfg == nil {
		return nil
	}
	b.cfg = cfg
	if !b.reachOutside(cfg) {
		return nil
	}
	b.translateContent()
	// A store that outlives the build keeps what the FHIR files expand to,
	// by a key of everything the preparation read (fhirmemo.go).
	fhirFiles := b.site
	var recorder *readRecorder
	if b.store.Persistent() {
		recorder = newReadRecorder(b.site)
		fhirFiles = recorder
	}
	// The docs and pages are read while the FHIR files are, whose pages
	// are then added as generated docs.
	var site *content.Site
	var posts *blog.Blog
	read := make(chan struct{})
	go func() {
		defer close(read)
		var ds []diag.Diagnostic
		site, ds = content.LoadFiles(b.site, cfg, content.Options{IncludeDrafts: b.opts.includeDrafts, DeferBodies: true})
		b.diags.Add(ds...)
		posts, ds = blog.Load(b.site, cfg, b.opts.includeDrafts)
		b.diags.Add(ds...)
	}()
	fhirSite, ds := fhir.Prepare(b.ctx, fhirFiles, cfg.FHIR, cfg.File, fhir.BaseSpecs, b.fhirPrepareOptions(recorder, cfg)...)
	b.diags.Add(ds...)
	b.fhir = fhirSite.Site
	var fhirInputs buildcache.Key
	if recorder != nil {
		fhirInputs = recorder.key(cfg.FHIR, cfg.File)
	}
	generated := make([]content.Generated, len(fhirSite.Pages))
	for i, p := range fhirSite.Pages {
		generated[i] = generatedDoc(cfg.File, p)
	}
	<-read
	b.diags.Add(site.AddGenerated(generated)...)
	return &loaded{cfg: cfg, content: site, fhir: newFHIRPages(cfg, fhirSite, site), fhirInputs: fhirInputs, static: b.listStatic(cfg),
		sidebarDocs: b.evaluateSidebars(site), blog: posts, modules: newSiteModules(b.ctx, b.site, b.opts.env, &b.diags)}
}

// reachOutside makes the folders the config names outside the site folder
// (a docs folder beside the website folder) readable through the site.
func (b *builder) reachOutside(cfg *config.Site) bool {
	b.outside = cfg.OutsideFolders()
	site, err := sitefs.WithOutside(b.site, b.outside)
	if err != nil {
		b.diags.Add(diag.Diagnostic{File: cfg.File, Severity: diag.Error, Message: "read the site: " + err.Error(),
			Hint: "build the site from its folder on disk (portal build --site DIR), or keep the folder inside the site folder"})
		return false
	}
	b.site = site
	return true
}

// loadConfig reads portal.yaml, or a Docusaurus config in a site without one.
func (b *builder) loadConfig() *config.Site {
	if file, ok := docusaurusConfig(b.site); ok {
		cfg, ds := docusaurus.LoadConfig(b.ctx, b.site, file, docusaurus.Options{Env: b.opts.env})
		b.diags.Add(ds...)
		return cfg
	}
	data, err := fs.ReadFile(b.site, config.FileName)
	if err != nil {
		b.diags.Add(diag.Diagnostic{File: config.FileName, Severity: diag.Error,
			Message: fmt.Sprintf("read site config: %v", err), Hint: "is this a site folder? it needs a " + config.FileName})
		return nil
	}
	cfg, ds := config.Parse(config.FileName, data)
	b.diags.Add(ds...)
	return cfg
}

// docusaurusConfig finds a Docusaurus config in a site without portal.yaml,
// which portal.yaml otherwise wins over.
func docusaurusConfig(site fs.FS) (string, bool) {
	if _, err := fs.Stat(site, config.FileName); err == nil {
		return "", false
	}
	return docusaurus.FindConfig(site)
}

// evaluateSidebars runs each version's sidebars file that is code
// (sidebars.js/ts) and keeps the object it exports. A file that fails
// leaves an empty document, so the version still builds its pages and the
// file's own error is the one reported.
func (b *builder) evaluateSidebars(site *content.Site) map[string]*yaml.Node {
	docs := map[string]*yaml.Node{}
	for _, v := range site.Versions {
		if !docusaurus.IsScript(v.SidebarFile) {
			continue
		}
		doc, ds := docusaurus.LoadSidebars(b.ctx, b.site, v.SidebarFile, docusaurus.Options{Env: b.opts.env})
		b.diags.Add(ds...)
		if doc == nil {
			doc = &yaml.Node{Kind: yaml.MappingNode}
		}
		docs[v.Key()] = doc
	}
	return docs
}

// listStatic walks the static folders once; the link checker and the
// output both use the list.
func (b *builder) listStatic(cfg *config.Site) []staticFile {
	var files []staticFile
	for _, dir := range cfg.StaticDirectories {
		_ = fs.WalkDir(b.site, dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, staticFile{name: strings.TrimPrefix(strings.TrimPrefix(p, dir), "/"), path: p})
			}
			return nil
		})
	}
	return files
}
