// Package model is a site's FHIR material as data, and the questions the
// other layers ask of it. It holds the conformance resources
// (CapabilityStatement, StructureDefinition, OperationDefinition,
// SearchParameter, ValueSet, CodeSystem) as types, R4 and STU3; every file
// of the FHIR folder, example resources included, in a Registry; the APIs
// configured over them with their SMART discovery documents; the guides a
// site declares and the definitions those carry; and the documents pages
// show values of, each decoded once. Its questions: the example an API
// shows of a type (ExampleOf), a listed search parameter completed from its
// definition and the base specification (SearchParamInfo), the value a
// search parameter's expression finds in an example (SearchValue), whether
// a reference into a declared guide resolves (Guides.Unresolved). It reads
// no file itself: package parse fills it.
package model

import (
	"encoding/json"
	"strings"
	"unicode"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Canonical is a canonical URL as written: R4 writes a string, STU3 a
// Reference ({"reference": "…"}); both decode to the URL.
type Canonical string

// UnmarshalJSON accepts a string or an object with a reference.
func (c *Canonical) UnmarshalJSON(data []byte) error {
	if len(data) > 0 && data[0] == '{' {
		var ref struct {
			Reference string `json:"reference"`
		}
		if err := json.Unmarshal(data, &ref); err != nil {
			return err
		}
		*c = Canonical(ref.Reference)
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	*c = Canonical(s)
	return nil
}

// UnmarshalJSONFrom is UnmarshalJSON for the single-pass decoder
// (decodeAsV1): it reads the value from the decoder, where UnmarshalJSON
// would have it decoded a second time by encoding/json, a tenth of a
// statement's parse. It decodes what UnmarshalJSON does, with the
// decoder's v1 options, and fails where it fails.
func (c *Canonical) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if dec.PeekKind() == '{' {
		var ref struct {
			Reference string `json:"reference"`
		}
		if err := jsonv2.UnmarshalDecode(dec, &ref); err != nil {
			return err
		}
		*c = Canonical(ref.Reference)
		return nil
	}
	var s string
	if err := jsonv2.UnmarshalDecode(dec, &s); err != nil {
		return err
	}
	*c = Canonical(s)
	return nil
}

// URL is the canonical without a |version suffix.
func (c Canonical) URL() string {
	s, _, _ := strings.Cut(string(c), "|")
	return s
}

// Extension is a FHIR extension, decoded only as far as page content needs.
type Extension struct {
	URL          string      `json:"url"`
	ValueCode    string      `json:"valueCode,omitempty"`
	ValueString  string      `json:"valueString,omitempty"`
	ValueURI     string      `json:"valueUri,omitempty"`
	ValueURL     string      `json:"valueUrl,omitempty"`
	ValueBoolean *bool       `json:"valueBoolean,omitempty"`
	Extension    []Extension `json:"extension,omitempty"`
}

// Value is the extension's value as text, whatever its primitive type.
func (e Extension) Value() string {
	for _, v := range []string{e.ValueCode, e.ValueString, e.ValueURI, e.ValueURL} {
		if v != "" {
			return v
		}
	}
	if e.ValueBoolean != nil {
		if *e.ValueBoolean {
			return "true"
		}
		return "false"
	}
	return ""
}

// expectationURL is the extension CapabilityStatements use for SHALL,
// SHOULD and MAY on each capability.
const expectationURL = "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation"

// expectation finds the conformance expectation among extensions.
func expectation(exts []Extension) string {
	for _, e := range exts {
		if e.URL == expectationURL {
			return e.ValueCode
		}
	}
	return ""
}

// Coding and CodeableConcept carry SMART security services.
type Coding struct {
	System  string `json:"system,omitempty"`
	Code    string `json:"code,omitempty"`
	Display string `json:"display,omitempty"`
}

// CodeableConcept is a concept given as codes from code systems, or text.
type CodeableConcept struct {
	Coding []Coding `json:"coding,omitempty"`
	Text   string   `json:"text,omitempty"`
}

// CapabilityStatement describes what a FHIR server does.
type CapabilityStatement struct {
	ID                  string      `json:"id"`
	URL                 string      `json:"url"`
	Version             string      `json:"version"`
	Name                string      `json:"name"`
	Title               string      `json:"title"`
	Status              string      `json:"status"`
	Date                string      `json:"date"`
	Publisher           string      `json:"publisher"`
	Description         string      `json:"description"`
	Kind                string      `json:"kind"`
	FHIRVersion         string      `json:"fhirVersion"`
	Format              []string    `json:"format"`
	PatchFormat         []string    `json:"patchFormat"`
	Instantiates        []Canonical `json:"instantiates"`
	ImplementationGuide []Canonical `json:"implementationGuide"`
	Software            *struct {
		Name        string `json:"name"`
		Version     string `json:"version"`
		ReleaseDate string `json:"releaseDate"`
	} `json:"software"`
	Implementation *struct {
		Description string `json:"description"`
		URL         string `json:"url"`
	} `json:"implementation"`
	Rest      []Rest      `json:"rest"`
	Messaging []Messaging `json:"messaging"`
}

// Rest is one rest block (server or client).
type Rest struct {
	Mode          string           `json:"mode"`
	Documentation string           `json:"documentation"`
	Security      *Security        `json:"security"`
	Resource      []RestResource   `json:"resource"`
	Interaction   []Interaction    `json:"interaction"`
	SearchParam   []SearchParamRef `json:"searchParam"`
	Operation     []OperationRef   `json:"operation"`
	Compartment   []Canonical      `json:"compartment"`
}

// Security is rest.security, with the SMART oauth-uris extension.
type Security struct {
	Extension   []Extension       `json:"extension"`
	CORS        *bool             `json:"cors"`
	Service     []CodeableConcept `json:"service"`
	Description string            `json:"description"`
}

// SmartOAuthURIs is the SMART extension listing the authorization server's
// endpoints.
const SmartOAuthURIs = "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris"

// OAuthURIs returns the SMART endpoints (authorize, token, register,
// manage, introspect, revoke) declared on the security block, in order.
func (s *Security) OAuthURIs() []Extension {
	if s == nil {
		return nil
	}
	for _, e := range s.Extension {
		if e.URL == SmartOAuthURIs {
			return e.Extension
		}
	}
	return nil
}

// OAuthURI returns one SMART endpoint by name ("authorize", "token"…).
func (s *Security) OAuthURI(name string) string {
	for _, e := range s.OAuthURIs() {
		if e.URL == name {
			return e.Value()
		}
	}
	return ""
}

// RestResource is what the server supports for one resource type.
type RestResource struct {
	Extension         []Extension      `json:"extension"`
	Type              string           `json:"type"`
	Profile           Canonical        `json:"profile"`
	SupportedProfile  []Canonical      `json:"supportedProfile"`
	Documentation     string           `json:"documentation"`
	Interaction       []Interaction    `json:"interaction"`
	Versioning        string           `json:"versioning"`
	ConditionalCreate *bool            `json:"conditionalCreate"`
	ConditionalUpdate *bool            `json:"conditionalUpdate"`
	ConditionalDelete string           `json:"conditionalDelete"`
	ReferencePolicy   []string         `json:"referencePolicy"`
	SearchInclude     []string         `json:"searchInclude"`
	SearchRevInclude  []string         `json:"searchRevInclude"`
	SearchParam       []SearchParamRef `json:"searchParam"`
	Operation         []OperationRef   `json:"operation"`
}

// Expectation is SHALL, SHOULD or MAY when the statement says.
func (r RestResource) Expectation() string { return expectation(r.Extension) }

// Profiles lists the resource's profiles: profile, then supportedProfile.
func (r RestResource) Profiles() []Canonical {
	var out []Canonical
	if r.Profile != "" {
		out = append(out, r.Profile)
	}
	return append(out, r.SupportedProfile...)
}

// Combinations lists the search parameter combinations the statement
// declares, each with its expectation.
func (r RestResource) Combinations() []Combination {
	var out []Combination
	for _, e := range r.Extension {
		if e.URL != "http://hl7.org/fhir/StructureDefinition/capabilitystatement-search-parameter-combination" {
			continue
		}
		c := Combination{Expectation: expectation(e.Extension)}
		for _, part := range e.Extension {
			if part.URL == "required" {
				c.Required = append(c.Required, part.Value())
			}
		}
		out = append(out, c)
	}
	return out
}

// Combination is a set of search parameters used together.
type Combination struct {
	Required    []string
	Expectation string
}

// Interaction is one interaction code with its expectation.
type Interaction struct {
	Extension     []Extension `json:"extension"`
	Code          string      `json:"code"`
	Documentation string      `json:"documentation"`
}

// Expectation is SHALL, SHOULD or MAY when the statement says.
func (i Interaction) Expectation() string { return expectation(i.Extension) }

// SearchParamRef is a search parameter as a CapabilityStatement lists it.
type SearchParamRef struct {
	Extension     []Extension `json:"extension"`
	Name          string      `json:"name"`
	Definition    Canonical   `json:"definition"`
	Type          string      `json:"type"`
	Documentation string      `json:"documentation"`
}

// Expectation is SHALL, SHOULD or MAY when the statement says.
func (s SearchParamRef) Expectation() string { return expectation(s.Extension) }

// OperationRef is an operation as a CapabilityStatement lists it.
type OperationRef struct {
	Extension     []Extension `json:"extension"`
	Name          string      `json:"name"`
	Definition    Canonical   `json:"definition"`
	Documentation string      `json:"documentation"`
}

// Expectation is SHALL, SHOULD or MAY when the statement says.
func (o OperationRef) Expectation() string { return expectation(o.Extension) }

// Messaging is a messaging block of a CapabilityStatement.
type Messaging struct {
	Documentation    string `json:"documentation"`
	SupportedMessage []struct {
		Mode       string    `json:"mode"`
		Definition Canonical `json:"definition"`
	} `json:"supportedMessage"`
}

// StructureDefinition is a profile, an extension or a base definition.
type StructureDefinition struct {
	ID             string    `json:"id"`
	URL            string    `json:"url"`
	Version        string    `json:"version"`
	Name           string    `json:"name"`
	Title          string    `json:"title"`
	Status         string    `json:"status"`
	Description    string    `json:"description"`
	Purpose        string    `json:"purpose"`
	FHIRVersion    string    `json:"fhirVersion"`
	Kind           string    `json:"kind"`
	Abstract       *bool     `json:"abstract"`
	Type           string    `json:"type"`
	BaseDefinition Canonical `json:"baseDefinition"`
	Derivation     string    `json:"derivation"`
	// Context is R4's list; STU3 has contextType plus a list of strings,
	// folded into the same shape when loading.
	Context      []ExtensionContext `json:"-"`
	Differential *ElementList       `json:"differential"`
	Snapshot     *ElementList       `json:"snapshot"`
}

// ExtensionContext says where an extension may appear.
type ExtensionContext struct {
	Type       string `json:"type"`
	Expression string `json:"expression"`
}

// ElementList is a differential or a snapshot.
type ElementList struct {
	Element []ElementDefinition `json:"element"`
}

// ElementDefinition is one element of a StructureDefinition.
type ElementDefinition struct {
	ID          string          `json:"id"`
	Path        string          `json:"path"`
	SliceName   string          `json:"sliceName"`
	Short       string          `json:"short"`
	Definition  string          `json:"definition"`
	Min         *int            `json:"min"`
	Max         string          `json:"max"`
	Type        []ElementType   `json:"type"`
	MustSupport bool            `json:"mustSupport"`
	IsModifier  bool            `json:"isModifier"`
	Binding     *ElementBinding `json:"binding"`
	FixedURI    string          `json:"fixedUri"`
}

// ElementType is one allowed type of an element.
type ElementType struct {
	Code          string   `json:"code"`
	Profile       flexList `json:"profile"`
	TargetProfile flexList `json:"targetProfile"`
}

// flexList decodes R4's list of canonicals and STU3's single URI alike.
type flexList []string

// UnmarshalJSON accepts a string or a list of strings.
func (l *flexList) UnmarshalJSON(data []byte) error {
	if len(data) > 0 && data[0] == '"' {
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*l = flexList{s}
		return nil
	}
	var list []string
	if err := json.Unmarshal(data, &list); err != nil {
		return err
	}
	*l = list
	return nil
}

// UnmarshalJSONFrom is UnmarshalJSON for the single-pass decoder, as
// Canonical's is.
func (l *flexList) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if dec.PeekKind() == '"' {
		var s string
		if err := jsonv2.UnmarshalDecode(dec, &s); err != nil {
			return err
		}
		*l = flexList{s}
		return nil
	}
	var list []string
	if err := jsonv2.UnmarshalDecode(dec, &list); err != nil {
		return err
	}
	*l = list
	return nil
}

