package postman

// The types of this file are the parts of the collection format v2.1.0 that this
// package writes. Field order follows Postman's own export, so a collection
// re-exported from the app diffs cleanly against ours.

type collection struct {
	Info     info     `json:"info"`
	Item     []folder `json:"item"`
	Auth     auth     `json:"auth"`
	Variable []param  `json:"variable"`
}

type info struct {
	PostmanID   string `json:"_postman_id"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Schema      string `json:"schema"`
}

// folder is an item-group. Item is always written, even empty: without it
// the schema cannot tell a folder from a request.
type folder struct {
	Name        string        `json:"name"`
	Description string        `json:"description,omitempty"`
	Item        []requestItem `json:"item"`
}

type requestItem struct {
	Name string `json:"name"`
	// Event holds the item's scripts; only the token request has one.
	Event   []event `json:"event,omitempty"`
	Request request `json:"request"`
	// Response holds saved example responses; we save none, and Postman
	// writes the empty list rather than leaving it out.
	Response []struct{} `json:"response"`
}

type request struct {
	// Auth overrides the collection's auth for this request; nil inherits it.
	Auth        *auth      `json:"auth,omitempty"`
	Method      string     `json:"method"`
	Header      []param    `json:"header"`
	Body        *body      `json:"body,omitempty"`
	URL         requestURL `json:"url"`
	Description string     `json:"description,omitempty"`
}

// param is the shape Postman shares between headers, query parameters, path
// variables and collection variables. Value is always written: a header
// without one is invalid.
type param struct {
	Key         string `json:"key"`
	Value       string `json:"value"`
	Type        string `json:"type,omitempty"`
	Description string `json:"description,omitempty"`
	Disabled    bool   `json:"disabled,omitempty"`
}

// body is a request body: Mode "raw" with Raw and Options (a FHIR JSON
// body), or Mode "urlencoded" with URLEncoded (a form, as OAuth 2.0 token
// requests are, RFC 6749 §4.4.2).
type body struct {
	Mode       string       `json:"mode"`
	Raw        string       `json:"raw,omitempty"`
	URLEncoded []param      `json:"urlencoded,omitempty"`
	Options    *bodyOptions `json:"options,omitempty"`
}

// bodyOptions tells Postman's editor to highlight the raw body as JSON.
type bodyOptions struct {
	Raw struct {
		Language string `json:"language"`
	} `json:"raw"`
}

type requestURL struct {
	Raw      string   `json:"raw"`
	Host     []string `json:"host"`
	Path     []string `json:"path,omitempty"`
	Query    []param  `json:"query,omitempty"`
	Variable []param  `json:"variable,omitempty"`
}

// auth is a Postman auth helper: Type is "noauth", "bearer" (with Bearer)
// or "oauth2" (with OAuth2).
type auth struct {
	Type   string          `json:"type"`
	Bearer []authAttribute `json:"bearer,omitempty"`
	OAuth2 []authAttribute `json:"oauth2,omitempty"`
}

// authAttribute is one setting of Postman's auth helper; Value is a string
// or a boolean, and Type names which.
type authAttribute struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
	Type  string `json:"type"`
}

// event runs a script when Listen happens: "test" after the response
// arrives, "prerequest" before the request is sent.
type event struct {
	Listen string `json:"listen"`
	Script script `json:"script"`
}

// script is JavaScript for Postman's sandbox (the pm API), one line per
// Exec entry, as Postman exports it so that changes diff line by line.
type script struct {
	Exec []string `json:"exec"`
	Type string   `json:"type"`
}

// fhirJSON is the FHIR JSON media type (FHIR R4 §3.1.0.1.8: "application/fhir+json").
const fhirJSON = "application/fhir+json"
