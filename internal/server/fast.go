package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"time"
	"unsafe"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"
)

// The production server. net/http spends about twice nginx's CPU on each
// small request (header maps, their cloning and sorting, a goroutine per
// connection's reads), so portal serve answers the requests that make up
// nearly all traffic (a plain GET or HEAD of a resolved route, file held in
// memory, or redirect) on fasthttp, from bytes prepared per snapshot. Every
// other request (conditional, range, large files, errors, the rules' slow
// path) goes to the same http.Handler through fasthttp's adaptor, so the
// rules have one implementation. Both paths write the same headers and the
// same access-log line; the route-behaviour test checks them against nginx.

// fastHandler answers r on the fast path when it can.
func (h *handler) fastHandler() fasthttp.RequestHandler {
	slow := fasthttpadaptor.NewFastHTTPHandler(h)
	return func(ctx *fasthttp.RequestCtx) {
		if !h.serveFast(ctx) {
			slow(ctx)
		}
	}
}

var (
	methodGet  = []byte(fasthttp.MethodGet)
	methodHead = []byte(fasthttp.MethodHead)
)

// serveFast answers a plain GET or HEAD of a path resolved when the
// snapshot was adopted, and reports whether it did.
func (h *handler) serveFast(ctx *fasthttp.RequestCtx) bool {
	start := time.Now()
	req := &ctx.Request
	method := req.Header.Method()
	if !bytes.Equal(method, methodGet) && !bytes.Equal(method, methodHead) {
		return false
	}
	// The raw path: with no percent-encoding it is also the decoded path
	// the table is keyed by; anything else takes the full checks.
	raw := req.URI().PathOriginal()
	if len(raw) == 0 || raw[0] != '/' || bytes.IndexByte(raw, '%') >= 0 {
		return false
	}
	if hasPreconditionOrRange(&req.Header) {
		return false
	}
	st := h.state.Load()
	if st == nil || h.src.Snapshot().Manifest != st.snap.Manifest {
		return false // a new snapshot is adopted on the slow path
	}
	a, ok := st.paths[string(raw)] // no allocation: the compiler converts in place
	if !ok {
		return false
	}
	resp := &ctx.Response
	if a.file == nil {
		h.fastRedirect(ctx, st, a)
	} else if !h.fastFile(ctx, st, a.file) {
		return false
	}
	id := h.lastID.Add(1)
	size := resp.Header.ContentLength()
	h.fastLog(ctx, id, resp.StatusCode(), size, time.Since(start))
	return true
}

// hasPreconditionOrRange reports whether the request needs http.ServeContent.
func hasPreconditionOrRange(hdr *fasthttp.RequestHeader) bool {
	return hdr.Peek(fasthttp.HeaderRange) != nil || hdr.Peek(fasthttp.HeaderIfNoneMatch) != nil ||
		hdr.Peek(fasthttp.HeaderIfModifiedSince) != nil || hdr.Peek(fasthttp.HeaderIfMatch) != nil ||
		hdr.Peek(fasthttp.HeaderIfUnmodifiedSince) != nil
}

// fastFile writes a resolved entry held in memory; it reports false when
// the representation must be read from the FS (the slow path does).
func (h *handler) fastFile(ctx *fasthttp.RequestCtx, st *snapshotState, e *fileEntry) bool {
	e.mu.Lock()
	resolved, variants := e.resolved, e.variants
	e.mu.Unlock()
	if !resolved {
		return false
	}
	v := pickFast(variants, &ctx.Request.Header)
	if v.data == nil {
		// Too large to hold: sent from the file, with sendfile(2) once
		// fasthttp's buffer is flushed; anything unexpected is the slow
		// path's to answer.
		f, err := st.snap.FS.Open(v.name)
		if err != nil {
			return false
		}
		info, err := f.Stat()
		if err != nil || info.Size() != v.size || !info.ModTime().Equal(v.modTime) {
			f.Close()
			return false
		}
		ctx.Response.SetBodyStream(f, int(v.size))
	} else {
		// The snapshot's bytes, never copied; fasthttp sends
		// Content-Length from them and leaves the body out for HEAD.
		ctx.Response.SetBodyRaw(v.data)
	}
	hdr := &ctx.Response.Header
	setFastHeaders(hdr, st)
	hdr.SetContentTypeBytes(e.fast.contentType)
	hdr.AddBytesKV(keyCacheControl, e.fast.cacheControl)
	hdr.AddBytesKV(keyETag, v.fast.etag)
	hdr.AddBytesKV(keyAcceptRanges, valueBytes)
	if len(variants) > 1 {
		hdr.AddBytesKV(keyVary, valueAcceptEncoding)
	}
	if v.fast.contentEncoding != nil {
		hdr.AddBytesKV(keyContentEncoding, v.fast.contentEncoding)
	}
	if v.fast.lastModified != nil {
		hdr.AddBytesKV(keyLastModified, v.fast.lastModified)
	}
	ctx.SetStatusCode(fasthttp.StatusOK)
	return true
}

