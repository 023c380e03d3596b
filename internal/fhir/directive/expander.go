// Package directive expands the FHIR directives of a Markdown page into
// Markdown: leaf directives on a line of their own that generate reference
// content (::fhir-resource{api="…" type="Patient"} and the others of
// directive.go), ::fhir-json, which shows a document or one element of it
// as written, and :fhir-value, which puts a value from the site config, a
// discovery document, a statement or an example into the text, where it
// stands. An Expander does it with a site's material; each line of the
// result keeps the file line it came from, for diagnostics.
package directive

import (
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/refpage"
)

// Expander expands the FHIR directives of pages (see Expand) with a site's
// material.
type Expander struct {
	site *model.Site
	// renderer writes what the leaf directives generate, and knows the base
	// URL downloads are published under.
	renderer *refpage.Renderer
}

// New is an Expander of the site's material that generates with
// renderer.
func New(site *model.Site, renderer *refpage.Renderer) *Expander {
	return &Expander{site: site, renderer: renderer}
}
