// Package pipeline turns a site folder into its output: load the site,
// render its Markdown, resolve sidebars, routes and page data, validate
// links, then render every page with the theme and emit the files, either
// into a temporary folder that portal build swaps into place, or for
// serving (serve, dev). Each stage hands its result to the next and never
// changes what an earlier stage made; docs/architecture.md walks through
// them.
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"time"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/docusaurus"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/i18n"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/precompress"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/sass"
	"github.com/portaldocs/portal/internal/sitefs"
	"github.com/portaldocs/portal/internal/ssr"
	"github.com/portaldocs/portal/internal/theme"
	"github.com/portaldocs/portal/internal/workers"
)

// Option configures a build.
type Option func(*options)

type options struct {
	includeDrafts bool
	workers       int
	theme         fs.FS
	// lazy, pool, previous and spare serve portal dev: see
	// WithLazyPrerender, WithPrerenderPool, WithPreviousOutput and
	// WithSpareOutput.
	lazy         bool
	pool         *ssr.Pool
	previous     string
	previousKeys map[string]buildcache.Key
	spare        string
	outputDir    string
	// store keeps each page's renders and data between stages, and across
	// builds when it is persistent (WithStore); engine names the engine
	// that made its entries (WithEngineVersion).
	store  *buildcache.Store
	engine string
	// today is what the content lint calls today (WithToday).
	today time.Time
	// progress is told how far the build is (WithProgress).
	progress func(Progress)
	// renderer picks the theme's server renderer (WithRenderer).
	renderer string
	// precompress is each file's quality (WithPrecompress,
	// WithPrecompressPolicy); nil writes no siblings. precompressName names
	// the policy, so that a build reuses only siblings the same policy made.
	precompress     precompress.Policy
	precompressName string
	// env is process.env for a Docusaurus config and sidebars (WithEnv).
	env docusaurus.Env
	// bytecodeDir keeps the compiled server bundle across builds of any
	// site (WithBytecodeCache); "" keeps it only in the build's store.
	bytecodeDir string
	// locales are the locales to build (WithLocales), nil for all; locale
	// is the one locale other than the default that a locale's own build
	// (buildLocale) is of.
	locales []string
	locale  string
}

// Server renderers WithRenderer can ask the theme for.
const (
	// RendererReact renders every page with react-dom/server's
	// renderToString, the reference.
	RendererReact = "react"
	// RendererOwn renders every page with the theme's own server renderer
	// and fails a page it cannot render, rather than falling back to React.
	RendererOwn = "own"
)

// WithRenderer picks how the theme renders pages on the server. By default
// it uses its own renderer (theme/src/serverRender.ts), which writes what
// React writes, faster, and falls back to React for anything it does not
// reproduce. Tests build with RendererReact and RendererOwn and compare.
func WithRenderer(name string) Option { return func(o *options) { o.renderer = name } }

// Progress is how far a build is: the stage running and, in the stages
// that go page by page, how many of its pages are done.
type Progress struct {
	Stage string
	// Done and Total count the stage's pages; Total is 0 in the stages
	// that do not go page by page.
	Done, Total int
}

// WithProgress has the build call report as it goes: when a stage starts,
// and each time one of its pages is done. report is called from the
// build's workers, concurrently, and must be quick.
func WithProgress(report func(Progress)) Option { return func(o *options) { o.progress = report } }

// WithTheme sets the theme bundle folder (client/ and server/, as the theme
// build writes them) that prerenders every route. A build needs one.
func WithTheme(bundle fs.FS) Option { return func(o *options) { o.theme = bundle } }

// WithDrafts keeps draft docs (for dev mode).
func WithDrafts() Option { return func(o *options) { o.includeDrafts = true } }

// WithLazyPrerender leaves pages' HTML out of the output: Result.RenderPage
// prerenders one when it is asked for. portal dev rebuilds on every save
// and the reader looks at one page, so only that one is rendered.
func WithLazyPrerender() Option { return func(o *options) { o.lazy = true } }

