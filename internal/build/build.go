// Package build is the pipeline: load the site, validate everything, render
// every page, check links, and emit the output, either into memory (serve,
// dev) or atomically into a folder (build).
package build

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"sync"
	"time"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/docusaurus"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/sidebar"
	"github.com/portaldocs/portal/internal/ssr"
	"github.com/portaldocs/portal/internal/theme"
	"gopkg.in/yaml.v3"
)

// Option configures a build.
type Option func(*options)

type options struct {
	includeDrafts bool
	workers       int
	theme         fs.FS
	// lazy, pool and cache serve portal dev: see WithLazyPrerender,
	// WithPrerenderPool and WithCache.
	lazy      bool
	pool      *ssr.Pool
	cache     *Cache
	outputDir string
	env       docusaurus.Env
}

// WithTheme sets the theme bundle folder (client/ and server/, as the theme
// build writes them) that prerenders every route. A build needs one.
func WithTheme(bundle fs.FS) Option { return func(o *options) { o.theme = bundle } }

// WithDrafts keeps draft docs (for dev mode).
func WithDrafts() Option { return func(o *options) { o.includeDrafts = true } }

// WithWorkers sets how many pages render at once; default one per CPU.
func WithWorkers(n int) Option { return func(o *options) { o.workers = n } }

// WithLazyPrerender leaves pages' HTML out of the output: Result.RenderPage
// prerenders one when it is asked for. portal dev rebuilds on every save
// and the reader looks at one page, so only that one is rendered.
func WithLazyPrerender() Option { return func(o *options) { o.lazy = true } }

// WithPrerenderPool renders with pool (loaded with the theme's server
// bundle) instead of a pool of the build's own, which a build closes when
// it ends; with a lazy prerender the pool must outlive the build.
func WithPrerenderPool(pool *ssr.Pool) Option { return func(o *options) { o.pool = pool } }

// WithOutputDir writes the output's files into a temporary sibling of dir
// as the build makes them, instead of holding the whole site in memory;
// Output.WriteDir(dir) then swaps it into place, and a failed build removes
// it. For portal build: memory then stays at about one page at a time.
func WithOutputDir(dir string) Option { return func(o *options) { o.outputDir = dir } }

// WithEnv sets process.env for the JavaScript of a Docusaurus config and
// sidebars file; without it they see an empty environment.
func WithEnv(env map[string]string) Option { return func(o *options) { o.env = env } }

// WithCache reuses what earlier builds with the same cache rendered, for
// the files that did not change.
func WithCache(c *Cache) Option { return func(o *options) { o.cache = c } }

// Result is a finished build: the output files and every diagnostic.
// Output is nil when the build failed.
type Result struct {
	Output      *Output
	Diagnostics []diag.Diagnostic
	// Stages times each stage the build ran, in order.
	Stages []Stage

	lazy *lazyPages
}

// ErrFailed wraps a build that found errors; the diagnostics say which.
var ErrFailed = errors.New("build failed")

// Run builds the site folder into memory. It returns ErrFailed (with the
// result's diagnostics listing every error) when any error was found; it
// never stops at the first.
func Run(ctx context.Context, site fs.FS, opts ...Option) (*Result, error) {
	o := options{workers: runtime.GOMAXPROCS(0)}
	for _, opt := range opts {
		opt(&o)
	}
	b := &builder{ctx: ctx, site: site, opts: o, md: markdown.New()}
	b.run()
	if b.out != nil && b.out.spill != nil {
		if err := b.out.spill.finish(); err != nil {
			b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: "write the output: " + err.Error()})
		}
	}
	res := &Result{Diagnostics: b.diags.Items(), Stages: b.stages}
	if err := ctx.Err(); err != nil {
		if b.out != nil && b.out.spill != nil {
			b.out.spill.discard()
		}
		return res, fmt.Errorf("build cancelled: %w", err)
	}
	if b.diags.HasErrors() {
		if b.out != nil && b.out.spill != nil {
			b.out.spill.discard()
		}
		return res, ErrFailed
	}
	res.Output = b.out
	res.lazy = b.lazy
	return res, nil
}

