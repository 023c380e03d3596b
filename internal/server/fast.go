package server

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unsafe"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"
)

// The HTTP/1.1 server in clear text. net/http spends about two and a half
// times nginx's CPU on each small request (header maps cloned and sorted
// per response, a goroutine per request to watch the connection, the
// garbage they leave; docs/performance.md), so portal serve answers the
// requests that make up nearly all traffic (a plain GET or HEAD of a
// resolved route, file or redirect) on fasthttp, from values prepared per
// snapshot. Every other request (conditional, range, errors, the rules'
// slow path) goes to the same http.Handler through fasthttp's adaptor, so
// the rules have one implementation; HTTP/2 and TLS are net/http's
// (listen.go). Both paths write the same headers and the same access-log
// line; the route-behaviour test checks them against nginx.

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
	// Content-Length is only set for a stream; fasthttp writes it for
	// other bodies when it sends them, after this line is logged.
	size := resp.Header.ContentLength()
	if !resp.IsBodyStream() {
		size = len(resp.Body())
	}
	h.fastLog(ctx, id, resp.StatusCode(), size, time.Since(start))
	return true
}

// hasPreconditionOrRange reports whether the request needs http.ServeContent.
func hasPreconditionOrRange(hdr *fasthttp.RequestHeader) bool {
	return hdr.Peek(fasthttp.HeaderRange) != nil || hdr.Peek(fasthttp.HeaderIfNoneMatch) != nil ||
		hdr.Peek(fasthttp.HeaderIfModifiedSince) != nil || hdr.Peek(fasthttp.HeaderIfMatch) != nil ||
		hdr.Peek(fasthttp.HeaderIfUnmodifiedSince) != nil
}

// fastFile writes a resolved entry; it reports false when the slow path
// must answer (the entry is not resolved yet, or its file changed).
func (h *handler) fastFile(ctx *fasthttp.RequestCtx, st *snapshotState, e *fileEntry) bool {
	e.mu.Lock()
	resolved, variants := e.resolved, e.variants
	e.mu.Unlock()
	if !resolved {
		return false
	}
	if negotiated(e.name) && bytes.Contains(ctx.Request.Header.Peek(fasthttp.HeaderAccept), []byte("markdown")) {
		return false // the slow path negotiates (markdown.go)
	}
	v := pickFast(variants, &ctx.Request.Header)
	switch {
	case v.files != nil:
		// Sent with sendfile(2) from a file of the pool: fasthttp's body
		// writer hands an *os.File to the connection's ReadFrom.
		body := v.files.get()
		if body == nil {
			e.invalidate() // changed in place: the slow path resolves again
			return false
		}
		if c, ok := ctx.Conn().(*replayConn); ok && !ctx.IsHead() {
			body.conn = c
		}
		ctx.Response.SetBodyStream(body, int(v.size))
	case v.data != nil:
		// The snapshot's bytes, never copied; fasthttp sends
		// Content-Length from them and leaves the body out for HEAD.
		ctx.Response.SetBodyRaw(v.data)
	default:
		// Too large to hold and not a file of the OS: read from the FS;
		// anything unexpected is the slow path's to answer.
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
	}
	hdr := &ctx.Response.Header
	setFastHeaders(hdr, st)
	hdr.SetContentType(e.contentType[0])
	hdr.Add(fasthttp.HeaderCacheControl, e.cacheControl[0])
	hdr.Add(fasthttp.HeaderETag, v.etag[0])
	hdr.Add(fasthttp.HeaderAcceptRanges, acceptRanges[0])
	if vary := varyOf(e.name, len(variants)); vary != nil {
		hdr.Add(fasthttp.HeaderVary, vary[0])
	}
	if v.contentEncoding != nil {
		hdr.Add(fasthttp.HeaderContentEncoding, v.contentEncoding[0])
	}
	if v.lastModified != nil {
		hdr.Add(fasthttp.HeaderLastModified, v.lastModified[0])
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
	hdr.Add(fasthttp.HeaderCacheControl, "no-cache")
	hdr.SetContentType("text/html; charset=utf-8")
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
	for _, hv := range st.headers {
		hdr.Add(hv.key, hv.value[0])
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
	values := [1]string{b2s(ae)}
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

// newFastServer is the fasthttp server for h; its own messages (connection
// errors) go to logger at Warn, like net/http's ErrorLog.
func newFastServer(h *handler, logger *slog.Logger) *fasthttp.Server {
	return &fasthttp.Server{
		Handler:               h.fastHandler(),
		NoDefaultServerHeader: true,
		NoDefaultContentType:  true,
		// Paths are read raw (URI.PathOriginal, and the adaptor parses the
		// request URI as net/http does), so fasthttp's normalising of
		// ".." and "//" never hides a path from the rules' checks.
		ReadTimeout:        readHeaderTimeout,
		IdleTimeout:        idleTimeout,
		MaxRequestBodySize: 1 << 20,
		// Room for the header block and any body held in memory (those
		// of minSendfile and more go out with sendfile), so such a
		// response is one write(2).
		WriteBufferSize: minSendfile + 8<<10,
		CloseOnShutdown: true,
		Logger:          fastLogger{logger},
	}
}

// fastLogger sends fasthttp's own messages to the logger.
type fastLogger struct{ l *slog.Logger }

// Printf logs one of fasthttp's messages at Warn.
func (f fastLogger) Printf(format string, args ...any) {
	f.l.Warn(fmt.Sprintf(format, args...))
}