// WithPrerenderPool renders with pool (loaded with the theme's server
// bundle) instead of a pool of the build's own, which a build closes when
// it ends; with a lazy prerender the pool must outlive the build.
func WithPrerenderPool(pool *ssr.Pool) Option { return func(o *options) { o.pool = pool } }

// WithOutputDir makes the build's output folder a temporary sibling of dir,
// so that Output.WriteDir(dir) swaps it into place with a rename, and
// unchanged files are linked from dir rather than written again. Without
// it the output folder is a temporary folder of the system's.
func WithOutputDir(dir string) Option { return func(o *options) { o.outputDir = dir } }

// WithEnv sets process.env for the JavaScript of a Docusaurus config and
// sidebars file; without it they see an empty environment.
func WithEnv(env map[string]string) Option { return func(o *options) { o.env = env } }

// WithPreviousOutput links the files that the output of an earlier build
// (portal dev's last good one, still served) holds unchanged, instead of
// writing them again; a file it no longer finds is written. A build into
// a folder (WithOutputDir) links from that folder's output instead.
func WithPreviousOutput(prev *Output) Option {
	return func(o *options) {
		if prev != nil {
			o.previous, o.previousKeys = prev.dir, prev.contentKeys()
		}
	}
}

// WithSpareOutput builds into the folder of spare, an earlier output that
// nothing reads any more (portal dev's build before the one it keeps for
// requests in flight), whose files the previous output (WithPreviousOutput)
// holds unchanged are kept there: the build then writes only the files that
// changed, where a new folder would need every file linked again and the
// old one removed. spare's folder is the new output's once the build
// writes it; a build that stops before that leaves it where it was.
// Without WithPreviousOutput, or with WithOutputDir, it does nothing.
func WithSpareOutput(spare *Output) Option {
	return func(o *options) {
		if spare != nil {
			o.spare = spare.dir
		}
	}
}

// WithStore keeps each page's Markdown render, page data and prerendered
// HTML in store: a persistent store (buildcache.Open, or
// buildcache.OpenTemporaryCache for a process that builds again and again)
// is a build cache, so that a later build reuses every unchanged page's
// work; any store keeps the site's HTML out of memory. Without it a build
// uses a temporary store of its own. The caller closes the store.
func WithStore(store *buildcache.Store) Option { return func(o *options) { o.store = store } }

// WithBytecodeCache keeps the theme's server bundle, compiled by the
// JavaScript engine, in dir, for every build on this machine: a build whose
// own cache is empty then starts its first engine from bytecode (about 40 ms
// of parsing saved). Entries are keyed by the engine version and the bundle,
// checked by their SHA-256, and removed after 30 days unused. The CLI passes
// a folder in the user's cache folder, beside the precompressed theme files.
func WithBytecodeCache(dir string) Option { return func(o *options) { o.bytecodeDir = dir } }

// WithEngineVersion names the engine for the build cache: entries made by
// another version are never used. The CLI passes its version (and, for a
// development build, the binary's size and time).
func WithEngineVersion(v string) Option { return func(o *options) { o.engine = v } }

// Result is a finished build: the output files and every diagnostic.
// Output is nil when the build failed.
type Result struct {
	Output      *Output
	Diagnostics []diag.Diagnostic
	// Stages times each stage the build ran, in order.
	Stages []Stage
	// Outside are the folders outside the site folder the build read
	// (config.Site.OutsideFolders: a docs folder beside the website
	// folder), relative to the site folder, for a watcher to watch too.
	Outside []string
	// Locales are the locales built, the default one first, with how
	// many routes each has.
	Locales []LocaleBuild
	// FHIR is the site's FHIR material (its APIs, their statements and
	// examples), for tools that answer from the same model the pages show.
	FHIR *model.Site

	lazy *lazyPages
}

// ErrFailed wraps a build that found errors; the diagnostics say which.
var ErrFailed = errors.New("build failed")