// builder holds one build's state; it lives for one Run.
type builder struct {
	ctx   context.Context
	site  fs.FS
	opts  options
	md    *markdown.Renderer
	diags diag.List

	cfg      *config.Site
	content  *content.Site
	lazy     *lazyPages
	stages   []Stage
	sidebars map[string]*sidebar.Sidebars // by version name
	// rendered holds each doc's and page's Markdown result, by renderKey:
	// generated FHIR pages share a source file, so the file cannot be the key.
	rendered map[string]*markdown.Result
	fhir     *fhirPages
	assets   assetFiles
	theme    *theme.Bundle
	ssr      *ssr.Pool
	out      *Output
}

func (b *builder) run() {
	// Loading the theme's server bundle into JavaScript engines takes a
	// while; it overlaps with everything before the prerender.
	ready := make(chan bool, 1)
	go func() { ready <- b.startPrerender() }()
	waited := false
	defer func() {
		if !waited {
			<-ready // the loader must finish before its engines can be closed
		}
		if b.ssr != nil && b.opts.pool == nil {
			b.ssr.Close()
		}
	}()
	var ok bool
	b.stage(StageLoad, func() {
		if ok = b.loadConfig(); ok {
			b.loadContent()
			b.prepareFHIR()
		}
	})
	if !ok {
		return
	}
	b.stage(StageMarkdown, func() {
		b.renderMarkdown()
		b.resolveTitles()
	})
	var pages []*builtPage
	var nav []ResolvedNavItem
	b.stage(StageSidebars, func() {
		b.loadSidebars()
		b.placeFHIRPages()
		b.resolveMainDocs()
		pages = b.assemblePages()
		nav = b.resolveNavbar()
		// Page data holds what it needs of each render now; the renders
		// themselves (a copy of every page's HTML) can go.
		b.rendered = nil
	})
	b.stage(StageLinks, func() { b.checkLinks(pages) })
	if b.diags.HasErrors() || b.ctx.Err() != nil {
		return
	}
	waited = true
	if !<-ready {
		return
	}
	b.stage(StagePrerender, func() { b.out = b.emit(pages, nav) })
}

// Stages of a build, as Result.Stages times them.
const (
	StageLoad      = "load"      // config, docs, pages, FHIR resources
	StageMarkdown  = "markdown"  // every page's Markdown (and FHIR directives)
	StageSidebars  = "sidebars"  // sidebars, routes, page data
	StageLinks     = "links"     // broken links and anchors
	StagePrerender = "prerender" // page data files, search index, prerendered HTML
)

// Stage is how long one stage of a build took.
type Stage struct {
	Name     string
	Duration time.Duration
}

func (b *builder) stage(name string, fn func()) {
	start := time.Now()
	fn()
	b.stages = append(b.stages, Stage{Name: name, Duration: time.Since(start)})
}

// startPrerender loads the theme and its server bundle into a pool of JS
// engines, one per worker.
func (b *builder) startPrerender() bool {
	if b.opts.theme == nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: "no theme given to the build", Hint: "pass build.WithTheme"})
		return false
	}
	bundle, err := theme.Load(b.opts.theme)
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: err.Error()})
		return false
	}
	b.theme = bundle
	if b.opts.pool != nil {
		b.ssr = b.opts.pool
		return true
	}
	pool, err := ssr.NewPool(bundle.Server, ssr.WithSize(b.opts.workers))
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: fmt.Sprintf("load the theme's server bundle: %v", err)})
		return false
	}
	b.ssr = pool
	_ = pool.Warm(b.ctx) // a VM that fails to load fails again, and is reported, at its first render
	return true
}

