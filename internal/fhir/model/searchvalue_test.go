package model

import (
	"testing"
)

// A search value read from an example must find that example on a real
// server: the right element of a union, a filtered list item, a choice
// element, and FHIR's escaping.
func TestSearchValue(t *testing.T) {
	const patient = `{"resourceType":"Patient","id":"sbx-pt-0001",
  "meta":{"versionId":"3","lastUpdated":"2026-10-05T09:00:00Z"},
  "identifier":[{"system":"https://fhir.example.org/sid/patient-id","value":"QHE-100001"}],
  "name":[{"family":"Testpatient","given":["Ava"]}],
  "telecom":[{"system":"phone","value":"555-0142"},{"system":"email","value":"ava@example.org"}],
  "managingOrganization":{"reference":"urn:uuid:7f3a9c2e"},
  "generalPractitioner":[{"reference":"#prac"},{"reference":"Practitioner/sbx-prac-0001"}]}`
	const observation = `{"resourceType":"Observation","id":"o","status":"final",
  "code":{"coding":[{"system":"http://loinc.org","code":"4548-4"}]},
  "effectiveDateTime":"2024-02-06T10:30:00-05:00","valueCodeableConcept":{"text":"x"}}`
	const plan = `{"resourceType":"InsurancePlan","id":"p","alias":["Select, Advantage | HMO"]}`
	cases := []struct {
		name, raw, resourceType, paramType, expression string
		want                                           string // "" = no value
	}{
		{"identifier: system|value", patient, "Patient", "token", "Patient.identifier", "https://fhir.example.org/sid/patient-id|QHE-100001"},
		{"where picks the email, not the first telecom", patient, "Patient", "token",
			"Patient.telecom.where(system='email') | Person.telecom.where(system='email')", "ava@example.org"},
		{"a ContactPoint's system is not a URI prefix", patient, "Patient", "token", "Patient.telecom.where(system='phone')", "555-0142"},
		{"where with no match gives no value", patient, "Patient", "token", "Patient.telecom.where(system='fax')", ""},
		{"_lastUpdated on Resource, cut to a date", patient, "Patient", "date", "Resource.meta.lastUpdated", "2026-10-05"},
		{"choice element named without its type", observation, "Observation", "date",
			"AllergyIntolerance.recordedDate | Observation.effective | Procedure.performed", "2024-02-06"},
		{"as picks the typed element; a missing one gives no value", observation, "Observation", "quantity",
			"(Observation.value as Quantity) | (Observation.value as SampledData)", ""},
		{"coding of a CodeableConcept", observation, "Observation", "token", "Observation.code", "http://loinc.org|4548-4"},
		{"a later branch of the union when the first has nothing", plan, "InsurancePlan", "string", "name | alias", `Select\, Advantage \| HMO`},
		{"a Bundle-local reference names nothing to search", patient, "Patient", "reference", "Patient.managingOrganization", ""},
		{"a contained reference names nothing to search", patient, "Patient", "reference", "Patient.generalPractitioner", ""},
		{"another resource type's branch is not followed", patient, "Patient", "string", "Practitioner.name", ""},
		{"a function beyond simple paths gives no value", patient, "Patient", "token", "Patient.deceased.exists() and Patient.deceased != false", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := SearchValue([]byte(c.raw), c.resourceType, c.paramType, c.expression)
			if got != c.want || ok != (c.want != "") {
				t.Errorf("SearchValue(%q) = %q, %t; want %q", c.expression, got, ok, c.want)
			}
		})
	}
}
