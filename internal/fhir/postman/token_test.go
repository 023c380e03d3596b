package postman

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// TestTokenRequest checks the request a private_key_jwt collection gets its
// token with: the client credentials token request of RFC 6749 §4.4.2 with
// the client assertion of RFC 7523 §2.2, as SMART Backend Services has it.
func TestTokenRequest(t *testing.T) {
	cases := []struct {
		name   string
		change func(*API)
		folder int // the folder that starts with the token request
	}{
		{"first in the server folder", func(*API) {}, 0},
		{"first in a later folder", func(a *API) { a.Folders[0].TokenRequest, a.Folders[1].TokenRequest = false, true }, 1},
		{"alone in a folder", func(a *API) { a.Folders[0].Requests = nil }, 0},
	}
	wantForm := []param{
		{Key: "grant_type", Value: "client_credentials", Type: "text"},
		{Key: "scope", Value: "{{scope}}", Type: "text"},
		{Key: "client_assertion_type", Value: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer", Type: "text"},
		{Key: "client_assertion", Value: "{{clientAssertion}}", Type: "text"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			api := backendServicesAPI()
			c.change(&api)
			_, col := mustBuild(t, api)
			for i, f := range col.Item {
				var names []string
				for _, item := range f.Item {
					names = append(names, item.Name)
				}
				want := len(api.Folders[i].Requests)
				if i == c.folder {
					want++
					if len(names) == 0 || names[0] != TokenRequestName {
						t.Fatalf("folder %q = %q, want %q first", f.Name, names, TokenRequestName)
					}
				} else if strings.Contains(strings.Join(names, "\n"), TokenRequestName) {
					t.Errorf("folder %q has the token request too: %q", f.Name, names)
				}
				if len(names) != want {
					t.Errorf("folder %q has %d requests, want %d: %q", f.Name, len(names), want, names)
				}
			}
			item := col.Item[c.folder].Item[0]
			req := item.Request
			if req.Method != "POST" || req.URL.Raw != "{{tokenUrl}}" || !reflect.DeepEqual(req.URL.Host, []string{"{{tokenUrl}}"}) {
				t.Errorf("request = %s %+v, want POST {{tokenUrl}}", req.Method, req.URL)
			}
			if req.Auth == nil || req.Auth.Type != "noauth" {
				t.Errorf("auth = %+v, want noauth: the bearer token is what the request gets", req.Auth)
			}
			if req.Body == nil || req.Body.Mode != "urlencoded" || req.Body.Raw != "" || req.Body.Options != nil {
				t.Fatalf("body = %+v, want an urlencoded form", req.Body)
			}
			if !reflect.DeepEqual(req.Body.URLEncoded, wantForm) {
				t.Errorf("form = %+v, want %+v", req.Body.URLEncoded, wantForm)
			}
			if len(item.Event) != 1 || item.Event[0].Listen != "test" || item.Event[0].Script.Type != "text/javascript" {
				t.Fatalf("events = %+v, want one test script", item.Event)
			}
			js := strings.Join(item.Event[0].Script.Exec, "\n")
			for _, want := range []string{
				`pm.collectionVariables.set("accessToken", body.access_token)`, // stores the token the collection auth sends
				"throw new Error(body.error", "body.error_description",         // fails with the RFC 6749 §5.2 error
			} {
				if !strings.Contains(js, want) {
					t.Errorf("test script lacks %s:\n%s", want, js)
				}
			}
			if col.Auth.Type != "bearer" || len(col.Auth.Bearer) != 1 || col.Auth.Bearer[0].Value != "{{accessToken}}" {
				t.Errorf("collection auth = %+v, want bearer {{accessToken}}", col.Auth)
			}
		})
	}
}

// TestClientAssertionVariableSaysHowToMakeOne: the collection cannot sign
// the JWT, so the variable's description is all a reader has to go on.
func TestClientAssertionVariableSaysHowToMakeOne(t *testing.T) {
	_, col := mustBuild(t, backendServicesAPI())
	vars := map[string]param{}
	for _, v := range col.Variable {
		vars[v.Key] = v
	}
	assertion, ok := vars["clientAssertion"]
	if !ok || assertion.Value != "" {
		t.Fatalf("clientAssertion = %+v (present: %t), want an empty variable", assertion, ok)
	}
	for _, want := range []string{"RS384", "ES384", "iss and sub your client id", "aud the token URL", "exp at most 5 minutes", "jti a new unique value"} {
		if !strings.Contains(assertion.Description, want) {
			t.Errorf("clientAssertion description lacks %q: %s", want, assertion.Description)
		}
	}
	if strings.Contains(assertion.Description, "://") {
		t.Errorf("clientAssertion description links a site: %s", assertion.Description)
	}
}

// TestNamingTheUsualClientAuthenticationChangesNothing pins the collections
// made before ClientAuthentication existed: the grant's usual method,
// whether named or left "", gives the same bytes.
func TestNamingTheUsualClientAuthenticationChangesNothing(t *testing.T) {
	cases := []struct {
		name   string
		api    API
		method string
	}{
		{"client credentials, client_secret_basic", bulkDataAPI(), ClientAuthSecretBasic},
		{"authorization code, none", patientAccessAPI(), ClientAuthNone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			implicit, _ := mustBuild(t, c.api)
			c.api.Auth.ClientAuthentication = c.method
			named, _ := mustBuild(t, c.api)
			if !bytes.Equal(implicit, named) {
				t.Errorf("naming %s changes the collection:\n%s\n---\n%s", c.method, implicit, named)
			}
		})
	}
}