func (b *builder) loadConfig() bool {
	if file, ok := docusaurusConfig(b.site); ok {
		cfg, ds := docusaurus.LoadConfig(b.ctx, b.site, file, docusaurus.Options{Env: b.opts.env})
		b.diags.Add(ds...)
		b.cfg = cfg
		return cfg != nil
	}
	data, err := fs.ReadFile(b.site, config.FileName)
	if err != nil {
		b.diags.Add(diag.Diagnostic{File: config.FileName, Severity: diag.Error,
			Message: fmt.Sprintf("read site config: %v", err), Hint: "is this a site folder? it needs a " + config.FileName})
		return false
	}
	cfg, ds := config.Parse(config.FileName, data)
	b.diags.Add(ds...)
	if cfg == nil {
		return false
	}
	b.cfg = cfg
	return true
}

func (b *builder) loadContent() {
	site, ds := content.Load(b.site, b.cfg, content.Options{IncludeDrafts: b.opts.includeDrafts})
	b.diags.Add(ds...)
	b.content = site
}

// renderJob is one Markdown source to render.
type renderJob struct {
	source   string
	body     []byte
	bodyLine int
	version  string
	resolve  func(string) (string, bool)
	// doc is the doc rendered (nil for a standalone page); fileLines maps
	// body lines to file lines once FHIR directives are expanded.
	doc       *content.Doc
	fileLines []int
}

// renderMarkdown renders every doc and page across all workers.
func (b *builder) renderMarkdown() {
	var jobs []renderJob
	resolver := newMarkdownLinkResolver(b.content, b.cfg)
	for _, v := range b.content.Versions {
		for _, d := range v.Docs {
			jobs = append(jobs, renderJob{source: d.Source, body: d.Body, bodyLine: d.BodyLine, version: v.Name,
				resolve: resolver.forFile(d.Source, v), doc: d})
		}
	}
	for _, p := range b.content.Pages {
		jobs = append(jobs, renderJob{source: p.Source, body: p.Body, bodyLine: p.BodyLine, resolve: resolver.forFile(p.Source, nil)})
	}
	results := make([]*markdown.Result, len(jobs))
	cache := b.opts.cache
	var structure [32]byte
	if cache != nil {
		structure = b.structureKey()
		cache.begin()
		defer cache.end()
	}
	b.parallel(len(jobs), func(i int) {
		j := &jobs[i]
		b.expandFHIR(j, j.doc)
		var key [32]byte
		if cache != nil {
			key = markdownKey(structure, j)
			if res, ok := cache.lookup(key); ok {
				results[i] = res
				return
			}
		}
		res, err := b.md.Render(j.body, b.renderContext(j, resolver))
		// A page that read other files (partials, assets) may change when
		// they do, which the key does not see: it is not cached.
		if err == nil && cache != nil && len(res.Partials) == 0 && len(res.Assets) == 0 {
			cache.store(key, res)
		}
		if err != nil {
			b.diags.Add(diag.Diagnostic{File: j.source, Severity: diag.Error, Message: "render Markdown: " + err.Error()})
			return
		}
		results[i] = res
	})
	b.rendered = make(map[string]*markdown.Result, len(jobs))
	for i, j := range jobs {
		if results[i] != nil {
			b.rendered[renderKey(j.source, j.doc)] = results[i]
			b.reportMarkdownLinks(j, results[i])
			b.diags.Add(results[i].Diagnostics...)
		}
	}
}

func (b *builder) reportMarkdownLinks(job renderJob, res *markdown.Result) {
	if b.cfg.OnBrokenMarkdownLinks == config.LevelIgnore {
		return
	}
	sev := diag.Warning
	if b.cfg.OnBrokenMarkdownLinks == config.LevelThrow {
		sev = diag.Error
	}
	for _, l := range res.UnresolvedMarkdownLinks {
		file := job.source
		if l.File != "" {
			file = l.File
		}
		b.diags.Add(diag.Diagnostic{File: file, Line: l.Line, Severity: sev,
			Message: fmt.Sprintf("Docs markdown link couldn't be resolved: (url=%s) in source file path=%s for version number=%s",
				l.Dest, file, job.version),
			Hint: "link to an existing .md file, relative to this file"})
	}
}

