package postman

import (
	"bytes"
	"flag"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden.json from the current output")

func TestBuildIsDeterministic(t *testing.T) {
	for _, ex := range exampleAPIs() {
		t.Run(ex.name, func(t *testing.T) {
			first, _ := mustBuild(t, ex.api)
			for range 20 {
				again, _ := mustBuild(t, ex.api)
				if !bytes.Equal(first, again) {
					t.Fatalf("two builds differ:\n%s\n---\n%s", first, again)
				}
			}
		})
	}
}

// TestBuildMatchesGolden pins the files readers download, so any change to
// them shows up in review.
func TestBuildMatchesGolden(t *testing.T) {
	for _, api := range []API{patientAccessAPI(), backendServicesAPI()} {
		t.Run(api.ID, func(t *testing.T) {
			golden := "testdata/" + api.ID + ".golden.json"
			got, _ := mustBuild(t, api)
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s (run go test -update and review the diff):\n%s", golden, got)
			}
		})
	}
}

func TestCollectionID(t *testing.T) {
	cases := []struct {
		apiID, want string
	}{
		// Pinned: changing it would make every reader's import a duplicate.
		// Cross-checked with github.com/google/uuid NewSHA1.
		{"provider-patient-access", "1920afc6-0b72-535a-9bfc-727d4abcfa77"},
	}
	for _, c := range cases {
		_, col := mustBuild(t, API{ID: c.apiID, Name: "x", BaseURL: "https://fhir.example.org"})
		if col.Info.PostmanID != c.want {
			t.Errorf("_postman_id of %q = %s, want %s", c.apiID, col.Info.PostmanID, c.want)
		}
	}
	if collectionID("provider-directory") == collectionID("provider-patient-access") {
		t.Error("two API ids give the same collection id")
	}
}

// TestUUIDv5 checks the generator against the example of RFC 9562 Appendix
// A.4: the DNS namespace and the name "www.example.com".
func TestUUIDv5(t *testing.T) {
	dns := [16]byte{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}
	got := formatUUID(uuidV5(dns, "www.example.com"))
	if want := "2ed6657d-e927-568b-95e1-2665a8aea6a2"; got != want {
		t.Errorf("uuidV5 = %s, want %s", got, want)
	}
}

