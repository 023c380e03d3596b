package server

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/policy"
	"github.com/portaldocs/portal/internal/route"
)

// FuzzRouting sends any path, query and Accept-Encoding through the rules
// over the fixture site: the answer is one the rules give (never a 5xx or
// a panic), a redirect stays on the site, a file answer is a regular file
// under the base URL that is not host configuration, and the resolved
// table never disagrees with resolve.
func FuzzRouting(f *testing.F) {
	for _, seed := range []struct{ path, query, ae string }{
		{"/docs/x/", "", "br"}, {"/docs/x", "a=1", "gzip;q=0.5, br;q=0"}, {"/baseUrls/index.html", "", "*"},
		{"/%2e%2e/etc/passwd", "", ""}, {"/docs/x.html", "x", "identity"}, {"/assets/app.3f2a.js", "", "x-gzip"},
		{"//docs//x/", "", ""}, {"/docs/x/;.html", "", ""}, {"/_redirects", "", ""}, {"/old-with-query/", "b=2", ""},
		{"/docs/%252e%252e/", "", ""}, {"/docs/x\x00/", "", ""},
	} {
		f.Add(seed.path, seed.query, seed.ae)
	}
	m := fixtureManifest("/")
	h := New(Static(Snapshot{FS: fixtureFS(f, m), Manifest: m}))
	f.Fuzz(func(t *testing.T, path, query, ae string) {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL = &url.URL{Path: path, RawQuery: query}
		req.Header.Set("Accept-Encoding", ae)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case 200, 206, 301, 304, 400, 404:
		default:
			t.Fatalf("%q: status %d", path, rec.Code)
		}
		if rec.Code == 301 {
			if loc := rec.Header().Get("Location"); !strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "//") {
				t.Fatalf("%q: redirect off the site to %q", path, loc)
			}
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("%q: no security headers", path)
		}
		if checkPath(path) != nil {
			return
		}
		act := resolve(m, path)
		if act.kind == actFile && (policy.Hidden(act.file) || strings.HasPrefix(act.file, "/") || strings.Contains("/"+act.file+"/", "/../")) {
			t.Fatalf("%q resolves to the file %q", path, act.file)
		}
	})
}

// FuzzResolve: route.Manifest.Resolve, the one place a path is normalised
// to a route, never panics, and what it answers holds: an exact or
// canonical answer names a route of the manifest, which resolves to itself
// (normalising is idempotent), and a redirect's target is the one the
// config wrote.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"", "/", "docs/x", "/docs//x/../y/", "./a/./b", "/a/b/", "/docs/x", "/docs/x/index.html",
		"/docs/x.html", "/baseUrls", "/baseUrls/index.html", "/index.html", ".html"} {
		f.Add(s)
	}
	m := fixtureManifest("/")
	f.Fuzz(func(t *testing.T, p string) {
		res := m.Resolve(p)
		switch res.Answer {
		case route.Exact, route.Canonical:
			if _, ok := m.Lookup(res.Location); !ok {
				t.Fatalf("Resolve(%q) = %+v, which is no route", p, res)
			}
			if again := m.Resolve(res.Location); again.Answer != route.Exact || again.Location != res.Location {
				t.Fatalf("Resolve(%q) = %+v, then %+v", p, res, again)
			}
		case route.Redirected:
			if res.Location == "" {
				t.Fatalf("Resolve(%q) redirects nowhere", p)
			}
		}
	})
}