// parallel runs fn(0..n-1) on the configured number of workers, stopping
// early when the build is cancelled.
func (b *builder) parallel(n int, fn func(i int)) {
	workers := min(b.opts.workers, n)
	if workers < 1 {
		workers = 1
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := 0; i < n && b.ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// resolveTitles: front matter title, else the first h1, else the base id.
func (b *builder) resolveTitles() {
	for _, v := range b.content.Versions {
		for _, d := range v.Docs {
			d.Title = d.FrontMatter.Title
			if res := b.rendered[docKey(d)]; d.Title == "" && res != nil {
				d.Title = res.Title
			}
			if d.Title == "" {
				d.Title = lastSegment(d.ID)
			}
		}
	}
}

// renderKey identifies one rendered body: a doc by version and id, a
// standalone page by its file.
func renderKey(source string, doc *content.Doc) string {
	if doc != nil {
		return docKey(doc)
	}
	return "page\x00" + source
}

func docKey(d *content.Doc) string { return "doc\x00" + d.Version.Name + "\x00" + d.ID }

func lastSegment(id string) string {
	for i := len(id) - 1; i >= 0; i-- {
		if id[i] == '/' {
			return id[i+1:]
		}
	}
	return id
}

func (b *builder) loadSidebars() {
	b.sidebars = map[string]*sidebar.Sidebars{}
	for _, v := range b.content.Versions {
		sb, ds := b.loadVersionSidebars(v)
		b.diags.Add(ds...)
		b.sidebars[v.Name] = sb
	}
}

// resolveMainDocs: the doc with slug "/", else the first doc of the first
// sidebar, else the first doc (behaviour reference 5.8).
func (b *builder) resolveMainDocs() {
	for _, v := range b.content.Versions {
		for _, d := range v.Docs {
			if d.Slug == "/" {
				v.MainDocID = d.ID
				break
			}
		}
		if v.MainDocID != "" {
			continue
		}
		if sb := b.sidebars[v.Name]; sb != nil && len(sb.IDs) > 0 {
			for _, nl := range sb.Navigation(sb.IDs[0]) {
				if nl.DocID != "" {
					v.MainDocID = nl.DocID
					break
				}
			}
		}
		if v.MainDocID == "" && len(v.Docs) > 0 {
			v.MainDocID = v.Docs[0].ID
		}
	}
}

func (b *builder) lastVersion() *content.Version {
	for _, v := range b.content.Versions {
		if v.IsLast {
			return v
		}
	}
	if len(b.content.Versions) > 0 {
		return b.content.Versions[0]
	}
	return nil
}

// docusaurusConfig finds a Docusaurus config in a site without portal.yaml,
// which portal.yaml otherwise wins over.
func docusaurusConfig(site fs.FS) (string, bool) {
	if _, err := fs.Stat(site, config.FileName); err == nil {
		return "", false
	}
	return docusaurus.FindConfig(site)
}

// loadVersionSidebars reads a version's sidebars: a sidebars.js/ts file is
// evaluated first, JSON and YAML files are read as they are.
func (b *builder) loadVersionSidebars(v *content.Version) (*sidebar.Sidebars, []diag.Diagnostic) {
	if !docusaurus.IsScript(v.SidebarFile) {
		return sidebar.Load(b.site, v, b.cfg)
	}
	doc, ds := docusaurus.LoadSidebars(b.ctx, b.site, v.SidebarFile, docusaurus.Options{Env: b.opts.env})
	if doc == nil {
		sb, _ := sidebar.FromNode(&yaml.Node{Kind: yaml.MappingNode}, v, b.cfg)
		return sb, ds
	}
	sb, more := sidebar.FromNode(doc, v, b.cfg)
	return sb, append(ds, more...)
}