func TestBuildAuth(t *testing.T) {
	cases := []struct {
		name          string
		auth          *OAuth2
		wantType      string
		wantVariables []string
		wantValues    map[string]string // variables besides baseUrl with a value; the others are empty
		wantAttrs     map[string]any    // attributes that must be there, with their values
		wantAbsent    []string          // attributes that must not be there
	}{
		{
			name:          "public API",
			wantType:      "noauth",
			wantVariables: []string{"baseUrl"},
		},
		{
			name: "authorization code with PKCE",
			auth: &OAuth2{
				AuthorizeURL: "https://auth.example.org/authorize", TokenURL: "https://auth.example.org/token",
				Scopes: "launch/patient patient/*.rs", GrantType: GrantAuthorizationCode, PKCE: true,
			},
			wantType:      "oauth2",
			wantVariables: []string{"baseUrl", "clientId", "accessToken"},
			wantAttrs: map[string]any{
				"accessToken":           "{{accessToken}}",
				"addTokenTo":            "header",
				"grant_type":            "authorization_code_with_pkce",
				"authUrl":               "https://auth.example.org/authorize",
				"accessTokenUrl":        "https://auth.example.org/token",
				"clientId":              "{{clientId}}",
				"scope":                 "launch/patient patient/*.rs",
				"useBrowser":            true,
				"challengeAlgorithm":    "S256",
				"client_authentication": "body",
			},
			wantAbsent: []string{"clientSecret"},
		},
		{
			name: "authorization code without PKCE",
			auth: &OAuth2{
				AuthorizeURL: "https://auth.example.org/authorize", TokenURL: "https://auth.example.org/token",
				GrantType: GrantAuthorizationCode,
			},
			wantType:      "oauth2",
			wantVariables: []string{"baseUrl", "clientId", "accessToken"},
			wantAttrs:     map[string]any{"grant_type": "authorization_code", "useBrowser": true},
			wantAbsent:    []string{"challengeAlgorithm", "clientSecret"},
		},
		{
			name: "client credentials",
			auth: &OAuth2{
				TokenURL: "https://auth.example.org/token", Scopes: "system/*.read", GrantType: GrantClientCredentials,
			},
			wantType:      "oauth2",
			wantVariables: []string{"baseUrl", "clientId", "clientSecret", "accessToken"},
			wantAttrs: map[string]any{
				"grant_type":            "client_credentials",
				"accessTokenUrl":        "https://auth.example.org/token",
				"clientSecret":          "{{clientSecret}}",
				"client_authentication": "header",
			},
			wantAbsent: []string{"authUrl", "useBrowser", "challengeAlgorithm"},
		},
		{
			name: "client credentials, client_secret_basic named",
			auth: &OAuth2{
				TokenURL: "https://auth.example.org/token", Scopes: "system/*.read", GrantType: GrantClientCredentials,
				ClientAuthentication: ClientAuthSecretBasic,
			},
			wantType:      "oauth2",
			wantVariables: []string{"baseUrl", "clientId", "clientSecret", "accessToken"},
			wantAttrs:     map[string]any{"grant_type": "client_credentials", "clientSecret": "{{clientSecret}}", "client_authentication": "header"},
		},
		{
			name: "authorization code, confidential client with a secret",
			auth: &OAuth2{
				AuthorizeURL: "https://auth.example.org/authorize", TokenURL: "https://auth.example.org/token",
				GrantType: GrantAuthorizationCode, PKCE: true, ClientAuthentication: ClientAuthSecretBasic,
			},
			wantType:      "oauth2",
			wantVariables: []string{"baseUrl", "clientId", "clientSecret", "accessToken"},
			wantAttrs:     map[string]any{"grant_type": "authorization_code_with_pkce", "clientSecret": "{{clientSecret}}", "client_authentication": "header"},
		},
		{
			// Postman's helper cannot sign a client assertion: the collection
			// sends the token its own token request stores.
			name: "client credentials, private_key_jwt",
			auth: &OAuth2{
				TokenURL: "https://auth.example.org/token", Scopes: "system/*.rs", GrantType: GrantClientCredentials,
				ClientAuthentication: ClientAuthPrivateKeyJWT,
			},
			wantType:      "bearer",
			wantVariables: []string{"baseUrl", "tokenUrl", "scope", "clientAssertion", "accessToken"},
			wantValues:    map[string]string{"tokenUrl": "https://auth.example.org/token", "scope": "system/*.rs"},
			wantAttrs:     map[string]any{"token": "{{accessToken}}"},
			wantAbsent:    []string{"clientId", "clientSecret", "grant_type", "accessTokenUrl"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			api := API{ID: "a", Name: "A", BaseURL: "https://fhir.example.org/r4/", Auth: c.auth}
			if c.wantType == "bearer" {
				api.Folders = []Folder{{Name: "Server", TokenRequest: true}}
			}
			_, col := mustBuild(t, api)
			if col.Auth.Type != c.wantType {
				t.Errorf("auth type = %q, want %q", col.Auth.Type, c.wantType)
			}
			if c.wantType != "oauth2" && col.Auth.OAuth2 != nil {
				t.Errorf("%s carries oauth2 attributes: %v", c.wantType, col.Auth.OAuth2)
			}
			if c.wantType != "bearer" && col.Auth.Bearer != nil {
				t.Errorf("%s carries bearer attributes: %v", c.wantType, col.Auth.Bearer)
			}
			var names []string
			for _, v := range col.Variable {
				names = append(names, v.Key)
				if v.Key == "baseUrl" && v.Value != "https://fhir.example.org/r4" {
					t.Errorf("baseUrl = %q, want the base URL without its trailing slash", v.Value)
				}
				if v.Key != "baseUrl" && v.Value != c.wantValues[v.Key] {
					t.Errorf("variable %s = %q, want %q", v.Key, v.Value, c.wantValues[v.Key])
				}
			}
			if !slices.Equal(names, c.wantVariables) {
				t.Errorf("variables = %v, want %v", names, c.wantVariables)
			}
			attrs := map[string]any{}
			for _, a := range append(col.Auth.OAuth2, col.Auth.Bearer...) {
				attrs[a.Key] = a.Value
			}
			for key, want := range c.wantAttrs {
				if got, ok := attrs[key]; !ok || got != want {
					t.Errorf("%s %s = %v (present: %t), want %v", c.wantType, key, got, ok, want)
				}
			}
			for _, key := range c.wantAbsent {
				if _, ok := attrs[key]; ok {
					t.Errorf("%s has %s, want it absent", c.wantType, key)
				}
			}
		})
	}
}

