package parse

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/jsonx"
)

// parseDefinitionV1 is parseDefinition as encoding/json alone reads a
// definition: head, then version, then an operation's parameters, each in
// a pass of its own. The one-pass reading must say the same of each file.
func parseDefinitionV1(p string, data []byte) (version string, resource any, diags []diag.Diagnostic) {
	var head struct {
		ResourceType string `json:"resourceType"`
		ID           string `json:"id"`
		URL          string `json:"url"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		line, col, msg := jsonx.ErrorAt(data, err)
		return "", nil, []diag.Diagnostic{{File: p, Line: line, Severity: diag.Error,
			Message: fmt.Sprintf("invalid JSON at column %d: %s", col, msg), Hint: "fix the JSON syntax"}}
	}
	if head.ResourceType == "" {
		return "", nil, []diag.Diagnostic{{File: p, Line: 1, Severity: diag.Error,
			Message: "not a FHIR resource: it has no \"resourceType\"", Hint: "bring the definition as the guide publishes it"}}
	}
	var v struct {
		Version string `json:"version"`
	}
	_ = json.Unmarshal(data, &v)
	var res any
	switch head.ResourceType {
	case "OperationDefinition":
		res = &model.OperationDefinition{}
	case "SearchParameter":
		res = &model.SearchParameter{}
	default:
		return v.Version, nil, nil
	}
	if err := json.Unmarshal(data, res); err != nil {
		line, _, msg := jsonx.ErrorAt(data, err)
		return "", nil, []diag.Diagnostic{{File: p, Line: line, Severity: diag.Error, Message: head.ResourceType + ": " + msg}}
	}
	return v.Version, res, nil
}

func TestParseDefinitionReadsAsEncodingJSON(t *testing.T) {
	tests := []struct{ name, data string }{
		{"structure definition", `{"resourceType":"StructureDefinition","id":"a","url":"http://x/a","version":"1.1.0"}`},
		{"no version", `{"resourceType":"StructureDefinition","id":"a","url":"http://x/a"}`},
		{"version is a number", `{"resourceType":"StructureDefinition","id":"a","url":"http://x/a","version":110}`},
		{"version is null", `{"resourceType":"StructureDefinition","url":"http://x/a","version":null}`},
		{"version in other case", `{"resourceType":"StructureDefinition","url":"http://x/a","VERSION":"1.1.0"}`},
		{"version twice", `{"resourceType":"StructureDefinition","url":"http://x/a","version":"1.0.0","version":"1.1.0"}`},
		{"escaped version", `{"resourceType":"StructureDefinition","url":"http://x/a","version":"1.1\u002e0"}`},
		{"id is a number", `{"resourceType":"StructureDefinition","id":5,"url":"http://x/a"}`},
		{"trailing comma", "{\n\"resourceType\":\"StructureDefinition\",\n\"url\":\"http://x/a\",\n}"},
		{"not an object", `["StructureDefinition"]`},
		{"no resourceType", `{"id":"a","url":"http://x/a"}`},
		{"empty", ``},
		{"operation", `{"resourceType":"OperationDefinition","url":"http://x/op","version":"1.1.0","parameter":[{"name":"a","use":"in","min":1,"max":"1"}]}`},
		{"operation with a parameter of the wrong type", `{"resourceType":"OperationDefinition","url":"http://x/op","parameter":[{"name":"a","min":"one"}]}`},
		{"operation with parameters as an object", `{"resourceType":"OperationDefinition","url":"http://x/op","parameter":{"name":"a"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			const p = "fhir-guides/g-1.1.0/a.json"
			got := parseDefinition(p, []byte(tt.data))
			wantVersion, wantResource, wantDiags := parseDefinitionV1(p, []byte(tt.data))
			if !slices.Equal(got.diags, wantDiags) {
				t.Fatalf("diagnostics\n got %v\nwant %v", got.diags, wantDiags)
			}
			if got.file == nil {
				if wantDiags == nil {
					t.Fatal("no file and no diagnostic")
				}
				return
			}
			if got.version != wantVersion {
				t.Errorf("version %q, want %q", got.version, wantVersion)
			}
			gotOp, _ := json.Marshal(got.file.Resource)
			wantOp, _ := json.Marshal(wantResource)
			if (got.file.Resource == nil) != (wantResource == nil) || string(gotOp) != string(wantOp) {
				t.Errorf("resource %s, want %s", gotOp, wantOp)
			}
		})
	}
}

// TestParseDefinitionReadsTheSiteGuidesAsEncodingJSON: the same over every
// definition the portal's site brings.
func TestParseDefinitionReadsTheSiteGuidesAsEncodingJSON(t *testing.T) {
	paths, err := filepath.Glob("../../../site/fhir-guides/*/*.json")
	if err != nil || len(paths) < 100 {
		t.Fatalf("want the site's guide definitions, got %d (%v)", len(paths), err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		got := parseDefinition(p, data)
		if got.file == nil {
			t.Errorf("%s: %v", p, got.diags)
			continue
		}
		wantVersion, wantResource, wantDiags := parseDefinitionV1(p, data)
		gotOp, _ := json.Marshal(got.file.Resource)
		wantOp, _ := json.Marshal(wantResource)
		if !slices.Equal(got.diags, wantDiags) || got.version != wantVersion || string(gotOp) != string(wantOp) {
			t.Errorf("%s: read as %q %v, encoding/json reads %q %v", p, got.version, got.diags, wantVersion, wantDiags)
		}
	}
}
