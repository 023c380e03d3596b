package pipeline

import (
	"crypto/sha256"
	"fmt"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/sidebar"
)

// fhirPages is what the build keeps of the site's FHIR material.
type fhirPages struct {
	site *fhir.Site
	// byDoc maps a generated doc to its page.
	byDoc map[*content.Doc]*fhir.Page
	// docs are the generated docs in the order of the FHIR pages.
	docs []*content.Doc
	// configFile is the config file the pages are configured in.
	configFile string
}

// validationMemo keeps the FHIR validation's findings in a persistent
// build store (memos.fhirValidation).
type validationMemo struct{ m *memos }

// fhirPrepareOptions keep the validation's findings in a persistent
// store, by a key of what the preparation read (recorder); a temporary
// store is empty at every build. A store that holds findings of an earlier
// build leaves the base specifications to be decoded when needed: a
// rebuild that recalls the findings and the pages needs none.
func (b *builder) fhirPrepareOptions(recorder *readRecorder, cfg *config.Site) []fhir.PrepareOption {
	if !b.store.Persistent() || recorder == nil {
		return nil
	}
	inputs := func() [sha256.Size]byte { return recorder.key(cfg.FHIR, cfg.File) }
	opts := []fhir.PrepareOption{fhir.WithValidationMemo(validationMemo{b.memo}, inputs), fhir.WithParsedMemo(parsedMemo{b, cfg.FHIR.Path})}
	if !b.memo.fhirValidation.Empty() {
		opts = append(opts, fhir.WithLazySpecs())
	}
	return opts
}

// Recall reads the findings from the store; a damaged entry is a miss.
func (m validationMemo) Recall(key [sha256.Size]byte) ([]diag.Diagnostic, bool) {
	return m.m.fhirValidation.Get(m.m.fhirValidationKey(key))
}

// Remember stores the findings.
func (m validationMemo) Remember(key [sha256.Size]byte, diags []diag.Diagnostic) {
	// Only an optimisation: a store that cannot keep it validates again.
	_ = m.m.fhirValidation.Put(m.m.fhirValidationKey(key), diags)
}

// parsedMemo keeps the FHIR folder's parse in a persistent build store
// (memos.fhirParsed).
type parsedMemo struct {
	b    *builder
	path string
}

func (m parsedMemo) key() buildcache.Key { return m.b.memo.fhirParsedKey(m.path) }

// Recall reads the kept parse; the store checks the entry's CRC-32C.
func (m parsedMemo) Recall() ([]byte, bool) { return m.b.memo.fhirParsed.Get(m.key()) }

// Remember keeps the parse, encoding it beside the build (Run waits for
// it); only an optimisation.
func (m parsedMemo) Remember(encode func() ([]byte, bool)) {
	m.b.background.Go(func() {
		if data, ok := encode(); ok {
			_ = m.b.memo.fhirParsed.Replace(m.key(), data)
		}
	})
}

// generatedDoc is the doc a generated FHIR page becomes, so that generated
// pages share routes, sidebars, link checking and search with hand-written
// docs. configFile is the config file that configures the page.
func generatedDoc(configFile string, p *fhir.Page) content.Generated {
	g := content.Generated{ID: p.DocID, Source: p.Source, ProseFile: p.ProseFile, Prose: p.Prose,
		Title: p.Title, Description: p.Description,
		NoVersion: diag.Diagnostic{File: configFile, Line: p.ConfigLine, Severity: diag.Error,
			Message: "FHIR pages are configured but the site has no current docs version to put them in",
			Hint:    "keep includeCurrentVersion on, or remove the fhir pages"}}
	if p.Kind == "capabilitystatement" {
		// A whole statement repeats every resource page: those come first.
		half := 0.5
		g.SearchWeight = &half
	}
	return g
}

