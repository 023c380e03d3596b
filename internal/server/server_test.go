package server

import (
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/portaldocs/portal/internal/policy"
	"github.com/portaldocs/portal/internal/route"
)

// ruleCase is one request and what its response must show. Headers listed
// with an empty value must be absent.
type ruleCase struct {
	name      string
	method    string // GET when empty
	target    string
	header    []string
	status    int
	headers   map[string]string
	body      string // substring of the body; "" skips
	noBody    bool
	notInBody string
}

func runRules(t *testing.T, h http.Handler, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			method := tc.method
			if method == "" {
				method = http.MethodGet
			}
			resp := request(h, method, tc.target, tc.header...)
			got := body(t, resp)
			if resp.StatusCode != tc.status {
				t.Fatalf("%s %s: status %d, want %d; body %q", method, tc.target, resp.StatusCode, tc.status, got)
			}
			for k, want := range tc.headers {
				if g := resp.Header.Get(k); g != want {
					t.Errorf("%s: %q, want %q", k, g, want)
				}
			}
			if tc.body != "" && !strings.Contains(got, tc.body) {
				t.Errorf("body %q does not contain %q", got, tc.body)
			}
			if tc.notInBody != "" && strings.Contains(got, tc.notInBody) {
				t.Errorf("body %q contains %q", got, tc.notInBody)
			}
			if tc.noBody && got != "" {
				t.Errorf("body %q, want none", got)
			}
		})
	}
}

const (
	html = "text/html; charset=utf-8"
	text = "text/plain; charset=utf-8"
)