// Run builds the site folder. It returns ErrFailed (with the result's
// diagnostics listing every error) when any error was found; it never
// stops at the first. The caller owns the output folder: Output.WriteDir
// moves it into place, Output.Close removes it.
func Run(ctx context.Context, site fs.FS, opts ...Option) (*Result, error) {
	o := options{workers: runtime.GOMAXPROCS(0)}
	for _, opt := range opts {
		opt(&o)
	}
	b := &builder{ctx: ctx, site: site, root: site, opts: o, store: o.store}
	defer b.closeNested()
	if b.store == nil {
		store, err := buildcache.OpenTemporary()
		if err != nil {
			return &Result{Diagnostics: []diag.Diagnostic{{Severity: diag.Error, Message: err.Error()}}}, ErrFailed
		}
		b.store = store
		if !o.lazy {
			defer store.Close()
		}
	}
	b.memo = newMemos(b.store, o.engine)
	b.md = markdown.New()
	if b.store.Persistent() {
		b.md = markdown.New(markdown.WithHighlightMemo(highlightMemo{b.memo}))
	}
	// One Sass compiler for every locale's build: a stylesheet compiles
	// once (OnDemand remembers it), not once per locale.
	root, _ := sitefs.Folder(site)
	b.sass = sass.NewOnDemand(root, site)
	defer func() { _ = b.sass.Close() }()
	b.plan = b.planLocales()
	b.spare = b.claimSpare()
	defer b.spare.release()
	var out *Output
	var lazy *lazyPages
	switch {
	case b.plan.withDefault:
		out, lazy = b.run()
	case !b.diags.HasErrors():
		out = b.emitLocalesOnly()
	}
	if out != nil && o.store == nil && o.lazy {
		out.closeWith(b.store) // the lazy pages read their data from it
	} else if o.store == nil && o.lazy {
		defer b.store.Close()
	}
	if out != nil {
		if err := out.finish(); err != nil {
			b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: "write the output: " + err.Error()})
		} else {
			b.rememberOutputFiles(out)
		}
	}
	b.precompressOutput(out)
	b.tidyReusedOutput(out)
	b.background.Wait()
	res := &Result{Diagnostics: diag.Merge(b.diagnostics()), Stages: b.stages, Outside: b.outside, Locales: b.localesBuilt(out), FHIR: b.fhir}
	err := ctx.Err()
	switch {
	case err != nil:
		err = fmt.Errorf("build cancelled: %w", err)
	case b.failed():
		err = ErrFailed
	}
	if err != nil {
		if out != nil {
			_ = out.Close()
		}
		return res, err
	}
	res.Output, res.lazy = out, lazy
	return res, nil
}

// builder holds what every stage of one build shares: its options, its
// context and the diagnostics. What a stage makes it returns to the next.
type builder struct {
	ctx  context.Context
	site fs.FS
	// root is the site as Run was given it, for the locales' builds.
	root fs.FS
	// cfg is the config the build loaded (for its locale).
	cfg *config.Site
	// plan is which locales the build makes; locale is the translations
	// of the locale this build is of (nil for the default locale).
	plan   localePlan
	locale *i18n.Locale
	// built are the other locales built (emitLocales), and nested their
	// output folders, removed once their files are in the output.
	built  []LocaleBuild
	nested []*Output
	// localeDiags are the other locales' diagnostics.
	localeDiags []diag.Diagnostic
	// localeRoutes are the other locales' route tables.
	localeRoutes []*route.Manifest
	opts         options
	md           *markdown.Renderer
	store        *buildcache.Store
	// memo is every kind of entry the build keeps in store (memos.go).
	memo  *memos
	diags diag.List
	// outside is Result.Outside and fhir Result.FHIR.
	outside []string
	fhir    *model.Site
	stages  []Stage
	// pages renders the build's pages (emit); engines are the JavaScript
	// engines it renders in, which render the Markdown's components too.
	pages   *pageRenderer
	engines *engines
	// components is componentsKey of the build's theme and locale, known
	// once the site is loaded; componentMarkup is the markup the theme
	// rendered for each component request (componentMemoKey), by key.
	components      buildcache.Key
	componentMarkup sync.Map
	// siteReact are the site's own React components its MDX pages use;
	// baseURL is the site's, known once the site is loaded.
	siteReact *siteComponents
	baseURL   string
	// sass compiles the site's Sass, its stylesheets' and its components'.
	sass *sass.OnDemand
	// background is work a stage left to run beside the later ones (the
	// FHIR folder's parse kept for the next build); Run waits for it.
	background sync.WaitGroup
	// spare is the output folder of an earlier build, claimed for this
	// one's output (emit).
	spare *spareClaim
}

