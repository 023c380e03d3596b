package model

import (
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/shall"
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
	// LoadSpec loads the base specification of the statement's FHIR
	// version, nil when it cannot; Spec calls it when first asked.
	LoadSpec func() *base.Spec
	// CapabilityDownload and PostmanDownload are the site paths of the
	// published JSON files, "" when not published.
	CapabilityDownload string
	PostmanDownload    string
	// Smart is the API's SMART discovery document, nil when the site
	// configures none; SmartDownload is where it is published ("" when not).
	Smart         *SmartConfiguration
	SmartDownload string
	// Conformance is the statement against each guide statement it
	// instantiates or imports.
	Conformance []shall.Result
	// Config is the API's entry in the site config, for values pages take
	// from it.
	Config config.FHIRAPI
}

// Spec is the base specification of the API's FHIR version, decoded when
// first asked: a rebuild that takes the API's pages from its cache never
// needs it. Nil when it cannot be loaded.
func (a *API) Spec() *base.Spec {
	if a.LoadSpec == nil {
		return nil
	}
	return a.LoadSpec()
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

// Specs gives the base specification of each FHIR version.
type Specs func(base.Version) (*base.Spec, error)

// BaseURLs are the API's sandbox base URL and, when its statement says,
// its production one.
func (a *API) BaseURLs() []string {
	out := []string{strings.TrimSuffix(a.BaseURL, "/")}
	if im := a.Statement.Implementation; im != nil && im.URL != "" && strings.TrimSuffix(im.URL, "/") != out[0] {
		out = append(out, strings.TrimSuffix(im.URL, "/"))
	}
	return out
}
