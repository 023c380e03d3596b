package fhir

import (
	"context"
	"crypto/sha256"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
)

// mapMemo is a ValidationMemo in memory that counts what it was asked.
type mapMemo struct {
	entries          map[[sha256.Size]byte][]diag.Diagnostic
	hits, remembered int
}

func (m *mapMemo) Recall(key [sha256.Size]byte) ([]diag.Diagnostic, bool) {
	ds, ok := m.entries[key]
	if ok {
		m.hits++
	}
	return ds, ok
}

func (m *mapMemo) Remember(key [sha256.Size]byte, diags []diag.Diagnostic) {
	m.entries[key] = diags
	m.remembered++
}

// A remembered validation is used only while nothing it read changed: each
// edit below validates again and finds what a build without the memo finds.
func TestValidationMemoSeesEveryInput(t *testing.T) {
	statement := []byte(`{"resourceType": "CapabilityStatement", "id": "api",
  "url": "https://fhir.example.org/CapabilityStatement/api", "status": "active", "date": "2026-01-10", "kind": "instance",
  "fhirVersion": "4.0.1", "format": ["json"],
  "rest": [{"mode": "server", "resource": [{"type": "Patient",
    "supportedProfile": ["http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient|6.1.0"],
    "interaction": [{"code": "read"}]}]}]}`)
	site := fstest.MapFS{
		"fhir/api/capabilitystatement.json": {Data: statement},
		"fhir/api/patient.json":             {Data: []byte(`{"resourceType": "Patient", "id": "p1", "gender": "female"}`)},
	}
	cfg := config.FHIR{Path: "fhir",
		APIs: []config.FHIRAPI{{ID: "api", CapabilityStatement: "api/capabilitystatement.json", BaseURL: "https://fhir.example.org/api"}}}
	memo := &mapMemo{entries: map[[sha256.Size]byte][]diag.Diagnostic{}}

	steps := []struct {
		name    string
		edit    func()
		wantHit bool
	}{
		{"first build", func() {}, false},
		{"nothing changed", func() {}, true},
		{"a guide declared", func() {
			cfg.Dependencies = []config.FHIRDependency{{Package: "hl7.fhir.us.core", Version: "6.1.0", Canonical: "http://hl7.org/fhir/us/core"}}
		}, false},
		{"an example edited", func() {
			site["fhir/api/patient.json"] = &fstest.MapFile{Data: []byte(`{"resourceType": "Patient", "id": "p1", "gender": "female", "shoeSize": 9}`)}
		}, false},
		{"an example moved", func() {
			site["fhir/api/examples/patient.json"] = site["fhir/api/patient.json"]
			delete(site, "fhir/api/patient.json")
		}, false},
		{"moved back", func() {
			site["fhir/api/patient.json"] = site["fhir/api/examples/patient.json"]
			delete(site, "fhir/api/examples/patient.json")
		}, true},
	}
	for _, step := range steps {
		step.edit()
		hits := memo.hits
		_, got := Prepare(context.Background(), site, cfg, "portal.yaml", BaseSpecs, WithValidationMemo(memo, nil))
		_, want := Prepare(context.Background(), site, cfg, "portal.yaml", BaseSpecs)
		if hit := memo.hits > hits; hit != step.wantHit {
			t.Errorf("%s: memo used = %v, want %v", step.name, hit, step.wantHit)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: with the memo\n%v\nwithout it\n%v", step.name, got, want)
		}
	}
	if memo.remembered != 4 {
		t.Errorf("validations remembered: %d, want 4 (one per change)", memo.remembered)
	}
}
