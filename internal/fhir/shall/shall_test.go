package shall

import (
	"reflect"
	"strings"
	"testing"
)

const guideJSON = `{"url": "http://example.org/CapabilityStatement/g", "version": "1.0.0", "title": "Example Server",
 "rest": [{"mode": "server",
  "resource": [
   {"type": "Patient", "extension": [
     {"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHALL"},
     {"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-search-parameter-combination", "extension": [
       {"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHALL"},
       {"url": "required", "valueString": "birthdate"}, {"url": "required", "valueString": "name"}]},
     {"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-search-parameter-combination", "extension": [
       {"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHOULD"},
       {"url": "required", "valueString": "gender"}, {"url": "required", "valueString": "name"}]}],
    "interaction": [
     {"code": "read", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHALL"}]},
     {"code": "vread", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHOULD"}]}],
    "searchParam": [
     {"name": "birthdate", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHALL"}]},
     {"name": "name", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHALL"}]}]},
   {"type": "Goal", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHALL"}],
    "interaction": [{"code": "read", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHALL"}]}],
    "operation": [{"name": "everything", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHALL"}]}]},
   {"type": "Media", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHOULD"}],
    "searchParam": [{"name": "patient", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHALL"}]}]}],
  "operation": [{"name": "export", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHALL"}]}]},
  {"mode": "client", "resource": [{"type": "Device", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation", "valueCode": "SHALL"}]}]}]}`

