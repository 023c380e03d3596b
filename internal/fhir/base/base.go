// Package base knows the base FHIR R4 (4.0.1) and STU3 (3.0.1) specifications: resource types,
// the elements of resources and complex datatypes, and search parameters. The knowledge is a
// compact extract of HL7's official definition bundles embedded in the binary (r4.json.gz,
// stu3.json.gz, written by scripts/fhir-base/extract.mjs; docs/fhir-base-data.md says where they
// come from), so nothing is fetched at build or run time.
package base

import (
	"strings"
)

// Version names a FHIR release the package knows.
type Version string

// The releases with an embedded extract.
const (
	R4   Version = "R4"
	STU3 Version = "STU3"
)

// ParseVersion accepts a release name or a version number as CapabilityStatement.fhirVersion and
// package manifests write them ("R4", "4.0.1", "4.0.0", "4.0", "STU3", "R3", "3.0.1", "3.0.2",
// "3.0"), case-insensitively and ignoring surrounding spaces.
func ParseVersion(s string) (Version, bool) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "R4", "4.0.1", "4.0.0", "4.0":
		return R4, true
	case "STU3", "R3", "3.0.1", "3.0.2", "3.0":
		return STU3, true
	}
	return "", false
}

// SearchParam is a search parameter as the specification defines it for one resource type: a
// parameter shared by several resources (Patient, Person, RelatedPerson all have birthdate) carries
// only that resource's part of the expression and description.
type SearchParam struct {
	Code        string   // the name used in the query string, e.g. "birthdate"
	Type        string   // number, date, string, token, reference, composite, quantity, uri (R4 also special)
	Expression  string   // FHIRPath selecting the searched elements; empty for _text, _content, _query…
	Description string   // the specification's description for this resource
	URL         string   // canonical URL of the SearchParameter; empty for _has, _list and _type
	Targets     []string // resource types a reference parameter may point to, sorted
	Comparators []string // prefixes allowed (eq, ne, gt…), when the specification lists them (R4)
	Modifiers   []string // modifiers allowed, when the specification lists them
}

// Binding ties a coded element to a value set.
type Binding struct {
	Strength string // required, extensible, preferred or example
	ValueSet string // canonical URL of the value set, possibly with a |version suffix (R4); may be empty
}

// Element is one element definition: its cardinality, types, reference targets, short description
// and terminology binding.
type Element struct {
	Path           string   // the path as asked for, e.g. "Patient.name.family" or "Observation.valueQuantity"
	Min            int      // minimum cardinality
	Max            string   // maximum cardinality: "0", "1" or "*"
	Types          []string // type codes in definition order (several for a choice element such as value[x])
	TargetProfiles []string // resource types a Reference (or R4 canonical) may point to, sorted
	Short          string   // the specification's short text, trimmed to one sentence of at most 200 characters
	Binding        *Binding // nil when the element is not bound
}

// clone returns a copy that shares no memory with e, so callers cannot change a Spec.
func (e Element) clone() Element {
	e.Types = cloneStrings(e.Types)
	e.TargetProfiles = cloneStrings(e.TargetProfiles)
	if e.Binding != nil {
		binding := *e.Binding
		e.Binding = &binding
	}
	return e
}

func (p SearchParam) clone() SearchParam {
	p.Targets = cloneStrings(p.Targets)
	p.Comparators = cloneStrings(p.Comparators)
	p.Modifiers = cloneStrings(p.Modifiers)
	return p
}

func cloneSearchParams(params []SearchParam) []SearchParam {
	if params == nil {
		return nil
	}
	out := make([]SearchParam, len(params))
	for i, p := range params {
		out[i] = p.clone()
	}
	return out
}

// cloneStrings keeps nil as nil, so callers can test len() or nil alike.
func cloneStrings(s []string) []string {
	if s == nil {
		return nil
	}
	return append([]string(nil), s...)
}
