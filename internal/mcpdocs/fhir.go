package mcpdocs

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/model"
)

// FHIRAPI is one API of a FHIR site, as list_fhir_apis gives it.
type FHIRAPI struct {
	ID            string   `json:"id"`
	Title         string   `json:"title"`
	FHIRVersion   string   `json:"fhirVersion"`
	BaseURLs      []string `json:"baseUrls"`
	ResourceTypes []string `json:"resourceTypes"`
	// Instantiates are the canonical URLs of the guides' statements the
	// API's statement says it implements.
	Instantiates []string `json:"instantiates,omitempty"`
}

// FHIRResource is what an API's CapabilityStatement and files say about one
// resource type.
type FHIRResource struct {
	API          string              `json:"api"`
	Type         string              `json:"type"`
	Expectation  string              `json:"expectation,omitempty"`
	Interactions []FHIRExpectation   `json:"interactions"`
	SearchParams []FHIRSearchParam   `json:"searchParams"`
	Combinations []FHIRCombination   `json:"searchCombinations,omitempty"`
	Includes     []string            `json:"searchIncludes,omitempty"`
	RevIncludes  []string            `json:"searchRevIncludes,omitempty"`
	Profiles     []string            `json:"profiles"`
	Operations   []FHIROperationInfo `json:"operations,omitempty"`
	// Scopes are the SMART scopes the API's discovery document lists that
	// grant access to this type (or to every type).
	Scopes     []string `json:"scopes,omitempty"`
	ExampleIDs []string `json:"exampleIds"`
}

// FHIRExpectation is an interaction with the statement's expectation.
type FHIRExpectation struct {
	Code        string `json:"code"`
	Expectation string `json:"expectation,omitempty"`
}

// FHIRSearchParam is a search parameter the statement lists.
type FHIRSearchParam struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Expectation string `json:"expectation,omitempty"`
	Definition  string `json:"definition,omitempty"`
	Description string `json:"description,omitempty"`
}

// FHIRCombination is a set of search parameters the statement says are
// used together.
type FHIRCombination struct {
	Required    []string `json:"required"`
	Expectation string   `json:"expectation,omitempty"`
}

// FHIROperationInfo is an operation the statement lists for the type.
type FHIROperationInfo struct {
	Name        string `json:"name"`
	Definition  string `json:"definition"`
	Expectation string `json:"expectation,omitempty"`
}

// HasFHIR says whether the site has FHIR APIs to describe.
func (s *Site) HasFHIR() bool { return s.fhir != nil && len(s.fhir.APIs) > 0 }

// FHIRAPIs lists the site's APIs in config order.
func (s *Site) FHIRAPIs() []FHIRAPI {
	if s.fhir == nil {
		return nil
	}
	out := make([]FHIRAPI, 0, len(s.fhir.APIs))
	for _, api := range s.fhir.APIs {
		entry := FHIRAPI{ID: api.ID, Title: api.Title, FHIRVersion: api.Statement.FHIRVersion, BaseURLs: api.BaseURLs(), ResourceTypes: resourceTypes(api)}
		for _, c := range api.Statement.Instantiates {
			entry.Instantiates = append(entry.Instantiates, string(c))
		}
		out = append(out, entry)
	}
	return out
}

func resourceTypes(api *model.API) []string {
	rest := api.Server()
	if rest == nil {
		return []string{}
	}
	types := make([]string, 0, len(rest.Resource))
	for _, r := range rest.Resource {
		types = append(types, r.Type)
	}
	return types
}

// api finds an API by id, or says which ids there are.
func (s *Site) api(id string) (*model.API, error) {
	if !s.HasFHIR() {
		return nil, fmt.Errorf("this site has no FHIR APIs")
	}
	if api := s.fhir.API(id); api != nil {
		return api, nil
	}
	ids := make([]string, 0, len(s.fhir.APIs))
	for _, api := range s.fhir.APIs {
		ids = append(ids, api.ID)
	}
	return nil, fmt.Errorf("unknown FHIR API %q%s: the APIs are %s", id, s.fhir.APISuggestion(id), strings.Join(ids, ", "))
}

// resource finds a resource type an API supports, or says which it does.
func (s *Site) resource(apiID, resourceType string) (*model.API, *model.RestResource, error) {
	api, err := s.api(apiID)
	if err != nil {
		return nil, nil, err
	}
	if res := api.Resource(resourceType); res != nil {
		return api, res, nil
	}
	return nil, nil, fmt.Errorf("the %s API does not support %q: it supports %s", api.ID, resourceType, strings.Join(resourceTypes(api), ", "))
}

// DescribeFHIRResource is what an API's statement, its SMART discovery
// document and its examples say about one resource type.
func (s *Site) DescribeFHIRResource(apiID, resourceType string) (FHIRResource, error) {
	api, res, err := s.resource(apiID, resourceType)
	if err != nil {
		return FHIRResource{}, err
	}
	out := FHIRResource{
		API: api.ID, Type: res.Type, Expectation: res.Expectation(),
		Interactions: []FHIRExpectation{}, SearchParams: []FHIRSearchParam{}, Profiles: []string{}, ExampleIDs: []string{},
		Includes: res.SearchInclude, RevIncludes: res.SearchRevInclude,
	}
	for _, i := range res.Interaction {
		out.Interactions = append(out.Interactions, FHIRExpectation{Code: i.Code, Expectation: i.Expectation()})
	}
	for _, ref := range res.SearchParam {
		info := s.fhir.Registry.SearchParamInfo(api, res.Type, ref)
		out.SearchParams = append(out.SearchParams, FHIRSearchParam{
			Name: info.Name, Type: info.Type, Expectation: info.Expectation, Definition: ref.Definition.URL(), Description: info.Description,
		})
	}
	for _, c := range res.Combinations() {
		out.Combinations = append(out.Combinations, FHIRCombination{Required: c.Required, Expectation: c.Expectation})
	}
	for _, p := range res.Profiles() {
		out.Profiles = append(out.Profiles, string(p))
	}
	for _, op := range res.Operation {
		out.Operations = append(out.Operations, FHIROperationInfo{Name: op.Name, Definition: string(op.Definition), Expectation: op.Expectation()})
	}
	out.Scopes = scopesFor(api, res.Type)
	for _, ex := range s.fhir.Registry.Examples(res.Type, api.File.Scope, api.File.Version) {
		out.ExampleIDs = append(out.ExampleIDs, ex.ID)
	}
	return out, nil
}

// scopesFor lists the scopes of the API's discovery document that grant
// access to resources of the type.
func scopesFor(api *model.API, resourceType string) []string {
	if api.Smart == nil {
		return nil
	}
	var out []string
	for _, sc := range api.Smart.Server.Supported {
		if sc.IsResource() && (sc.Type == resourceType || sc.Type == "*") {
			out = append(out, sc.Raw)
		}
	}
	sort.Strings(out)
	return out
}

// FHIRExample is an example resource exactly as the site's file holds it.
func (s *Site) FHIRExample(apiID, resourceType, id string) (json.RawMessage, error) {
	api, res, err := s.resource(apiID, resourceType)
	if err != nil {
		return nil, err
	}
	examples := s.fhir.Registry.Examples(res.Type, api.File.Scope, api.File.Version)
	ids := make([]string, 0, len(examples))
	for _, ex := range examples {
		if ex.ID == id {
			return ex.Raw, nil
		}
		ids = append(ids, ex.ID)
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("the %s API has no %s example", api.ID, res.Type)
	}
	return nil, fmt.Errorf("the %s API has no %s example %q: its examples are %s", api.ID, res.Type, id, strings.Join(ids, ", "))
}