func TestRulesAtRootBaseURL(t *testing.T) {
	h := fixture(t, "/", nil)
	runRules(t, h, []ruleCase{
		// Rule 1: GET and HEAD only.
		{name: "POST is 405", method: http.MethodPost, target: "/docs/x/", status: 405,
			headers: map[string]string{"Allow": "GET, HEAD", "Content-Type": text}},
		{name: "OPTIONS is 405", method: http.MethodOptions, target: "/", status: 405,
			headers: map[string]string{"Allow": "GET, HEAD"}},
		{name: "DELETE of a file is 405", method: http.MethodDelete, target: "/robots.txt", status: 405},

		// Rule 3: exact route.
		{name: "home route", target: "/", status: 200, body: "<h1>Home</h1>",
			headers: map[string]string{"Content-Type": html, "Cache-Control": "no-cache"}},
		{name: "doc route", target: "/docs/x/", status: 200, body: "<h1>X</h1>",
			headers: map[string]string{"Content-Type": html}},
		{name: "route with query", target: "/docs/x/?q=1", status: 200, body: "<h1>X</h1>"},
		{name: "routes are case-sensitive", target: "/Docs/X/", status: 404, body: "Page Not Found"},
		{name: "HEAD route has headers only", method: http.MethodHead, target: "/docs/x/", status: 200, noBody: true,
			headers: map[string]string{"Content-Type": html, "Content-Length": "10"}},

		// Rule 4: config redirect.
		{name: "redirect", target: "/baseUrls", status: 301,
			headers: map[string]string{"Location": "/docs/certified/service-base-urls/"}},
		{name: "redirect with trailing slash", target: "/baseUrls/", status: 301,
			headers: map[string]string{"Location": "/docs/certified/service-base-urls/"}},
		{name: "redirect keeps the query", target: "/baseUrls?a=1&b=2", status: 301,
			headers: map[string]string{"Location": "/docs/certified/service-base-urls/?a=1&b=2"}},
		{name: "redirect with its own query drops the request's", target: "/old-with-query?a=1", status: 301,
			headers: map[string]string{"Location": "/docs/x/?tab=1"}},
		{name: "redirect page reached by its file name", target: "/baseUrls/index.html", status: 301,
			headers: map[string]string{"Location": "/docs/certified/service-base-urls/"}},
		{name: "HEAD redirect", method: http.MethodHead, target: "/baseUrls", status: 301, noBody: true,
			headers: map[string]string{"Location": "/docs/certified/service-base-urls/"}},

		// Rule 5: missing trailing slash.
		{name: "route without slash", target: "/docs/x", status: 301,
			headers: map[string]string{"Location": "/docs/x/"}},
		{name: "route without slash keeps the query", target: "/docs/x?tab=2", status: 301,
			headers: map[string]string{"Location": "/docs/x/?tab=2"}},
		{name: "unknown path without slash", target: "/docs/y", status: 404, body: "Page Not Found"},

		// Rule 6: .html and /index.html name the route.
		{name: "route index.html", target: "/docs/x/index.html", status: 301,
			headers: map[string]string{"Location": "/docs/x/"}},
		{name: "route .html", target: "/docs/x.html", status: 301,
			headers: map[string]string{"Location": "/docs/x/"}},
		{name: "route .html keeps the query", target: "/docs/x.html?a=b", status: 301,
			headers: map[string]string{"Location": "/docs/x/?a=b"}},
		{name: "home index.html", target: "/index.html", status: 301,
			headers: map[string]string{"Location": "/"}},
		{name: "unknown index.html", target: "/nope/index.html", status: 404, body: "Page Not Found"},
		{name: "non-route html file is a file", target: "/docs/notes.html", status: 200, body: "Loose HTML file",
			headers: map[string]string{"Content-Type": html}},
		{name: "non-route index.html is a file", target: "/static/guide/index.html", status: 200, body: "Static guide"},

		// Rule 7: files.
		{name: "asset", target: "/assets/style.9c1d.css", status: 200, body: "body{margin:0}",
			headers: map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}},
		{name: "page data", target: "/data/docs-x.5e6f.json", status: 200, body: `"title"`,
			headers: map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}},
		{name: "sitemap", target: "/sitemap.xml", status: 200, body: "urlset",
			headers: map[string]string{"Cache-Control": "no-cache"}},
		{name: "robots", target: "/robots.txt", status: 200, body: "User-agent"},
		{name: "manifest", target: "/routes.json", status: 200, body: `"baseUrl":"/"`},
		{name: "static file", target: "/img/logo.svg", status: 200, body: "<svg/>",
			headers: map[string]string{"Cache-Control": "no-cache"}},
		{name: "404.html itself", target: "/404.html", status: 200, body: "Page Not Found"},
		{name: "file below a file", target: "/robots.txt/x", status: 404},
		{name: "folder is not listed", target: "/assets/", status: 404, body: "Page Not Found"},
		{name: "folder without slash", target: "/assets", status: 404, body: "Page Not Found"},
		{name: "route folder as a file name", target: "/docs", status: 404},
		{name: "double slash", target: "//robots.txt", status: 404},
		{name: "dot segment", target: "/./robots.txt", status: 404},
		{name: "HEAD file", method: http.MethodHead, target: "/robots.txt", status: 200, noBody: true,
			headers: map[string]string{"Content-Length": "14"}},

		// Rule 8: the not-found page.
		{name: "unknown path", target: "/nope/", status: 404, body: "<h1>Page Not Found</h1>",
			headers: map[string]string{"Content-Type": html, "Cache-Control": "no-cache"}},
		{name: "HEAD unknown path", method: http.MethodHead, target: "/nope/", status: 404, noBody: true,
			headers: map[string]string{"Content-Type": html}},

		// Every response carries the security headers.
		{name: "security headers on 200", target: "/", status: 200, headers: map[string]string{
			"X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin"}},
		{name: "security headers on 404", target: "/nope/", status: 404, headers: map[string]string{
			"X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin"}},
		{name: "security headers on 301", target: "/docs/x", status: 301, headers: map[string]string{
			"X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin"}},
		{name: "security headers on 405", method: http.MethodPut, target: "/", status: 405, headers: map[string]string{
			"X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin"}},
	})
}

func TestRulesUnderBaseURL(t *testing.T) {
	h := fixture(t, "/portal/", nil)
	runRules(t, h, []ruleCase{
		{name: "home", target: "/portal/", status: 200, body: "<h1>Home</h1>"},
		{name: "home without slash", target: "/portal", status: 301,
			headers: map[string]string{"Location": "/portal/"}},
		{name: "doc route", target: "/portal/docs/x/", status: 200, body: "<h1>X</h1>"},
		{name: "doc without slash", target: "/portal/docs/x?q=1", status: 301,
			headers: map[string]string{"Location": "/portal/docs/x/?q=1"}},
		{name: "doc index.html", target: "/portal/docs/x/index.html", status: 301,
			headers: map[string]string{"Location": "/portal/docs/x/"}},
		{name: "doc .html", target: "/portal/docs/x.html", status: 301,
			headers: map[string]string{"Location": "/portal/docs/x/"}},
		{name: "home index.html", target: "/portal/index.html", status: 301,
			headers: map[string]string{"Location": "/portal/"}},
		{name: "redirect", target: "/portal/baseUrls", status: 301,
			headers: map[string]string{"Location": "/portal/docs/certified/service-base-urls/"}},
		{name: "asset", target: "/portal/assets/style.9c1d.css", status: 200, body: "body{margin:0}"},
		{name: "robots", target: "/portal/robots.txt", status: 200, body: "User-agent"},
		{name: "unknown under base", target: "/portal/nope/", status: 404, body: "Page Not Found"},

		// Outside the base URL nothing exists, not even the files.
		{name: "root", target: "/", status: 404, body: "Page Not Found"},
		{name: "route without base", target: "/docs/x/", status: 404},
		{name: "route without base and slash", target: "/docs/x", status: 404},
		{name: "file without base", target: "/robots.txt", status: 404},
		{name: "asset without base", target: "/assets/style.9c1d.css", status: 404},
		{name: "redirect without base", target: "/baseUrls", status: 404},
		{name: "base prefix without slash boundary", target: "/portalx/robots.txt", status: 404},
	})
}

