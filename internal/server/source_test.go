package server

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/route"
)

// swapSource is how the dev server will swap builds: an atomic pointer.
type swapSource struct{ cur atomic.Pointer[Snapshot] }

func (s *swapSource) Snapshot() Snapshot { return *s.cur.Load() }

func buildSnapshot(t testing.TB, version string) *Snapshot {
	m := fixtureManifest("/")
	fsys := fixtureFS(t, m)
	fsys["docs/x/index.html"] = &fstest.MapFile{Data: []byte("<h1>X " + version + "</h1>")}
	fsys["robots.txt"] = &fstest.MapFile{Data: []byte("# " + version)}
	return &Snapshot{FS: fsys, Manifest: m}
}

// TestSnapshotSwap: after a swap, pages, files and ETags come from the new
// build, never a cached hash of the old one.
func TestSnapshotSwap(t *testing.T) {
	src := &swapSource{}
	src.cur.Store(buildSnapshot(t, "v1"))
	h := New(src)

	v1 := request(h, http.MethodGet, "/robots.txt")
	if body(t, v1) != "# v1" {
		t.Fatal("v1 not served")
	}
	src.cur.Store(buildSnapshot(t, "v2")) // same size, same (zero) mtime
	v2 := request(h, http.MethodGet, "/robots.txt")
	if body(t, v2) != "# v2" {
		t.Fatal("v2 not served")
	}
	if v1.Header.Get("ETag") == v2.Header.Get("ETag") {
		t.Errorf("ETag %q kept across builds", v1.Header.Get("ETag"))
	}
	if r := request(h, http.MethodGet, "/robots.txt", "If-None-Match", v1.Header.Get("ETag")); r.StatusCode != 200 {
		t.Errorf("old ETag validated new content: %d", r.StatusCode)
	}
	if b := body(t, request(h, http.MethodGet, "/docs/x/")); b != "<h1>X v2</h1>" {
		t.Errorf("route page %q", b)
	}
}

// TestConcurrentRequestsDuringSwaps is for the race detector: requests and
// snapshot swaps interleave, each request sees one whole build, and first use
// of each new manifest's lazy index is not a data race.
func TestConcurrentRequestsDuringSwaps(t *testing.T) {
	src := &swapSource{}
	src.cur.Store(buildSnapshot(t, "v1"))
	h := New(src)

	targets := []string{"/docs/x/", "/docs/x", "/robots.txt", "/assets/app.3f2a.js", "/nope/", "/baseUrls"}
	stop := make(chan struct{})
	var swapper sync.WaitGroup
	swapper.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
				// A fresh manifest each time, so every swap exercises indexing.
				src.cur.Store(buildSnapshot(t, []string{"v1", "v2", "v3"}[i%3]))
			}
		}
	})
	var workers sync.WaitGroup
	for w := range 8 {
		workers.Go(func() {
			for i := range 200 {
				target := targets[(w+i)%len(targets)]
				resp := request(h, http.MethodGet, target, "Accept-Encoding", "gzip")
				if resp.StatusCode >= 500 {
					t.Errorf("%s: %d", target, resp.StatusCode)
				}
				if target == "/robots.txt" {
					if b := body(t, resp); !strings.HasPrefix(b, "# v") {
						t.Errorf("robots.txt %q", b)
					}
				}
			}
		})
	}
	workers.Wait()
	close(stop)
	swapper.Wait()
}

func TestDir(t *testing.T) {
	src, err := Dir(secretSite(t))
	if err != nil {
		t.Fatal(err)
	}
	snap := src.Snapshot()
	if snap.Manifest.BaseURL != "/" || len(snap.Manifest.Routes) != 4 {
		t.Fatalf("manifest %+v", snap.Manifest)
	}
	h := New(src)
	runRules(t, h, []ruleCase{
		{name: "route", target: "/docs/x/", status: 200, body: "<h1>X</h1>"},
		{name: "redirect", target: "/baseUrls", status: 301,
			headers: map[string]string{"Location": "/docs/certified/service-base-urls/"}},
		{name: "file", target: "/robots.txt", status: 200, body: "User-agent"},
		{name: "folder", target: "/assets/", status: 404, body: "Page Not Found"},
		{name: "folder without slash", target: "/img", status: 404, body: "Page Not Found"},
		{name: "file as folder", target: "/robots.txt/x", status: 404},
	})
}

func TestDirErrorsNameTheFile(t *testing.T) {
	write := func(t *testing.T, manifest string) string {
		dir := t.TempDir()
		if manifest != "" {
			if err := os.WriteFile(filepath.Join(dir, "routes.json"), []byte(manifest), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	valid := func(m *route.Manifest) string {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, tc := range []struct {
		name     string
		manifest string
		want     []string
	}{
		{"missing", "", []string{"routes.json not found", "portal build"}},
		{"not json", "{", []string{"routes.json is not a valid route manifest"}},
		{"wrong shape", `{"routes": 3}`, []string{"routes.json is not a valid route manifest"}},
		{"no base URL", `{"routes": []}`, []string{"routes.json", `baseUrl ""`}},
		{"base URL without slash", valid(&route.Manifest{BaseURL: "/portal"}), []string{`baseUrl "/portal"`}},
		{"routes outside base", valid(&route.Manifest{BaseURL: "/portal/", Routes: []route.Entry{
			{Path: "/docs/a/"}, {Path: "/portal/b"},
		}}), []string{`route "/docs/a/"`, `route "/portal/b"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := write(t, tc.manifest)
			_, err := Dir(dir)
			if err == nil {
				t.Fatal("no error")
			}
			want := append([]string{filepath.Join(dir, "routes.json")}, tc.want...)
			for _, w := range want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
	t.Run("no folder", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "missing")
		_, err := Dir(dir)
		if err == nil || !strings.Contains(err.Error(), dir) {
			t.Errorf("error %v does not name %s", err, dir)
		}
	})
}
