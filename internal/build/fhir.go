package build

import (
	"bytes"
	"fmt"

	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir"
)

// fhirPages is what the build keeps of the site's FHIR material.
type fhirPages struct {
	site *fhir.Site
	// byDoc maps a generated doc to its page.
	byDoc map[*content.Doc]*fhir.Page
}

// prepareFHIR loads the FHIR folder and adds a doc to the current version
// for every generated page, so generated pages share routes, sidebars,
// link checking and search with hand-written docs.
func (b *builder) prepareFHIR() {
	site, ds := fhir.Prepare(b.ctx, b.site, b.cfg.FHIR, b.cfg.File, fhir.BaseSpecs)
	b.diags.Add(ds...)
	b.fhir = &fhirPages{site: site, byDoc: map[*content.Doc]*fhir.Page{}}
	if len(site.Pages) == 0 {
		b.linkFHIR()
		return
	}
	current := b.currentVersion()
	if current == nil {
		b.diags.Add(diag.Diagnostic{File: b.cfg.File, Line: site.Pages[0].ConfigLine, Severity: diag.Error,
			Message: "FHIR pages are configured but the site has no current docs version to put them in",
			Hint:    "keep includeCurrentVersion on, or remove the fhir pages"})
		return
	}
	for _, p := range site.Pages {
		doc, ds := current.AddGenerated(content.Generated{ID: p.DocID, Source: p.Source, ProseFile: p.ProseFile, Prose: p.Prose})
		b.diags.Add(ds...)
		if doc == nil {
			continue
		}
		if doc.FrontMatter.Title == "" {
			doc.FrontMatter.Title = p.Title
		}
		if doc.FrontMatter.Description == "" {
			doc.FrontMatter.Description = p.Description
		}
		if doc.FrontMatter.SearchWeight == nil && p.Kind == "capabilitystatement" {
			// A whole statement repeats every resource page: those come first.
			half := 0.5
			doc.FrontMatter.SearchWeight = &half
		}
		switch {
		case len(bytes.TrimSpace(doc.Body)) == 0:
			doc.Body = []byte("::fhir-generated\n")
		case !bytes.Contains(doc.Body, []byte("::fhir-generated")):
			doc.Body = append(append(bytes.TrimRight(doc.Body, "\n"), "\n\n"...), "::fhir-generated\n"...)
		}
		b.fhir.byDoc[doc] = p
	}
	b.linkFHIR()
}

func (b *builder) currentVersion() *content.Version {
	for _, v := range b.content.Versions {
		if v.Name == content.CurrentVersion {
			return v
		}
	}
	return nil
}

// linkFHIR tells the renderer the routes of generated pages, so tables
// link a profile, extension or resource to its page on this site.
func (b *builder) linkFHIR() {
	byCanonical := map[string]string{}
	byResource := map[string]string{}
	for doc, p := range b.fhir.byDoc {
		if c := p.Canonical(); c != "" {
			byCanonical[c] = doc.Permalink
		}
		if p.ResourceType != "" {
			byResource[p.API.ID+"\x00"+p.ResourceType] = doc.Permalink
		}
	}
	b.fhir.site.SetLinker(fhir.Linker{
		BaseURL:   b.cfg.BaseURL,
		Canonical: func(url string) string { return byCanonical[url] },
		Resource:  func(apiID, t string) string { return byResource[apiID+"\x00"+t] },
	})
}

// expandFHIR replaces the FHIR directives of a body, keeping file lines.
func (b *builder) expandFHIR(j *renderJob, doc *content.Doc) {
	if !bytes.Contains(j.body, []byte("::fhir-")) {
		return
	}
	page := b.fhir.byDoc[doc]
	exp, ds := b.fhir.site.Expand(j.source, j.body, j.bodyLine+1, page)
	b.diags.Add(ds...)
	j.body, j.fileLines = exp.Body, exp.FileLines
}

// placeFHIRPages puts generated pages into their configured sidebars.
func (b *builder) placeFHIRPages() {
	current := b.currentVersion()
	if current == nil || len(b.fhir.byDoc) == 0 {
		return
	}
	sb := b.sidebars[current.Name]
	type set struct {
		sidebar, label string
		line           int
		docs           []*content.Doc
	}
	var sets []*set
	index := map[string]*set{}
	for _, doc := range current.Docs {
		p, ok := b.fhir.byDoc[doc]
		if !ok || p.Sidebar == "" {
			continue
		}
		key := fmt.Sprintf("%s\x00%d\x00%s", p.API.ID, p.ConfigLine, p.Sidebar)
		s := index[key]
		if s == nil {
			s = &set{sidebar: p.Sidebar, label: categoryLabel(p), line: p.ConfigLine}
			index[key] = s
			sets = append(sets, s)
		}
		s.docs = append(s.docs, doc)
	}
	for _, s := range sets {
		if !sb.Ensure(s.sidebar, s.label, s.docs) {
			b.diags.Add(diag.Diagnostic{File: b.cfg.File, Line: s.line, Severity: diag.Error,
				Message: fmt.Sprintf("FHIR pages name sidebar %q, which %s does not define", s.sidebar, current.SidebarFile),
				Hint:    "use the id of a sidebar in the sidebars file"})
		}
	}
}

func categoryLabel(p *fhir.Page) string {
	if p.Category != "" {
		return p.Category
	}
	switch p.Kind {
	case "resources":
		return "Resources"
	case "extensions":
		return "Extensions"
	case "operations":
		return "Operations"
	}
	return "" // a single page: a plain link

}

// emitFHIRDownloads publishes each API's CapabilityStatement and Postman
// collection.
func (b *builder) emitFHIRDownloads(out *Output) {
	downloads, ds := b.fhir.site.Downloads()
	b.diags.Add(ds...)
	for _, d := range downloads {
		out.add(d.Path, d.Data)
	}
}

// fhirDownloadPaths are the download URLs links may target.
func (b *builder) fhirDownloadPaths(files map[string]bool) {
	if b.fhir == nil {
		return
	}
	for _, api := range b.fhir.site.APIs {
		for _, p := range []string{api.CapabilityDownload, api.PostmanDownload} {
			if p != "" {
				files[b.cfg.BaseURL+p] = true
			}
		}
	}
	for _, d := range b.fhir.site.Published {
		files[b.cfg.BaseURL+d.Path] = true
	}
}