func TestContentTypes(t *testing.T) {
	h := fixture(t, "/", nil)
	cases := []struct{ target, want string }{
		{"/docs/x/", "text/html; charset=utf-8"},
		{"/docs/notes.html", "text/html; charset=utf-8"},
		{"/assets/style.9c1d.css", "text/css; charset=utf-8"},
		{"/assets/app.3f2a.js", "text/javascript; charset=utf-8"},
		{"/assets/app.3f2a.js.map", "application/json"},
		{"/data/docs-x.5e6f.json", "application/json"},
		{"/routes.json", "application/json"},
		{"/img/logo.svg", "image/svg+xml"},
		{"/sitemap.xml", "application/xml; charset=utf-8"},
		{"/robots.txt", "text/plain; charset=utf-8"},
		{"/favicon.ico", "image/x-icon"},
		{"/img/photo.png", "image/png"},
		{"/img/photo.jpg", "image/jpeg"},
		{"/img/photo.webp", "image/webp"},
		{"/assets/font.aa11.woff2", "font/woff2"},
		{"/site.webmanifest", "application/manifest+json"},
		{"/downloads/archive.bin", "application/octet-stream"},
		{"/assets/pre.1111.js.gz", "application/gzip"},
	}
	for _, tc := range cases {
		t.Run(tc.target, func(t *testing.T) {
			resp := request(h, http.MethodGet, tc.target)
			if resp.StatusCode != 200 {
				t.Fatalf("status %d", resp.StatusCode)
			}
			if got := resp.Header.Get("Content-Type"); got != tc.want {
				t.Errorf("Content-Type %q, want %q", got, tc.want)
			}
		})
	}
	// .mjs shares the .js type; checked on the table directly since the
	// fixture has no module.
	if got := policy.TypeOf("a/b.MJS").ContentType; got != "text/javascript; charset=utf-8" {
		t.Errorf(".MJS: %q", got)
	}
}

