package fhir

import (
	"fmt"
	"github.com/portaldocs/portal/internal/config"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/base"
)

// API is one FHIR API of the site: its CapabilityStatement and where it is
// served.
type API struct {
	ID    string
	Title string
	// Authorization overrides the statement's OAuth endpoints and scopes in
	// the Postman collection.
	Authorization config.FHIRAuthorization
	// BaseURL is the FHIR service base URL used in runnable examples.
	BaseURL   string
	Statement *CapabilityStatement
	File      *File
	// spec loads the base specification of the statement's FHIR version
	// when first asked (Spec).
	spec func() *base.Spec
	// CapabilityDownload and PostmanDownload are the site paths of the
	// published JSON files, "" when not published.
	CapabilityDownload string
	PostmanDownload    string
	// Smart is the API's SMART discovery document, nil when the site
	// configures none; SmartDownload is where it is published ("" when not).
	Smart         *SmartConfiguration
	SmartDownload string
	// Config is the API's entry in the site config, for values pages take
	// from it.
	Config config.FHIRAPI
}

// Spec is the base specification of the API's FHIR version, decoded when
// first asked: a rebuild that takes the API's pages from its cache never
// needs it. Nil when it cannot be loaded.
func (a *API) Spec() *base.Spec {
	if a.spec == nil {
		return nil
	}
	return a.spec()
}

// Server is the first server rest block, the one reference pages describe.
func (a *API) Server() *Rest {
	for i := range a.Statement.Rest {
		if a.Statement.Rest[i].Mode == "server" || a.Statement.Rest[i].Mode == "" {
			return &a.Statement.Rest[i]
		}
	}
	return nil
}

// Resource finds the server's support for one resource type.
func (a *API) Resource(resourceType string) *RestResource {
	rest := a.Server()
	if rest == nil {
		return nil
	}
	for i := range rest.Resource {
		if rest.Resource[i].Type == resourceType {
			return &rest.Resource[i]
		}
	}
	return nil
}

// Authorized reports whether requests need a bearer token: the statement
// declares SMART endpoints or a security service.
func (a *API) Authorized() bool {
	rest := a.Server()
	return rest != nil && rest.Security != nil && (len(rest.Security.OAuthURIs()) > 0 || len(rest.Security.Service) > 0)
}

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
	Registry *Registry
	Links    Linker
}

func (r *Renderer) pageFor(canonical string) string {
	if r.Links.Canonical == nil {
		return ""
	}
	return r.Links.Canonical(Canonical(canonical).URL())
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
	url := Canonical(canonical).URL()
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

func resourceLabel(f *File) string {
	switch res := f.Resource.(type) {
	case *StructureDefinition:
		return Label(res.Title, res.Name, res.ID)
	case *OperationDefinition:
		return Label(res.Title, res.Name, res.ID)
	case *SearchParameter:
		return Label("", res.Name, res.ID)
	case *ValueSet:
		return Label(res.Title, res.Name, res.ID)
	case *CodeSystem:
		return Label(res.Title, res.Name, res.ID)
	case *CapabilityStatement:
		return Label(res.Title, res.Name, res.ID)
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
	url := Canonical(canonical).URL()
	if name, ok := strings.CutPrefix(url, coreCanonicalBase+"StructureDefinition/"); ok {
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
