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
	"sync"
	"time"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/ssr"
	"github.com/portaldocs/portal/internal/theme"
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
	// today is what the content lint calls today (WithToday).
	today time.Time
}

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

// Run builds the site folder. It returns ErrFailed (with the result's
// diagnostics listing every error) when any error was found; it never
// stops at the first. The caller owns the output folder: Output.WriteDir
// moves it into place, Output.Close removes it.
func Run(ctx context.Context, site fs.FS, opts ...Option) (*Result, error) {
	o := options{workers: runtime.GOMAXPROCS(0)}
	for _, opt := range opts {
		opt(&o)
	}
	b := &builder{ctx: ctx, site: site, opts: o, md: markdown.New()}
	out, lazy := b.run()
	if out != nil {
		if err := out.finish(); err != nil {
			b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: "write the output: " + err.Error()})
		}
	}
	res := &Result{Diagnostics: b.diags.Items(), Stages: b.stages}
	err := ctx.Err()
	switch {
	case err != nil:
		err = fmt.Errorf("build cancelled: %w", err)
	case b.diags.HasErrors():
		err = ErrFailed
	}
	if err != nil {
		if out != nil {
			_ = out.Close()
		}
		return res, err
	}
	res.Output, res.lazy = out, lazy
	b.opts.cache.succeeded(out)
	return res, nil
}

// builder holds what every stage of one build shares: its options, its
// context and the diagnostics. What a stage makes it returns to the next.
type builder struct {
	ctx    context.Context
	site   fs.FS
	opts   options
	md     *markdown.Renderer
	diags  diag.List
	stages []Stage
}

// run runs the stages in order and returns the output, and the pages to
// prerender on request for a lazy build.
func (b *builder) run() (*Output, *lazyPages) {
	// Loading the theme's server bundle into JavaScript engines takes a
	// while; it overlaps with everything before the prerender.
	ready := make(chan *prerenderer, 1)
	go func() { ready <- b.startPrerender() }()
	waited := false
	var pr *prerenderer
	defer func() {
		if !waited {
			pr = <-ready // the loader must finish before its engines can be closed
		}
		if pr != nil && b.opts.pool == nil {
			pr.pool.Close()
		}
	}()

	var site *loaded
	b.stage(StageLoad, func() { site = b.load() })
	if site == nil {
		return nil, nil
	}
	var md *rendered
	b.stage(StageMarkdown, func() { md = b.renderMarkdown(site) })
	var plan *resolved
	b.stage(StageResolve, func() { plan = b.resolve(site, md) })
	b.stage(StageLinks, func() { b.validate(site, plan) })
	if b.diags.HasErrors() || b.ctx.Err() != nil {
		return nil, nil
	}
	waited = true
	if pr = <-ready; pr == nil {
		return nil, nil
	}
	var out *Output
	var lazy *lazyPages
	b.stage(StagePrerender, func() { out, lazy = b.emit(site, plan, pr) })
	return out, lazy
}

// Stages of a build, as Result.Stages times them.
const (
	StageLoad      = "load"      // config, docs, pages, FHIR resources, static files
	StageMarkdown  = "markdown"  // every page's Markdown (and FHIR directives), titles
	StageResolve   = "resolve"   // sidebars, navbar, routes, page and site data, search index
	StageLinks     = "links"     // broken links and anchors, duplicate routes, redirects
	StagePrerender = "prerender" // every page rendered by the theme, every file written
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
	start, cpu := time.Now(), processCPU()
	fn()
	b.stages = append(b.stages, Stage{Name: name, Duration: time.Since(start), CPU: processCPU() - cpu})
}

// prerenderer is the theme and the JavaScript engines that render with it.
type prerenderer struct {
	theme *theme.Bundle
	pool  *ssr.Pool
}

// startPrerender loads the theme and its server bundle into a pool of JS
// engines, one per worker; nil when it could not.
func (b *builder) startPrerender() *prerenderer {
	if b.opts.theme == nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: "no theme given to the build", Hint: "pass pipeline.WithTheme"})
		return nil
	}
	bundle, err := theme.Load(b.opts.theme)
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: err.Error()})
		return nil
	}
	if b.opts.pool != nil {
		return &prerenderer{theme: bundle, pool: b.opts.pool}
	}
	pool, err := ssr.NewPool(bundle.Server, ssr.WithSize(b.opts.workers))
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: fmt.Sprintf("load the theme's server bundle: %v", err)})
		return nil
	}
	_ = pool.Warm(b.ctx) // a VM that fails to load fails again, and is reported, at its first render
	return &prerenderer{theme: bundle, pool: pool}
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
	for range workers {
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
