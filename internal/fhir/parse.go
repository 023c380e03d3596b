package fhir

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
)

// required lists, per conformance resource type, the elements a page
// cannot be generated without, with what each is for.
var required = map[string][]requiredElement{
	"CapabilityStatement": {{"status", "draft | active | retired | unknown"}, {"kind", "instance | capability | requirements"},
		{"fhirVersion", "the FHIR version, e.g. 4.0.1"}, {"format", `the formats served, e.g. ["json"]`}},
	"StructureDefinition": {{"url", "its canonical URL"}, {"name", "a computer-friendly name"}, {"status", "draft | active | retired | unknown"},
		{"kind", "resource | complex-type | primitive-type | logical"}, {"type", "the type it constrains, e.g. Extension"}},
	"OperationDefinition": {{"url", "its canonical URL"}, {"name", "a computer-friendly name"}, {"status", "draft | active | retired | unknown"},
		{"kind", "operation | query"}, {"code", "the name used to invoke it, without $"}},
	"SearchParameter": {{"url", "its canonical URL"}, {"name", "a computer-friendly name"}, {"status", "draft | active | retired | unknown"},
		{"code", "the name used in the query string"}, {"base", `the resource types it applies to, e.g. ["Patient"]`},
		{"type", "number | date | string | token | reference | composite | quantity | uri | special"}},
	"ValueSet":   {{"url", "its canonical URL"}, {"status", "draft | active | retired | unknown"}},
	"CodeSystem": {{"url", "its canonical URL"}, {"status", "draft | active | retired | unknown"}},
}

type requiredElement struct{ name, what string }

// parseFile decodes one file into its resource, or a Bundle's entries.
func parseFile(p string, data []byte, v base.Version) ([]*File, []diag.Diagnostic) {
	var head struct {
		ResourceType string `json:"resourceType"`
		ID           string `json:"id"`
		URL          string `json:"url"`
		// type is a string on a Bundle, other things elsewhere.
		Type        json.RawMessage   `json:"type"`
		FHIRVersion string            `json:"fhirVersion"`
		Entry       []json.RawMessage `json:"entry"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		line, col, msg := syntaxErrorAt(data, err)
		return nil, []diag.Diagnostic{{File: p, Line: line, Severity: diag.Error,
			Message: fmt.Sprintf("invalid JSON at column %d: %s", col, msg), Hint: "fix the JSON syntax (a JSON linter shows the exact spot)"}}
	}
	// A resource that states its FHIR version (a statement, a definition)
	// is read as that version wherever it sits.
	if own, ok := base.ParseVersion(head.FHIRVersion); ok {
		v = own
	}
	root := &File{Path: p, Version: v, data: data, Raw: json.RawMessage(data)}
	if head.ResourceType == "" {
		return nil, []diag.Diagnostic{{File: p, Line: 1, Severity: diag.Error,
			Message: "not a FHIR resource: it has no \"resourceType\"", Hint: `add "resourceType", e.g. "resourceType": "StructureDefinition"`}}
	}
	root.ResourceType, root.ID, root.URL = head.ResourceType, head.ID, head.URL
	diags := decodeTyped(root)
	files := []*File{root}
	var bundleType string
	_ = json.Unmarshal(head.Type, &bundleType)
	if head.ResourceType == "Bundle" && bundleType != "searchset" && bundleType != "history" {
		entries, ds := bundleEntries(root, head.Entry)
		files = append(files, entries...)
		diags = append(diags, ds...)
	}
	return files, diags
}

// bundleEntries makes each entry of a collection or transaction Bundle a
// resource of its own, so an example Bundle supplies examples of each type.
func bundleEntries(bundle *File, entries []json.RawMessage) ([]*File, []diag.Diagnostic) {
	var files []*File
	var diags []diag.Diagnostic
	for i, raw := range entries {
		var e struct {
			Resource json.RawMessage `json:"resource"`
		}
		if json.Unmarshal(raw, &e) != nil || len(e.Resource) == 0 {
			continue
		}
		var head struct {
			ResourceType string `json:"resourceType"`
			ID           string `json:"id"`
			URL          string `json:"url"`
		}
		entryPath := "entry[" + strconv.Itoa(i) + "].resource"
		if json.Unmarshal(e.Resource, &head) != nil || head.ResourceType == "" {
			diags = append(diags, diag.Diagnostic{File: bundle.Path, Line: bundle.Line(entryPath), Severity: diag.Error,
				Message: "Bundle entry is not a FHIR resource: it has no \"resourceType\"", Hint: `add "resourceType" to the entry's resource`})
			continue
		}
		f := &File{Path: bundle.Path, Entry: entryPath, ResourceType: head.ResourceType, ID: head.ID, URL: head.URL,
			Version: bundle.Version, Raw: e.Resource, data: bundle.data}
		diags = append(diags, decodeTyped(f)...)
		files = append(files, f)
	}
	return files, diags
}

