package downloads_test

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
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/fhir/downloads"
	"github.com/portaldocs/portal/internal/fhir/fhirtest"
	"github.com/portaldocs/portal/internal/fhir/postman"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// postmanSchema is Postman's collection v2.1.0 schema, kept with the
// postman package's test data.
const postmanSchema = "../postman/testdata/collection-v2.1.0.schema.json"

// hl7Testdata is the shared folder of real HL7 conformance resources.
const hl7Testdata = "../../../../shared/testdata/fhir"

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
	sites := map[string]*fhir.Site{"stu3": fhirtest.PrepareSTU3(t)}
	for _, g := range fhirtest.HL7Guides() {
		sites[g.Name], _ = fhirtest.LoadIG(t, hl7Testdata, g.Dir, g.Statement)
	}
	for name, site := range sites {
		downloads, diags := downloads.Files(site.Site, nil)
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
			assertEverySearchParameterSentOrNamed(t, name, site, d.Data)
		}
		if collections != 1 {
			t.Errorf("%s: %d collections, want 1", name, collections)
		}
	}
}

// assertEverySearchParameterSentOrNamed wants, for every search parameter
// of the statement, a request that sends it with a value, or the parameter
// named in its folder's description as left out; and no request with an
// empty query value or a path variable without a value.
func assertEverySearchParameterSentOrNamed(t *testing.T, name string, site *fhir.Site, raw []byte) {
	t.Helper()
	var c struct {
		Item []struct {
			Name        string `json:"name"`
			Description string `json:"description"`
			Item        []struct {
				Name    string `json:"name"`
				Request struct {
					URL struct {
						Raw      string `json:"raw"`
						Query    []struct{ Key, Value string }
						Variable []struct{ Key, Value string }
					} `json:"url"`
				} `json:"request"`
			} `json:"item"`
		} `json:"item"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	requests := map[string]bool{}
	descriptions := map[string]string{}
	for _, folder := range c.Item {
		descriptions[folder.Name] = folder.Description
		for _, r := range folder.Item {
			requests[folder.Name+"/"+r.Name] = true
			for _, q := range r.Request.URL.Query {
				if q.Value == "" {
					t.Errorf("%s: %s sends %s without a value", name, r.Request.URL.Raw, q.Key)
				}
			}
			for _, v := range r.Request.URL.Variable {
				if v.Value == "" {
					t.Errorf("%s: %s has no value for :%s", name, r.Request.URL.Raw, v.Key)
				}
			}
		}
	}
	for _, res := range site.APIs[0].Server().Resource {
		for _, sp := range res.SearchParam {
			key := res.Type + "/Search " + res.Type + " by " + sp.Name
			if !requests[key] && !strings.Contains(descriptions[res.Type], "`"+sp.Name+"`") {
				t.Errorf("%s: no request %q, and the folder's description does not name %s as left out", name, key, sp.Name)
			}
		}
	}
}

// backendSite is one client credentials API: its statement names no
// authorization server, and the site configures the sandbox's token URL.
func backendSite(clientAuthentication string) (fstest.MapFS, config.FHIR) {
	site := fstest.MapFS{"fhir/system/capabilitystatement.json": {Data: []byte(`{"resourceType": "CapabilityStatement", "id": "system",
  "url": "https://fhir.example.org/CapabilityStatement/system", "name": "SystemAccess", "title": "System Access API",
  "status": "active", "date": "2026-01-10", "kind": "instance", "fhirVersion": "4.0.1", "format": ["json"],
  "rest": [{"mode": "server", "resource": [{"type": "Patient", "interaction": [{"code": "read"}]}], "interaction": [{"code": "batch"}]}]}`)},
		"fhir/system/examples/patient.json": {Data: []byte(`{"resourceType": "Patient", "id": "sbx-pt-0001", "gender": "female"}`)}}
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
	site, diags := fhir.Prepare(context.Background(), fsys, cfg, "portal.yaml", fhir.BaseSpecs)
	for _, d := range diags {
		t.Errorf("unexpected diagnostic: %s", d)
	}
	downloads, diags := downloads.Files(site.Site, nil)
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
	site, diags := fhir.Prepare(context.Background(), fsys, cfg, "portal.yaml", fhir.BaseSpecs)
	if len(diags) != 1 || diags[0].File != "portal.yaml" || diags[0].Line != 12 || diags[0].Severity != diag.Error ||
		!strings.Contains(diags[0].Message, `fhir API "system-access": clientAuthentication none does not fit the client credentials grant`) {
		t.Fatalf("diagnostics = %v, want one error at portal.yaml:12", diags)
	}
	downloads, diags := downloads.Files(site.Site, nil)
	if len(diags) > 0 || len(downloads) != 1 {
		t.Errorf("downloads %d, diagnostics %v; want only the statement, and no second report", len(downloads), diags)
	}
}

// valuesSite is an API whose examples fill some requests and not others:
// the Patient has a version, the Observation none; the operation's example
// request is all primitive values, the other operation has none.
func valuesSite() (fstest.MapFS, config.FHIR) {
	site := fstest.MapFS{
		"fhir/api/capabilitystatement.json": {Data: []byte(`{"resourceType": "CapabilityStatement", "id": "api",
  "url": "https://fhir.example.org/CapabilityStatement/api", "name": "Api", "title": "Values API",
  "status": "active", "date": "2026-01-10", "kind": "instance", "fhirVersion": "4.0.1", "format": ["json"],
  "rest": [{"mode": "server", "resource": [
    {"type": "Patient", "interaction": [{"code": "read"}, {"code": "vread"}, {"code": "patch"}, {"code": "search-type"}],
     "searchParam": [{"name": "family", "type": "string"}, {"name": "death-date", "type": "date"}, {"name": "email", "type": "token"}],
     "operation": [{"name": "history-summary", "definition": "https://fhir.example.org/OperationDefinition/history-summary"},
                   {"name": "renumber", "definition": "https://fhir.example.org/OperationDefinition/renumber"}]},
    {"type": "Observation", "interaction": [{"code": "read"}, {"code": "vread"}, {"code": "create"}]},
    {"type": "Device", "interaction": [{"code": "read"}, {"code": "search-type"}], "searchParam": [{"name": "status", "type": "token"}]}]}]}`)},
		"fhir/api/examples/patient.json": {Data: []byte(`{"resourceType": "Patient", "id": "sbx-pt-0001", "meta": {"versionId": "3"},
  "active": true, "name": [{"family": "Testpatient, Jr", "given": ["Ava"]}],
  "telecom": [{"system": "phone", "value": "555-0142"}, {"system": "email", "value": "ava@example.org"}]}`)},
		"fhir/api/examples/observation.json": {Data: []byte(`{"resourceType": "Observation", "id": "sbx-obs-0101", "status": "final",
  "code": {"text": "HbA1c"}}`)},
		"fhir/api/operations/history-summary.json": {Data: []byte(`{"resourceType": "OperationDefinition", "id": "history-summary",
  "url": "https://fhir.example.org/OperationDefinition/history-summary", "name": "HistorySummary", "status": "active", "kind": "operation",
  "code": "history-summary", "affectsState": false, "resource": ["Patient"], "system": false, "type": false, "instance": true,
  "parameter": [{"name": "start", "use": "in", "min": 1, "max": "1", "type": "date"}, {"name": "return", "use": "out", "min": 1, "max": "1", "type": "Bundle"}]}`)},
		"fhir/api/examples/history-summary-request.json": {Data: []byte(`{"resourceType": "Parameters", "id": "history-summary-request",
  "parameter": [{"name": "start", "valueDate": "2024-01-01"}]}`)},
		"fhir/api/operations/renumber.json": {Data: []byte(`{"resourceType": "OperationDefinition", "id": "renumber",
  "url": "https://fhir.example.org/OperationDefinition/renumber", "name": "Renumber", "status": "active", "kind": "operation",
  "code": "renumber", "affectsState": true, "resource": ["Patient"], "system": false, "type": true, "instance": false,
  "parameter": [{"name": "prefix", "use": "in", "min": 1, "max": "1", "type": "string"}]}`)},
	}
	cfg := config.FHIR{Path: "fhir", APIs: []config.FHIRAPI{{ID: "values", CapabilityStatement: "api/capabilitystatement.json",
		BaseURL: "https://fhir.example.org/values"}}}
	return site, cfg
}

// TestPostmanRequestsTakeTheirValuesFromTheExamples: every request sent has
// its values from the API's examples, and what the examples cannot fill is
// left out and named in its folder's description.
func TestPostmanRequestsTakeTheirValuesFromTheExamples(t *testing.T) {
	fsys, cfg := valuesSite()
	site, diags := fhir.Prepare(context.Background(), fsys, cfg, "portal.yaml", fhir.BaseSpecs)
	for _, d := range diags {
		if d.Severity == diag.Error {
			t.Errorf("unexpected diagnostic: %s", d)
		}
	}
	api := site.API("values")
	got := map[string]postman.Folder{}
	for _, f := range downloads.Collection(site.Registry, api).Folders {
		got[f.Name] = f
	}
	requests := func(folder string) map[string]postman.Request {
		out := map[string]postman.Request{}
		for _, r := range got[folder].Requests {
			out[r.Name] = r
		}
		return out
	}
	patient := requests("Patient")
	wantVars := func(name string, want ...string) {
		t.Helper()
		var vals []string
		for _, v := range patient[name].PathVariables {
			vals = append(vals, v.Key+"="+v.Value)
		}
		if strings.Join(vals, " ") != strings.Join(want, " ") {
			t.Errorf("%s: path variables %v, want %v", name, vals, want)
		}
	}
	wantVars("Read a Patient", "id=sbx-pt-0001")
	wantVars("Read a version of a Patient", "id=sbx-pt-0001", "vid=3")
	wantQuery := func(name, key, value string) {
		t.Helper()
		q := patient[name].Query
		if len(q) != 1 || q[0].Key != key || q[0].Value != value {
			t.Errorf("%s: query %+v, want %s=%s", name, q, key, value)
		}
	}
	// The family name's comma is escaped for FHIR, and the space for the URL.
	wantQuery("Search Patient by family", "family", `Testpatient%5C,%20Jr`)
	wantQuery("Search Patient by email", "email", "ava@example.org")
	if p := patient["Patch a Patient"]; p.Body != `[{"op":"replace","path":"/active","value":true}]` {
		t.Errorf("patch body = %s, want a replace of the example's own active", p.Body)
	}
	hs := patient["$history-summary"]
	if hs.Method != "GET" || hs.Path != "Patient/:id/$history-summary" || len(hs.Query) != 1 || hs.Query[0].Key != "start" || hs.Query[0].Value != "2024-01-01" {
		t.Errorf("$history-summary = %+v, want GET on the example Patient with start from the example request", hs)
	}
	for _, left := range []string{"Search Patient by death-date", "$renumber"} {
		if _, ok := patient[left]; ok {
			t.Errorf("Patient folder sends %q, which the examples give no value for", left)
		}
	}
	for _, want := range []string{"search by `death-date`", "`$renumber` (no example request `renumber-request` gives its required inputs)"} {
		if !strings.Contains(got["Patient"].Description, want) {
			t.Errorf("Patient folder description lacks %q: %s", want, got["Patient"].Description)
		}
	}
	obs := requests("Observation")
	if _, ok := obs["Read a version of a Observation"]; ok {
		t.Error("Observation vread sent, but its example has no meta.versionId")
	}
	if !strings.Contains(got["Observation"].Description, "`vread` (the example Observation has no `meta.versionId`)") {
		t.Errorf("Observation folder description does not say why vread is left out: %s", got["Observation"].Description)
	}
	if c := obs["Create a Observation"]; !strings.Contains(c.Body, `"id": "sbx-obs-0101"`) {
		t.Errorf("create body = %s, want the example", c.Body)
	}
	if len(got["Device"].Requests) != 0 || !strings.Contains(got["Device"].Description, "`read` (no example Device)") ||
		!strings.Contains(got["Device"].Description, "search by `status`") {
		t.Errorf("Device folder = %+v, want no request and both left out", got["Device"])
	}
	if _, err := postman.Build(downloads.Collection(site.Registry, api)); err != nil {
		t.Errorf("the collection does not build: %v", err)
	}
}

// TestSystemBundlesAreBuiltFromExamples: a batch reads the API's examples and
// a transaction updates one; with no example to send, neither request is in
// the collection rather than an empty Bundle.
func TestSystemBundlesAreBuiltFromExamples(t *testing.T) {
	statement := `{"resourceType": "CapabilityStatement", "id": "s", "url": "https://fhir.example.org/CapabilityStatement/s",
  "name": "S", "title": "S API", "status": "active", "date": "2026-01-10", "kind": "instance", "fhirVersion": "4.0.1", "format": ["json"],
  "rest": [{"mode": "server", "resource": [{"type": "Patient", "interaction": [{"code": "read"}, {"code": "update"}]}],
    "interaction": [{"code": "batch"}, {"code": "transaction"}]}]}`
	tests := []struct {
		name     string
		examples bool
		want     map[string]string // request name → the body's entry requests, "" for no request
	}{
		{"with an example", true, map[string]string{
			"Submit a batch Bundle":       `GET Patient/sbx-pt-0001`,
			"Submit a transaction Bundle": `PUT Patient/sbx-pt-0001 (with the resource)`,
		}},
		{"without examples", false, map[string]string{"Submit a batch Bundle": "", "Submit a transaction Bundle": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"fhir/s/capabilitystatement.json": {Data: []byte(statement)}}
			if tt.examples {
				fsys["fhir/s/examples/patient.json"] = &fstest.MapFile{Data: []byte(`{"resourceType": "Patient", "id": "sbx-pt-0001", "gender": "female"}`)}
			}
			cfg := config.FHIR{Path: "fhir", APIs: []config.FHIRAPI{{ID: "s", CapabilityStatement: "s/capabilitystatement.json",
				BaseURL: "https://fhir.example.org/s", Line: 7}}}
			site, diags := fhir.Prepare(context.Background(), fsys, cfg, "portal.yaml", fhir.BaseSpecs)
			if len(diags) > 0 {
				t.Fatalf("diagnostics: %v", diags)
			}
			downloads, _ := downloads.Files(site.Site, nil)
			var c struct {
				Item []struct {
					Item []struct {
						Name    string `json:"name"`
						Request struct {
							Body struct{ Raw string } `json:"body"`
						} `json:"request"`
					} `json:"item"`
				} `json:"item"`
			}
			if err := json.Unmarshal(downloads[len(downloads)-1].Data, &c); err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, it := range c.Item[0].Item {
				var b struct {
					Entry []struct {
						Resource json.RawMessage
						Request  struct{ Method, URL string }
					}
				}
				if err := json.Unmarshal([]byte(it.Request.Body.Raw), &b); err != nil {
					continue
				}
				var parts []string
				for _, e := range b.Entry {
					part := e.Request.Method + " " + e.Request.URL
					if len(e.Resource) > 0 {
						part += " (with the resource)"
					}
					parts = append(parts, part)
				}
				got[it.Name] = strings.Join(parts, ", ")
			}
			for name, want := range tt.want {
				if got[name] != want {
					t.Errorf("%s: entries %q, want %q", name, got[name], want)
				}
			}
		})
	}
}
