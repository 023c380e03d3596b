package pipeline_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/portaldocs/portal/internal/racetest"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/themedata"
	"github.com/rogpeppe/go-internal/txtar"
)

// siteFromTxtar turns a txtar archive into a site folder in memory. The
// sections "want" and "want-success" are expectations, not site files.
func siteFromTxtar(ar *txtar.Archive) (fstest.MapFS, map[string]string) {
	site := fstest.MapFS{}
	want := map[string]string{}
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "want") {
			want[f.Name] = string(f.Data)
			continue
		}
		site[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	return site, want
}

// runSite builds an inline site given as txtar text.
func runSite(t *testing.T, txt string) (*pipeline.Result, error) {
	t.Helper()
	site, _ := siteFromTxtar(txtar.Parse([]byte(txt)))
	return run(t, site)
}

// run builds site with the embedded theme into an output folder the test
// removes when it ends.
func run(t testing.TB, site fs.FS, opts ...pipeline.Option) (*pipeline.Result, error) {
	t.Helper()
	return pipeline.Run(context.Background(), site, append([]pipeline.Option{pipeline.WithTheme(portal.Theme()),
		pipeline.WithOutputDir(filepath.Join(t.TempDir(), "out"))}, opts...)...)
}

// testCleanups run once every test of the package has: builds shared
// across tests leave their output folders to them.
var testCleanups []func()

func TestMain(m *testing.M) {
	code := m.Run()
	for _, c := range testCleanups {
		c()
	}
	os.Exit(code)
}

func renderDiagnostics(ds []diag.Diagnostic) []string {
	var lines []string
	for _, d := range ds {
		lines = append(lines, strings.Split(d.String(), "\n")...)
	}
	return lines
}

// TestFixtureSites builds each testdata/sites/*.txtar and checks its
// diagnostics against the archive's "want" section: every wanted line must
// appear, in order, and every error the build reports must be wanted.
func TestFixtureSites(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	files, err := filepath.Glob("testdata/sites/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixture sites: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			site, want := siteFromTxtar(ar)
			res, err := run(t, site)
			_, wantSuccess := want["want-success"]
			if wantSuccess && err != nil {
				t.Fatalf("build failed, want success:\n%s", strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
			}
			if !wantSuccess && !errors.Is(err, pipeline.ErrFailed) {
				t.Fatalf("build err = %v, want ErrFailed", err)
			}
			got := renderDiagnostics(res.Diagnostics)
			assertLinesInOrder(t, got, strings.Split(strings.TrimSpace(want["want"]), "\n"))
			assertErrorsWanted(t, res.Diagnostics, want["want"])
		})
	}
}

func assertLinesInOrder(t *testing.T, got, want []string) {
	t.Helper()
	i := 0
	for _, w := range want {
		w = strings.TrimSpace(w)
		if w == "" {
			continue
		}
		for i < len(got) && !strings.Contains(got[i], w) {
			i++
		}
		if i == len(got) {
			t.Fatalf("missing diagnostic line %q (in order) in:\n%s", w, strings.Join(got, "\n"))
		}
		i++
	}
}

func assertErrorsWanted(t *testing.T, ds []diag.Diagnostic, want string) {
	t.Helper()
	for _, d := range ds {
		head := strings.SplitN(d.String(), "\n", 2)[0]
		if d.Severity == diag.Error && !strings.Contains(want, head) {
			t.Errorf("unexpected error: %s", d)
		}
	}
}

func TestDocRoutesAndPageData(t *testing.T) {
	res, err := runSite(t, `
-- portal.yaml --
title: Fixture
url: https://docs.example.org
baseUrl: /
-- sidebars.yaml --
guide:
  - intro
  - type: category
    label: Setup
    link: {type: generated-index}
    items: [setup/install, setup/configure]
-- docs/intro.md --
---
slug: /
---
# Welcome

Read [install](./01-setup/01-install.md#requirements) first.
-- docs/01-setup/01-install.md --
---
title: Install
---
## Requirements

## Requirements

### Details {#custom}
-- docs/01-setup/02-configure.md --
---
pagination_label: Configure it
---
# Configure
`)
	if err != nil {
		t.Fatalf("build: %v\n%v", err, res.Diagnostics)
	}
	out := res.Output
	for _, p := range []string{"/docs/", "/docs/setup/install/", "/docs/setup/configure/", "/docs/category/setup/"} {
		entry, ok := out.Manifest.Lookup(p)
		if !ok {
			t.Fatalf("route %s missing; routes: %+v", p, out.Manifest.Routes)
		}
		if _, ok := out.File(route.Form{BaseURL: "/"}.File(p)); !ok {
			t.Errorf("no index.html for %s", p)
		}
		if _, ok := out.File(strings.TrimPrefix(entry.Data, "/")); !ok {
			t.Errorf("page data %s of %s not written", entry.Data, p)
		}
	}
	install := pageData(t, out, "/docs/setup/install/")
	if install.Title != "Install" {
		t.Errorf("title = %q", install.Title)
	}
	gotCrumbs := []string{}
	for _, c := range install.Doc.Breadcrumbs {
		gotCrumbs = append(gotCrumbs, c.Label+"="+c.Href)
	}
	if strings.Join(gotCrumbs, ",") != "Setup=/docs/category/setup/,Install=/docs/setup/install/" {
		t.Errorf("breadcrumbs = %v", gotCrumbs)
	}
	if install.Doc.Previous == nil || install.Doc.Previous.Permalink != "/docs/category/setup/" {
		t.Errorf("previous = %+v, want the generated index", install.Doc.Previous)
	}
	if install.Doc.Next == nil || install.Doc.Next.Title != "Configure it" {
		t.Errorf("next = %+v, want pagination_label", install.Doc.Next)
	}
	if len(install.TOC) != 2 || install.TOC[0].ID != "requirements" || install.TOC[1].ID != "requirements-1" ||
		len(install.TOC[1].Children) != 1 || install.TOC[1].Children[0].ID != "custom" {
		t.Errorf("toc = %+v", install.TOC)
	}
	intro := pageData(t, out, "/docs/")
	if !strings.Contains(intro.HTML, `href="/docs/setup/install/#requirements"`) {
		t.Errorf("markdown link not resolved: %s", intro.HTML)
	}
}