// newFHIRPages pairs the generated docs with their pages and tells the
// FHIR renderer their routes, so tables link a profile, extension or
// resource to its page on this site.
func newFHIRPages(cfg *config.Site, site *fhir.Site, docs *content.Site) *fhirPages {
	f := &fhirPages{site: site, byDoc: map[*content.Doc]*fhir.Page{}, configFile: cfg.File}
	byCanonical := map[string]string{}
	byResource := map[string]string{}
	for i, doc := range docs.GeneratedDocs {
		if doc == nil {
			continue
		}
		p := site.Pages[i]
		f.byDoc[doc] = p
		f.docs = append(f.docs, doc)
		if c := p.Canonical(); c != "" {
			byCanonical[c] = doc.Permalink
		}
		if p.ResourceType != "" {
			byResource[p.API.ID+"\x00"+p.ResourceType] = doc.Permalink
		}
	}
	site.SetLinker(fhir.Linker{
		BaseURL:   cfg.BaseURL,
		Canonical: func(url string) string { return byCanonical[url] },
		Resource:  func(apiID, t string) string { return byResource[apiID+"\x00"+t] },
	})
	return f
}

// expand is the Markdown a body renders: its FHIR directives replaced, and
// for a generated doc its page's content in place.
//
// A directive without api="…" takes the page's API (PageAPIs); a bad
// fhir_api front matter value is reported by the content checks.
func (f *fhirPages) expand(j *renderJob) ([]byte, []int, []diag.Diagnostic) {
	page, generated := f.byDoc[j.doc]
	generated = generated && j.doc != nil
	if !generated && !containsDirective(j.body) {
		return j.body, nil, nil
	}
	docID, fm := "", j.frontMatter()
	if j.doc != nil {
		docID = j.doc.ID
	}
	apis, _ := f.site.PageAPIs(j.source, docID, page, fm.Extra[fhir.FrontMatterAPIKey], fm.Lines[fhir.FrontMatterAPIKey])
	if generated {
		exp, ds := f.site.ExpandPage(j.source, j.body, j.bodyLine+1, page, apis)
		return exp.Body, exp.FileLines, ds
	}
	exp, ds := f.site.Expand(j.source, j.body, j.bodyLine+1, nil, apis)
	return exp.Body, exp.FileLines, ds
}

// placements put the generated docs into their configured sidebars, one
// category per page set, in the order of the current version's docs.
func (f *fhirPages) placements(v *content.Version) []sidebar.Placement {
	if v.Name != content.CurrentVersion || !v.Instance.Config.IsDefault() || len(f.byDoc) == 0 {
		return nil
	}
	var out []sidebar.Placement
	index := map[string]int{}
	for _, doc := range v.Docs {
		p, ok := f.byDoc[doc]
		if !ok || p.Sidebar == "" {
			continue
		}
		key := fmt.Sprintf("%s\x00%d\x00%s", p.API.ID, p.ConfigLine, p.Sidebar)
		i, seen := index[key]
		if !seen {
			i = len(out)
			index[key] = i
			out = append(out, sidebar.Placement{SidebarID: p.Sidebar, Label: categoryLabel(p),
				Missing: diag.Diagnostic{File: f.configFile, Line: p.ConfigLine, Severity: diag.Error,
					Message: fmt.Sprintf("FHIR pages name sidebar %q, which %s does not define", p.Sidebar, v.SidebarFile),
					Hint:    "use the id of a sidebar in the sidebars file"}})
		}
		out[i].Docs = append(out[i].Docs, doc)
	}
	return out
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

// downloadPaths are the download URLs links may target.
func (f *fhirPages) downloadPaths(baseURL string, files map[string]bool) {
	for _, api := range f.site.APIs {
		for _, p := range []string{api.CapabilityDownload, api.PostmanDownload, api.SmartDownload} {
			if p != "" {
				files[baseURL+p] = true
			}
		}
	}
	for _, d := range f.site.Published {
		files[baseURL+d.Path] = true
	}
}
