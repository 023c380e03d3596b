// Package fhir is the front of the FHIR layers, and the one of them the
// build uses. Prepare reads a site's FHIR folder into its model (packages
// parse and model), validates it (validate) and lists the pages its APIs
// generate (refpage); the Site it returns expands the FHIR directives of a
// page (directive), checks what pages say against the material
// (pagecheck) and makes the APIs' downloads (downloads). It holds no FHIR
// logic of its own: it wires the layers, and names the types the build
// uses as aliases of the layers' own, so that the build imports one
// package and a value passes between the build and a layer as it is (a
// PageText the build makes goes to the checker; a ShownExample the checker
// gives back is kept by the build and given back later).
package fhir

import (
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/directive"
	"github.com/portaldocs/portal/internal/fhir/downloads"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/pagecheck"
	"github.com/portaldocs/portal/internal/fhir/refpage"
)

// Page is one generated doc.
type Page = refpage.Page

// Linker maps things to the site pages generated for them.
type Linker = refpage.Linker

// PageText is a page as an author wrote it, with the APIs it is about, for
// the page checks.
type PageText = pagecheck.PageText

// PageChecker checks pages against the site's material, one at a time.
type PageChecker = pagecheck.Checker

// ShownExample is a resource a page shows that the site has no file for,
// kept for the checks that compare pages.
type ShownExample = pagecheck.ShownExample

// Download is a file published for an API, at Path under the base URL.
type Download = model.Download

// PostmanCache keeps the Postman collections a build made for the next
// one (downloads.Cache says what it must do).
type PostmanCache = downloads.Cache

// Site is a site's FHIR material (every resource, the configured APIs,
// the declared guides) and the pages generated from them.
type Site struct {
	*model.Site
	Pages    []*Page
	renderer *refpage.Renderer
	expander *directive.Expander
}

// Downloads are the published files, and each API's CapabilityStatement,
// exactly as written, and a Postman collection generated from it.
func (s *Site) Downloads() ([]Download, []diag.Diagnostic) { return s.DownloadsCached(nil) }

// DownloadsCached is Downloads, taking each API's Postman collection from
// cache when it holds one (nil: none).
func (s *Site) DownloadsCached(cache PostmanCache) ([]Download, []diag.Diagnostic) {
	return downloads.Files(s.Site, cache)
}

// Expand replaces every directive in body, whose first line is line
// firstLine of file (see directive.Expander.Expand).
func (s *Site) Expand(file string, body []byte, firstLine int, page *Page, apis []*model.API) (directive.Expansion, []diag.Diagnostic) {
	return s.expander.Expand(file, body, firstLine, page, apis)
}

// ExpandPage is the Markdown of generated page p: its prose with its
// directives expanded and its generated content (see
// directive.Expander.ExpandPage).
func (s *Site) ExpandPage(file string, prose []byte, firstLine int, p *Page, apis []*model.API) (directive.Expansion, []diag.Diagnostic) {
	return s.expander.ExpandPage(file, prose, firstLine, p, apis)
}

// NewPageChecker starts checking pages against the site's material.
func (s *Site) NewPageChecker() *PageChecker { return pagecheck.NewChecker(s.Site) }

// PageContent is the generated Markdown of a page, without its prose.
func (s *Site) PageContent(p *Page) string { return s.renderer.Page(p) }

// SetLinker tells the renderer where generated pages live, once the build
// knows every route.
func (s *Site) SetLinker(l Linker) { s.renderer.Links = l }

// BaseSpecs loads the embedded base specifications.
func BaseSpecs(v base.Version) (*base.Spec, error) { return base.Load(v) }
