package build_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/build"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/route"
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
func runSite(t *testing.T, txt string) (*build.Result, error) {
	t.Helper()
	site, _ := siteFromTxtar(txtar.Parse([]byte(txt)))
	return build.Run(context.Background(), site, build.WithTheme(portal.Theme()))
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
			res, err := build.Run(context.Background(), site, build.WithTheme(portal.Theme()))
			_, wantSuccess := want["want-success"]
			if wantSuccess && err != nil {
				t.Fatalf("build failed, want success:\n%s", strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
			}
			if !wantSuccess && !errors.Is(err, build.ErrFailed) {
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
		if _, ok := out.File(route.FileFor("/", p)); !ok {
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

func pageData(t *testing.T, out *build.Output, p string) *build.PageData {
	t.Helper()
	entry, ok := out.Manifest.Lookup(p)
	if !ok {
		t.Fatalf("no route %s", p)
	}
	raw, ok := out.File(strings.TrimPrefix(entry.Data, "/"))
	if !ok {
		t.Fatalf("no data file %s", entry.Data)
	}
	var data build.PageData
	if err := json.Unmarshal(raw, &data); err != nil {
		t.Fatal(err)
	}
	return &data
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
	html, ok := res.Output.File(route.FileFor("/", "/docs/intro/"))
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
	var initial build.RenderInput
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
