package downloads

import (
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/postman"
)

// A statement describes production; the collection talks to the baseUrl's
// environment, so the site's authorization settings win.
func TestPostmanAuthTakesTheSiteOverrides(t *testing.T) {
	rest := &model.Rest{Resource: []model.RestResource{{Type: "Patient"}}, Security: &model.Security{Extension: []model.Extension{{URL: model.SmartOAuthURIs, Extension: []model.Extension{
		{URL: "authorize", ValueURI: "https://auth.example.org/oauth2/authorize"},
		{URL: "token", ValueURI: "https://auth.example.org/oauth2/token"}}}}}}
	got := postmanAuth(rest, config.FHIRAuthorization{})
	if got.TokenURL != "https://auth.example.org/oauth2/token" || !strings.Contains(got.Scopes, "patient/Patient.read") {
		t.Errorf("without overrides: %+v, want the statement's endpoints and read scopes", got)
	}
	got = postmanAuth(rest, config.FHIRAuthorization{AuthorizeURL: "https://auth.sandbox.example.org/oauth2/authorize",
		TokenURL: "https://auth.sandbox.example.org/oauth2/token", Scope: "launch/patient openid fhirUser patient/*.rs"})
	if got.AuthorizeURL != "https://auth.sandbox.example.org/oauth2/authorize" || got.TokenURL != "https://auth.sandbox.example.org/oauth2/token" ||
		got.Scopes != "launch/patient openid fhirUser patient/*.rs" {
		t.Errorf("with overrides: %+v", got)
	}
}

// The client authentication follows the configuration, else the grant the
// endpoints imply: private_key_jwt for client credentials (SMART Backend
// Services accepts nothing else), none for authorization code.
func TestPostmanClientAuthentication(t *testing.T) {
	const authorize, token = "https://auth.example.org/oauth2/authorize", "https://auth.example.org/oauth2/token"
	cases := []struct {
		name       string
		statement  []model.Extension // sub-extensions of the SMART oauth-uris extension
		override   config.FHIRAuthorization
		wantGrant  string
		wantMethod string
		wantIssue  string // fragment of ClientAuthProblem, "" for none
	}{
		{"client credentials by default", []model.Extension{{URL: "token", ValueURI: token}}, config.FHIRAuthorization{},
			postman.GrantClientCredentials, postman.ClientAuthPrivateKeyJWT, ""},
		{"authorization code by default", []model.Extension{{URL: "authorize", ValueURI: authorize}, {URL: "token", ValueURI: token}}, config.FHIRAuthorization{},
			postman.GrantAuthorizationCode, postman.ClientAuthNone, ""},
		{"client credentials with a secret", []model.Extension{{URL: "token", ValueURI: token}}, config.FHIRAuthorization{ClientAuthentication: config.ClientSecretBasic},
			postman.GrantClientCredentials, postman.ClientAuthSecretBasic, ""},
		{"configured endpoints decide the grant", nil, config.FHIRAuthorization{TokenURL: token, ClientAuthentication: config.PrivateKeyJWT},
			postman.GrantClientCredentials, postman.ClientAuthPrivateKeyJWT, ""},
		{"authorization code, confidential app", []model.Extension{{URL: "authorize", ValueURI: authorize}, {URL: "token", ValueURI: token}},
			config.FHIRAuthorization{ClientAuthentication: config.ClientSecretBasic}, postman.GrantAuthorizationCode, postman.ClientAuthSecretBasic, ""},
		{"public client with client credentials", []model.Extension{{URL: "token", ValueURI: token}}, config.FHIRAuthorization{ClientAuthentication: config.ClientAuthNone},
			postman.GrantClientCredentials, postman.ClientAuthNone, "for confidential clients only"},
		{"private_key_jwt with an authorize endpoint", []model.Extension{{URL: "token", ValueURI: token}},
			config.FHIRAuthorization{AuthorizeURL: authorize, ClientAuthentication: config.PrivateKeyJWT},
			postman.GrantAuthorizationCode, postman.ClientAuthPrivateKeyJWT, "private_key_jwt is supported for client credentials APIs only"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rest := &model.Rest{Mode: "server", Resource: []model.RestResource{{Type: "Patient"}}}
			if c.statement != nil {
				rest.Security = &model.Security{Extension: []model.Extension{{URL: model.SmartOAuthURIs, Extension: c.statement}}}
			}
			got := postmanAuth(rest, c.override)
			if got == nil || got.GrantType != c.wantGrant || got.ClientAuthentication != c.wantMethod {
				t.Fatalf("auth = %+v, want grant %s with %s", got, c.wantGrant, c.wantMethod)
			}
			api := &model.API{Statement: &model.CapabilityStatement{Rest: []model.Rest{*rest}}, Authorization: c.override}
			issue := ClientAuthProblem(api)
			if (c.wantIssue == "") != (issue == "") || !strings.Contains(issue, c.wantIssue) {
				t.Errorf("ClientAuthProblem = %q, want %q", issue, c.wantIssue)
			}
		})
	}
}

