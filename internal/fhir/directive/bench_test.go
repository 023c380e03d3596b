package directive_test

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/fhir/directive"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/refpage"

	"gopkg.in/yaml.v3"
)

// portalSite is the portal's own site, whose pages use value directives
// the most.
const portalSite = "../../../site"

// valuePage is a page of the portal that carries value directives, with
// what the build expands it with.
type valuePage struct {
	file string
	body []byte
	line int
	page *refpage.Page
	apis []*model.API
}

// withoutOtherDirectives blanks the lines of leaf directives other than
// ::fhir-json (keeping line numbers), so that expanding a body costs what
// its value directives cost, not the rendering of whole statements.
func withoutOtherDirectives(body []byte) []byte {
	lines := bytes.SplitAfter(body, []byte("\n"))
	for i, l := range lines {
		if bytes.HasPrefix(l, []byte("::fhir-")) && !bytes.HasPrefix(l, []byte("::fhir-json{")) {
			lines[i] = []byte("\n")
		}
	}
	return bytes.Join(lines, nil)
}

// portalValuePages loads the portal's FHIR folder and every Markdown page
// of it that uses :fhir-value or ::fhir-json: the prose of generated pages
// and the hand-written docs, each with the APIs the page is about, as the
// build finds them.
func portalValuePages(tb testing.TB) (*fhir.Site, []valuePage) {
	tb.Helper()
	fsys := os.DirFS(portalSite)
	data, err := fs.ReadFile(fsys, "portal.yaml")
	if err != nil {
		tb.Fatalf("the portal's site config: %v", err)
	}
	cfg, diags := config.Parse("portal.yaml", data)
	if len(diags) > 0 || cfg == nil {
		tb.Fatalf("portal.yaml: %v", diags)
	}
	s, diags := fhir.Prepare(context.Background(), fsys, cfg.FHIR, "portal.yaml", fhir.BaseSpecs)
	for _, d := range diags {
		tb.Fatalf("the portal's FHIR folder: %s", d)
	}
	usesValues := func(md []byte) bool {
		return bytes.Contains(md, []byte(":fhir-value{")) || bytes.Contains(md, []byte("::fhir-json{"))
	}
	var pages []valuePage
	for _, p := range s.Pages {
		if !usesValues(p.Prose) {
			continue
		}
		body, line := content.StripFrontMatter(p.Prose)
		pages = append(pages, valuePage{file: p.ProseFile, body: withoutOtherDirectives(body), line: line + 1,
			page: p, apis: []*model.API{p.API}})
	}
	err = fs.WalkDir(fsys, "docs", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".md" {
			return err
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil || !usesValues(src) {
			return err
		}
		var fm struct {
			API any `yaml:"fhir_api"`
		}
		if head, _, ok := bytes.Cut(bytes.TrimPrefix(src, []byte("---\n")), []byte("\n---\n")); ok && bytes.HasPrefix(src, []byte("---\n")) {
			if err := yaml.Unmarshal(head, &fm); err != nil {
				return err
			}
		}
		docID := strings.TrimSuffix(strings.TrimPrefix(p, "docs/"), ".md")
		apis, diags := s.PageAPIs(p, docID, nil, fm.API, 1)
		for _, d := range diags {
			tb.Fatalf("%s", d)
		}
		body, line := content.StripFrontMatter(src)
		pages = append(pages, valuePage{file: p, body: withoutOtherDirectives(body), line: line + 1, apis: apis})
		return nil
	})
	if err != nil {
		tb.Fatalf("the portal's docs: %v", err)
	}
	return s, pages
}

// expandAll expands every page once, as a build does, and counts the
// value directives it met.
func expandAll(tb testing.TB, e *directive.Expander, pages []valuePage) int {
	directives := 0
	for _, p := range pages {
		_, diags := e.Expand(p.file, p.body, p.line, p.page, p.apis)
		for _, d := range diags {
			tb.Fatalf("unexpected diagnostic: %s", d)
		}
		directives += bytes.Count(p.body, []byte(":fhir-value{")) + bytes.Count(p.body, []byte("::fhir-json{"))
	}
	return directives
}

// BenchmarkExpandPortalValues expands every :fhir-value and ::fhir-json of
// the portal's own pages: the directive share of a build of the site.
func BenchmarkExpandPortalValues(b *testing.B) {
	s, pages := portalValuePages(b)
	e := expander(s)
	directives := expandAll(b, e, pages)
	if directives < 300 {
		b.Fatalf("found %d value directives in %d pages; the portal's pages have several hundred", directives, len(pages))
	}
	b.ResetTimer()
	for b.Loop() {
		// Every build starts from its own Site, with nothing decoded yet.
		s.Documents = model.Documents{}
		expandAll(b, e, pages)
	}
	b.ReportMetric(float64(directives), "directives/op")
}