// run runs the stages in order and returns the output, and the pages to
// prerender on request for a lazy build.
func (b *builder) run() (*Output, *lazyPages) {
	bundle := b.loadTheme()
	eng := &engines{b: b, bundle: bundle, done: make(chan struct{})}
	b.engines = eng
	defer eng.close()
	// Loading the theme's server bundle into JavaScript engines takes a
	// while: a build that will prerender starts it now, so that it overlaps
	// everything before the prerender. A build whose cache holds rendered
	// pages starts it only if a page turns out to need rendering.
	if bundle != nil && (!b.store.Persistent() || b.memo.pageHTML.Empty()) {
		eng.warm = true
		eng.begin()
	}

	var site *loaded
	b.stage(StageLoad, func() { site = b.load() })
	if site == nil {
		return nil, nil
	}
	b.components = componentsKey(bundle, b.locale.Strings(), b.opts.renderer)
	var runtime []byte
	if bundle != nil {
		runtime = bundle.SiteRuntime
	}
	b.siteReact, b.baseURL = newSiteComponents(b.site, site.cfg, b.locale.Strings(), runtime, &b.diags, site.modules.failures), site.cfg.BaseURL
	b.siteReact.bundler.Markdown = func(file string) (string, error) { return b.renderImportedMarkdown(site, file) }
	b.siteReact.bundler.Sass = func(file string) (*sass.Result, error) { return b.sass.Compile(b.ctx, file) }
	var md *rendered
	b.stage(StageMarkdown, func() { md = b.renderMarkdown(site) })
	b.siteReact.report()
	var plan *resolved
	b.stage(StageResolve, func() { plan = b.resolve(site, md) })
	// Every label has been looked up in the translations by now.
	b.diags.Add(b.locale.Unused()...)
	b.stage(StageLinks, func() { b.validate(site, plan) })
	if bundle == nil || b.diags.HasErrors() || b.ctx.Err() != nil {
		if bundle != nil && b.ctx.Err() == nil {
			b.checkOtherLocales(site.cfg, eng)
		}
		return nil, nil
	}
	var out *Output
	var lazy *lazyPages
	b.stage(StagePrerender, func() { out, lazy = b.emit(site, plan, bundle, eng) })
	return out, lazy
}

// Stages of a build, as Result.Stages times them.
const (
	StageLoad      = "load"      // config, docs, pages, FHIR resources, static files
	StageMarkdown  = "markdown"  // every page's Markdown (and FHIR directives), titles
	StageResolve   = "resolve"   // sidebars, navbar, routes, page and site data, search index
	StageLinks     = "links"     // broken links and anchors, duplicate routes, redirects
	StagePrerender = "prerender" // every page rendered by the theme, every file written
	// StagePrecompress writes the .br and .gz siblings (WithPrecompress).
	StagePrecompress = "precompress"
)

// Stage is how long one stage of a build took.
type Stage struct {
	Name     string
	Duration time.Duration
	// CPU is the process's CPU time (user and system) over the stage, all
	// goroutines included: on a busy machine it varies less than Duration.
	CPU time.Duration
}

