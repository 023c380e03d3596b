package validate_test

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/fhir"
)

// References into a declared guide are taken as defined there: no warning,
// as long as a pinned version is one the site declares.
func TestDeclaredDependenciesDefineTheirCanonicals(t *testing.T) {
	site := fstest.MapFS{"fhir/api/capabilitystatement.json": {Data: []byte(`{"resourceType": "CapabilityStatement", "id": "api",
  "url": "https://fhir.example.org/CapabilityStatement/api", "status": "active", "date": "2026-01-10", "kind": "instance",
  "fhirVersion": "4.0.1", "format": ["json"],
  "rest": [{"mode": "server", "resource": [{"type": "Patient",
    "supportedProfile": ["http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient|6.1.0"],
    "interaction": [{"code": "read"}, {"code": "search-type"}],
    "searchParam": [{"name": "name", "definition": "http://hl7.org/fhir/us/core/SearchParameter/us-core-patient-name", "type": "string"}],
    "operation": [{"name": "summary", "definition": "http://hl7.org/fhir/us/core/OperationDefinition/summary"}]}]}]}`)}}
	cfg := config.FHIR{Path: "fhir",
		APIs:         []config.FHIRAPI{{ID: "api", CapabilityStatement: "api/capabilitystatement.json", BaseURL: "https://fhir.example.org/api"}},
		Dependencies: []config.FHIRDependency{{Package: "hl7.fhir.us.core", Version: "6.1.0", Canonical: "http://hl7.org/fhir/us/core"}}}
	if _, diags := fhir.Prepare(context.Background(), site, cfg, "portal.yaml", fhir.BaseSpecs); len(diags) > 0 {
		t.Errorf("references into a declared guide: got %v, want no diagnostics", diags)
	}
	// The core specification's canonical is a prefix of every HL7 guide's,
	// but declaring it vouches only for core definitions.
	cfg.Dependencies = []config.FHIRDependency{{Package: "hl7.fhir.r4.core", Version: "4.0.1", Canonical: "http://hl7.org/fhir"}}
	if _, diags := fhir.Prepare(context.Background(), site, cfg, "portal.yaml", fhir.BaseSpecs); len(diags) != 3 {
		t.Errorf("US Core references with only the core declared: got %d diagnostics (%v), want 3 warnings", len(diags), diags)
	}
	cfg.Dependencies = nil
	if _, diags := fhir.Prepare(context.Background(), site, cfg, "portal.yaml", fhir.BaseSpecs); len(diags) != 3 {
		t.Errorf("the same references without the dependency: got %d diagnostics (%v), want 3 warnings", len(diags), diags)
	}
}
