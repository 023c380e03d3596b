package base

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
)

// The sha256 of each decompressed extract, as scripts/fhir-base/extract.mjs prints it ("json
// sha256"). Regenerating the extract from the pinned sources must reproduce these bytes; an
// intended change of the extract updates them here in the same commit.
var extractJSONSHA256 = map[Version]string{
	R4:   "299121ac5bbc35a9324b4d8ec3af44f5d6ed5700aac42a33dfbcb26e6bfcc764",
	STU3: "10bee0f8fb72bdeb2bbeb5176e64f72c8f26849aba25b5c5dfd39a42304699bf",
}

func mustLoad(t testing.TB, v Version) *Spec {
	t.Helper()
	spec, err := Load(v)
	if err != nil {
		t.Fatalf("Load(%s): %v", v, err)
	}
	return spec
}

func TestParseVersion(t *testing.T) {
	tests := []struct {
		in     string
		want   Version
		wantOK bool
	}{
		{"R4", R4, true},
		{"r4", R4, true},
		{"4.0.1", R4, true},
		{"4.0.0", R4, true},
		{"4.0", R4, true},
		{" 4.0.1 ", R4, true},
		{"STU3", STU3, true},
		{"stu3", STU3, true},
		{"R3", STU3, true},
		{"3.0.1", STU3, true},
		{"3.0.2", STU3, true},
		{"3.0", STU3, true},
		{"", "", false},
		{"R5", "", false},
		{"4.3.0", "", false},
		{"DSTU2", "", false},
		{"1.0.2", "", false},
	}
	for _, tt := range tests {
		got, ok := ParseVersion(tt.in)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("ParseVersion(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestLoadDescribesTheRelease(t *testing.T) {
	tests := []struct {
		version       Version
		fhirVersion   string
		minResources  int
		resource      string // a resource type of this release only
		notInRelease  string
		someDatatypes []string
	}{
		{R4, "4.0.1", 140, "ServiceRequest", "ProcedureRequest", []string{"HumanName", "Dosage", "MarketingStatus"}},
		{STU3, "3.0.1", 110, "ProcedureRequest", "ServiceRequest", []string{"HumanName", "Dosage"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.version), func(t *testing.T) {
			spec := mustLoad(t, tt.version)
			if spec.Version() != tt.version || spec.FHIRVersion() != tt.fhirVersion {
				t.Errorf("Version, FHIRVersion = %s, %s; want %s, %s", spec.Version(), spec.FHIRVersion(), tt.version, tt.fhirVersion)
			}
			types := spec.ResourceTypes()
			if len(types) < tt.minResources || !slices.IsSorted(types) {
				t.Errorf("ResourceTypes() has %d entries (sorted: %v), want ≥ %d sorted", len(types), slices.IsSorted(types), tt.minResources)
			}
			for _, name := range []string{"Patient", "Observation", "Bundle", tt.resource} {
				if !spec.IsResource(name) || !slices.Contains(types, name) {
					t.Errorf("IsResource(%q) = false, want true", name)
				}
			}
			for _, name := range append([]string{"Resource", "DomainResource", "string", "", tt.notInRelease}, tt.someDatatypes...) {
				if spec.IsResource(name) {
					t.Errorf("IsResource(%q) = true, want false", name)
				}
			}
			for _, name := range tt.someDatatypes {
				if len(spec.Elements(name)) == 0 {
					t.Errorf("Elements(%q) is empty, want the datatype's elements", name)
				}
			}
		})
	}
}

func TestLoadRejectsUnknownVersion(t *testing.T) {
	if _, err := Load("R5"); err == nil || !strings.Contains(err.Error(), "R5") {
		t.Errorf("Load(R5) error = %v, want one naming R5", err)
	}
}

func TestLoadReturnsOneSpecToConcurrentCallers(t *testing.T) {
	const callers = 8
	specs := make([]*Spec, callers)
	var wg sync.WaitGroup
	for i := range callers {
		wg.Go(func() {
			spec, err := Load(R4)
			if err != nil {
				t.Errorf("Load(R4): %v", err)
			}
			specs[i] = spec
		})
	}
	wg.Wait()
	for _, spec := range specs[1:] {
		if spec != specs[0] {
			t.Fatal("concurrent Load(R4) calls returned different Specs, want the one decoded once")
		}
	}
}

func TestSearchParam(t *testing.T) {
	tests := []struct {
		version         Version
		resource, code  string
		wantType        string
		wantExpression  string // exact, when set
		exprContains    string
		exprExcludes    string
		wantDescription string
		wantURL         string
		wantTargets     []string // must all be present
		wantComparator  string
	}{
		{
			version: R4, resource: "Patient", code: "birthdate", wantType: "date",
			wantExpression: "Patient.birthDate", exprExcludes: "Person",
			wantDescription: "The patient's date of birth",
			wantURL:         "http://hl7.org/fhir/SearchParameter/individual-birthdate",
			wantComparator:  "ge",
		},
		{version: R4, resource: "Observation", code: "code", wantType: "token", exprContains: "Observation.code"},
		{
			version: R4, resource: "Observation", code: "subject", wantType: "reference",
			wantExpression: "Observation.subject", wantTargets: []string{"Patient", "Group", "Device", "Location"},
		},
		{version: R4, resource: "Observation", code: "value-quantity", wantType: "quantity", exprContains: "Quantity"},
		{
			version: R4, resource: "Patient", code: "_lastUpdated", wantType: "date",
			wantExpression: "Resource.meta.lastUpdated", wantDescription: "When the resource version last changed",
		},
		{version: R4, resource: "Encounter", code: "_source", wantType: "uri", wantExpression: "Resource.meta.source"},
		{version: R4, resource: "Patient", code: "_has", wantType: "composite"},
		{version: R4, resource: "Condition", code: "_text", wantType: "string"},
		{
			version: STU3, resource: "Patient", code: "birthdate", wantType: "date",
			wantExpression: "Patient.birthDate", wantDescription: "The patient's date of birth",
		},
		{version: STU3, resource: "Observation", code: "value-quantity", wantType: "quantity", exprContains: "Observation.value"},
		{
			version: STU3, resource: "Observation", code: "patient", wantType: "reference",
			wantTargets: []string{"Patient"},
		},
		{version: STU3, resource: "Patient", code: "_id", wantType: "token", wantExpression: "Resource.id"},
		{version: STU3, resource: "Patient", code: "_type", wantType: "token"},
	}
	for _, tt := range tests {
		t.Run(string(tt.version)+"/"+tt.resource+"/"+tt.code, func(t *testing.T) {
			got, ok := mustLoad(t, tt.version).SearchParam(tt.resource, tt.code)
			if !ok {
				t.Fatalf("SearchParam(%q, %q) not found", tt.resource, tt.code)
			}
			if got.Code != tt.code || got.Type != tt.wantType {
				t.Errorf("Code, Type = %q, %q; want %q, %q", got.Code, got.Type, tt.code, tt.wantType)
			}
			if tt.wantExpression != "" && got.Expression != tt.wantExpression {
				t.Errorf("Expression = %q, want %q", got.Expression, tt.wantExpression)
			}
			if !strings.Contains(got.Expression, tt.exprContains) {
				t.Errorf("Expression = %q, want it to contain %q", got.Expression, tt.exprContains)
			}
			if tt.exprExcludes != "" && strings.Contains(got.Expression, tt.exprExcludes) {
				t.Errorf("Expression = %q, want no %q (another resource's branch)", got.Expression, tt.exprExcludes)
			}
			if tt.wantDescription != "" && got.Description != tt.wantDescription {
				t.Errorf("Description = %q, want %q", got.Description, tt.wantDescription)
			}
			if got.Description == "" {
				t.Error("Description is empty")
			}
			if tt.wantURL != "" && got.URL != tt.wantURL {
				t.Errorf("URL = %q, want %q", got.URL, tt.wantURL)
			}
			for _, target := range tt.wantTargets {
				if !slices.Contains(got.Targets, target) {
					t.Errorf("Targets = %v, want %s among them", got.Targets, target)
				}
			}
			if tt.wantComparator != "" && !slices.Contains(got.Comparators, tt.wantComparator) {
				t.Errorf("Comparators = %v, want %s among them", got.Comparators, tt.wantComparator)
			}
		})
	}
}

func TestSearchParamNotFound(t *testing.T) {
	tests := []struct {
		version        Version
		resource, code string
	}{
		{R4, "Patient", "no-such-param"},
		{R4, "NoSuchResource", "_id"},
		{R4, "HumanName", "family"},
		{R4, "Patient", "_sort"}, // a result parameter, not a search parameter
		{STU3, "Patient", "_source"},
		{STU3, "ServiceRequest", "code"},
	}
	for _, tt := range tests {
		if got, ok := mustLoad(t, tt.version).SearchParam(tt.resource, tt.code); ok {
			t.Errorf("%s SearchParam(%q, %q) = %+v, want not found", tt.version, tt.resource, tt.code, got)
		}
	}
}

func TestSearchParamsAreSortedAndResourceSpecific(t *testing.T) {
	for _, v := range []Version{R4, STU3} {
		spec := mustLoad(t, v)
		params := spec.SearchParams("Patient")
		codes := make([]string, len(params))
		for i, p := range params {
			codes[i] = p.Code
		}
		if !slices.IsSorted(codes) || !slices.Contains(codes, "birthdate") || slices.Contains(codes, "_id") {
			t.Errorf("%s SearchParams(Patient) codes = %v, want sorted, with birthdate and without _id", v, codes)
		}
		if got := spec.SearchParams("NoSuchResource"); got != nil {
			t.Errorf("%s SearchParams(NoSuchResource) = %v, want nil", v, got)
		}
		common := spec.CommonSearchParams()
		var commonCodes []string
		for _, p := range common {
			commonCodes = append(commonCodes, p.Code)
		}
		for _, code := range []string{"_id", "_lastUpdated", "_tag", "_profile", "_security", "_text", "_content", "_list", "_has", "_type", "_query"} {
			if !slices.Contains(commonCodes, code) {
				t.Errorf("%s CommonSearchParams() = %v, want %s", v, commonCodes, code)
			}
		}
		if got := slices.Contains(commonCodes, "_source"); got != (v == R4) {
			t.Errorf("%s CommonSearchParams() has _source = %v, want %v", v, got, v == R4)
		}
	}
}

func TestElement(t *testing.T) {
	tests := []struct {
		version     Version
		path        string
		min         int
		max         string
		types       []string
		targets     []string // exact, when set
		short       string   // exact, when set
		binding     *Binding
		wantNoShort bool
	}{
		{version: R4, path: "Patient", min: 0, max: "*", short: "Information about an individual or animal receiving health care services"},
		{version: R4, path: "Patient.birthDate", min: 0, max: "1", types: []string{"date"}, short: "The date of birth for the individual"},
		{version: R4, path: "Patient.name", min: 0, max: "*", types: []string{"HumanName"}},
		{version: R4, path: "Patient.name.family", min: 0, max: "1", types: []string{"string"}, short: "Family name (often called 'Surname')"},
		{
			version: R4, path: "Patient.gender", min: 0, max: "1", types: []string{"code"}, short: "male | female | other | unknown",
			binding: &Binding{Strength: "required", ValueSet: "http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1"},
		},
		{version: R4, path: "Patient.contact", min: 0, max: "*", types: []string{"BackboneElement"}},
		{version: R4, path: "Patient.contact.name", min: 0, max: "1", types: []string{"HumanName"}, short: "A name associated with the contact person"},
		{version: R4, path: "Patient.contact.name.given", min: 0, max: "*", types: []string{"string"}},
		{version: R4, path: "Patient.id", min: 0, max: "1", types: []string{"string"}, short: "Logical id of this artifact"},
		{version: R4, path: "Patient.meta.lastUpdated", min: 0, max: "1", types: []string{"instant"}},
		{version: R4, path: "Patient.contact.id", min: 0, max: "1", types: []string{"string"}, short: "Unique id for inter-element referencing"},
		{version: R4, path: "Patient.contact.modifierExtension", min: 0, max: "*", types: []string{"Extension"}},
		{version: R4, path: "Patient.link.other", min: 1, max: "1", types: []string{"Reference"}, targets: []string{"Patient", "RelatedPerson"}},
		{version: R4, path: "Observation.subject", min: 0, max: "1", types: []string{"Reference"}, targets: []string{"Device", "Group", "Location", "Patient"}},
		{version: R4, path: "Observation.subject.reference", min: 0, max: "1", types: []string{"string"}},
		{
			version: R4, path: "Observation.value[x]", min: 0, max: "1", short: "Actual result",
			types: []string{"Quantity", "CodeableConcept", "string", "boolean", "integer", "Range", "Ratio", "SampledData", "time", "dateTime", "Period"},
		},
		{version: R4, path: "Observation.valueQuantity", min: 0, max: "1", types: []string{"Quantity"}, short: "Actual result"},
		{version: R4, path: "Observation.valueString", min: 0, max: "1", types: []string{"string"}},
		{version: R4, path: "Observation.valueDateTime", min: 0, max: "1", types: []string{"dateTime"}},
		{version: R4, path: "Observation.valueQuantity.unit", min: 0, max: "1", types: []string{"string"}, short: "Unit representation"},
		{version: R4, path: "Observation.component.valueQuantity", min: 0, max: "1", types: []string{"Quantity"}},
		{version: R4, path: "Extension.url", min: 1, max: "1", types: []string{"uri"}, short: "identifies the meaning of the extension"},
		{version: R4, path: "Patient.extension.url", min: 1, max: "1", types: []string{"uri"}},
		{version: R4, path: "Questionnaire.item.item", min: 0, max: "*", types: []string{"BackboneElement"}, short: "Nested questionnaire items"},
		{version: R4, path: "Questionnaire.item.item.linkId", min: 1, max: "1", types: []string{"string"}},
		{version: R4, path: "Bundle.entry.resource.id", min: 0, max: "1", types: []string{"string"}},
		{version: STU3, path: "Patient.birthDate", min: 0, max: "1", types: []string{"date"}},
		{version: STU3, path: "Patient.name.family", min: 0, max: "1", types: []string{"string"}},
		{
			version: STU3, path: "Patient.gender", min: 0, max: "1", types: []string{"code"},
			binding: &Binding{Strength: "required", ValueSet: "http://hl7.org/fhir/ValueSet/administrative-gender"},
		},
		{
			version: STU3, path: "Patient.link.other", min: 1, max: "1", types: []string{"Reference"}, targets: []string{"Patient", "RelatedPerson"},
			short: "The other patient or related person resource that the link refers to",
		},
		{version: STU3, path: "Patient.contact.name", min: 0, max: "1", types: []string{"HumanName"}},
		{version: STU3, path: "Observation.valueQuantity", min: 0, max: "1", types: []string{"Quantity"}},
		{version: STU3, path: "Observation.valueAttachment", min: 0, max: "1", types: []string{"Attachment"}},
		{version: STU3, path: "Extension.url", min: 1, max: "1", types: []string{"uri"}},
		{version: STU3, path: "ProcedureRequest.code", min: 1, max: "1", types: []string{"CodeableConcept"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.version)+"/"+tt.path, func(t *testing.T) {
			got, ok := mustLoad(t, tt.version).Element(tt.path)
			if !ok {
				t.Fatalf("Element(%q) not found", tt.path)
			}
			if got.Path != tt.path {
				t.Errorf("Path = %q, want %q", got.Path, tt.path)
			}
			if got.Min != tt.min || got.Max != tt.max {
				t.Errorf("cardinality = %d..%s, want %d..%s", got.Min, got.Max, tt.min, tt.max)
			}
			if tt.types != nil && !slices.Equal(got.Types, tt.types) {
				t.Errorf("Types = %v, want %v", got.Types, tt.types)
			}
			if tt.targets != nil && !slices.Equal(got.TargetProfiles, tt.targets) {
				t.Errorf("TargetProfiles = %v, want %v", got.TargetProfiles, tt.targets)
			}
			if tt.short != "" && got.Short != tt.short {
				t.Errorf("Short = %q, want %q", got.Short, tt.short)
			}
			if got.Short == "" {
				t.Error("Short is empty")
			}
			if tt.binding != nil && (got.Binding == nil || *got.Binding != *tt.binding) {
				t.Errorf("Binding = %+v, want %+v", got.Binding, tt.binding)
			}
		})
	}
}

func TestElementNotFound(t *testing.T) {
	tests := []struct {
		version Version
		path    string
	}{
		{R4, ""},
		{R4, "NoSuchType.id"},
		{R4, "Patient.noSuchElement"},
		{R4, "Patient..name"},
		{R4, "Patient.name."},
		{R4, "Observation.valueFoo"},
		{R4, "Observation.valueAttachment"},    // Attachment is a value[x] type in STU3 only
		{R4, "Observation.value.unit"},         // a choice must name its type to go further
		{R4, "Patient.birthDate.extension"},    // primitives are not in the extract
		{R4, "Patient.contact.name.noSuchOne"}, // HumanName has no such element
		{STU3, "ServiceRequest.code"},
		{STU3, "Observation.valueInteger"}, // integer joined value[x] in R4
	}
	for _, tt := range tests {
		if got, ok := mustLoad(t, tt.version).Element(tt.path); ok {
			t.Errorf("%s Element(%q) = %+v, want not found", tt.version, tt.path, got)
		}
	}
}

func TestElements(t *testing.T) {
	tests := []struct {
		version  Version
		typeName string
		first    string
		contains []string
		excludes []string
	}{
		{R4, "Patient", "Patient.identifier", []string{"Patient.contact", "Patient.contact.name", "Patient.link.type"}, []string{"Patient", "Patient.id", "Patient.contact.id"}},
		{R4, "HumanName", "HumanName.use", []string{"HumanName.family", "HumanName.given"}, []string{"HumanName.id"}},
		{R4, "Observation", "Observation.identifier", []string{"Observation.value[x]"}, []string{"Observation.valueQuantity"}},
		{STU3, "Patient", "Patient.identifier", []string{"Patient.animal.species"}, []string{"Patient.meta"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.version)+"/"+tt.typeName, func(t *testing.T) {
			elements := mustLoad(t, tt.version).Elements(tt.typeName)
			paths := make([]string, len(elements))
			for i, e := range elements {
				paths[i] = e.Path
			}
			if len(paths) == 0 || paths[0] != tt.first {
				t.Fatalf("Elements(%q) = %v, want %s first", tt.typeName, paths, tt.first)
			}
			for _, p := range tt.contains {
				if !slices.Contains(paths, p) {
					t.Errorf("Elements(%q) lacks %s", tt.typeName, p)
				}
			}
			for _, p := range tt.excludes {
				if slices.Contains(paths, p) {
					t.Errorf("Elements(%q) has %s, want only the type's own elements", tt.typeName, p)
				}
			}
		})
	}
	if got := mustLoad(t, R4).Elements("NoSuchType"); got != nil {
		t.Errorf("Elements(NoSuchType) = %v, want nil", got)
	}
}

// TestResultsDoNotShareMemory guards the promise that a Spec never changes: changing what a lookup
// returned must not show in the next lookup.
func TestResultsDoNotShareMemory(t *testing.T) {
	spec := mustLoad(t, R4)
	e, _ := spec.Element("Patient.link.other")
	e.Types[0], e.TargetProfiles[0], e.Binding = "changed", "changed", &Binding{}
	g, _ := spec.Element("Patient.gender")
	g.Binding.Strength = "changed"
	p, _ := spec.SearchParam("Observation", "subject")
	p.Targets[0] = "changed"
	spec.ResourceTypes()[0] = "changed"
	spec.Elements("Patient")[0].Types[0] = "changed"
	spec.CommonSearchParams()[0].Code = "changed"

	if e, _ := spec.Element("Patient.link.other"); e.Types[0] != "Reference" || e.TargetProfiles[0] != "Patient" {
		t.Errorf("Element(Patient.link.other) = %+v after changing an earlier result", e)
	}
	if g, _ := spec.Element("Patient.gender"); g.Binding.Strength != "required" {
		t.Errorf("Patient.gender binding = %+v after changing an earlier result", g.Binding)
	}
	if p, _ := spec.SearchParam("Observation", "subject"); p.Targets[0] != "Device" {
		t.Errorf("Observation subject targets = %v after changing an earlier result", p.Targets)
	}
	if spec.ResourceTypes()[0] != "Account" || spec.Elements("Patient")[0].Types[0] != "Identifier" || spec.CommonSearchParams()[0].Code != "_content" {
		t.Error("a list changed after changing an earlier result")
	}
}

// TestEmbeddedExtractsAreTheGeneratedOnes pins the embedded data to what the extraction script
// produces from the pinned sources, and checks every cross-reference inside it resolves.
func TestEmbeddedExtractsAreTheGeneratedOnes(t *testing.T) {
	for v, gz := range map[Version][]byte{R4: r4Extract, STU3: stu3Extract} {
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		raw, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		sum := sha256.Sum256(raw)
		if got := hex.EncodeToString(sum[:]); got != extractJSONSHA256[v] {
			t.Errorf("%s extract sha256 = %s, want %s (rerun make fhir-base, or update the pin if the change is intended)", v, got, extractJSONSHA256[v])
		}
		spec := mustLoad(t, v)
		for _, resource := range spec.ResourceTypes() {
			for _, e := range spec.Elements(resource) {
				if _, ok := spec.Element(e.Path); !ok {
					t.Errorf("%s: Element(%q) does not resolve an element Elements lists", v, e.Path)
				}
			}
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	for _, tt := range []struct {
		version Version
		data    []byte
	}{{R4, r4Extract}, {STU3, stu3Extract}} {
		b.Run(string(tt.version), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := decode(tt.version, tt.data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkElement(b *testing.B) {
	spec := mustLoad(b, R4)
	for b.Loop() {
		if _, ok := spec.Element("Patient.contact.name.family"); !ok {
			b.Fatal("Patient.contact.name.family not found")
		}
	}
}
