package conform

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/diag"
)

const publishedPackages = "../../../../shared/testdata/fhir/published/packages"

func loadPublished(t *testing.T) *Packages {
	t.Helper()
	pkgs, err := LoadPackages(context.Background(), publishedPackages)
	if err != nil {
		t.Fatalf("the published packages are this test's material: %v", err)
	}
	return pkgs
}

const validPatient = `{"resourceType": "Patient", "id": "p1",
  "meta": {"profile": ["http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient|6.1.0"]},
  "identifier": [{"system": "urn:oid:1.2.3", "value": "1"}],
  "name": [{"family": "Doe", "given": ["Jo"]}],
  "gender": "female"%s}`

const bodyWeight = `{"resourceType": "Observation", "id": "o1",
  "meta": {"profile": ["http://hl7.org/fhir/us/core/StructureDefinition/us-core-body-weight|6.1.0"]},
  "status": "final",
  "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "%s"}]}],
  "code": {"coding": [{"system": "http://loinc.org", "code": "%s"}]},
  "subject": {"reference": "Patient/p1"},
  "effectiveDateTime": "2024-01-01",
  %s}`

const weightValue = `"valueQuantity": {"value": 70, "unit": "kg", "system": "http://unitsofmeasure.org", "code": "kg"}`

// TestSitePlantedErrors plants one error of each kind the validator checks
// in a small site and expects it found at its line, and a valid site clean.
func TestSitePlantedErrors(t *testing.T) {
	pkgs := loadPublished(t)
	race := `{"url": "http://hl7.org/fhir/us/core/StructureDefinition/us-core-race", "extension": [{"url": "text", "valueString": "x"}]}`
	condition := `{"resourceType": "Condition", "id": "c1",
  "meta": {"profile": ["http://hl7.org/fhir/us/core/StructureDefinition/us-core-condition-problems-health-concerns|6.1.0"]},
  "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-clinical", "code": "active"}]},
  "verificationStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-ver-status", "code": "confirmed"}]},
  "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-category", "code": "%s"}]}],
  "code": {"coding": [{"system": "http://snomed.info/sct", "code": "38341003"}]},
  "subject": {"reference": "Patient/p1"}}`
	cases := []struct {
		name, file, want string
	}{
		{"valid patient", strings.Replace(validPatient, "%s", "", 1), ""},
		{"valid body weight", sprintf(bodyWeight, "vital-signs", "29463-7", weightValue), ""},
		{"valid problem-list condition", sprintf(condition, "problem-list-item"), ""},
		{"required binding by value set slice: encounter-diagnosis on a problem", sprintf(condition, "encounter-diagnosis"),
			"Condition.category:us-core has 0"},
		{"cardinality: required gender missing", strings.Replace(strings.Replace(validPatient, `"gender": "female"`, `"active": true`, 1), "%s", "", 1),
			"Patient.gender has 0"},
		{"extension slice: two race extensions", strings.Replace(validPatient, "%s", `, "extension": [`+race+`, `+race+`]`, 1),
			"Patient.extension:race has 2"},
		{"slice by discriminator: no vital-signs category", sprintf(bodyWeight, "laboratory", "29463-7", weightValue),
			"Observation.category:VSCat has 0"},
		{"pattern value: wrong LOINC code", sprintf(bodyWeight, "vital-signs", "8302-2", weightValue),
			"Observation.code must match the pattern"},
		{"extension value type: birthsex as valueString", strings.Replace(validPatient, "%s",
			`, "extension": [{"url": "http://hl7.org/fhir/us/core/StructureDefinition/us-core-birthsex", "valueString": "F"}]`, 1),
			"Extension.value[x] is valueString, a type the profile"},
		{"sub-extension: race without ombCategory's required text", strings.Replace(validPatient, "%s",
			`, "extension": [{"url": "http://hl7.org/fhir/us/core/StructureDefinition/us-core-race", "extension": [{"url": "ombCategory", "valueCoding": {"system": "urn:oid:2.16.840.1.113883.6.238", "code": "2106-3"}}]}]`, 1),
			"Extension.extension:text has 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			site := fstest.MapFS{"fhir/examples/example.json": {Data: []byte(c.file)}}
			rep, err := Site(context.Background(), site, "fhir", pkgs)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Validated != 1 {
				t.Fatalf("validated %d examples, want 1", rep.Validated)
			}
			if c.want == "" {
				for _, d := range rep.Diagnostics {
					if d.Severity == diag.Error {
						t.Errorf("valid example reported: %s", d)
					}
				}
				return
			}
			for _, d := range rep.Diagnostics {
				if strings.Contains(d.Message, c.want) {
					if d.File != "fhir/examples/example.json" || d.Line < 1 || d.Hint == "" {
						t.Errorf("finding not positioned with a fix: %s", d)
					}
					return
				}
			}
			t.Errorf("no finding %q among %v", c.want, rep.Diagnostics)
		})
	}
}

