package dev

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	portal "github.com/portaldocs/portal"
)

// The race these tests guard against: in portal dev the prerender pool
// outlives each build, and pages are prerendered when first asked for. A
// page of the build being served must render with that build's site data
// and sidebars, never with those of a build that is on its way (or that
// failed on its way).

// buildMarkers are the texts by which a response shows which build it
// came from: the site title and the sidebar category label (shared by
// every page of a build), and the site URL in the page's canonical link
// (the page's own data). Each carries the build's number.
var buildMarkers = regexp.MustCompile(`Site (\d+)|Guides (\d+)|https://v(\d+)\.example\.org`)

// raceGuides is how many pages the sidebar category lists: each is
// prerendered once per build, on its first request.
const raceGuides = 8

// writeRaceSite writes build n of the test site: its number is in the
// config's title and url and in the sidebar's category label. A redirect
// that would replace a static file (failAtEmit) fails the build late, once
// its output is being written, after every earlier stage succeeded.
func writeRaceSite(t testing.TB, dir string, n int, failAtEmit bool) {
	t.Helper()
	config := fmt.Sprintf("title: Site %d\nurl: https://v%d.example.org\nbaseUrl: /\n", n, n)
	if failAtEmit {
		config += "redirects:\n  - from: /downloads/\n    to: /docs/intro/\n"
	}
	sidebars := fmt.Sprintf("docs:\n  - intro\n  - type: category\n    label: Guides %d\n    collapsed: false\n    items:\n", n)
	for i := 1; i <= raceGuides; i++ {
		sidebars += fmt.Sprintf("      - guides/p%d\n", i)
	}
	files := map[string]string{"portal.yaml": config, "sidebars.yaml": sidebars,
		"docs/intro.md":               "# Introduction\n\nWhere to start.\n",
		"static/downloads/index.html": "<!DOCTYPE html><title>Downloads</title>\n"}
	for i := 1; i <= raceGuides; i++ {
		files[fmt.Sprintf("docs/guides/p%d.md", i)] = fmt.Sprintf("# Guide %d\n\nText of guide %d.\n", i, i)
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// buildsIn lists the build numbers a page's HTML shows, sorted, without
// duplicates.
func buildsIn(html string) []string {
	seen := map[string]bool{}
	for _, m := range buildMarkers.FindAllStringSubmatch(html, -1) {
		seen[m[1]+m[2]+m[3]] = true
	}
	var out []string
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func fetchPage(t testing.TB, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Error(err)
		return ""
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Error(err)
	}
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET %s: %s", url, res.Status)
	}
	return string(body)
}

func newRaceServer(t *testing.T, site string) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(t.Context(), Options{Site: site, Theme: portal.Theme()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	if s.snapshot().FS == nil {
		t.Fatalf("the first build failed: %v", s.failure)
	}
	return s, ts
}

// TestPageOfLastGoodBuildAfterFailedBuild: a build that fails after its
// pages are known leaves the last good build served, and that build's pages
// render with its own site data and sidebars, also the pages first asked
// for after the failure.
func TestPageOfLastGoodBuildAfterFailedBuild(t *testing.T) {
	site := t.TempDir()
	writeRaceSite(t, site, 1, false)
	s, ts := newRaceServer(t, site)
	if got := buildsIn(fetchPage(t, ts.URL+"/docs/intro/")); strings.Join(got, ",") != "1" {
		t.Fatalf("the first build's page shows builds %v, want 1", got)
	}

	writeRaceSite(t, site, 2, true)
	s.rebuild(t.Context(), []string{"portal.yaml", "sidebars.yaml"})
	s.mu.Lock()
	failed := s.failure != nil
	s.mu.Unlock()
	if !failed {
		t.Fatal("the second build succeeded; it must fail for this test")
	}
	for i := 1; i <= raceGuides; i++ {
		path := fmt.Sprintf("/docs/guides/p%d/", i)
		if got := buildsIn(fetchPage(t, ts.URL+path)); strings.Join(got, ",") != "1" {
			t.Errorf("%s after a failed build shows builds %v, want only the last good one, 1", path, got)
		}
	}
}

// TestPagesDuringRebuildsShowOneBuild edits the sidebar and the site config
// again and again while pages are being requested, and checks that each
// response shows exactly one build.
func TestPagesDuringRebuildsShowOneBuild(t *testing.T) {
	site := t.TempDir()
	writeRaceSite(t, site, 1, false)
	s, ts := newRaceServer(t, site)

	const builds = 6
	ctx, stop := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	var mu sync.Mutex
	mixed := map[string][]string{}
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				path := fmt.Sprintf("/docs/guides/p%d/", (i+w)%raceGuides+1)
				if got := buildsIn(fetchPage(t, ts.URL+path)); len(got) != 1 {
					mu.Lock()
					mixed[path] = got
					mu.Unlock()
				}
			}
		}()
	}
	for n := 2; n <= builds; n++ {
		writeRaceSite(t, site, n, false)
		s.rebuild(t.Context(), []string{"portal.yaml", "sidebars.yaml"})
	}
	stop()
	wg.Wait()
	for path, got := range mixed {
		t.Errorf("%s showed builds %v in one response, want exactly one", path, got)
	}
	if got := buildsIn(fetchPage(t, ts.URL+"/docs/guides/p1/")); strings.Join(got, ",") != fmt.Sprint(builds) {
		t.Errorf("after the last rebuild a page shows builds %v, want %d", got, builds)
	}
}
