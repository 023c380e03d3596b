// Package dev is portal dev: it builds a site, serves it,
// watches the site folder, rebuilds on every change and tells open browsers
// to show the result: the page's new data in place after a content change,
// a reload after a change to config, sidebars or static files, and the
// build's errors over the last good site when a build fails.
package dev

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/server"
	"github.com/portaldocs/portal/internal/sitefs"
	"github.com/portaldocs/portal/internal/ssr"
	"github.com/portaldocs/portal/internal/theme"
)

//go:embed dev.js
var devJS []byte

// Paths the dev server adds to the site's own.
const (
	EventsPath = "/__portal/events"
	ScriptPath = "/__portal/dev.js"
)

// debounce gathers the events of one save (editors write, rename and
// chmod) into one rebuild.
const debounce = 15 * time.Millisecond

// Options configure a dev server.
type Options struct {
	// Site is the site folder on disk.
	Site string
	// Theme is the theme bundle (client/ and server/).
	Theme fs.FS
	// Logger receives build results and access logs.
	Logger *slog.Logger
	// Report receives each build's diagnostics as text (the terminal).
	Report func(ds []diag.Diagnostic, took time.Duration, err error)
	// BuildOptions are added to every build's own (pipeline.WithEnv, say).
	BuildOptions []pipeline.Option
}

// Server is a running dev server's state.
type Server struct {
	opts Options
	site fs.FS
	pool *ssr.Pool
	// store is the builds' cache, and keeps their Markdown renders and
	// page data, which the lazily rendered pages read: one for the
	// server's life, since an entry is named by its content and rebuilds
	// share most of them. It is removed when the server closes.
	store *buildcache.Store

	mu   sync.Mutex
	good *pipeline.Result // the last build that succeeded
	// retired is the good build before it, whose output folder is kept
	// for requests that began while it was served.
	retired *pipeline.Result
	// spare is the good build before that, which nothing serves: the next
	// build writes into its folder (pipeline.WithSpareOutput).
	spare   *pipeline.Result
	failure []string // the last build's errors, nil after a good build
	// outside are the folders beside the site folder the last build read
	// (pipeline.Result.Outside), which Watch watches too.
	outside []string
	clients map[chan event]struct{}

	handler http.Handler
	// stop ends the event streams when the server shuts down, which
	// otherwise would wait for them.
	stop <-chan struct{}
}

// event is one server-sent event.
type event struct {
	name, data string
}

// New loads the theme's server bundle once for every rebuild and builds the
// site the first time. A failed first build is not an error: the server
// shows its errors until a save fixes them.
func New(ctx context.Context, opts Options) (*Server, error) {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	bundle, err := theme.Load(opts.Theme)
	if err != nil {
		return nil, err
	}
	pool, err := ssr.NewPool(bundle.Server)
	if err != nil {
		return nil, fmt.Errorf("load the theme's server bundle: %w", err)
	}
	store, err := buildcache.OpenTemporaryCache()
	if err != nil {
		_ = pool.Close()
		return nil, err
	}
	s := &Server{opts: opts, site: sitefs.Dir(opts.Site), pool: pool, store: store,
		clients: map[chan event]struct{}{}, stop: ctx.Done()}
	s.handler = server.New(source{s}, server.WithLogger(opts.Logger))
	s.rebuild(ctx, nil)
	return s, nil
}

// Close releases the JavaScript engines and removes the builds' output
// folders.
func (s *Server) Close() error {
	s.mu.Lock()
	var errs []error
	for _, res := range []*pipeline.Result{s.good, s.retired, s.spare} {
		if res != nil {
			errs = append(errs, res.Output.Close())
		}
	}
	s.good, s.retired, s.spare = nil, nil, nil
	s.mu.Unlock()
	return errors.Join(append(errs, s.pool.Close(), s.store.Close())...)
}