func sprintf(format string, args ...string) string {
	for _, a := range args {
		format = strings.Replace(format, "%s", a, 1)
	}
	return format
}

// TestSiteVersionFromStatement reads an unversioned profile's version from
// the nearest CapabilityStatement's implementationGuide.
func TestSiteVersionFromStatement(t *testing.T) {
	pkgs := loadPublished(t)
	patient := strings.Replace(strings.Replace(validPatient, "|6.1.0", "", 1), "%s", "", 1)
	patient = strings.Replace(patient, `"gender": "female"`, `"active": true`, 1)
	site := fstest.MapFS{
		"fhir/api/capabilitystatement.json": {Data: []byte(`{"resourceType": "CapabilityStatement",
			"implementationGuide": ["http://hl7.org/fhir/us/core/ImplementationGuide/hl7.fhir.us.core|3.1.1"]}`)},
		"fhir/api/examples/patient.json": {Data: []byte(patient)},
	}
	rep, err := Site(context.Background(), site, "fhir", pkgs)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Profiles["http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient|3.1.1"] || rep.Errors() != 1 {
		t.Fatalf("want one finding against US Core 3.1.1, got profiles %v findings %v", rep.Profiles, rep.Diagnostics)
	}
}

// TestSiteReferences plants a reference to an example the API does not
// have next to one it has; only the first is reported, at its line.
func TestSiteReferences(t *testing.T) {
	pkgs := loadPublished(t)
	obs := `{"resourceType": "Observation", "id": "o1", "status": "final", "code": {"text": "x"},
  "subject": {"reference": "Patient/p1"},
  "performer": [{"reference": "Practitioner/missing"}]}`
	site := fstest.MapFS{
		"fhir/api/capabilitystatement.json":   {Data: []byte(`{"resourceType": "CapabilityStatement"}`)},
		"fhir/api/examples/observation.json":  {Data: []byte(obs)},
		"fhir/api/examples/patient.json":      {Data: []byte(`{"resourceType": "Patient", "id": "p1"}`)},
		"fhir/other/capabilitystatement.json": {Data: []byte(`{"resourceType": "CapabilityStatement"}`)},
		"fhir/other/practitioner.json":        {Data: []byte(`{"resourceType": "Practitioner", "id": "missing"}`)},
	}
	rep, err := Site(context.Background(), site, "fhir", pkgs)
	if err != nil {
		t.Fatal(err)
	}
	if rep.References != 2 || len(rep.Diagnostics) != 1 {
		t.Fatalf("want 2 references checked and 1 unresolved, got %d and %v", rep.References, rep.Diagnostics)
	}
	if d := rep.Diagnostics[0]; d.File != "fhir/api/examples/observation.json" || d.Line != 3 || !strings.Contains(d.Message, "Practitioner/missing") {
		t.Errorf("finding %s, want Practitioner/missing at observation.json:3", d)
	}
}