func TestBuildURL(t *testing.T) {
	cases := []struct {
		name         string
		request      Request
		wantRaw      string
		wantPath     []string
		wantVariable []param
	}{
		{
			name:     "type search with disabled parameter",
			request:  Request{Path: "Patient", Query: []Param{{Key: "family", Value: "Chalmers"}, {Key: "birthdate", Value: "1974-12-25", Disabled: true}, {Key: "_count", Value: "10"}}},
			wantRaw:  "{{baseUrl}}/Patient?family=Chalmers&_count=10",
			wantPath: []string{"Patient"},
		},
		{
			name:         "read with path variable",
			request:      Request{Path: "Patient/:id", PathVariables: []Param{{Key: "id", Value: "example", Description: "Logical id"}}},
			wantRaw:      "{{baseUrl}}/Patient/:id",
			wantPath:     []string{"Patient", ":id"},
			wantVariable: []param{{Key: "id", Value: "example", Description: "Logical id"}},
		},
		{
			name:         "vread with an undescribed variable",
			request:      Request{Path: "/Patient/:id/_history/:vid", PathVariables: []Param{{Key: "id", Value: "example"}, {Key: "vid", Value: "2"}}},
			wantRaw:      "{{baseUrl}}/Patient/:id/_history/:vid",
			wantPath:     []string{"Patient", ":id", "_history", ":vid"},
			wantVariable: []param{{Key: "id", Value: "example"}, {Key: "vid", Value: "2"}},
		},
		{
			name:     "operation",
			request:  Request{Path: "Patient/$match"},
			wantRaw:  "{{baseUrl}}/Patient/$match",
			wantPath: []string{"Patient", "$match"},
		},
		{
			name:    "system search on the base",
			request: Request{Query: []Param{{Key: "_type", Value: "Patient,Practitioner"}, {Key: "identifier", Value: "http://hl7.org/fhir/sid/us-npi|1234567893"}}},
			wantRaw: "{{baseUrl}}?_type=Patient,Practitioner&identifier=http://hl7.org/fhir/sid/us-npi|1234567893",
		},
		{
			name:     "modifier",
			request:  Request{Path: "Practitioner", Query: []Param{{Key: "name:contains", Value: "smi"}}},
			wantRaw:  "{{baseUrl}}/Practitioner?name:contains=smi",
			wantPath: []string{"Practitioner"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.request.Name, c.request.Method = "r", "GET"
			api := API{ID: "a", Name: "A", BaseURL: "https://fhir.example.org", Folders: []Folder{{Name: "f", Requests: []Request{c.request}}}}
			_, col := mustBuild(t, api)
			u := col.Item[0].Item[0].Request.URL
			if u.Raw != c.wantRaw {
				t.Errorf("raw = %q, want %q", u.Raw, c.wantRaw)
			}
			if !slices.Equal(u.Host, []string{"{{baseUrl}}"}) {
				t.Errorf("host = %q, want [{{baseUrl}}]", u.Host)
			}
			if !slices.Equal(u.Path, c.wantPath) {
				t.Errorf("path = %q, want %q", u.Path, c.wantPath)
			}
			if !reflect.DeepEqual(u.Variable, c.wantVariable) {
				t.Errorf("variable = %+v, want %+v", u.Variable, c.wantVariable)
			}
			if len(u.Query) != len(c.request.Query) {
				t.Errorf("query has %d parameters, want all %d, disabled ones included", len(u.Query), len(c.request.Query))
			}
			assertRawMatchesParts(t, u)
		})
	}
}

// assertRawMatchesParts splits u.Raw the way Postman parses an address bar
// (path at "/", query at "?", "&" and the first "=") and wants the parts u
// stores: the same host and path, and the enabled query parameters in order.
func assertRawMatchesParts(t *testing.T, u requestURL) {
	t.Helper()
	address, query, hasQuery := strings.Cut(u.Raw, "?")
	segments := strings.Split(address, "/")
	if host := segments[0]; host != strings.Join(u.Host, ".") {
		t.Errorf("raw %q has host %q, parts have %q", u.Raw, host, u.Host)
	}
	if path := segments[1:]; !slices.Equal(path, u.Path) && (len(path) != 0 || len(u.Path) != 0) {
		t.Errorf("raw %q has path %q, parts have %q", u.Raw, path, u.Path)
	}
	var rawQuery, partsQuery []string
	if hasQuery {
		for _, kv := range strings.Split(query, "&") {
			key, value, _ := strings.Cut(kv, "=")
			rawQuery = append(rawQuery, key+"\x00"+value)
		}
	}
	for _, q := range u.Query {
		if !q.Disabled {
			partsQuery = append(partsQuery, q.Key+"\x00"+q.Value)
		}
	}
	if !slices.Equal(rawQuery, partsQuery) {
		t.Errorf("raw %q has query %q, enabled parts are %q", u.Raw, rawQuery, partsQuery)
	}
}

