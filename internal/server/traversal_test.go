package server

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

const secret = "TOPSECRET"

// hostilePaths try to leave the site folder or confuse the path check.
var hostilePaths = []string{
	"/../secret",
	"/../../../../etc/passwd",
	"/%2e%2e/secret",
	"/%2E%2e/secret",
	"/%2e%2E%2fsecret",
	"/.%2e/secret",
	"/%252e%252e/secret",         // double-encoded
	"/%25252e%25252e/secret",     // triple-encoded
	"/%2525252e%2525252e/secret", // too deep to peel
	"/docs/..%2f..%2fsecret",
	"/docs/%2e%2e%2f%2e%2e%2fsecret",
	"/docs/..%252f..%252fsecret",
	"/assets/../../secret",
	"/docs/x/../../../secret",
	"/..;/secret",
	"/%2e%2e;x=1/secret",
	"/docs/..;jsessionid=1/..;/secret",
	"/a\\b",
	"/..\\secret",
	"/%5c..%5csecret",
	"/%255c..%255csecret",
	"/%00",
	"/robots.txt%00.html",
	"/%2500",
	"/docs/x/..",
}

// secretSite writes the fixture site into dir/site, with a secret file beside
// it and symbolic links that point out of the site.
func secretSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	m := fixtureManifest("/")
	if err := os.CopyFS(site, fixtureFS(t, m)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "secret"), []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"leak.txt":   filepath.Join(dir, "secret"), // absolute, outside
		"leak2.txt":  "../secret",                  // relative, outside
		"up":         "..",                         // a folder outside
		"alias.txt":  "robots.txt",                 // inside: allowed
		"assets/sub": "../img",                     // inside: allowed
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(site, name)); err != nil {
			t.Skipf("symlinks unsupported: %v", err)
		}
	}
	return site
}

func traversalHandlers(t *testing.T) map[string]http.Handler {
	m := fixtureManifest("/")
	fsys := fixtureFS(t, m)
	src, err := Dir(secretSite(t))
	if err != nil {
		t.Fatal(err)
	}
	return map[string]http.Handler{
		"Static(MapFS)": New(Static(Snapshot{FS: fsys, Manifest: m})),
		"Dir":           New(src),
	}
}

func TestHostilePathsAreRefused(t *testing.T) {
	for name, h := range traversalHandlers(t) {
		t.Run(name, func(t *testing.T) {
			for _, target := range hostilePaths {
				for _, method := range []string{http.MethodGet, http.MethodHead} {
					resp := request(h, method, target)
					got := body(t, resp)
					if resp.StatusCode != http.StatusBadRequest {
						t.Errorf("%s %s: status %d, want 400", method, target, resp.StatusCode)
					}
					if resp.Header.Get("Content-Type") != text {
						t.Errorf("%s %s: Content-Type %q", method, target, resp.Header.Get("Content-Type"))
					}
					if strings.Contains(got, secret) || strings.Contains(got, "root:") {
						t.Errorf("%s %s: leaked %q", method, target, got)
					}
				}
			}
		})
	}
}

// TestSymlinksCannotLeaveDir: links inside the folder work, links out of it
// are not found, because Dir opens the folder as an os.Root.
func TestSymlinksCannotLeaveDir(t *testing.T) {
	src, err := Dir(secretSite(t))
	if err != nil {
		t.Fatal(err)
	}
	logs := &logBuffer{}
	h := New(src, WithLogger(logs.logger()))
	for _, tc := range []struct {
		target string
		status int
	}{
		{"/leak.txt", 404},
		{"/leak2.txt", 404},
		{"/up/secret", 404},
		{"/alias.txt", 200},
		{"/assets/sub/logo.svg", 200},
	} {
		resp := request(h, http.MethodGet, tc.target)
		got := body(t, resp)
		if resp.StatusCode != tc.status || strings.Contains(got, secret) {
			t.Errorf("%s: status %d body %q, want %d without the secret", tc.target, resp.StatusCode, got, tc.status)
		}
	}
	// The site owner learns why a file in the folder is not served.
	var warned int
	for _, rec := range logs.records(t) {
		if rec["level"] == "WARN" && strings.Contains(rec["error"].(string), "escapes") {
			warned++
		}
	}
	if warned != 3 {
		t.Errorf("%d warnings about escaping links, want 3: %v", warned, logs.records(t))
	}
}

// spyFS records every name opened.
type spyFS struct {
	fs.FS
	mu     sync.Mutex
	opened []string
}

func (s *spyFS) Open(name string) (fs.File, error) {
	s.mu.Lock()
	s.opened = append(s.opened, name)
	s.mu.Unlock()
	return s.FS.Open(name)
}

// TestHostilePathsNeverReachTheFS: the check runs before the file system is
// asked anything.
func TestHostilePathsNeverReachTheFS(t *testing.T) {
	m := fixtureManifest("/")
	spy := &spyFS{FS: fixtureFS(t, m)}
	h := New(Static(Snapshot{FS: spy, Manifest: m}))
	for _, target := range hostilePaths {
		request(h, http.MethodGet, target)
	}
	if len(spy.opened) != 0 {
		t.Errorf("hostile paths opened %q", spy.opened)
	}
}

func TestCheckPath(t *testing.T) {
	for _, tc := range []struct {
		path string // decoded, as in URL.Path
		ok   bool
	}{
		{"/", true},
		{"/docs/x/", true},
		{"/docs/x.y/", true},
		{"/docs/.../", true}, // three dots is a name
		{"/..foo/", true},
		{"/foo../", true},
		{"/100%/", true}, // not valid encoding: a literal '%'
		{"/a;b/", true},
		{"/café/", true},
		{"", false},
		{"docs/", false},
		{"/../", false},
		{"/..", false},
		{"/a/../b", false},
		{"/..;/", false},
		{"/%2e%2e/", false},
		{"/%2E%2E/", false},
		{"/%252e%252e/", false},
		{"/a\\b", false},
		{"/%5c", false},
		{"/a\x00", false},
		{"/%00", false},
	} {
		err := checkPath(tc.path)
		if (err == nil) != tc.ok {
			t.Errorf("checkPath(%q) = %v, want ok=%v", tc.path, err, tc.ok)
		}
		if err != nil && asStatusError(err).status != http.StatusBadRequest {
			t.Errorf("checkPath(%q): status %d", tc.path, asStatusError(err).status)
		}
	}
}

// FuzzServe: whatever the decoded path, the handler answers with one of the
// expected statuses, never fails, and serves content only for paths that
// pass checkPath.
func FuzzServe(f *testing.F) {
	for _, p := range hostilePaths {
		f.Add(p)
	}
	for _, p := range []string{"/", "/docs/x", "/docs/x/index.html", "/robots.txt", "/assets/", "/baseUrls"} {
		f.Add(p)
	}
	m := fixtureManifest("/")
	h := New(Static(Snapshot{FS: fixtureFS(f, m), Manifest: m}))
	f.Fuzz(func(t *testing.T, p string) {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL.Path, req.URL.RawPath = p, ""
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case 200, 301, 400, 404:
		default:
			t.Fatalf("%q: status %d", p, rec.Code)
		}
		if rec.Code == 200 && checkPath(p) != nil {
			t.Fatalf("%q: served a path checkPath refuses", p)
		}
	})
}