func mustStatement(t *testing.T, data string) *Statement {
	t.Helper()
	s, err := ParseStatement([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRequirementsAreTheServerSHALLs(t *testing.T) {
	var keys []string
	for _, r := range mustStatement(t, guideJSON).Requirements() {
		keys = append(keys, r.Key())
	}
	want := []string{"Patient", "Patient read", "Patient?birthdate", "Patient?name", "Patient?birthdate&name", "Goal", "Goal read", "Goal/$everything", "Media?patient", "$export"}
	if !reflect.DeepEqual(keys, want) {
		t.Errorf("got %q\nwant %q", keys, want)
	}
}

func TestCompare(t *testing.T) {
	guide := mustStatement(t, guideJSON)
	cases := []struct {
		name       string
		api        string
		recorded   []Deviation
		met        int
		unrecorded []string
		reasons    map[string]string
		stale      []string
	}{
		{"everything met, the combination by its parameters",
			`{"rest": [{"mode": "server", "resource": [
			  {"type": "Patient", "interaction": [{"code": "read"}], "searchParam": [{"name": "birthdate"}, {"name": "name"}]},
			  {"type": "Goal", "interaction": [{"code": "read"}], "operation": [{"name": "everything"}]}],
			 "operation": [{"name": "$export"}]}]}`,
			nil, 9, nil, nil, nil},
		{"a resource not supported is covered by its one deviation",
			`{"rest": [{"mode": "server", "resource": [
			  {"type": "Patient", "interaction": [{"code": "read"}], "searchParam": [{"name": "birthdate"}, {"name": "name"}]}],
			 "operation": [{"name": "export"}]}]}`,
			[]Deviation{{Requirement: "Goal", Reason: "no goals are held"}}, 6, nil,
			map[string]string{"Goal": "no goals are held", "Goal read": "no goals are held", "Goal/$everything": "no goals are held"}, nil},
		{"a missing parameter needs its own reason; the combination is not met either",
			`{"rest": [{"mode": "server", "resource": [
			  {"type": "Patient", "interaction": [{"code": "read"}], "searchParam": [{"name": "name"}]},
			  {"type": "Goal", "interaction": [{"code": "read"}], "operation": [{"name": "everything"}]}],
			 "operation": [{"name": "export"}]}]}`,
			[]Deviation{{Requirement: "Patient?birthdate", Reason: "dates of birth are not indexed"}}, 7,
			[]string{"Patient?birthdate&name"}, map[string]string{"Patient?birthdate": "dates of birth are not indexed"}, nil},
		{"a client block does not meet a server SHALL; stale deviations are named",
			`{"rest": [{"mode": "client", "resource": [{"type": "Patient", "interaction": [{"code": "read"}]}]}]}`,
			[]Deviation{{Requirement: "Patient vread", Reason: "x"}, {Requirement: "Device", Reason: "y"}}, 0,
			[]string{"Patient", "Patient read", "Patient?birthdate", "Patient?name", "Patient?birthdate&name", "Goal", "Goal read", "Goal/$everything", "$export"},
			map[string]string{}, []string{"Patient vread is not a SHALL of Example Server", "Device is not a SHALL of Example Server"}},
		{"what is asked of a resource the guide does not require applies once the API supports it",
			`{"rest": [{"mode": "server", "resource": [
			  {"type": "Patient", "interaction": [{"code": "read"}], "searchParam": [{"name": "birthdate"}, {"name": "name"}]},
			  {"type": "Goal", "interaction": [{"code": "read"}], "operation": [{"name": "everything"}]},
			  {"type": "Media", "interaction": [{"code": "read"}]}],
			 "operation": [{"name": "export"}]}]}`,
			nil, 9, []string{"Media?patient"}, nil, nil},
		{"a deviation for what is met is stale",
			`{"rest": [{"resource": [
			  {"type": "Patient", "interaction": [{"code": "read"}], "searchParam": [{"name": "birthdate"}, {"name": "name"}]},
			  {"type": "Goal", "interaction": [{"code": "read"}], "operation": [{"name": "everything"}]}],
			 "operation": [{"name": "export"}]}]}`,
			[]Deviation{{Requirement: "Patient read", Reason: "x"}}, 9, nil, map[string]string{}, []string{"Patient read is met by the API's statement"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Compare(mustStatement(t, c.api), guide, c.recorded)
			if got.Met() != c.met {
				t.Errorf("met %d of %d, want %d", got.Met(), len(got.Rows), c.met)
			}
			var unrecorded []string
			for _, r := range got.Unrecorded {
				unrecorded = append(unrecorded, r.Key())
			}
			if !reflect.DeepEqual(unrecorded, c.unrecorded) {
				t.Errorf("unrecorded %q, want %q", unrecorded, c.unrecorded)
			}
			for key, want := range c.reasons {
				found := false
				for _, r := range got.Rows {
					if r.Key() == key {
						found = true
						if r.Met || r.Reason != want {
							t.Errorf("%s: met %v, reason %q; want not met, %q", key, r.Met, r.Reason, want)
						}
					}
				}
				if !found {
					t.Errorf("no row %s", key)
				}
			}
			var stale []string
			for _, s := range got.Stale {
				stale = append(stale, s.Requirement+" "+s.Why)
			}
			if !reflect.DeepEqual(stale, c.stale) {
				t.Errorf("stale %q, want %q", stale, c.stale)
			}
		})
	}
}

func TestParseDeviations(t *testing.T) {
	cases := []struct {
		name, yaml string
		want       Deviations
		problem    string
		line       int
	}{
		{"reasons by guide and requirement",
			"# why\nhttp://e/CapabilityStatement/g|1.0.0:\n  Goal: no goals are held\n  Patient?birthdate&name: >-\n    not indexed\n",
			Deviations{"http://e/CapabilityStatement/g|1.0.0": {{"Goal", "no goals are held", 3, 2}, {"Patient?birthdate&name", "not indexed", 4, 2}}}, "", 0},
		{"a guide without a version", "http://e/CapabilityStatement/g:\n  Goal: x\n", Deviations{}, "names no version", 1},
		{"a reason left empty", "http://e/CapabilityStatement/g|1.0.0:\n  Goal: x\n  Patient read:\n", nil, "Patient read of http://e/CapabilityStatement/g|1.0.0 has no reason", 3},
		{"not YAML", "a: [\n", nil, "read deviations", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, diags := ParseDeviations("fhir/api/deviations.yaml", []byte(c.yaml))
			if c.problem == "" {
				if len(diags) > 0 || !reflect.DeepEqual(got, c.want) {
					t.Errorf("got %v, %v; want %v", got, diags, c.want)
				}
				return
			}
			if len(diags) != 1 || !strings.Contains(diags[0].Message, c.problem) || (c.line > 0 && diags[0].Line != c.line) {
				t.Errorf("diagnostics %+v, want one at line %d with %q", diags, c.line, c.problem)
			}
		})
	}
}