// ElementBinding is a terminology binding; STU3 writes the value set as a
// Reference or a URI, R4 as a canonical.
type ElementBinding struct {
	Strength          string    `json:"strength"`
	Description       string    `json:"description"`
	ValueSet          Canonical `json:"valueSet"`
	ValueSetReference Canonical `json:"valueSetReference"`
	ValueSetURI       string    `json:"valueSetUri"`
}

// ValueSetURL is the bound value set whatever the FHIR version.
func (b *ElementBinding) ValueSetURL() string {
	for _, s := range []string{b.ValueSet.URL(), b.ValueSetReference.URL(), b.ValueSetURI} {
		if s != "" {
			return s
		}
	}
	return ""
}

// OperationDefinition defines an operation ($match, $export…).
type OperationDefinition struct {
	ID           string `json:"id"`
	URL          string `json:"url"`
	Version      string `json:"version"`
	Name         string `json:"name"`
	Title        string `json:"title"`
	Status       string `json:"status"`
	Kind         string `json:"kind"`
	Description  string `json:"description"`
	AffectsState *bool  `json:"affectsState"`
	Idempotent   *bool  `json:"idempotent"` // STU3
	Code         string `json:"code"`
	Comment      string `json:"comment"`
	// Base is the definition this one constrains (a Reference in STU3).
	Base          Canonical            `json:"base"`
	Resource      []string             `json:"resource"`
	System        bool                 `json:"system"`
	Type          bool                 `json:"type"`
	Instance      bool                 `json:"instance"`
	InputProfile  Canonical            `json:"inputProfile"`
	OutputProfile Canonical            `json:"outputProfile"`
	Parameter     []OperationParameter `json:"parameter"`
}