func (b *builder) stage(name string, fn func()) {
	b.report(name, 0, 0)
	start, cpu := time.Now(), processCPU()
	// The label lets a --cpuprofile be read per stage (pprof -tagfocus),
	// goroutines the stage starts included.
	pprof.Do(b.ctx, pprof.Labels("stage", name), func(context.Context) { fn() })
	b.stages = append(b.stages, Stage{Name: name, Duration: time.Since(start), CPU: processCPU() - cpu})
}

// loadTheme reads the theme bundle; nil when there is none.
func (b *builder) loadTheme() *theme.Bundle {
	if b.opts.theme == nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: "no theme given to the build", Hint: "pass pipeline.WithTheme"})
		return nil
	}
	bundle, err := theme.Load(b.opts.theme)
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: err.Error()})
		return nil
	}
	return bundle
}

// engines is the pool of JavaScript engines, with the theme's server bundle
// loaded, that prerenders the build's pages: started once, at the first
// begin, in the background; get waits for it.
type engines struct {
	b      *builder
	bundle *theme.Bundle
	once   sync.Once
	done   chan struct{}
	pool   *ssr.Pool // nil when it could not be loaded (reported)
	began  atomic.Bool
	// warm loads every engine at once, for a build that will render most
	// pages; otherwise engines are made as renders need them.
	warm bool
}

func (e *engines) begin() {
	e.once.Do(func() {
		e.began.Store(true)
		go func() {
			defer close(e.done)
			e.pool = e.load()
		}()
	})
}

// get returns the pool, starting it if need be; nil when it failed to load.
func (e *engines) get() *ssr.Pool {
	e.begin()
	<-e.done
	return e.pool
}

// load makes the pool, one engine per worker, unless the build was given
// one (WithPrerenderPool).
func (e *engines) load() *ssr.Pool {
	b := e.b
	if b.opts.pool != nil {
		return b.opts.pool
	}
	opts := []ssr.Option{ssr.WithSize(b.opts.workers)}
	key := b.memo.bytecodeKey(e.bundle.Server)
	cached := b.store.Persistent() && b.memo.bytecode.Has(key)
	var bytecode []byte
	if cached {
		bytecode, _ = b.memo.bytecode.Get(key)
	}
	if bytecode == nil {
		bytecode, _ = readUserBytecode(b.opts.bytecodeDir, key)
	}
	if bytecode != nil {
		opts = append(opts, ssr.WithBytecode(bytecode))
	}
	pool, err := ssr.NewPool(e.bundle.Server, opts...)
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: fmt.Sprintf("load the theme's server bundle: %v", err)})
		return nil
	}
	// Only optimisations: a build that cannot keep the bytecode compiles again.
	if b.store.Persistent() && !cached {
		_ = b.memo.bytecode.Put(key, pool.Bytecode())
	}
	if bytecode == nil {
		writeUserBytecode(b.opts.bytecodeDir, key, pool.Bytecode())
	}
	if e.warm {
		_ = pool.Warm(b.ctx) // a VM that fails to load fails again, and is reported, at its first render
	}
	return pool
}

// close waits for a pool being loaded and closes it unless it was given.
func (e *engines) close() {
	if !e.began.Load() {
		return
	}
	<-e.done
	if e.pool != nil && e.b.opts.pool == nil {
		e.pool.Close()
	}
}

// report tells WithProgress's function how far the build is.
func (b *builder) report(stage string, done, total int) {
	if b.opts.progress != nil {
		b.opts.progress(Progress{Stage: stage, Done: done, Total: total})
	}
}

// counted wraps a page-by-page step so that each page done is reported.
func (b *builder) counted(stage string, total int, fn func(i int)) func(i int) {
	if b.opts.progress == nil {
		return fn
	}
	var done atomic.Int64
	b.report(stage, 0, total)
	return func(i int) {
		fn(i)
		b.report(stage, int(done.Add(1)), total)
	}
}

// parallel runs fn(0..n-1) on the configured number of workers, stopping
// early when the build is cancelled.
func (b *builder) parallel(n int, fn func(i int)) {
	workers.Each(b.ctx, b.opts.workers, n, fn)
}