func TestNotFoundWithoutPage(t *testing.T) {
	m := fixtureManifest("/")
	fsys := fixtureFS(t, m)
	delete(fsys, "404.html")
	h := New(Static(Snapshot{FS: fsys, Manifest: m}))
	for _, method := range []string{http.MethodGet, http.MethodHead} {
		resp := request(h, method, "/nope/")
		got := body(t, resp)
		if resp.StatusCode != 404 || resp.Header.Get("Content-Type") != text {
			t.Errorf("%s: %d %q", method, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		if want := map[string]string{"GET": "404 Not Found\n", "HEAD": ""}[method]; got != want {
			t.Errorf("%s: body %q, want %q", method, got, want)
		}
	}
}

func TestRouteWithoutFileIsLogged(t *testing.T) {
	m := fixtureManifest("/")
	fsys := fixtureFS(t, m)
	delete(fsys, "docs/x/index.html")
	logs := &logBuffer{}
	h := New(Static(Snapshot{FS: fsys, Manifest: m}), WithLogger(logs.logger()))
	resp := request(h, http.MethodGet, "/docs/x/")
	if resp.StatusCode != 404 || !strings.Contains(body(t, resp), "Page Not Found") {
		t.Fatalf("status %d", resp.StatusCode)
	}
	var warned bool
	for _, rec := range logs.records(t) {
		if rec["level"] == "WARN" && strings.Contains(rec["error"].(string), "docs/x/index.html is missing") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning logged: %v", logs.records(t))
	}
}

func TestSiteNotBuiltYet(t *testing.T) {
	for name, snap := range map[string]Snapshot{
		"empty":       {},
		"no manifest": {FS: fstest.MapFS{}},
		"no files":    {Manifest: &route.Manifest{BaseURL: "/"}},
	} {
		t.Run(name, func(t *testing.T) {
			resp := request(New(Static(snap)), http.MethodGet, "/")
			if resp.StatusCode != 503 || resp.Header.Get("Retry-After") != "1" {
				t.Errorf("status %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
			}
		})
	}
}

func TestAccessLog(t *testing.T) {
	logs := &logBuffer{}
	h := fixture(t, "/", logs)
	req := request(h, http.MethodGet, "/docs/x/")
	_ = req
	request(h, http.MethodHead, "/nope/")
	request(h, http.MethodGet, "/%2e%2e/secret")

	recs := logs.records(t)
	if len(recs) != 3 {
		t.Fatalf("%d log lines, want one per request: %v", len(recs), recs)
	}
	want := []struct {
		method, path string
		status       float64
		bytes        float64
	}{
		{"GET", "/docs/x/", 200, 10},
		{"HEAD", "/nope/", 404, 0},
		{"GET", "/../secret", 400, float64(len("400 Bad Request\n"))},
	}
	for i, w := range want {
		rec := recs[i]
		if rec["level"] != "INFO" || rec["msg"] != "request" {
			t.Errorf("line %d: level %v msg %v", i, rec["level"], rec["msg"])
		}
		if rec["method"] != w.method || rec["path"] != w.path || rec["status"] != w.status || rec["bytes"] != w.bytes {
			t.Errorf("line %d: %v, want %+v", i, rec, w)
		}
		for _, k := range []string{"duration_ms", "remote", "id"} {
			if _, ok := rec[k]; !ok {
				t.Errorf("line %d: no %s", i, k)
			}
		}
	}
	if got, _ := recs[2]["error"].(string); !strings.Contains(got, `".." segment`) {
		t.Errorf("400 line: error %q", got)
	}
}

// plainFS hides Seek from its files, like a zip-backed FS, and refuses
// "private.txt" as a permission error.
type plainFS struct{ fs.FS }

type plainFile struct{ f fs.File }

func (p plainFile) Stat() (fs.FileInfo, error) { return p.f.Stat() }
func (p plainFile) Read(b []byte) (int, error) { return p.f.Read(b) }
func (p plainFile) Close() error               { return p.f.Close() }

func (p plainFS) Open(name string) (fs.File, error) {
	if name == "private.txt" {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	f, err := p.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return plainFile{f}, nil
}

func TestFSWithoutSeekAndPermissions(t *testing.T) {
	m := fixtureManifest("/")
	h := New(Static(Snapshot{FS: plainFS{fixtureFS(t, m)}, Manifest: m}))
	runRules(t, h, []ruleCase{
		{name: "route", target: "/docs/x/", status: 200, body: "<h1>X</h1>"},
		{name: "range", target: "/assets/app.3f2a.js", header: []string{"Range", "bytes=0-6"}, status: 206, body: "console"},
		{name: "conditional", target: "/robots.txt", header: []string{"If-None-Match", "*"}, status: 304},
		{name: "forbidden", target: "/private.txt", status: 403, body: "403 Forbidden",
			headers: map[string]string{"Content-Type": text}},
	})
	resp := request(h, http.MethodGet, "/assets/app.3f2a.js", "Accept-Encoding", "gzip")
	if gunzip(t, []byte(body(t, resp))) != bigJS {
		t.Error("gzip of an unseekable file")
	}
}

// TestAccessLogLines: WithAccessLog writes the same line slog's
// TextHandler would, buffered, and flushes it within a second.
func TestAccessLogLines(t *testing.T) {
	var out syncBuffer
	m := fixtureManifest("/")
	h := New(Static(Snapshot{FS: fixtureFS(t, m), Manifest: m}), WithAccessLog(&out))
	request(h, http.MethodGet, "/docs/x/")
	request(h, http.MethodGet, "/a%20b=c/")
	request(h, http.MethodGet, "/%2e%2e/secret")
	deadline := time.Now().Add(time.Second)
	for strings.Count(out.String(), "\n") < 3 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines flushed, want 3:\n%s", len(lines), out.String())
	}
	for i, want := range []*regexp.Regexp{
		regexp.MustCompile(`^time=\S+ level=INFO msg=request id=1 method=GET path=/docs/x/ status=200 bytes=10 duration_ms=[0-9.]+ remote=192\.0\.2\.1:1234$`),
		regexp.MustCompile(`^time=\S+ level=INFO msg=request id=2 method=GET path="/a b=c/" status=404 bytes=\d+ duration_ms=[0-9.]+ remote=192\.0\.2\.1:1234$`),
		regexp.MustCompile(`^time=\S+ level=INFO msg=request id=3 method=GET path=/\.\./secret status=400 bytes=16 duration_ms=[0-9.]+ remote=\S+ error="400 Bad Request: path contains a \\"\.\.\\" segment"$`),
	} {
		if !want.MatchString(lines[i]) {
			t.Errorf("line %d: %s\nwant %s", i+1, lines[i], want)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for the access log's timer goroutine.
type syncBuffer struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
