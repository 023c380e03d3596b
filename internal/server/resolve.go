package server

import (
	"io/fs"
	"net/url"
	"strings"

	"github.com/portaldocs/portal/internal/policy"
	"github.com/portaldocs/portal/internal/route"
)

// actionKind says how a request path is answered.
type actionKind int

const (
	actNotFound actionKind = iota
	actRoute               // serve a route's index.html
	actRedirect            // answer 301
	actFile                // serve a file of the output, if it exists
)

// action is what a request path resolves to, decided from the manifest alone
// before any file is opened.
type action struct {
	kind actionKind
	// file is the name in the snapshot's FS, for actRoute and actFile.
	file string
	// location is the redirect target, for actRedirect.
	location string
	// keepQuery carries the request's query string over to location.
	keepQuery bool
}

// resolve applies the serving rules, in order, to the decoded request path p
// (already checked by checkPath): the manifest's (rules 3 to 6, see
// route.Manifest.Resolve), then the output's files.
func resolve(m *route.Manifest, p string) action {
	switch r := m.Resolve(p); r.Answer {
	case route.Exact:
		return action{kind: actRoute, file: m.File(p)}
	case route.Canonical:
		return routeRedirect(r.Location)
	case route.Redirected:
		return configRedirect(r.Location)
	}
	// Rule 7: a file of the output, named relative to the base URL because
	// the output layout does not include it (route.FileFor).
	// Host configuration (_redirects, _headers, _deploy/) is not served.
	if rel, ok := strings.CutPrefix(p, m.BaseURL); ok && fs.ValidPath(rel) && rel != "." && !policy.Hidden(rel) {
		return action{kind: actFile, file: rel}
	}
	// Rule 8: anything else, including every path outside the base URL.
	return action{kind: actNotFound}
}

// routeRedirect redirects to the route path p, percent-encoded for the
// Location header.
func routeRedirect(p string) action {
	loc := (&url.URL{Path: p}).EscapedPath()
	return action{kind: actRedirect, location: loc, keepQuery: true}
}

// configRedirect redirects as the site config says. Its target is written
// by the author and used as is; the query is kept only when it has no query
// or fragment of its own, like the redirect pages Docusaurus writes (§2.4).
func configRedirect(to string) action {
	return action{kind: actRedirect, location: to, keepQuery: !strings.ContainsAny(to, "?#")}
}

// maxDecodeRounds bounds how many layers of percent-encoding checkPath peels.
// Double and triple encodings are the classic way past a filter that decodes
// once; each layer shrinks the path, but a long path could otherwise take many
// rounds, so deeper nesting is refused outright.
const maxDecodeRounds = 4

// checkPath refuses request paths no site page can have and that only serve
// to escape the site: a NUL byte, a backslash (a separator on Windows), or a
// ".." segment, also when percent-encoded once more or hidden behind a
// ";parameter" (a trick against servers that strip path parameters). p is the
// already-decoded URL path. The FS forbids escaping on its own; this check
// keeps such paths away from it and answers 400 (RFC 9110 §15.5.1).
func checkPath(p string) error {
	if !strings.HasPrefix(p, "/") {
		return errBadRequest("path does not start with /")
	}
	for range maxDecodeRounds {
		if reason := hostile(p); reason != "" {
			return errBadRequest(reason)
		}
		next, err := url.PathUnescape(p)
		if err != nil || next == p {
			// Not valid percent-encoding: the '%' is literal, nothing hides.
			return nil
		}
		p = next
	}
	return errBadRequest("path is percent-encoded too many times")
}

// hostile says why p is refused, or "" when it is not.
func hostile(p string) string {
	if strings.ContainsRune(p, 0) {
		return "path contains a NUL byte"
	}
	if strings.ContainsRune(p, '\\') {
		return "path contains a backslash"
	}
	for seg := range strings.SplitSeq(p, "/") {
		seg, _, _ = strings.Cut(seg, ";")
		if seg == ".." {
			return `path contains a ".." segment`
		}
	}
	return ""
}
