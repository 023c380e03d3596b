package postman

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaFile is Postman's collection format v2.1.0 schema; testdata/README.md
// says where it comes from.
const schemaFile = "testdata/collection-v2.1.0.schema.json"

func compileCollectionSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(schemaFile)
	if err != nil {
		t.Fatalf("open schema: %v", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("parse %s: %v", schemaFile, err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(schemaFile, doc); err != nil {
		t.Fatalf("add %s: %v", schemaFile, err)
	}
	schema, err := c.Compile(schemaFile)
	if err != nil {
		t.Fatalf("compile %s: %v", schemaFile, err)
	}
	return schema
}

// validateCollection parses raw as JSON and validates it against schema.
func validateCollection(schema *jsonschema.Schema, raw []byte) error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	return schema.Validate(doc)
}

func TestGeneratedCollectionsValidateAgainstPostmanSchema(t *testing.T) {
	schema := compileCollectionSchema(t)
	for _, ex := range exampleAPIs() {
		t.Run(ex.name, func(t *testing.T) {
			out, _ := mustBuild(t, ex.api)
			if err := validateCollection(schema, out); err != nil {
				t.Errorf("generated collection is invalid: %v\n%s", err, out)
			}
		})
	}
}

// TestPostmanSchemaRejectsBrokenCollections shows the validation can fail:
// each case breaks a generated collection the way a regression in this
// package could, and the schema must reject it.
func TestPostmanSchemaRejectsBrokenCollections(t *testing.T) {
	schema := compileCollectionSchema(t)
	cases := []struct {
		name  string
		raw   func(t *testing.T) []byte
		valid bool
	}{
		{"generated, unchanged", breakCollection(func(map[string]any) {}), true},
		{"request url is a number", breakCollection(func(c map[string]any) {
			firstRequest(c)["url"] = 42
		}), false},
		{"info is missing", breakCollection(func(c map[string]any) {
			delete(c, "info")
		}), false},
		{"info has no schema", breakCollection(func(c map[string]any) {
			delete(c["info"].(map[string]any), "schema")
		}), false},
		{"item is an object", breakCollection(func(c map[string]any) {
			c["item"] = map[string]any{}
		}), false},
		{"header has no value", breakCollection(func(c map[string]any) {
			header := firstRequest(c)["header"].([]any)[0].(map[string]any)
			delete(header, "value")
		}), false},
		{"auth type is unknown", breakCollection(func(c map[string]any) {
			c["auth"].(map[string]any)["type"] = "oauth3"
		}), false},
		{"variable has neither key nor id", breakCollection(func(c map[string]any) {
			delete(c["variable"].([]any)[0].(map[string]any), "key")
		}), false},
		{"not JSON", func(*testing.T) []byte { return []byte(`{"info":`) }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			raw := c.raw(t)
			err := validateCollection(schema, raw)
			if c.valid && err != nil {
				t.Errorf("rejected a valid collection: %v", err)
			}
			if !c.valid && err == nil {
				t.Errorf("accepted a broken collection:\n%s", raw)
			}
			if !c.valid && err != nil {
				t.Logf("rejected as it should be: %v", err)
			}
		})
	}
}

// breakCollection returns the patient access collection as JSON after
// mutate has changed its decoded form.
func breakCollection(mutate func(map[string]any)) func(t *testing.T) []byte {
	return func(t *testing.T) []byte {
		t.Helper()
		out, _ := mustBuild(t, patientAccessAPI())
		var c map[string]any
		if err := json.Unmarshal(out, &c); err != nil {
			t.Fatal(err)
		}
		mutate(c)
		raw, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
}

// firstRequest is the request object of the first folder's first item.
func firstRequest(c map[string]any) map[string]any {
	folder := c["item"].([]any)[0].(map[string]any)
	item := folder["item"].([]any)[0].(map[string]any)
	return item["request"].(map[string]any)
}
