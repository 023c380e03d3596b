package fhir

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/postman"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// postmanSchema is Postman's collection v2.1.0 schema, kept with the
// postman package's test data.
const postmanSchema = "postman/testdata/collection-v2.1.0.schema.json"

func compilePostmanSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(postmanSchema)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(postmanSchema, doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile(postmanSchema)
	if err != nil {
		t.Fatal(err)
	}
	return schema
}

// TestPostmanCollectionsOfRealStatementsValidate generates the collection
// of every real HL7 statement in the shared test data, and of an STU3 API,
// and validates each against the Postman v2.1 schema.
func TestPostmanCollectionsOfRealStatementsValidate(t *testing.T) {
	schema := compilePostmanSchema(t)
	sites := map[string]*Site{"stu3": prepareSTU3(t)}
	for _, tt := range igStatements {
		sites[tt.name], _ = loadIG(t, tt.dir, tt.statement)
	}
	for name, site := range sites {
		downloads, diags := site.Downloads()
		if len(diags) > 0 {
			t.Errorf("%s: %v", name, diags)
		}
		var collections int
		for _, d := range downloads {
			if !strings.HasSuffix(d.Path, ".postman_collection.json") {
				continue
			}
			collections++
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(d.Data))
			if err != nil {
				t.Errorf("%s: %s is not JSON: %v", name, d.Path, err)
				continue
			}
			if err := schema.Validate(doc); err != nil {
				t.Errorf("%s: %s does not validate: %v", name, d.Path, err)
			}
			assertOneRequestPerSearchParameter(t, name, site, d.Data)
		}
		if collections != 1 {
			t.Errorf("%s: %d collections, want 1", name, collections)
		}
	}
}

