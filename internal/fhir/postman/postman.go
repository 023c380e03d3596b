// Package postman turns one FHIR API into a Postman collection (format
// v2.1.0), so REST-client tutorials can link a file readers import and run.
//
// The engine maps a CapabilityStatement into an API; Build writes the
// collection. The output is deterministic: the same API gives the same bytes,
// and the collection's _postman_id is derived from API.ID, so Postman
// recognises a regenerated collection as the one a reader imported before and
// offers to replace it rather than add a second copy.
package postman

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// SchemaURL is the value of info.schema: the collection format this package
// writes, as Postman itself exports it.
const SchemaURL = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

// API is one FHIR API as a Postman collection sees it.
type API struct {
	// ID is a stable id, e.g. "provider-patient-access"; the collection's
	// _postman_id is a name-based UUID of it.
	ID string
	// Name is the collection name, e.g. "Provider Patient Access API".
	Name string
	// Description is Markdown.
	Description string
	// BaseURL is the default value of the {{baseUrl}} variable, e.g.
	// https://fhir.example.org/r4. A trailing slash is dropped, because
	// every request URL adds its own.
	BaseURL string
	// Auth is nil for a public API (e.g. a provider directory).
	Auth    *OAuth2
	Folders []Folder
}

// Grant types OAuth2.GrantType accepts.
const (
	GrantAuthorizationCode = "authorization_code"
	GrantClientCredentials = "client_credentials"
)

// OAuth2 is the authorization server of an API, as Postman's OAuth 2.0
// helper needs it to fetch a token.
type OAuth2 struct {
	// AuthorizeURL is required for the authorization_code grant.
	AuthorizeURL string
	TokenURL     string
	// Scopes is space-separated, as in the OAuth 2.0 scope parameter.
	Scopes string
	// GrantType is GrantAuthorizationCode or GrantClientCredentials.
	GrantType string
	// PKCE turns on a S256 code challenge; authorization_code only.
	PKCE bool
}

// Folder groups the requests of one resource type or topic.
type Folder struct {
	Name, Description string
	Requests          []Request
}

// Request is one example call.
type Request struct {
	Name, Description string
	// Method is GET, POST, PUT, DELETE or PATCH.
	Method string
	// Path is relative to the base URL, e.g. "Patient/:id", "Patient",
	// "Patient/$match", "metadata", or "" for the base itself (a batch or
	// transaction). A ":name" segment is a Postman path variable.
	Path string
	// Query parameters, in order; a disabled one is listed but not sent,
	// the way Postman shows optional search parameters.
	Query []Param
	// Headers besides Accept (and Content-Type when there is a body). One
	// named Accept or Content-Type replaces the default.
	Headers []Param
	// Body is a raw JSON body, "" for none.
	Body string
	// PathVariables gives values and descriptions to ":name" segments of
	// Path; a segment without an entry gets an empty value.
	PathVariables []Param
}

// Param is a query parameter, header or path variable.
type Param struct {
	Key, Value, Description string
	Disabled                bool
}

// Build returns the collection as indented JSON, or every problem found in
// api joined into one error. Deterministic: the same API gives the same bytes.
func Build(api API) ([]byte, error) {
	if err := check(api); err != nil {
		return nil, fmt.Errorf("postman collection %q: %w", api.ID, err)
	}
	return encode(newCollection(api))
}

// encode writes JSON the way Postman exports collections: tab-indented, with
// a final newline, and without escaping <, > and & so Markdown stays legible.
func encode(c collection) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "\t")
	if err := enc.Encode(c); err != nil {
		return nil, fmt.Errorf("encode postman collection %q: %w", c.Info.Name, err)
	}
	return buf.Bytes(), nil
}