// rebuild builds the site; changed lists the site files that changed since
// the last build (nil for the first).
func (s *Server) rebuild(ctx context.Context, changed []string) {
	start := time.Now()
	s.mu.Lock()
	var last, spare *pipeline.Output
	if s.good != nil {
		last = s.good.Output // reused only three good builds later
	}
	if s.spare != nil {
		spare = s.spare.Output
	}
	s.mu.Unlock()
	opts := append([]pipeline.Option{pipeline.WithTheme(s.opts.Theme), pipeline.WithDrafts(),
		pipeline.WithLazyPrerender(), pipeline.WithPrerenderPool(s.pool), pipeline.WithPreviousOutput(last),
		pipeline.WithSpareOutput(spare), pipeline.WithStore(s.store)}, s.opts.BuildOptions...)
	res, err := pipeline.Run(ctx, s.site, opts...)
	took := time.Since(start)
	if res != nil {
		s.mu.Lock()
		s.outside = res.Outside
		s.mu.Unlock()
	}
	if s.opts.Report != nil {
		var ds []diag.Diagnostic
		if res != nil {
			ds = res.Diagnostics
		}
		s.opts.Report(ds, took, err)
	}
	if errors.Is(err, context.Canceled) {
		return
	}
	if err != nil {
		s.mu.Lock()
		s.failure = failureLines(res, err)
		data, _ := json.Marshal(map[string]any{"diagnostics": s.failure})
		s.broadcast(event{"failed", string(data)})
		s.mu.Unlock()
		return
	}
	s.mu.Lock()
	prev, retired, used := s.good, s.retired, s.spare
	s.good, s.retired, s.spare, s.failure = res, prev, retired, nil
	if prev != nil {
		s.broadcast(event{"ok", "{}"})
		s.broadcast(event{updateKind(prev.Output.Manifest, res.Output.Manifest, changed), "{}"})
	}
	s.mu.Unlock()
	// The new output took the spare's folder (or, when it could not, the
	// folder goes now); what else the spare holds is released.
	if used != nil {
		if err := used.Output.Close(); err != nil {
			s.opts.Logger.Warn("remove an old build's output", "err", err)
		}
	}
}

// updateKind is "refresh" when only pages' own data changed (the browser
// shows the new data in place), "reload" when anything every page shares
// did: site data, sidebars, the theme's files.
func updateKind(prev, next *route.Manifest, changed []string) string {
	if prev.SiteData != next.SiteData || prev.SidebarsData != next.SidebarsData {
		return "reload"
	}
	for _, p := range changed {
		if !isContentFile(p) {
			return "reload"
		}
	}
	return "refresh"
}

// isContentFile: Markdown and FHIR resources change pages' data only.
func isContentFile(p string) bool {
	return strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".mdx") ||
		(strings.HasSuffix(p, ".json") && (strings.HasPrefix(p, "fhir/") || strings.Contains(p, "/fhir/")))
}

func failureLines(res *pipeline.Result, err error) []string {
	var lines []string
	if res != nil {
		for _, d := range res.Diagnostics {
			if d.Severity == diag.Error {
				lines = append(lines, d.String())
			}
		}
	}
	if len(lines) == 0 {
		lines = append(lines, err.Error())
	}
	return lines
}

// broadcast sends e to every connected browser; s.mu is held. A browser
// too slow to take it misses it rather than stalling the rebuild.
func (s *Server) broadcast(e event) {
	for c := range s.clients {
		select {
		case c <- e:
		default:
		}
	}
}

// ServeHTTP serves the live-reload events and script, and the site.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case EventsPath:
		s.serveEvents(w, r)
		return
	case ScriptPath:
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(devJS)
		return
	}
	s.mu.Lock()
	failed := s.good == nil
	lines := s.failure
	s.mu.Unlock()
	if failed {
		serveFailure(w, lines)
		return
	}
	s.handler.ServeHTTP(w, r)
}

// serveFailure answers while no build has succeeded yet: the errors, and
// the script that reloads once a save fixes them.
func serveFailure(w http.ResponseWriter, lines []string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusServiceUnavailable)
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed</title></head><body><main><h1>Build failed</h1><ul>")
	for _, l := range lines {
		b.WriteString("<li><pre>" + htmlEscape(l) + "</pre></li>")
	}
	b.WriteString("</ul></main><script src=\"" + ScriptPath + "\"></script></body></html>")
	_, _ = w.Write([]byte(b.String()))
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// heartbeat keeps idle event streams open through proxies.
const heartbeat = 15 * time.Second

func (s *Server) serveEvents(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	c := make(chan event, 8)
	s.mu.Lock()
	s.clients[c] = struct{}{}
	if s.failure != nil {
		data, _ := json.Marshal(map[string]any{"diagnostics": s.failure})
		c <- event{"failed", string(data)}
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.clients, c)
		s.mu.Unlock()
	}()
	fmt.Fprint(w, ": portal dev\n\n")
	flusher.Flush()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.stop:
			return
		case e := <-c:
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, e.data)
			flusher.Flush()
		case <-tick.C:
			fmt.Fprint(w, ": keep-alive\n\n")
			flusher.Flush()
		}
	}
}

// BaseURL is the site's base URL, for the address printed at start.
func (s *Server) BaseURL() string {
	if b, ok := s.handler.(interface{ BaseURL() string }); ok {
		return b.BaseURL()
	}
	return "/"
}

// Snapshot is what the site handler serves: the last good build.
func (s *Server) snapshot() server.Snapshot {
	s.mu.Lock()
	res := s.good
	s.mu.Unlock()
	if res == nil {
		return server.Snapshot{}
	}
	return server.Snapshot{FS: lazyFS{res: res}, Manifest: res.Output.Manifest}
}

type source struct{ s *Server }

// Snapshot is the last good build, as server.Source asks.
func (src source) Snapshot() server.Snapshot { return src.s.snapshot() }
