package contract

import (
	"context"
	"errors"
	"github.com/portaldocs/portal/internal/racetest"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/ssr"
	"github.com/portaldocs/portal/internal/theme"
)

// contractSite is a small site that makes the engine write most of the
// contract's shapes: versions, an empty sidebar, a generated index, a home
// page with hero and features, a page without headings, redirects, footer,
// announcement bar and every kind of navbar item it resolves.
const contractSite = `
-- portal.yaml --
title: Contract
tagline: Every shape
url: https://docs.example.org
baseUrl: /
redirects:
  - from: /old
    to: /docs/next/guide/
themeConfig:
  announcementBar:
    id: news
    content: 'News <a href="/docs/">here</a>'
  navbar:
    title: Contract
    logo:
      alt: Logo
      src: img/logo.svg
    items:
      - type: doc
        docId: intro
        label: Docs
      - type: docSidebar
        sidebarId: main
      - type: dropdown
        label: More
        items:
          - label: Guide
            to: /docs/next/guide/
      - type: docsVersionDropdown
      - href: https://example.org
        label: External
        position: right
  footer:
    style: dark
    links:
      - title: Docs
        items:
          - label: Intro
            to: /docs/
    copyright: Copyright
-- versions.json --
["1.0"]
-- sidebars.yaml --
main:
  - intro
  - guide
  - type: category
    label: Topics
    link:
      type: generated-index
      title: All topics
    items:
      - topics/a
empty: []
-- docs/intro.md --
---
slug: /
---
# Intro

## Section

### Subsection
-- docs/guide.md --
---
last_update:
  author: Ada
  date: 2024-01-02
tags: [one, two]
---
# Guide

No headings below the title.
-- docs/topics/a.md --
# Topic A
-- versioned_docs/version-1.0/intro.md --
---
slug: /
---
# Intro (1.0)
-- versioned_sidebars/version-1.0-sidebars.json --
{"main": ["intro"]}
-- pages/index.md --
---
title: Home
layout: home
hero:
  title: Contract
features:
  - title: One
    description: First
---
-- pages/about.md --
# About
-- img/logo.svg --
<svg xmlns="http://www.w3.org/2000/svg"/>
`

// TestBuildOutputMatchesContract builds sites with the real engine and
// checks every JSON file it writes against the generated TypeScript: the
// types may say what they like, but the theme reads what the build writes.
func TestBuildOutputMatchesContract(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	res, err := Contract()
	if err != nil {
		t.Fatal(err)
	}
	mod, err := parseTS(string(res.Code))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := theme.Load(portal.Theme()); errors.Is(err, theme.ErrNotBuilt) {
		t.Skip("the theme bundle is not built (make theme), and the build needs it")
	}
	t.Run("inline site", func(t *testing.T) {
		checkBuild(t, mod, mapFS(contractSite), true)
	})
	t.Run("portal site", func(t *testing.T) {
		dir := filepath.Join("..", "..", "site")
		if _, err := os.Stat(filepath.Join(dir, "portal.yaml")); err != nil {
			t.Skip("no site/ folder")
		}
		checkBuild(t, mod, os.DirFS(dir), false)
	})
}

// mapFS reads "-- name --" sections (the txtar layout) into a file system.
func mapFS(archive string) fstest.MapFS {
	site := fstest.MapFS{}
	var name string
	var body strings.Builder
	flush := func() {
		if name != "" {
			site[name] = &fstest.MapFile{Data: []byte(body.String())}
		}
		body.Reset()
	}
	for _, line := range strings.SplitAfter(archive, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimRight(line, "\n"), "-- "); ok && strings.HasSuffix(rest, " --") {
			flush()
			name = strings.TrimSuffix(rest, " --")
			continue
		}
		body.WriteString(line)
	}
	flush()
	return site
}

// checkBuild builds site and checks its JSON against the contract. The
// pages' HTML is left unrendered (a lazy build, as portal dev's): the JSON
// is the same, and the portal's prerender under the race detector would
// take most of the test's time limit.
func checkBuild(t *testing.T, mod *tsModule, site fs.FS, mustBuild bool) {
	t.Helper()
	bundle, err := theme.Load(portal.Theme())
	if err != nil {
		t.Fatal(err)
	}
	pool, err := ssr.NewPool(bundle.Server, ssr.WithSize(1))
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	out, err := pipeline.Run(context.Background(), site, pipeline.WithTheme(portal.Theme()), pipeline.WithLazyPrerender(),
		pipeline.WithPrerenderPool(pool), pipeline.WithOutputDir(filepath.Join(t.TempDir(), "out")))
	if err != nil {
		var msgs []string
		for _, d := range out.Diagnostics {
			msgs = append(msgs, d.String())
		}
		if !mustBuild && errors.Is(err, pipeline.ErrFailed) {
			t.Skipf("the site does not build, so its output cannot be checked: %v\n%s", err, strings.Join(msgs, "\n"))
		}
		t.Fatalf("build: %v\n%s", err, strings.Join(msgs, "\n"))
	}
	c := newChecker(mod)
	file := func(url string) []byte {
		t.Helper()
		data, ok := out.Output.File(strings.TrimPrefix(url, out.Output.Manifest.BaseURL))
		if !ok {
			t.Fatalf("the build wrote no %s", url)
		}
		return data
	}
	check := func(name string, data []byte, root string) {
		t.Helper()
		for _, e := range c.checkJSON(data, root) {
			t.Errorf("%s: %s", name, e)
		}
	}
	m := out.Output.Manifest
	manifest, ok := out.Output.File("routes.json")
	if !ok {
		t.Fatal("no routes.json")
	}
	check("routes.json", manifest, "RouteManifest")
	check(m.SiteData, file(m.SiteData), "SiteData")
	check(m.SidebarsData, file(m.SidebarsData), "SidebarsData")
	check(m.NotFoundData, file(m.NotFoundData), "PageData")
	for _, r := range m.Routes {
		check(r.Data, file(r.Data), "PageData")
	}
}
