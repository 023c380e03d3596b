// Package server serves a built Portal site over HTTP: route pages, config
// redirects as real 301s, static files with validators, compression and
// cache headers, and the site's not-found page.
//
// It answers the way Docusaurus' client would settle a URL (trailing slash and
// ".html" normalisation, docusaurus-behaviour.md §2.2–2.4), but with HTTP
// redirects instead of client-side rewrites, so a shared link always lands on
// the one canonical URL.
package server

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"github.com/portaldocs/portal/internal/policy"
	"github.com/portaldocs/portal/internal/route"
)

// Source yields the site to serve. The handler asks for the current snapshot
// once per request and uses only that snapshot for the whole request, so a dev
// server that swaps snapshots after a rebuild never shows half a site.
//
// Snapshot must be safe for concurrent use and cheap: it is called on every
// request.
type Source interface {
	Snapshot() Snapshot
}

// Snapshot is one built site: its output folder and its route manifest.
//
// A snapshot is immutable once handed out. Its identity is the Manifest
// pointer: the handler caches per-file ETags per snapshot and recognises a new
// snapshot by a new *route.Manifest, so every rebuild must produce a new
// Manifest value, and nothing may call Manifest.Sort while it is served.
// A snapshot with a nil FS or Manifest means "not built yet" and is answered
// with 503 Service Unavailable.
type Snapshot struct {
	// FS is the output folder: route pages, 404.html, assets, data, static
	// files, laid out without the base URL. Requests open its files with
	// their own context when it is a ContextFS.
	FS fs.FS
	// Manifest is the route table the build wrote as routes.json.
	Manifest *route.Manifest
}

type staticSource struct{ snap Snapshot }

// Snapshot is the one snapshot, always.
func (s staticSource) Snapshot() Snapshot { return s.snap }

var _ Source = staticSource{}

// Static is a Source that always yields s, for serving a finished build and
// for tests.
func Static(s Snapshot) Source { return staticSource{snap: s} }

// Option configures New.
type Option func(*config)

type config struct {
	logger      *slog.Logger
	memoryLimit int64
	accessLog   *accessLog
}

// WithLogger sets where access-log lines and serving errors go. Without it
// the handler logs nothing: the caller (the CLI) decides what users see.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) {
		if l != nil {
			c.logger = l
		}
	}
}

// WithMemoryLimit bounds the bytes of files each served snapshot keeps in
// memory (256 MiB by default); files past it, and any file over 1 MiB, are
// sent from the FS on each request.
func WithMemoryLimit(bytes int64) Option {
	return func(c *config) { c.memoryLimit = bytes }
}

// New returns the handler that serves src. For each request, in order:
//
//  1. Methods other than GET and HEAD get 405 with "Allow: GET, HEAD".
//  2. Paths with a NUL, a backslash or a ".." segment, also percent-encoded
//     again or behind ";params", get 400 before the FS is touched.
//  3. A route of the manifest gets its index.html.
//  4. A config redirect gets a 301 to its target.
//  5. A route without its trailing slash gets a 301 to the route.
//  6. "/x/index.html" and "/x.html" get a 301 to the route "/x/", if it
//     exists (likewise to a redirect's target).
//  7. Any other regular file of the output under the base URL is served
//     with ETag, conditional and range requests and Cache-Control; host
//     configuration (_redirects, _headers, _deploy/) is not.
//  8. Everything else gets 404 with the site's 404.html.
//
// Files are never compressed here: the build writes .br and .gz siblings
// (package precompress) and the answer is the sibling the request's
// Accept-Encoding weighs highest. Query strings are kept across the
// redirects of rules 4–6 (rule 4 only when the target has none). Every
// response carries the site's security headers (policy.HeadersJSONFile,
// with its Content-Security-Policy) and gets one access-log line.
//
// The answer of every route, redirect and listed file is resolved once per
// snapshot; a file's metadata, content hash and (when small) bytes on its
// first request.
func New(src Source, opts ...Option) http.Handler {
	cfg := config{logger: slog.New(slog.DiscardHandler), memoryLimit: defaultMemoryLimit}
	for _, opt := range opts {
		opt(&cfg)
	}
	return &handler{src: src, logger: cfg.logger, memoryLimit: cfg.memoryLimit, accessLog: cfg.accessLog}
}

// handler is the http.Handler New returns.
type handler struct {
	src         Source
	logger      *slog.Logger
	memoryLimit int64
	// accessLog, when set, takes the access-log lines (WithAccessLog).
	accessLog *accessLog

	// mu serialises adopting a new snapshot; state is read without it.
	mu    sync.Mutex
	state atomic.Pointer[snapshotState]

	// lastID numbers requests so a logged error can be matched to its
	// access-log line.
	lastID atomic.Uint64
}

var _ http.Handler = (*handler)(nil)

// baseHeaders are sent when no snapshot is there to say which: before the
// first build, or for a refused method or path.
var baseHeaders = func() []headerValue {
	var out []headerValue
	for _, h := range policy.SecurityHeaders("", "") {
		out = append(out, newHeaderValue(h.Name, h.Value))
	}
	return out
}()

// ServeHTTP implements http.Handler: it runs the request through serve,
// renders any error in one place, and writes one access-log line.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	id := h.lastID.Add(1)
	lw := &logWriter{ResponseWriter: w}

	st, err := h.prepare(r)
	setHeaders(lw.Header(), st)
	if err == nil {
		err = h.serve(lw, r, st)
		// A file of the snapshot vanished or changed under it: when the
		// source has a newer build (Dir's folder was swapped), answer from
		// that one, so no request fails across a deploy. Another request
		// may have adopted the new build first: reload then finds nothing
		// newer, but the current snapshot is not st.
		if errors.Is(err, errRetry) || (isNotFound(err) && (h.reload() || h.replaced(st))) {
			if next, nerr := h.current(); nerr == nil && (next != st || errors.Is(err, errRetry)) {
				st = next
				setHeaders(lw.Header(), st)
				err = h.serve(lw, r, st)
			}
		}
	}
	if err != nil {
		h.render(lw, r, st, err, id)
	}
	h.logAccess(r, lw, id, time.Since(start), err)
}