// A bulk export kick-off is a GET with Prefer: respond-async, on one group
// for group-export, even when the site does not carry HL7's definition; an
// operation whose inputs nothing on the site describes is left out.
func TestPostmanBulkExportRequest(t *testing.T) {
	r := collector{Registry: &model.Registry{}}
	api := &model.API{File: &model.File{}}
	idVar := []postman.Param{{Key: "id", Value: "sbx-group-all"}}
	req, why := r.postmanOperation(api, model.RestResource{Type: "Group"},
		model.OperationRef{Name: "export", Definition: "http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export"}, idVar)
	if why != "" || req.Method != "GET" || req.Path != "Group/:id/$export" || len(req.Headers) != 1 || req.Headers[0].Key != "Prefer" || req.Headers[0].Value != "respond-async" {
		t.Errorf("group export request = %+v (left out: %q), want GET Group/:id/$export with Prefer: respond-async", req, why)
	}
	_, why = r.postmanOperation(api, model.RestResource{Type: "Group"},
		model.OperationRef{Name: "export", Definition: "http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export"}, nil)
	if !strings.Contains(why, "no example Group") {
		t.Errorf("group export without an example Group: left out because %q, want no example Group", why)
	}
	_, why = r.postmanOperation(api, model.RestResource{Type: "Patient"}, model.OperationRef{Name: "match", Definition: "https://fhir.example.org/OperationDefinition/unknown"}, idVar)
	if !strings.Contains(why, "definition is not on this site") {
		t.Errorf("an operation the site knows nothing about: left out because %q, want its definition is not on this site", why)
	}
}

// With a registered redirect URI the collection names it instead of
// Postman's own callback, and every authorization request carries aud.
func TestPostmanAuthorizationCodeRedirect(t *testing.T) {
	rest := &model.Rest{Resource: []model.RestResource{{Type: "Patient"}}, Security: &model.Security{Extension: []model.Extension{{URL: model.SmartOAuthURIs, Extension: []model.Extension{
		{URL: "authorize", ValueURI: "https://auth.example.org/oauth2/authorize"},
		{URL: "token", ValueURI: "https://auth.example.org/oauth2/token"}}}}}}
	o := postmanAuth(rest, config.FHIRAuthorization{RedirectURI: "http://localhost:8400/callback"})
	if o.RedirectURI != "http://localhost:8400/callback" {
		t.Fatalf("RedirectURI = %q", o.RedirectURI)
	}
	data, err := postman.Build(postman.API{ID: "a", Name: "A", BaseURL: "https://fhir.example.org/r4", Auth: o})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"key": "useBrowser",
				"value": false`, `"key": "redirect_uri",
				"value": "http://localhost:8400/callback"`, `"key": "aud"`, `"value": "{{baseUrl}}"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("collection lacks %s", want)
		}
	}
}
