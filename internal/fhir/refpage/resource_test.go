package refpage_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/fhir/fhirtest"
)

func TestSTU3StatementTakesTypesFromTheBaseSpecification(t *testing.T) {
	site := fhirtest.PrepareSTU3(t)
	api := site.API("legacy")
	if api.File.Version != "STU3" {
		t.Fatalf("statement read as %s, want STU3", api.File.Version)
	}
	md, ok := renderer(site).Resource(api, "Patient")
	if !ok {
		t.Fatal("no Patient page")
	}
	for _, want := range []string{
		"| `birthdate` | date |", "| `gender` | token |", // types from base STU3
		"Patient?birthdate=1970-05-01", // the example query follows the base expression
		"curl 'https://fhir.example.org/stu3/Patient?birthdate=1970-05-01'",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Patient page lacks %q:\n%s", want, md)
		}
	}
	// The example carries animal, which STU3 Patient has and R4 dropped:
	// PrepareSTU3 found no error, so it was checked as STU3.
	cs := renderer(site).CapabilityStatement(api)
	if !strings.Contains(cs, "`$everything`") {
		t.Errorf("system operation missing:\n%s", cs)
	}
}

// Two servers may hold a Patient with the same id; each API's pages show
// the example from its own folder, and ids clash only within one folder.
func TestExamplesBelongToTheirAPIFolder(t *testing.T) {
	statement := func(id string) []byte {
		return []byte(`{"resourceType": "CapabilityStatement", "id": "` + id + `", "url": "https://fhir.example.org/CapabilityStatement/` + id + `",
  "status": "active", "date": "2026-01-10", "kind": "instance", "fhirVersion": "4.0.1", "format": ["json"],
  "rest": [{"mode": "server", "resource": [{"type": "Patient", "interaction": [{"code": "read"}]}]}]}`)
	}
	patient := func(family string) []byte {
		return []byte(`{"resourceType": "Patient", "id": "sbx-pt-0001", "name": [{"family": "` + family + `"}]}`)
	}
	site := fstest.MapFS{
		"fhir/a/capabilitystatement.json": {Data: statement("a")},
		"fhir/a/patient.json":             {Data: patient("Alphaserver")},
		"fhir/b/capabilitystatement.json": {Data: statement("b")},
		"fhir/b/patient.json":             {Data: patient("Betaserver")},
	}
	cfg := config.FHIR{Path: "fhir", APIs: []config.FHIRAPI{
		{ID: "a", CapabilityStatement: "a/capabilitystatement.json", BaseURL: "https://fhir.example.org/a"},
		{ID: "b", CapabilityStatement: "b/capabilitystatement.json", BaseURL: "https://fhir.example.org/b"},
	}}
	s, diags := fhir.Prepare(context.Background(), site, cfg, "portal.yaml", fhir.BaseSpecs)
	for _, d := range diags {
		t.Errorf("unexpected diagnostic: %s", d)
	}
	for id, want := range map[string]string{"a": "Alphaserver", "b": "Betaserver"} {
		md, _ := renderer(s).Resource(s.API(id), "Patient")
		if !strings.Contains(md, want) {
			t.Errorf("API %s's Patient page does not show its own example (%s)", id, want)
		}
		if other := map[string]string{"a": "Betaserver", "b": "Alphaserver"}[id]; strings.Contains(md, other) {
			t.Errorf("API %s's Patient page shows the other API's example (%s)", id, other)
		}
	}

	site["fhir/a/same-patient-again.json"] = &fstest.MapFile{Data: patient("Again")}
	_, diags = fhir.Prepare(context.Background(), site, cfg, "portal.yaml", fhir.BaseSpecs)
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "Patient/sbx-pt-0001 is already defined by fhir/a/patient.json") {
		t.Errorf("a second Patient/sbx-pt-0001 in one API folder: got %v, want one clash naming the first file", diags)
	}
}