func TestBuildHeadersAndBody(t *testing.T) {
	const bundle = `{"resourceType":"Bundle","type":"transaction","entry":[]}`
	cases := []struct {
		name        string
		request     Request
		wantHeaders []string // "Key: Value"
		wantBody    string   // "" = no body object
	}{
		{
			name:        "GET asks for FHIR JSON",
			request:     Request{Method: "GET", Path: "metadata"},
			wantHeaders: []string{"Accept: application/fhir+json"},
		},
		{
			name:        "POST with body declares its content type",
			request:     Request{Method: "POST", Path: "", Body: bundle},
			wantHeaders: []string{"Accept: application/fhir+json", "Content-Type: application/fhir+json"},
			wantBody:    bundle,
		},
		{
			name: "extra headers follow; a default one is replaced in place",
			request: Request{Method: "PATCH", Path: "Patient/:id", PathVariables: []Param{{Key: "id", Value: "example"}}, Body: `[{"op":"remove","path":"/active"}]`, Headers: []Param{
				{Key: "content-type", Value: "application/json-patch+json"},
				{Key: "If-Match", Value: `W/"3"`},
			}},
			wantHeaders: []string{"Accept: application/fhir+json", "content-type: application/json-patch+json", `If-Match: W/"3"`},
			wantBody:    `[{"op":"remove","path":"/active"}]`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.request.Name = "r"
			api := API{ID: "a", Name: "A", BaseURL: "https://fhir.example.org", Folders: []Folder{{Name: "f", Requests: []Request{c.request}}}}
			_, col := mustBuild(t, api)
			req := col.Item[0].Item[0].Request
			var headers []string
			for _, h := range req.Header {
				headers = append(headers, h.Key+": "+h.Value)
			}
			if !slices.Equal(headers, c.wantHeaders) {
				t.Errorf("headers = %q, want %q", headers, c.wantHeaders)
			}
			switch {
			case c.wantBody == "" && req.Body != nil:
				t.Errorf("body = %+v, want none", req.Body)
			case c.wantBody != "" && req.Body == nil:
				t.Errorf("no body, want %s", c.wantBody)
			case c.wantBody != "" && (req.Body.Mode != "raw" || req.Body.Raw != c.wantBody || req.Body.Options.Raw.Language != "json"):
				t.Errorf("body = %+v, want raw JSON %s", req.Body, c.wantBody)
			}
		})
	}
}