// OperationParameter is one in or out parameter, possibly with parts.
type OperationParameter struct {
	Name          string               `json:"name"`
	Use           string               `json:"use"`
	Min           int                  `json:"min"`
	Max           string               `json:"max"`
	Documentation string               `json:"documentation"`
	Type          string               `json:"type"`
	TargetProfile flexList             `json:"targetProfile"`
	SearchType    string               `json:"searchType"`
	Binding       *ElementBinding      `json:"binding"`
	Part          []OperationParameter `json:"part"`
}

// SearchParameter defines a search parameter.
type SearchParameter struct {
	ID          string   `json:"id"`
	URL         string   `json:"url"`
	Name        string   `json:"name"`
	Status      string   `json:"status"`
	Description string   `json:"description"`
	Code        string   `json:"code"`
	Base        []string `json:"base"`
	Type        string   `json:"type"`
	Expression  string   `json:"expression"`
	Target      []string `json:"target"`
	Comparator  []string `json:"comparator"`
	Modifier    []string `json:"modifier"`
	Chain       []string `json:"chain"`
	MultipleOr  *bool    `json:"multipleOr"`
	MultipleAnd *bool    `json:"multipleAnd"`
}

// ValueSet and CodeSystem are read for their names, so bindings can say
// what they bind to.
type ValueSet struct {
	ID          string `json:"id"`
	URL         string `json:"url"`
	Name        string `json:"name"`
	Title       string `json:"title"`
	Status      string `json:"status"`
	Description string `json:"description"`
}