func pageData(t *testing.T, out *pipeline.Output, p string) *themedata.PageData {
	t.Helper()
	entry, ok := out.Manifest.Lookup(p)
	if !ok {
		t.Fatalf("no route %s", p)
	}
	raw, ok := out.File(strings.TrimPrefix(entry.Data, "/"))
	if !ok {
		t.Fatalf("no data file %s", entry.Data)
	}
	var data themedata.PageData
	if err := json.Unmarshal(raw, &data); err != nil {
		t.Fatal(err)
	}
	return &data
}

// TestIndexCards: a generated index shows one card per item that leads
// somewhere, with the doc's description when the sidebar gives none and a
// count of items for a category without one.
func TestIndexCards(t *testing.T) {
	res, err := runSite(t, `
-- portal.yaml --
title: Fixture
url: https://docs.example.org
baseUrl: /
-- sidebars.yaml --
docs:
  - type: category
    label: Everything
    link: {type: generated-index}
    items:
      - intro
      - secret
      - type: html
        value: <hr>
      - type: category
        label: Nested
        items: [a, b]
      - type: category
        label: Described
        description: Two more pages.
        items: [c]
      - type: link
        label: FHIR specification
        href: https://hl7.org/fhir/R4/
-- docs/intro.md --
---
description: Where to start.
---
# Intro
-- docs/secret.md --
---
unlisted: true
---
# Secret
-- docs/a.md --
# A
-- docs/b.md --
# B
-- docs/c.md --
# C
`)
	if err != nil {
		t.Fatalf("build: %v\n%v", err, res.Diagnostics)
	}
	index := pageData(t, res.Output, "/docs/category/everything/")
	var got []string
	for _, c := range index.Index.Cards {
		got = append(got, fmt.Sprintf("%s %s %s %q external=%v", c.Type, c.Href, c.Label, c.Description, c.External))
	}
	want := []string{
		`link /docs/intro/ Intro "Where to start." external=false`,
		`category /docs/a/ Nested "2 items" external=false`,
		`category /docs/c/ Described "Two more pages." external=false`,
		`link https://hl7.org/fhir/R4/ FHIR specification "" external=true`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("cards:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestAliases: the manifest resolves every other form of a path the site
// links to, as the server answers it, and nothing else.
// (A URL-relative link resolves against the page's URL as Docusaurus
// serves it, /docs/a without trailingSlash: "b" is /docs/b.)
func TestAliases(t *testing.T) {
	res, err := runSite(t, `
-- portal.yaml --
title: Fixture
url: https://docs.example.org
baseUrl: /
redirects:
  - from: /old
    to: /docs/b/
-- docs/a.md --
# A

See [B](/docs/b), [B again](b), [the old page](/old/) and [B itself](/docs/b/).
-- docs/b.md --
# B
`)
	if err != nil {
		t.Fatalf("build: %v\n%v", err, res.Diagnostics)
	}
	got := res.Output.Manifest.Aliases
	want := map[string]string{"/docs/b": "/docs/b/", "/old/": "/docs/b/"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("aliases = %v, want %v", got, want)
	}
}

// TestPrerenderedPageShipsContentOnce: the document's initial data leaves
// the content HTML out (the client reads it from the prerendered DOM), while
// the page data file, fetched on client-side navigation, keeps it.
func TestPrerenderedPageShipsContentOnce(t *testing.T) {
	res, err := runSite(t, `
-- portal.yaml --
title: Fixture
url: https://docs.example.org
baseUrl: /
-- docs/intro.md --
# Welcome

The first paragraph, which is also the page's description.

A paragraph only this page has: quillmoor-once.
`)
	if err != nil {
		t.Fatalf("build: %v\n%v", err, res.Diagnostics)
	}
	html, ok := res.Output.File(route.Form{BaseURL: "/"}.File("/docs/intro/"))
	if !ok {
		t.Fatal("no prerendered page /docs/intro/")
	}
	if n := strings.Count(string(html), "quillmoor-once"); n != 1 {
		t.Errorf("the prerendered page holds its content %d times, want once", n)
	}
	const open = `<script id="__portal-data" type="application/json">`
	start := strings.Index(string(html), open)
	if start < 0 {
		t.Fatal("the prerendered page has no initial data")
	}
	rest := string(html)[start+len(open):]
	var initial themedata.RenderInput
	if err := json.Unmarshal([]byte(rest[:strings.Index(rest, "</script>")]), &initial); err != nil {
		t.Fatalf("initial data: %v", err)
	}
	if initial.Page == nil || initial.Page.HTML != "" || initial.Page.Title != "Welcome" {
		t.Errorf("initial data page = %+v, want the page's data with no content HTML", initial.Page)
	}
	if data := pageData(t, res.Output, "/docs/intro/"); !strings.Contains(data.HTML, "quillmoor-once") {
		t.Errorf("the page data file lost the content HTML: %q", data.HTML)
	}
}
