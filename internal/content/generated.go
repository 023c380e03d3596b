package content

import (
	"fmt"
	"path"

	"github.com/portaldocs/portal/internal/diag"
)

// Generated is a doc the build makes rather than reads from the docs
// folder (FHIR reference pages).
type Generated struct {
	// ID is the doc id, e.g. "api/fhir/r4/extensions/patient-race".
	ID string
	// Source is the file reported in diagnostics when there is no prose.
	Source string
	// ProseFile and Prose are an optional Markdown file (front matter and
	// text) that frames the generated content.
	ProseFile string
	Prose     []byte
	// Title, Description and SearchWeight are the doc's front matter where
	// its prose sets none.
	Title        string
	Description  string
	SearchWeight *float64
	// NoVersion is reported when the site has no current docs version for
	// the doc to join.
	NoVersion diag.Diagnostic
}

// parsedProse is a generated page's prose file, its front matter parsed
// (parseFrontMatter); zero for a page without one.
type parsedProse struct {
	fm       FrontMatter
	body     []byte
	bodyLine int
	diags    []diag.Diagnostic
}

// addGenerated adds a generated doc to the version with the same id, slug
// and permalink rules as a file at docs/<ID>.md, its prose file's front
// matter already parsed. A doc of that id, or at that permalink, already in
// the version is an error: one of the two pages would silently disappear.
func (v *Version) addGenerated(g Generated, prose parsedProse) (*Doc, []diag.Diagnostic) {
	if prev := v.DocByID(g.ID); prev != nil {
		return nil, []diag.Diagnostic{{File: prev.Source, Line: 1, Severity: diag.Error,
			Message: fmt.Sprintf("doc %q collides with the page generated from %s", g.ID, g.Source),
			Hint:    "rename or move the doc, or change the generated pages' path in the site config"}}
	}
	fm, body, bodyLine, diags := prose.fm, prose.body, prose.bodyLine, prose.diags
	source := g.Source
	if g.ProseFile != "" {
		source = g.ProseFile
	}
	if fm.Title == "" {
		fm.Title = g.Title
	}
	if fm.Description == "" {
		fm.Description = g.Description
	}
	if fm.SearchWeight == nil {
		fm.SearchWeight = g.SearchWeight
	}
	dir := path.Dir(g.ID)
	baseID := path.Base(g.ID)
	slug, err := computeSlug(fm.Slug, baseID, dir, false)
	if err != nil {
		return nil, append(diags, diag.Diagnostic{File: source, Line: fm.Lines["slug"], Severity: diag.Error,
			Message: fmt.Sprintf("generated page %q: %v", g.ID, err)})
	}
	doc := &Doc{ID: g.ID, Source: source, RelPath: g.ID + ".md", Dir: dir, Version: v, FrontMatter: fm,
		Body: body, BodyLine: bodyLine, Position: fm.SidebarPosition, Slug: slug, Permalink: v.Form.Join(v.Path, slug)}
	for _, d := range v.Docs {
		if d.Permalink == doc.Permalink {
			return nil, append(diags, diag.Diagnostic{File: d.Source, Line: 1, Severity: diag.Error,
				Message: fmt.Sprintf("doc at %s collides with the page generated from %s", d.Permalink, g.Source),
				Hint:    "change the doc's slug, or the generated pages' path in the site config"})
		}
	}
	v.Docs = append(v.Docs, doc)
	if v.byID == nil {
		v.byID = map[string]*Doc{}
	}
	v.byID[doc.ID] = doc
	return doc, diags
}