// CodeSystem declares a code system: the codes it defines and what they mean.
type CodeSystem struct {
	ID          string `json:"id"`
	URL         string `json:"url"`
	Name        string `json:"name"`
	Title       string `json:"title"`
	Status      string `json:"status"`
	Description string `json:"description"`
	Concept     []struct {
		Code    string `json:"code"`
		Display string `json:"display"`
	} `json:"concept"`
}

// Label is the human name of a conformance resource: title, else name,
// else id.
func Label(title, name, id string) string {
	switch {
	case title != "":
		return title
	case name != "":
		return name
	}
	return id
}

// FirstSentence shortens a FHIR description to its first sentence (or
// paragraph), for a table cell or a summary.
func FirstSentence(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, ". "); i > 0 && i < 300 {
		return s[:i+1]
	}
	if i := strings.Index(s, "\n\n"); i > 0 {
		return s[:i]
	}
	return s
}

// primitiveTypes are the types an operation may take in a GET query.
var primitiveTypes = map[string]bool{"boolean": true, "integer": true, "string": true, "decimal": true, "uri": true, "url": true,
	"canonical": true, "base64Binary": true, "instant": true, "date": true, "dateTime": true, "time": true, "code": true, "oid": true,
	"id": true, "markdown": true, "unsignedInt": true, "positiveInt": true, "uuid": true}

// IsPrimitiveType reports whether a FHIR type is one an operation may take
// in a GET query: a primitive type.
func IsPrimitiveType(name string) bool { return primitiveTypes[name] }

// AllowsGET reports whether FHIR lets the operation be invoked with GET:
// it changes nothing and takes only primitive inputs.
func (od *OperationDefinition) AllowsGET() bool {
	changes := od.AffectsState != nil && *od.AffectsState
	if od.AffectsState == nil && od.Idempotent != nil {
		changes = !*od.Idempotent
	}
	if changes {
		return false
	}
	for _, p := range od.Parameter {
		if p.Use == "in" && (len(p.Part) > 0 || !IsPrimitiveType(p.Type)) {
			return false
		}
	}
	return true
}

// RequiresInput reports whether the operation has a required input
// parameter.
func (od *OperationDefinition) RequiresInput() bool {
	for _, p := range od.Parameter {
		if p.Use == "in" && p.Min > 0 {
			return true
		}
	}
	return false
}

// CoreCanonicalBase is where the canonical URLs of the base
// specification's own definitions start.
const CoreCanonicalBase = "http://hl7.org/fhir/"

// IsTypeName reports whether a FHIR name is written as a resource's or a
// complex type's is, with a capital letter first; elements and primitive
// types start with a lowercase one.
func IsTypeName(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}