// setHeaders assigns the security headers of st (nosniff, the referrer
// policy, the Content-Security-Policy and the rest, policy.SecurityHeaders)
// to every response, without allocating.
func setHeaders(hdr http.Header, st *snapshotState) {
	headers := baseHeaders
	if st != nil {
		headers = st.headers
	}
	for _, hv := range headers {
		hdr[hv.key] = hv.value
	}
}

// reload asks a source that can notice a new build on demand (Dir) to
// look now, and reports whether it found one.
func (h *handler) reload() bool {
	if r, ok := h.src.(interface{ Reload() bool }); ok {
		return r.Reload()
	}
	return false
}

// replaced reports whether the source's current build is no longer st.
func (h *handler) replaced(st *snapshotState) bool {
	next, err := h.current()
	return err == nil && next != st
}

// prepare does the checks that need no site: the method (RFC 9110 §15.5.6)
// and the path, which is refused before anything touches the file system.
// Then it fetches the snapshot this request will use.
func (h *handler) prepare(r *http.Request) (*snapshotState, error) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return nil, errMethodNotAllowed()
	}
	if err := checkPath(r.URL.Path); err != nil {
		return nil, err
	}
	return h.current()
}

// serve answers one request from st: a path resolved when the snapshot was
// adopted is one map lookup; any other goes through the rules (resolve).
// It returns an error value instead of writing an error response.
func (h *handler) serve(w http.ResponseWriter, r *http.Request, st *snapshotState) error {
	if a, ok := st.paths[r.URL.Path]; ok {
		if a.file == nil {
			redirect(w, r, a.redirect, a.keepQuery)
			return nil
		}
		return h.serveRoute(w, r, st, a.file)
	}
	act := resolve(st.snap.Manifest, r.URL.Path)
	switch act.kind {
	case actRoute:
		return h.serveRoute(w, r, st, st.entry(act.file, policy.CacheRevalidate))
	case actRedirect:
		redirect(w, r, act.location, act.keepQuery)
		return nil
	case actFile:
		e := st.entry(act.file, policy.CacheControl(act.file))
		err := h.serveEntry(w, r, e)
		if isNotFound(err) {
			st.forget(e)
		}
		return err
	default:
		return errNotFound(nil)
	}
}

// serveRoute serves a route's page; a route whose file is missing is the
// build's fault, logged.
func (h *handler) serveRoute(w http.ResponseWriter, r *http.Request, st *snapshotState, e *fileEntry) error {
	if served, err := h.serveNegotiated(w, r, st, e); served {
		return err
	}
	err := h.serveEntry(w, r, e)
	if isNotFound(err) && st.snap.Manifest != nil {
		if _, isRoute := st.snap.Manifest.Lookup(r.URL.Path); isRoute {
			return errNotFound(&missingRouteFileError{route: r.URL.Path, file: e.name})
		}
	}
	return err
}

// redirect answers with 301 Moved Permanently (RFC 9110 §15.4.2). The query
// string is carried over when the target has none, as Docusaurus' redirect
// pages do with location.search (docusaurus-behaviour.md §2.4).
func redirect(w http.ResponseWriter, r *http.Request, location string, keepQuery bool) {
	loc := location
	if keepQuery && r.URL.RawQuery != "" {
		loc += "?" + r.URL.RawQuery
	}
	// Revalidate rather than let browsers keep a 301 forever: a rebuilt site
	// may drop the redirect, and a cached 301 cannot be taken back.
	w.Header().Set("Cache-Control", policy.CacheRevalidate)
	http.Redirect(w, r, loc, http.StatusMovedPermanently)
}

// BaseURL is the base URL of the site currently served, so ListenAndServe can
// print the URL that actually shows the site.
func (h *handler) BaseURL() string {
	if m := h.src.Snapshot().Manifest; m != nil && m.BaseURL != "" {
		return m.BaseURL
	}
	return "/"
}

// logAccess writes the request's one access-log line.
func (h *handler) logAccess(r *http.Request, lw *logWriter, id uint64, d time.Duration, err error) {
	if h.accessLog != nil {
		e := accessEntry{id: id, method: r.Method, path: r.URL.Path, status: lw.statusCode(), bytes: lw.bytes, duration: d}
		if ap, perr := netip.ParseAddrPort(r.RemoteAddr); perr == nil {
			e.remote = net.TCPAddrFromAddrPort(ap)
		}
		if err != nil {
			if se := asStatusError(err); se.reason != "" || se.cause != nil {
				e.err = se.Error()
			}
		}
		h.accessLog.write(e)
		return
	}
	attrs := []slog.Attr{
		slog.Uint64("id", id),
		slog.String("method", r.Method),
		slog.String("path", r.URL.Path),
		slog.Int("status", lw.statusCode()),
		slog.Int64("bytes", lw.bytes),
		slog.Float64("duration_ms", float64(d.Microseconds())/1000),
		slog.String("remote", r.RemoteAddr),
	}
	if err != nil {
		if se := asStatusError(err); se.reason != "" || se.cause != nil {
			attrs = append(attrs, slog.String("error", se.Error()))
		}
	}
	h.logger.LogAttrs(context.WithoutCancel(r.Context()), slog.LevelInfo, "request", attrs...)
}