// decodeTyped fills f.Resource for conformance resources and checks their
// required elements.
func decodeTyped(f *File) []diag.Diagnostic {
	var target any
	switch f.ResourceType {
	case "CapabilityStatement":
		target = &CapabilityStatement{}
	case "StructureDefinition":
		target = &StructureDefinition{}
	case "OperationDefinition":
		target = &OperationDefinition{}
	case "SearchParameter":
		target = &SearchParameter{}
	case "ValueSet":
		target = &ValueSet{}
	case "CodeSystem":
		target = &CodeSystem{}
	default:
		return nil
	}
	if err := json.Unmarshal(f.Raw, target); err != nil {
		line, _, msg := syntaxErrorAt(f.data, err)
		if f.Entry != "" {
			line = f.Line("")
		}
		return []diag.Diagnostic{{File: f.Path, Line: line, Severity: diag.Error,
			Message: fmt.Sprintf("%s: %s", f.ResourceType, msg), Hint: "compare the element with the FHIR specification's definition of " + f.ResourceType}}
	}
	if sd, ok := target.(*StructureDefinition); ok {
		sd.Context = extensionContexts(f.Raw)
	}
	f.Resource = target
	diags := checkRequired(f)
	if od, ok := target.(*OperationDefinition); ok && !od.System && !od.Type && !od.Instance {
		diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(""), Severity: diag.Error,
			Message: fmt.Sprintf("OperationDefinition %q cannot be invoked: system, type and instance are all false or missing", f.ID),
			Hint:    `set "system": true, "type": true or "instance": true for the levels it is invoked at`})
	}
	return diags
}

func checkRequired(f *File) []diag.Diagnostic {
	var present map[string]json.RawMessage
	if json.Unmarshal(f.Raw, &present) != nil {
		return nil
	}
	var diags []diag.Diagnostic
	for _, el := range required[f.ResourceType] {
		if v, ok := present[el.name]; ok && !isEmptyJSON(v) {
			continue
		}
		diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(""), Severity: diag.Error,
			Message: fmt.Sprintf("%s %q has no %q", f.ResourceType, f.ID, el.name),
			Hint:    fmt.Sprintf("add %q: %s", el.name, el.what)})
	}
	return diags
}

func isEmptyJSON(v json.RawMessage) bool {
	s := strings.TrimSpace(string(v))
	return s == `""` || s == "[]" || s == "null" || s == "{}"
}

// extensionContexts reads R4's context list or STU3's contextType plus
// context strings into one shape.
func extensionContexts(raw json.RawMessage) []ExtensionContext {
	var r4 struct {
		Context []ExtensionContext `json:"context"`
	}
	if json.Unmarshal(raw, &r4) == nil {
		return r4.Context
	}
	var stu3 struct {
		ContextType string   `json:"contextType"`
		Context     []string `json:"context"`
	}
	if json.Unmarshal(raw, &stu3) != nil {
		return nil
	}
	out := make([]ExtensionContext, 0, len(stu3.Context))
	for _, c := range stu3.Context {
		out = append(out, ExtensionContext{Type: stu3.ContextType, Expression: c})
	}
	return out
}
