package fhir

import (
	"bytes"
	"encoding/json"
	"github.com/portaldocs/portal/internal/config"
	"os"
	"strings"
	"testing"

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
