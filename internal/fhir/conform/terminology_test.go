package conform

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRequiredBinding plants a coding outside a required, expandable value
// set in a small profile: it is reported; a member, another coding beside a
// member, and a value set the packages cannot expand are not.
func TestRequiredBinding(t *testing.T) {
	prof := &Profile{URL: "http://example.org/StructureDefinition/p", Type: "MedicationDispense", Elements: []Element{
		{ID: "MedicationDispense", Path: "MedicationDispense", Max: "*"},
		{ID: "MedicationDispense.medication[x]", Path: "MedicationDispense.medication[x]", Min: 1, Max: "1",
			Types: []ElementType{{Code: "CodeableConcept"}}, Binding: &Binding{Strength: "required", ValueSet: "http://example.org/ValueSet/ndc"}},
	}}
	expand := func(url string) (Expansion, bool) {
		if url == "http://example.org/ValueSet/ndc" {
			return Expansion{"http://hl7.org/fhir/sid/ndc": nil}, true
		}
		return nil, false
	}
	rxnorm := `{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "860975"}`
	ndc := `{"system": "http://hl7.org/fhir/sid/ndc", "code": "0000-0000-00"}`
	cases := []struct {
		name    string
		codings []string
		want    string
	}{
		{"RxNorm where NDC is required", []string{rxnorm}, "bound (required) to http://example.org/ValueSet/ndc"},
		{"NDC", []string{ndc}, ""},
		{"RxNorm beside NDC", []string{rxnorm, ndc}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := decode(t, `{"resourceType": "MedicationDispense", "medicationCodeableConcept": {"coding": [`+strings.Join(c.codings, ",")+`]}}`)
			findings := Validate(res, "", prof, Definitions{Expand: expand})
			if c.want == "" {
				if len(findings) > 0 {
					t.Errorf("unexpected findings %v", findings)
				}
				return
			}
			if len(findings) != 1 || !strings.Contains(findings[0].Message, c.want) || findings[0].At != "medicationCodeableConcept" {
				t.Errorf("findings %v, want one %q at medicationCodeableConcept", findings, c.want)
			}
		})
	}
	prof.Elements[1].Binding.ValueSet = "http://example.org/ValueSet/needs-a-server"
	if f := Validate(decode(t, `{"resourceType": "MedicationDispense", "medicationCodeableConcept": {"coding": [`+rxnorm+`]}}`), "", prof, Definitions{Expand: expand}); len(f) > 0 {
		t.Errorf("a value set that cannot be expanded is not judged, got %v", f)
	}
}

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}
