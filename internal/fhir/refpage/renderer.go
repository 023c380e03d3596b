// Package refpage writes the Markdown of FHIR reference pages: an API's
// whole CapabilityStatement, one resource type of it with its key profile
// elements and worked examples, an extension, an operation, and the
// tables directives show. List says which pages an API's page sets
// generate; Renderer.Page writes one. Profiles, extensions and resources
// link to their pages on the site when the build has told the Renderer
// where they are (Linker).
package refpage

import (
	"fmt"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/model"
)

// Linker maps things to the site pages generated for them.
type Linker struct {
	// BaseURL prefixes site paths such as downloads ("/" by default).
	BaseURL string
	// Canonical returns the route of the page generated for a conformance
	// resource, "" when there is none.
	Canonical func(url string) string
	// Resource returns the route of an API's page for one resource type.
	Resource func(apiID, resourceType string) string
}

// Renderer turns conformance resources into Markdown.
type Renderer struct {
	Registry *model.Registry
	Links    Linker
}

func (r *Renderer) pageFor(canonical string) string {
	if r.Links.Canonical == nil {
		return ""
	}
	return r.Links.Canonical(model.Canonical(canonical).URL())
}

func (r *Renderer) resourcePage(apiID, resourceType string) string {
	if r.Links.Resource == nil {
		return ""
	}
	return r.Links.Resource(apiID, resourceType)
}

// canonicalLink links a profile, extension, operation or value set: to
// its page on this site, else to the canonical URL itself (HL7 canonicals
// resolve to their published pages).
func (r *Renderer) canonicalLink(canonical string) string {
	url := model.Canonical(canonical).URL()
	label := url
	if f := r.Registry.ByURL(url); f != nil {
		label = resourceLabel(f)
	}
	if page := r.pageFor(url); page != "" {
		return fmt.Sprintf("[%s](%s)", escapeLinkText(label), page)
	}
	if strings.HasPrefix(url, "http://") || strings.HasPrefix(url, "https://") {
		return fmt.Sprintf("[%s](%s)", escapeLinkText(label), url)
	}
	return inlineCode(url)
}

func resourceLabel(f *model.File) string {
	switch res := f.Resource.(type) {
	case *model.StructureDefinition:
		return model.Label(res.Title, res.Name, res.ID)
	case *model.OperationDefinition:
		return model.Label(res.Title, res.Name, res.ID)
	case *model.SearchParameter:
		return model.Label("", res.Name, res.ID)
	case *model.ValueSet:
		return model.Label(res.Title, res.Name, res.ID)
	case *model.CodeSystem:
		return model.Label(res.Title, res.Name, res.ID)
	case *model.CapabilityStatement:
		return model.Label(res.Title, res.Name, res.ID)
	}
	return f.Key()
}

func escapeLinkText(s string) string {
	return strings.NewReplacer("[", `\[`, "]", `\]`).Replace(s)
}

// typeLink renders an element or parameter type, with reference targets.
func (r *Renderer) typeLabel(code string, profiles, targets []string) string {
	var b strings.Builder
	b.WriteString(code)
	if len(targets) > 0 {
		names := make([]string, len(targets))
		for i, t := range targets {
			names[i] = r.profileName(t)
		}
		b.WriteString("(" + strings.Join(names, " \\| ") + ")")
	} else if len(profiles) > 0 {
		names := make([]string, len(profiles))
		for i, p := range profiles {
			names[i] = r.profileName(p)
		}
		b.WriteString("(" + strings.Join(names, ", ") + ")")
	}
	return b.String()
}

// profileName is a profile as a type argument: a link to its page when the
// site has one, else the base type name for core definitions.
func (r *Renderer) profileName(canonical string) string {
	url := model.Canonical(canonical).URL()
	if name, ok := strings.CutPrefix(url, model.CoreCanonicalBase+"StructureDefinition/"); ok {
		return name
	}
	return r.canonicalLink(url)
}

func expectationCell(e string) string {
	if e == "" {
		return ""
	}
	return "**" + e + "**"
}