func TestBuildRejectsInvalidAPI(t *testing.T) {
	cases := []struct {
		name   string
		change func(*API)
		want   []string // fragments of the error, one per problem
	}{
		{"no id", func(a *API) { a.ID = "" }, []string{"ID is empty"}},
		{"no name", func(a *API) { a.Name = "" }, []string{"Name is empty"}},
		{"relative base URL", func(a *API) { a.BaseURL = "fhir.example.org/r4" }, []string{`BaseURL "fhir.example.org/r4" is not an absolute`}},
		{"base URL with query", func(a *API) { a.BaseURL = "https://fhir.example.org/r4?x=1" }, []string{"has a query or fragment"}},
		{"unknown grant", func(a *API) { a.Auth.GrantType = "password" }, []string{`Auth.GrantType "password"`}},
		{"no token URL", func(a *API) { a.Auth.TokenURL = "" }, []string{`Auth.TokenURL ""`}},
		{"no authorize URL", func(a *API) { a.Auth.AuthorizeURL = "" }, []string{`Auth.AuthorizeURL ""`}},
		{"PKCE with client credentials", func(a *API) { a.Auth.GrantType = GrantClientCredentials }, []string{"Auth.PKCE is set for the client_credentials grant"}},
		{"unnamed folder", func(a *API) { a.Folders[1].Name = "" }, []string{"folder 2: Name is empty"}},
		{"unnamed request", func(a *API) { a.Folders[0].Requests[2].Name = "" }, []string{`folder "Patient", request 3: Name is empty`}},
		{"unknown method", func(a *API) { a.Folders[0].Requests[0].Method = "get" }, []string{`request "Read a patient": Method "get" is not GET`}},
		{"absolute path", func(a *API) { a.Folders[0].Requests[0].Path = "https://x.org/Patient" }, []string{"is absolute"}},
		{"query in path", func(a *API) { a.Folders[0].Requests[1].Path = "Patient?name=x" }, []string{"put query parameters in Query"}},
		{"empty segment", func(a *API) { a.Folders[0].Requests[0].Path = "Patient//:id" }, []string{"has an empty segment"}},
		{"unnamed path variable", func(a *API) { a.Folders[0].Requests[0].Path = "Patient/:" }, []string{"path variable without a name", `PathVariables has "id"`}},
		{"path variable twice", func(a *API) { a.Folders[0].Requests[0].Path = "Patient/:id/x/:id" }, []string{`the path variable "id" twice`}},
		{"value for a missing variable", func(a *API) {
			a.Folders[0].Requests[0].PathVariables = append(a.Folders[0].Requests[0].PathVariables, Param{Key: "vid"})
		}, []string{`PathVariables has "vid", which Path "Patient/:id" does not have`}},
		{"query parameter without a value", func(a *API) { a.Folders[0].Requests[1].Query[0].Value = "" },
			[]string{`query parameter "family" has no value; leave it out when there is none`}},
		{"disabled query parameter without a value", func(a *API) { a.Folders[0].Requests[1].Query[1].Value = "" },
			[]string{`query parameter "birthdate" has no value`}},
		{"path variable without a value", func(a *API) { a.Folders[0].Requests[3].PathVariables[1].Value = "" },
			[]string{`Path "Patient/:id/_history/:vid" has :vid, which PathVariables gives no value`}},
		{"path variable not given", func(a *API) { a.Folders[0].Requests[0].PathVariables = nil },
			[]string{`Path "Patient/:id" has :id, which PathVariables gives no value`}},
		{"POST without a body", func(a *API) { a.Folders[0].Requests[2].Body = "" },
			[]string{`request "Match a patient": a POST request has no Body`}},
		{"query value splits the URL", func(a *API) { a.Folders[0].Requests[1].Query[0].Value = "a&b" }, []string{`query parameter "family" has & or #`}},
		{"query name splits the URL", func(a *API) { a.Folders[0].Requests[1].Query[0].Key = "a=b" }, []string{`query parameter name "a=b"`}},
		{"unnamed header", func(a *API) { a.Folders[0].Requests[0].Headers = []Param{{Value: "x"}} }, []string{"a header has no name"}},
		{"body is not JSON", func(a *API) { a.Folders[0].Requests[2].Body = "{nope" }, []string{"Body is not valid JSON"}},
		{"GET with body", func(a *API) { a.Folders[0].Requests[0].Body = "{}" }, []string{"a GET request has a Body"}},
		{"unknown client authentication", func(a *API) { a.Auth.ClientAuthentication = "client_secret_jwt" },
			[]string{`Auth.ClientAuthentication "client_secret_jwt" is none of "none", "client_secret_basic", "private_key_jwt"`}},
		{"private_key_jwt with authorization code", func(a *API) { a.Auth.ClientAuthentication = ClientAuthPrivateKeyJWT },
			[]string{`"private_key_jwt" with the authorization_code grant`, "no folder has TokenRequest"}},
		{"public client with client credentials", func(a *API) {
			a.Auth.GrantType, a.Auth.PKCE, a.Auth.ClientAuthentication = GrantClientCredentials, false, ClientAuthNone
		}, []string{`"none" with the client_credentials grant, which only confidential clients may use`}},
		{"private_key_jwt without token request", func(a *API) {
			a.Auth.GrantType, a.Auth.PKCE, a.Auth.ClientAuthentication = GrantClientCredentials, false, ClientAuthPrivateKeyJWT
		}, []string{`Auth.ClientAuthentication is "private_key_jwt" but no folder has TokenRequest`}},
		{"two token requests", func(a *API) {
			a.Auth.GrantType, a.Auth.PKCE, a.Auth.ClientAuthentication = GrantClientCredentials, false, ClientAuthPrivateKeyJWT
			a.Folders[0].TokenRequest, a.Folders[1].TokenRequest = true, true
		}, []string{"TokenRequest is set on folder 1 and folder 2; one token request is enough"}},
		{"token request without private_key_jwt", func(a *API) { a.Folders[1].TokenRequest = true },
			[]string{`TokenRequest is set on folder 2, but only an API whose Auth uses "private_key_jwt"`}},
		{"every problem is reported", func(a *API) {
			a.Name = ""
			a.Folders[0].Requests[0].Method = "FETCH"
			a.Folders[0].Requests[2].Body = "{nope"
		}, []string{"Name is empty", `Method "FETCH"`, `folder "Patient", request "Match a patient": Body is not valid JSON`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			api := patientAccessAPI()
			c.change(&api)
			out, err := Build(api)
			if err == nil {
				t.Fatalf("Build accepted it:\n%s", out)
			}
			if out != nil {
				t.Errorf("Build returned output with its error")
			}
			for _, want := range c.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error does not say %q:\n%v", want, err)
				}
			}
			if lines := strings.Count(err.Error(), "\n") + 1; lines != len(c.want) {
				t.Errorf("error has %d problems, want %d:\n%v", lines, len(c.want), err)
			}
		})
	}
}