// fastRedirect writes the 301 that redirect writes on the slow path.
func (h *handler) fastRedirect(ctx *fasthttp.RequestCtx, st *snapshotState, a *answer) {
	hdr := &ctx.Response.Header
	setFastHeaders(hdr, st)
	loc := a.redirect
	if q := ctx.URI().QueryString(); a.keepQuery && len(q) > 0 {
		loc += "?" + string(q)
	}
	hdr.Set(fasthttp.HeaderLocation, loc)
	hdr.AddBytesKV(keyCacheControl, valueNoCache)
	hdr.SetContentTypeBytes(valueHTML)
	ctx.SetStatusCode(fasthttp.StatusMovedPermanently)
	// The body http.Redirect writes, so both paths answer alike.
	ctx.Response.SetBodyString("<a href=\"" + htmlEscape(loc) + "\">Moved Permanently</a>.\n\n")
}

// htmlEscape is html.EscapeString's set, as http.Redirect uses.
func htmlEscape(s string) string {
	return htmlReplacer.Replace(s)
}

var htmlReplacer = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")

// setFastHeaders writes the security headers of st.
func setFastHeaders(hdr *fasthttp.ResponseHeader, st *snapshotState) {
	for _, hv := range st.fastHeaders {
		hdr.AddBytesKV(hv.key, hv.value)
	}
}

// b2s views b as a string for the time of a call that does not keep it
// (the access log copies what it formats).
func b2s(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// pickFast is pickVariant on fasthttp's request header.
func pickFast(variants []*variant, hdr *fasthttp.RequestHeader) *variant {
	if len(variants) == 1 {
		return variants[0]
	}
	ae := hdr.Peek(fasthttp.HeaderAcceptEncoding)
	if len(ae) == 0 {
		return variants[0]
	}
	values := [1]string{string(ae)}
	return pickFromValues(variants, values[:])
}

// fastLog writes the access-log line ServeHTTP writes.
func (h *handler) fastLog(ctx *fasthttp.RequestCtx, id uint64, status, bytes int, d time.Duration) {
	if ctx.IsHead() {
		bytes = 0
	}
	if h.accessLog != nil {
		h.accessLog.write(accessEntry{id: id, method: b2s(ctx.Method()), path: b2s(ctx.URI().PathOriginal()),
			status: status, bytes: int64(bytes), duration: d, remote: ctx.RemoteAddr()})
		return
	}
	if !h.logger.Enabled(context.Background(), slog.LevelInfo) {
		return
	}
	h.logger.LogAttrs(context.Background(), slog.LevelInfo, "request",
		slog.Uint64("id", id),
		slog.String("method", string(ctx.Method())),
		slog.String("path", string(ctx.URI().PathOriginal())),
		slog.Int("status", status),
		slog.Int64("bytes", int64(bytes)),
		slog.Float64("duration_ms", float64(d.Microseconds())/1000),
		slog.String("remote", ctx.RemoteAddr().String()),
	)
}

// Header names and shared values for the fast path.
var (
	keyCacheControl     = []byte(fasthttp.HeaderCacheControl)
	keyETag             = []byte(fasthttp.HeaderETag)
	keyAcceptRanges     = []byte(fasthttp.HeaderAcceptRanges)
	keyVary             = []byte(fasthttp.HeaderVary)
	keyContentEncoding  = []byte(fasthttp.HeaderContentEncoding)
	keyLastModified     = []byte(fasthttp.HeaderLastModified)
	valueBytes          = []byte("bytes")
	valueAcceptEncoding = []byte("Accept-Encoding")
	valueNoCache        = []byte("no-cache")
	valueHTML           = []byte("text/html; charset=utf-8")
)

// fastHeader is a header as fasthttp takes it.
type fastHeader struct{ key, value []byte }

// serveFastHTTP serves h (made by New) on ln with fasthttp until ctx is
// done, then shuts down gracefully within shutdownTimeout.
func serveFastHTTP(ctx context.Context, ln net.Listener, h *handler, logger *slog.Logger) error {
	srv := &fasthttp.Server{
		Handler:               h.fastHandler(),
		Name:                  "",
		NoDefaultServerHeader: true,
		NoDefaultContentType:  true,
		// Paths are read raw (URI.PathOriginal, and the adaptor parses the
		// request URI as net/http does), so fasthttp's normalising of
		// ".." and "//" never hides a path from the rules' checks.
		ReadTimeout:        readHeaderTimeout,
		IdleTimeout:        idleTimeout,
		MaxRequestBodySize: 1 << 20,
		CloseOnShutdown:    true,
		Logger:             fastLogger{logger},
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("server: serving on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	err := srv.ShutdownWithContext(sctx)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("server: shutdown: %w", err)
	} else if err != nil {
		err = fmt.Errorf("server: shutdown: requests still running after %s were cut off: %w", shutdownTimeout, err)
	}
	if serveErr := <-served; serveErr != nil && err == nil {
		err = fmt.Errorf("server: %w", serveErr)
	}
	if h.accessLog != nil {
		h.accessLog.flush()
	}
	logger.Info("stopped serving")
	return err
}

// fastLogger sends fasthttp's own messages (connection errors) to the
// logger at Warn, like net/http's ErrorLog.
type fastLogger struct{ l *slog.Logger }

// Printf logs one of fasthttp's messages.
func (f fastLogger) Printf(format string, args ...any) {
	f.l.Warn(fmt.Sprintf(format, args...))
}
