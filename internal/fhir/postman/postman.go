// Package postman turns one FHIR API into a Postman collection (format
// v2.1.0), so REST-client tutorials can link a file readers import and run.
//
// The engine maps a CapabilityStatement into an API; Build writes the
// collection. The output is deterministic: the same API gives the same bytes,
// and the collection's _postman_id is derived from API.ID, so Postman
// recognises a regenerated collection as the one a reader imported before and
// offers to replace it rather than add a second copy.
package postman

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

// Client authentication methods OAuth2.ClientAuthentication accepts, named
// as OAuth 2.0 names token endpoint authentication methods (RFC 7591 §2,
// token_endpoint_auth_method; SMART App Launch 2.x lists them in
// token_endpoint_auth_methods_supported).
const (
	// ClientAuthNone is a public client: it sends only client_id in the
	// token request body.
	ClientAuthNone = "none"
	// ClientAuthSecretBasic sends client_id and client_secret as HTTP Basic
	// (RFC 6749 §2.3.1).
	ClientAuthSecretBasic = "client_secret_basic"
	// ClientAuthPrivateKeyJWT sends a JWT signed with the client's private
	// key as client_assertion (RFC 7523 §2.2), as SMART Backend Services
	// requires. Postman's OAuth 2.0 helper cannot make one, so the collection
	// gets a token request of its own (Folder.TokenRequest) and sends the
	// token it stores as a plain bearer token.
	ClientAuthPrivateKeyJWT = "private_key_jwt"
)

// OAuth2 is the authorization server of an API and how a client gets a token
// from it.
type OAuth2 struct {
	// AuthorizeURL is required for the authorization_code grant.
	AuthorizeURL string
	// RedirectURI is the callback URL registered for the client; "" lets
	// Postman use its own callback page (which readers must then register).
	RedirectURI string
	TokenURL    string
	// Scopes is space-separated, as in the OAuth 2.0 scope parameter.
	Scopes string
	// GrantType is GrantAuthorizationCode or GrantClientCredentials.
	GrantType string
	// PKCE turns on a S256 code challenge; authorization_code only.
	PKCE bool
	// ClientAuthentication is ClientAuthNone or ClientAuthSecretBasic for
	// the authorization_code grant, ClientAuthSecretBasic or
	// ClientAuthPrivateKeyJWT for client_credentials (a grant for
	// confidential clients only, RFC 6749 §4.4). "" is the grant's usual
	// method: none for authorization_code, client_secret_basic for
	// client_credentials.
	ClientAuthentication string
}

// clientAuthentication is o.ClientAuthentication, or the grant's usual
// method when it is "".
func (o OAuth2) clientAuthentication() string {
	switch {
	case o.ClientAuthentication != "":
		return o.ClientAuthentication
	case o.GrantType == GrantClientCredentials:
		return ClientAuthSecretBasic
	default:
		return ClientAuthNone
	}
}

// Folder groups the requests of one resource type or topic.
type Folder struct {
	Name, Description string
	// TokenRequest starts the folder with "Get an access token", the request
	// that exchanges a client assertion for a token. An API whose Auth uses
	// ClientAuthPrivateKeyJWT needs it in exactly one folder, and only such
	// an API may have it.
	TokenRequest bool
	Requests     []Request
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
	// the way Postman shows optional search parameters. Every one has a
	// value: a search parameter without one is left out, not sent empty.
	Query []Param
	// Headers besides Accept (and Content-Type when there is a body). One
	// named Accept or Content-Type replaces the default.
	Headers []Param
	// Body is a raw JSON body, "" for none; POST, PUT and PATCH need one.
	Body string
	// PathVariables gives values and descriptions to ":name" segments of
	// Path, one for each: a request whose variable has no value cannot be
	// sent as it is.
	PathVariables []Param
}

// Param is a query parameter, header or path variable.
type Param struct {
	Key, Value, Description string
	Disabled                bool
}