func assertOneRequestPerSearchParameter(t *testing.T, name string, site *Site, raw []byte) {
	t.Helper()
	var c struct {
		Item []struct {
			Name string `json:"name"`
			Item []struct {
				Name string `json:"name"`
			} `json:"item"`
		} `json:"item"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	requests := map[string]bool{}
	for _, folder := range c.Item {
		for _, r := range folder.Item {
			requests[folder.Name+"/"+r.Name] = true
		}
	}
	for _, res := range site.APIs[0].Server().Resource {
		for _, sp := range res.SearchParam {
			if key := res.Type + "/Search " + res.Type + " by " + sp.Name; !requests[key] {
				t.Errorf("%s: no request %q", name, key)
			}
		}
	}
}

// A statement describes production; the collection talks to the baseUrl's
// environment, so the site's authorization settings win.
func TestPostmanAuthTakesTheSiteOverrides(t *testing.T) {
	rest := &Rest{Resource: []RestResource{{Type: "Patient"}}, Security: &Security{Extension: []Extension{{URL: smartOAuthURIs, Extension: []Extension{
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
		statement  []Extension // sub-extensions of the SMART oauth-uris extension
		override   config.FHIRAuthorization
		wantGrant  string
		wantMethod string
		wantIssue  string // fragment of clientAuthProblem, "" for none
	}{
		{"client credentials by default", []Extension{{URL: "token", ValueURI: token}}, config.FHIRAuthorization{},
			postman.GrantClientCredentials, postman.ClientAuthPrivateKeyJWT, ""},
		{"authorization code by default", []Extension{{URL: "authorize", ValueURI: authorize}, {URL: "token", ValueURI: token}}, config.FHIRAuthorization{},
			postman.GrantAuthorizationCode, postman.ClientAuthNone, ""},
		{"client credentials with a secret", []Extension{{URL: "token", ValueURI: token}}, config.FHIRAuthorization{ClientAuthentication: config.ClientSecretBasic},
			postman.GrantClientCredentials, postman.ClientAuthSecretBasic, ""},
		{"configured endpoints decide the grant", nil, config.FHIRAuthorization{TokenURL: token, ClientAuthentication: config.PrivateKeyJWT},
			postman.GrantClientCredentials, postman.ClientAuthPrivateKeyJWT, ""},
		{"authorization code, confidential app", []Extension{{URL: "authorize", ValueURI: authorize}, {URL: "token", ValueURI: token}},
			config.FHIRAuthorization{ClientAuthentication: config.ClientSecretBasic}, postman.GrantAuthorizationCode, postman.ClientAuthSecretBasic, ""},
		{"public client with client credentials", []Extension{{URL: "token", ValueURI: token}}, config.FHIRAuthorization{ClientAuthentication: config.ClientAuthNone},
			postman.GrantClientCredentials, postman.ClientAuthNone, "for confidential clients only"},
		{"private_key_jwt with an authorize endpoint", []Extension{{URL: "token", ValueURI: token}},
			config.FHIRAuthorization{AuthorizeURL: authorize, ClientAuthentication: config.PrivateKeyJWT},
			postman.GrantAuthorizationCode, postman.ClientAuthPrivateKeyJWT, "private_key_jwt is supported for client credentials APIs only"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rest := &Rest{Mode: "server", Resource: []RestResource{{Type: "Patient"}}}
			if c.statement != nil {
				rest.Security = &Security{Extension: []Extension{{URL: smartOAuthURIs, Extension: c.statement}}}
			}
			got := postmanAuth(rest, c.override)
			if got == nil || got.GrantType != c.wantGrant || got.ClientAuthentication != c.wantMethod {
				t.Fatalf("auth = %+v, want grant %s with %s", got, c.wantGrant, c.wantMethod)
			}
			api := &API{Statement: &CapabilityStatement{Rest: []Rest{*rest}}, Authorization: c.override}
			issue := clientAuthProblem(api)
			if (c.wantIssue == "") != (issue == "") || !strings.Contains(issue, c.wantIssue) {
				t.Errorf("clientAuthProblem = %q, want %q", issue, c.wantIssue)
			}
		})
	}
}

// backendSite is one client credentials API: its statement names no
// authorization server, and the site configures the sandbox's token URL.
func backendSite(clientAuthentication string) (fstest.MapFS, config.FHIR) {
	site := fstest.MapFS{"fhir/system/capabilitystatement.json": {Data: []byte(`{"resourceType": "CapabilityStatement", "id": "system",
  "url": "https://fhir.example.org/CapabilityStatement/system", "name": "SystemAccess", "title": "System Access API",
  "status": "active", "date": "2026-01-10", "kind": "instance", "fhirVersion": "4.0.1", "format": ["json"],
  "rest": [{"mode": "server", "resource": [{"type": "Patient", "interaction": [{"code": "read"}]}], "interaction": [{"code": "batch"}]}]}`)}}
	cfg := config.FHIR{Path: "fhir", APIs: []config.FHIRAPI{{ID: "system-access", CapabilityStatement: "system/capabilitystatement.json",
		BaseURL: "https://fhir.example.org/system", Line: 7, Authorization: config.FHIRAuthorization{
			TokenURL: "https://auth.sandbox.example.org/oauth2/token", Scope: "system/*.rs", ClientAuthentication: clientAuthentication, Line: 12}}}}
	return site, cfg
}

// TestPrivateKeyJWTCollectionGetsItsOwnToken: Postman's OAuth 2.0 helper
// cannot sign a client assertion, so the Server folder starts with a token
// request and the collection description walks through the two steps.
func TestPrivateKeyJWTCollectionGetsItsOwnToken(t *testing.T) {
	schema := compilePostmanSchema(t)
	fsys, cfg := backendSite(config.PrivateKeyJWT)
	site, diags := Prepare(context.Background(), fsys, cfg, "portal.yaml", BaseSpecs)
	for _, d := range diags {
		t.Errorf("unexpected diagnostic: %s", d)
	}
	downloads, diags := site.Downloads()
	if len(diags) > 0 || len(downloads) != 2 {
		t.Fatalf("downloads %d, diagnostics %v; want the statement and the collection", len(downloads), diags)
	}
	raw := downloads[1].Data
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("collection does not validate: %v", err)
	}
	var c struct {
		Info struct{ Description string } `json:"info"`
		Item []struct {
			Name string `json:"name"`
			Item []struct {
				Name    string `json:"name"`
				Request struct {
					Method string               `json:"method"`
					URL    struct{ Raw string } `json:"url"`
				} `json:"request"`
			} `json:"item"`
		} `json:"item"`
		Auth     struct{ Type string } `json:"auth"`
		Variable []struct{ Key, Value string }
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	server := c.Item[0]
	if server.Name != "Server" || len(server.Item) != 3 || server.Item[0].Name != postman.TokenRequestName ||
		server.Item[0].Request.Method != "POST" || server.Item[0].Request.URL.Raw != "{{tokenUrl}}" {
		t.Errorf("Server folder = %+v, want the token request first, then metadata and the batch", server)
	}
	if c.Auth.Type != "bearer" {
		t.Errorf("collection auth = %s, want bearer", c.Auth.Type)
	}
	vars := map[string]string{}
	for _, v := range c.Variable {
		vars[v.Key] = v.Value
	}
	if vars["tokenUrl"] != "https://auth.sandbox.example.org/oauth2/token" || vars["scope"] != "system/*.rs" {
		t.Errorf("variables = %v, want the configured token URL and scope", vars)
	}
	for _, want := range []string{"two steps", "`clientAssertion`", "Server › Get an access token", "`accessToken`"} {
		if !strings.Contains(c.Info.Description, want) {
			t.Errorf("description lacks %q: %s", want, c.Info.Description)
		}
	}
}

// TestClientAuthenticationThatDoesNotFitTheGrant is reported once, at the
// config line, and the collection is left out rather than built wrong.
func TestClientAuthenticationThatDoesNotFitTheGrant(t *testing.T) {
	fsys, cfg := backendSite(config.ClientAuthNone)
	site, diags := Prepare(context.Background(), fsys, cfg, "portal.yaml", BaseSpecs)
	if len(diags) != 1 || diags[0].File != "portal.yaml" || diags[0].Line != 12 || diags[0].Severity != diag.Error ||
		!strings.Contains(diags[0].Message, `fhir API "system-access": clientAuthentication none does not fit the client credentials grant`) {
		t.Fatalf("diagnostics = %v, want one error at portal.yaml:12", diags)
	}
	downloads, diags := site.Downloads()
	if len(diags) > 0 || len(downloads) != 1 {
		t.Errorf("downloads %d, diagnostics %v; want only the statement, and no second report", len(downloads), diags)
	}
}

// A bulk export kick-off is a GET with Prefer: respond-async, on one group
// for group-export, even when the site does not carry HL7's definition.
func TestPostmanBulkExportRequest(t *testing.T) {
	r := &Renderer{Registry: &Registry{}}
	idVar := []postman.Param{{Key: "id", Value: "sbx-group-all"}}
	req := r.postmanOperation(RestResource{Type: "Group"},
		OperationRef{Name: "export", Definition: "http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export"}, idVar)
	if req.Method != "GET" || req.Path != "Group/:id/$export" || len(req.Headers) != 1 || req.Headers[0].Key != "Prefer" || req.Headers[0].Value != "respond-async" {
		t.Errorf("group export request = %+v, want GET Group/:id/$export with Prefer: respond-async", req)
	}
	other := r.postmanOperation(RestResource{Type: "Patient"}, OperationRef{Name: "match", Definition: "https://fhir.example.org/OperationDefinition/unknown"}, idVar)
	if other.Method != "POST" || other.Path != "Patient/$match" || len(other.Headers) != 0 {
		t.Errorf("an operation the site knows nothing about = %+v, want POST at type level", other)
	}
}

// With a registered redirect URI the collection names it instead of
// Postman's own callback, and every authorization request carries aud.
func TestPostmanAuthorizationCodeRedirect(t *testing.T) {
	rest := &Rest{Resource: []RestResource{{Type: "Patient"}}, Security: &Security{Extension: []Extension{{URL: smartOAuthURIs, Extension: []Extension{
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
