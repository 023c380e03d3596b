package refpage

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"runtime"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/workers"
)

// Page is one generated doc.
type Page struct {
	API  *model.API
	Kind string
	// DocID is the doc's id in the current docs version.
	DocID string
	Title string
	// Description is the page's default description (meta and cards),
	// used when its prose sets none.
	Description string
	// Source is the file the page is generated from, for diagnostics.
	Source string
	// ProseFile is the Markdown file framing the page ("" when none); Prose
	// is its content, front matter included.
	ProseFile string
	Prose     []byte
	Sidebar   string
	Category  string
	// ConfigLine is the line of the page set in the site config.
	ConfigLine int
	// ResourceType is set for resource pages, File for extension and
	// operation pages.
	ResourceType string
	File         *model.File
}

// Canonical is the canonical URL the page documents ("" for resource and
// statement pages).
func (p *Page) Canonical() string {
	if p.File == nil {
		return ""
	}
	return p.File.URL
}

// List lists the pages one page set of an API generates, each with its
// prose file read from site (where the FHIR folder is m.Dir).
func List(ctx context.Context, site fs.FS, m *model.Site, api *model.API, pc config.FHIRPages, configFile string) ([]*Page, []diag.Diagnostic) {
	newPage := func(key, title, source string) *Page {
		docID := strings.NewReplacer("{id}", key, "{type}", key).Replace(pc.Path)
		return &Page{API: api, Kind: pc.Kind, DocID: docID, Title: title, Source: source,
			Sidebar: pc.Sidebar, Category: pc.Category, ConfigLine: pc.Line}
	}
	var pages []*Page
	switch pc.Kind {
	case "capabilitystatement":
		p := newPage("", api.Title+" CapabilityStatement", api.File.Path)
		p.Description = fmt.Sprintf("What the %s supports: FHIR version, formats, security and every resource with its interactions and search parameters.", api.Title)
		pages = append(pages, p)
	case "resources":
		if rest := api.Server(); rest != nil {
			for _, res := range rest.Resource {
				p := newPage(strings.ToLower(res.Type), res.Type, api.File.Path)
				p.ResourceType = res.Type
				p.Description = fmt.Sprintf("%s in the %s: profiles, interactions, search parameters and example requests.", res.Type, api.Title)
				pages = append(pages, p)
			}
		}
	case "extensions", "operations":
		dir := path.Join(m.Dir, pc.Source)
		for _, f := range m.Registry.InDir(dir) {
			if !pageKindMatches(pc.Kind, f) {
				continue
			}
			p := newPage(f.ID, resourceLabel(f), f.Path)
			p.File = f
			p.Description = plainText(model.FirstSentence(definitionDescription(f)))
			pages = append(pages, p)
		}
		if len(pages) == 0 {
			return nil, []diag.Diagnostic{{File: configFile, Line: pc.Line, Severity: diag.Error,
				Message: fmt.Sprintf("fhir API %q: no %s definitions found in %s", api.ID, strings.TrimSuffix(pc.Kind, "s"), dir),
				Hint:    "put the definitions' JSON files in that folder, or correct source"}}
		}
	}
	// The prose files are read side by side: a page set has one per page,
	// and read one after another they were most of this function's time,
	// which every build spends before any page renders.
	found := make([][]diag.Diagnostic, len(pages))
	workers.Each(ctx, runtime.GOMAXPROCS(0), len(pages), func(i int) { found[i] = readProse(site, m.Dir, pages[i], pc) })
	var diags []diag.Diagnostic
	for _, ds := range found {
		diags = append(diags, ds...)
	}
	return pages, diags
}

func pageKindMatches(kind string, f *model.File) bool {
	switch res := f.Resource.(type) {
	case *model.StructureDefinition:
		return kind == "extensions" && res.Type == "Extension" && res.Kind != "" && res.Derivation != "specialization"
	case *model.OperationDefinition:
		return kind == "operations"
	}
	return false
}

// readProse attaches the page's optional Markdown file.
func readProse(site fs.FS, dir string, p *Page, pc config.FHIRPages) []diag.Diagnostic {
	if pc.Prose == "" {
		return nil
	}
	key := strings.ToLower(p.ResourceType)
	switch {
	case p.File != nil:
		key = p.File.ID
	case pc.Kind == "capabilitystatement":
		key = "capabilitystatement"
	}
	file := path.Join(dir, pc.Prose, key+".md")
	data, err := fs.ReadFile(site, file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return []diag.Diagnostic{{File: file, Severity: diag.Error, Message: "read prose: " + err.Error()}}
	}
	p.ProseFile, p.Prose = file, data
	return nil
}

// Duplicates refuses two generated pages with one doc id.
func Duplicates(pages []*Page, configFile string) []diag.Diagnostic {
	var diags []diag.Diagnostic
	seen := map[string]*Page{}
	for _, p := range pages {
		if prev, dup := seen[p.DocID]; dup {
			diags = append(diags, diag.Diagnostic{File: configFile, Line: p.ConfigLine, Severity: diag.Error,
				Message: fmt.Sprintf("generated page %s (from %s) collides with the page generated from %s", p.DocID, p.Source, prev.Source),
				Hint:    "give the page sets different paths"})
			continue
		}
		seen[p.DocID] = p
	}
	return diags
}

// Page is the generated Markdown of a page, without its prose.
func (r *Renderer) Page(p *Page) string {
	switch p.Kind {
	case "capabilitystatement":
		return r.CapabilityStatement(p.API)
	case "resources":
		md, _ := r.Resource(p.API, p.ResourceType)
		return md
	case "extensions":
		return r.Extension(p.File)
	case "operations":
		return r.Operation(p.API, p.File)
	}
	return ""
}

// ResourceList is the table of an API's resources, linking their pages.
func (r *Renderer) ResourceList(api *model.API) string {
	var w mdWriter
	if rest := api.Server(); rest != nil {
		r.resourceSummary(&w, api, rest)
	}
	return w.String()
}

// Downloads lists an API's downloads as Markdown links.
func (r *Renderer) Downloads(api *model.API) string {
	links := r.downloadLinks(api)
	if links == "" {
		return ""
	}
	return links + "\n"
}

func definitionDescription(f *model.File) string {
	switch res := f.Resource.(type) {
	case *model.StructureDefinition:
		return res.Description
	case *model.OperationDefinition:
		return res.Description
	}
	return ""
}

var (
	markdownLinkRe = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	emphasisRe     = regexp.MustCompile("[*_`]+")
)

// plainText strips the Markdown a one-line description may carry.
func plainText(md string) string {
	md = markdownLinkRe.ReplaceAllString(md, "$1")
	md = emphasisRe.ReplaceAllString(md, "")
	return strings.Join(strings.Fields(md), " ")
}
