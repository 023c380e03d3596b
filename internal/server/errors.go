package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/portaldocs/portal/internal/policy"
)

// statusError is a failed request as a value: the status to answer with, a
// reason for the log, and the internal cause if there is one. Handlers
// return it and render turns it into a response in one place, in the manner
// of Caddy's caddyhttp.HandlerError.
type statusError struct {
	status int
	// reason explains a client error for the access log; never sent.
	reason string
	// cause is an internal failure worth a log line of its own; never sent.
	cause error
	// committed means the response was already started, so render can only
	// log: a failure inside http.ServeContent after the headers went out.
	committed bool
}

func (e *statusError) Error() string {
	msg := strconv.Itoa(e.status) + " " + http.StatusText(e.status)
	if e.reason != "" {
		msg += ": " + e.reason
	}
	if e.cause != nil {
		msg += ": " + e.cause.Error()
	}
	return msg
}

func (e *statusError) Unwrap() error { return e.cause }

func errBadRequest(reason string) error {
	return &statusError{status: http.StatusBadRequest, reason: reason}
}

func errMethodNotAllowed() error {
	return &statusError{status: http.StatusMethodNotAllowed, reason: "only GET and HEAD"}
}

func errUnavailable() error {
	return &statusError{status: http.StatusServiceUnavailable, reason: "no site built yet"}
}

// errNotFound is a 404; cause is set only when the miss is the site's fault
// (a route without its file), so it gets logged.
func errNotFound(cause error) error {
	return &statusError{status: http.StatusNotFound, cause: cause}
}

// missingRouteFileError is a route the manifest lists whose HTML the output
// lacks: a broken build, answered as not found but logged.
type missingRouteFileError struct{ route, file string }

func (e *missingRouteFileError) Error() string {
	return fmt.Sprintf("route %s is in the manifest but its file %s is missing", e.route, e.file)
}

func isNotFound(err error) bool {
	var se *statusError
	return errors.As(err, &se) && se.status == http.StatusNotFound
}

// asStatusError returns err as a statusError; anything else is a 500.
func asStatusError(err error) *statusError {
	var se *statusError
	if errors.As(err, &se) {
		return se
	}
	return &statusError{status: http.StatusInternalServerError, cause: err}
}

// render writes the response for err and logs internal causes with the
// request id. The not-found page is the site's 404.html, like static hosts
// serve it (docusaurus-behaviour.md §2.2); other errors are short plain text.
func (h *handler) render(w http.ResponseWriter, r *http.Request, st *snapshotState, err error, id uint64) {
	se := asStatusError(err)
	h.logCause(r, se, id)
	if se.committed {
		return
	}
	hdr := w.Header()
	// These describe the body the error replaces (RFC 9110 §8) and must not
	// leak onto it.
	for _, k := range [...]string{"Content-Encoding", "Content-Length", "Content-Range", "ETag", "Last-Modified", "Vary", "Accept-Ranges"} {
		hdr.Del(k)
	}
	// Error answers change as the site is rebuilt; 404 is heuristically
	// cacheable (RFC 9110 §15.1), so forbid reuse without revalidation.
	hdr.Set("Cache-Control", policy.CacheRevalidate)
	switch se.status {
	case http.StatusNotFound:
		if st != nil {
			if page := st.notFound(); page != nil {
				writeBody(w, r, se.status, "text/html; charset=utf-8", page)
				return
			}
		}
	case http.StatusMethodNotAllowed:
		// RFC 9110 §15.5.6: a 405 must list the methods that are allowed.
		hdr.Set("Allow", "GET, HEAD")
	case http.StatusServiceUnavailable:
		// RFC 9110 §10.2.3: a build is on its way; ask the client to retry.
		hdr.Set("Retry-After", "1")
	}
	text := strconv.Itoa(se.status) + " " + http.StatusText(se.status) + "\n"
	writeBody(w, r, se.status, "text/plain; charset=utf-8", []byte(text))
}

// logCause logs an internal failure on a line of its own: at Error level for
// a 5xx, at Warn for a 4xx the site itself caused.
func (h *handler) logCause(r *http.Request, se *statusError, id uint64) {
	if se.cause == nil {
		return
	}
	level := slog.LevelWarn
	if se.status >= 500 {
		level = slog.LevelError
	}
	h.logger.LogAttrs(context.WithoutCancel(r.Context()), level, "serving failed",
		slog.Uint64("id", id),
		slog.String("path", r.URL.Path),
		slog.Int("status", se.status),
		slog.String("error", se.cause.Error()),
	)
}

// writeBody writes a complete in-memory response; HEAD gets the headers only
// (RFC 9110 §9.3.2).
func writeBody(w http.ResponseWriter, r *http.Request, status int, contentType string, body []byte) {
	hdr := w.Header()
	hdr.Set("Content-Type", contentType)
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}
