// Package parse reads a site's FHIR files into the model: every JSON file
// of the FHIR folder, each a resource or a Bundle of them, placed in the
// API folder it belongs to and read as that API's FHIR version (Folder,
// Register); an API's SMART discovery document, checked against SMART App
// Launch's metadata rules (SmartConfiguration); the definitions a declared
// guide carries (Guides). A well-formed file is decoded in one pass, a
// malformed one by encoding/json, whose errors the diagnostics quote with
// their line and column; with a Memo, a file that did not change since the
// last build is not parsed at all.
package parse

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/jsonx"
)

// required lists, per conformance resource type, the elements a page
// cannot be generated without, with what each is for.
var required = map[string][]requiredElement{
	"CapabilityStatement": {{"status", "draft | active | retired | unknown"}, {"kind", "instance | capability | requirements"},
		{"fhirVersion", "the FHIR version, e.g. 4.0.1"}, {"format", `the formats served, e.g. ["json"]`}},
	"StructureDefinition": {{"url", "its canonical URL"}, {"name", "a computer-friendly name"}, {"status", "draft | active | retired | unknown"},
		{"kind", "resource | complex-type | primitive-type | logical"}, {"type", "the type it constrains, e.g. Extension"}},
	"OperationDefinition": {{"url", "its canonical URL"}, {"name", "a computer-friendly name"}, {"status", "draft | active | retired | unknown"},
		{"kind", "operation | query"}, {"code", "the name used to invoke it, without $"}},
	"SearchParameter": {{"url", "its canonical URL"}, {"name", "a computer-friendly name"}, {"status", "draft | active | retired | unknown"},
		{"code", "the name used in the query string"}, {"base", `the resource types it applies to, e.g. ["Patient"]`},
		{"type", "number | date | string | token | reference | composite | quantity | uri | special"}},
	"ValueSet":   {{"url", "its canonical URL"}, {"status", "draft | active | retired | unknown"}},
	"CodeSystem": {{"url", "its canonical URL"}, {"status", "draft | active | retired | unknown"}},
}

type requiredElement struct{ name, what string }

// parseFile decodes one file into its resource, or a Bundle's entries.
// A well-formed file is read in one pass (parseOnePass, about 3x cheaper
// on the portal's site); whatever that declines (malformed JSON, a value
// of the wrong type, a resource missing its type) is read again by
// encoding/json (parseStdlib), whose errors the diagnostics quote with
// their line and column.
func parseFile(p string, data []byte, v base.Version) ([]*model.File, []diag.Diagnostic) {
	if files, diags, ok := parseOnePass(p, data, v); ok {
		return files, diags
	}
	return parseStdlib(p, data, v)
}

// v1Semantics has the single-pass decoder read values exactly as
// encoding/json (v1) does: names matched case-insensitively, duplicate
// names allowed (the last wins, merging as v1 merges), invalid UTF-8
// replaced, UnmarshalJSON methods called as v1 calls them.
var v1Semantics = jsonv1.DefaultOptionsV1()

// decodeAsV1 decodes data into v exactly as json.Unmarshal does, in one
// pass when the data decodes: encoding/json checks its whole input before
// it decodes. Only a failure is decoded again by encoding/json, from a
// zero value, so its result and its error (whose words and offset the
// diagnostics quote) are encoding/json's own.
func decodeAsV1[T any](data []byte, v *T) error {
	if jsonv2.Unmarshal(data, v, v1Semantics) == nil {
		return nil
	}
	*v = *new(T)
	return json.Unmarshal(data, v)
}

// parseOnePass is parseFile for a file that decodes without error: its
// syntax is checked once (scanObject) and each conformance resource is
// decoded once, where encoding/json validated and decoded the whole file
// again for each of the head, the typed resource, the required elements
// and the extension context. ok is false when the file has any problem
// encoding/json would report (parseStdlib then reports it), and for a
// member name that is not ASCII (see scanObject).
func parseOnePass(p string, data []byte, v base.Version) ([]*model.File, []diag.Diagnostic, bool) {
	obj, ok := scanObject(data)
	if !ok {
		return nil, nil, false
	}
	var head fileHead
	if obj.decode(&head, "resourceType", "id", "url", "type", "fhirVersion") != nil || head.ResourceType == "" {
		return nil, nil, false
	}
	entry, ok := obj.entryList()
	if !ok {
		return nil, nil, false
	}
	if own, ok := base.ParseVersion(head.FHIRVersion); ok {
		v = own
	}
	root := &model.File{Path: p, Version: v, Contents: data, Raw: json.RawMessage(data),
		ResourceType: head.ResourceType, ID: head.ID, URL: head.URL}
	diags, ok := decodeTypedOnePass(root, obj)
	if !ok {
		return nil, nil, false
	}
	files := []*model.File{root}
	if head.ResourceType == "Bundle" && head.expandsEntries() {
		entries, ds, ok := bundleEntriesOnePass(root, entry)
		if !ok {
			return nil, nil, false
		}
		files = append(files, entries...)
		diags = append(diags, ds...)
	}
	return files, diags, true
}

// fileHead is what every file is first read for (a Bundle's entries
// apart, see object.entryList).
type fileHead struct {
	ResourceType string `json:"resourceType"`
	ID           string `json:"id"`
	URL          string `json:"url"`
	// type is a string on a Bundle, other things elsewhere.
	Type        json.RawMessage `json:"type"`
	FHIRVersion string          `json:"fhirVersion"`
}

// expandsEntries is false for a searchset or history Bundle, whose entries
// are results rather than resources of the guide.
func (h fileHead) expandsEntries() bool {
	var bundleType string
	_ = json.Unmarshal(h.Type, &bundleType)
	return bundleType != "searchset" && bundleType != "history"
}

// bundleEntriesOnePass is bundleEntries for entries that decode without
// error; ok is false when one has a problem (no resource type, a value of
// the wrong type) that bundleEntries reports.
func bundleEntriesOnePass(bundle *model.File, entry []byte) ([]*model.File, []diag.Diagnostic, bool) {
	if entry == nil {
		return nil, nil, true
	}
	list, ok := scanArray(entry)
	if !ok {
		return nil, nil, false
	}
	var files []*model.File
	var diags []diag.Diagnostic
	for i, raw := range list {
		resource, ok := entryResource(raw)
		if !ok {
			return nil, nil, false
		}
		if resource == nil {
			continue
		}
		f, ds, ok := entryFile(bundle, "entry["+strconv.Itoa(i)+"].resource", resource)
		if !ok {
			return nil, nil, false
		}
		diags = append(diags, ds...)
		files = append(files, f)
	}
	return files, diags, true
}

// entryResource is an entry's resource as encoding/json reads it into a
// json.RawMessage field: nil when the entry is no object or has no
// resource (bundleEntries skips those).
func entryResource(raw []byte) ([]byte, bool) {
	if jsontext.Value(raw).Kind() != '{' {
		return nil, true
	}
	obj, ok := scanObject(raw)
	if !ok {
		return nil, false
	}
	return obj.lastFold("resource"), true
}

// entryFile reads one Bundle entry's resource; ok is false when it is no
// resource or does not decode.
func entryFile(bundle *model.File, entryPath string, resource []byte) (*model.File, []diag.Diagnostic, bool) {
	obj, ok := scanObject(resource)
	if !ok {
		return nil, nil, false
	}
	var head struct {
		ResourceType string `json:"resourceType"`
		ID           string `json:"id"`
		URL          string `json:"url"`
	}
	if obj.decode(&head, "resourceType", "id", "url") != nil || head.ResourceType == "" {
		return nil, nil, false
	}
	f := &model.File{Path: bundle.Path, Entry: entryPath, ResourceType: head.ResourceType, ID: head.ID, URL: head.URL,
		Version: bundle.Version, Raw: json.RawMessage(resource), Contents: bundle.Contents}
	diags, ok := decodeTypedOnePass(f, obj)
	return f, diags, ok
}

// decodeTypedOnePass is decodeTyped in one pass over f.Raw, whose members
// obj holds; ok is false when the resource does not decode.
func decodeTypedOnePass(f *model.File, obj object) ([]diag.Diagnostic, bool) {
	target := conformanceTarget(f.ResourceType)
	if target == nil {
		return nil, true
	}
	if jsonv2.Unmarshal(f.Raw, target, v1Semantics) != nil {
		return nil, false
	}
	if sd, ok := target.(*model.StructureDefinition); ok {
		// Only the context members bear on it, so only they are decoded.
		sd.Context = extensionContexts(obj.only("context", "contextType"))
	}
	f.Resource = target
	return append(checkRequired(f, obj.last), checkInvocable(f)...), true
}

// object is a JSON object's members in order, each as written.
type object struct {
	members []member
}

type member struct {
	name   []byte // unquoted; ASCII (see scanObject)
	quoted []byte // the name as written
	value  []byte // the value as written
}

// scanObject reads data, which must hold exactly one JSON object, into its
// members, checking the syntax of all of it as encoding/json does before
// it decodes. ok is false for anything else, and for a member name that
// is not ASCII: encoding/json matches such a name to a field by Unicode
// case folding, which object's ASCII matching does not repeat.
func scanObject(data []byte) (object, bool) {
	dec := jsontext.NewDecoder(bytes.NewBuffer(data), v1Semantics)
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return object{}, false
	}
	obj := object{members: make([]member, 0, 16)}
	for dec.PeekKind() == '"' {
		quoted, ok := readValue(dec, data)
		if !ok {
			return object{}, false
		}
		name, ok := asciiName(quoted)
		if !ok {
			return object{}, false
		}
		value, ok := readValue(dec, data)
		if !ok {
			return object{}, false
		}
		obj.members = append(obj.members, member{name: name, quoted: quoted, value: value})
	}
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '}' {
		return object{}, false
	}
	return obj, atEnd(dec)
}

// scanArray reads data, which must hold exactly one JSON array, into its
// elements as written.
func scanArray(data []byte) ([][]byte, bool) {
	dec := jsontext.NewDecoder(bytes.NewBuffer(data), v1Semantics)
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
		return nil, false
	}
	var list [][]byte
	for dec.PeekKind() != ']' {
		value, ok := readValue(dec, data)
		if !ok {
			return nil, false
		}
		list = append(list, value)
	}
	if _, err := dec.ReadToken(); err != nil {
		return nil, false
	}
	return list, atEnd(dec)
}

// atEnd is true when nothing but white space follows the value read:
// encoding/json refuses a second value or any other trailing text.
func atEnd(dec *jsontext.Decoder) bool {
	_, err := dec.ReadToken()
	return err == io.EOF
}

// readValue reads the next value (or member name) as it is written in
// data, which dec reads. The slice is cut from data rather than taken from
// the decoder, whose result is only valid until its next read; its
// capacity ends with it, so an append never writes into data.
func readValue(dec *jsontext.Decoder, data []byte) ([]byte, bool) {
	v, err := dec.ReadValue()
	if err != nil {
		return nil, false
	}
	end := int(dec.InputOffset())
	return data[end-len(v) : end : end], true
}

// asciiName unquotes a member name; ok is false unless it is ASCII.
func asciiName(quoted []byte) ([]byte, bool) {
	name := quoted[1 : len(quoted)-1]
	if bytes.IndexByte(name, '\\') >= 0 {
		var err error
		if name, err = jsontext.AppendUnquote(nil, quoted); err != nil {
			return nil, false
		}
	}
	for _, c := range name {
		if c >= utf8.RuneSelf {
			return nil, false
		}
	}
	return name, true
}

// last is the value of the last member named exactly name, nil if there
// is none: what a map[string]json.RawMessage holds for name.
func (o object) last(name string) []byte {
	var value []byte
	for _, m := range o.members {
		if string(m.name) == name {
			value = m.value
		}
	}
	return value
}

// lastFold is the value encoding/json decodes into a field called name:
// that of the last member whose name equals it ignoring (ASCII) case.
func (o object) lastFold(name string) []byte {
	var value []byte
	for _, m := range o.members {
		if equalFoldASCII(m.name, name) {
			value = m.value
		}
	}
	return value
}

// only is the object cut down to the members that match one of names
// ignoring case, in order and as written. Decoding it into a struct whose
// fields are those names gives what decoding the whole object gives:
// encoding/json skips every other member.
func (o object) only(names ...string) []byte {
	out := []byte{'{'}
	for _, m := range o.members {
		if !foldsToAny(m.name, names) {
			continue
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(append(append(out, m.quoted...), ':'), m.value...)
	}
	return append(out, '}')
}

func foldsToAny(name []byte, names []string) bool {
	for _, n := range names {
		if equalFoldASCII(name, n) {
			return true
		}
	}
	return false
}

// equalFoldASCII is strings.EqualFold for an ASCII name, without turning
// the name into a string (an allocation per member).
func equalFoldASCII(name []byte, s string) bool {
	if len(name) != len(s) {
		return false
	}
	for i, c := range name {
		if lowerASCII(c) != lowerASCII(s[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// decode reads the members matching names (see only) into v: a few small
// values rather than the whole object again.
func (o object) decode(v any, names ...string) error {
	if err := jsonv2.Unmarshal(o.only(names...), v, v1Semantics); err != nil {
		return fmt.Errorf("decode %s: %w", strings.Join(names, ", "), err)
	}
	return nil
}

// entryList is the "entry" value encoding/json reads into a
// []json.RawMessage field (the last one; null is none); ok is false when
// it is neither a list nor null, which encoding/json rejects.
func (o object) entryList() ([]byte, bool) {
	raw := o.lastFold("entry")
	switch jsontext.Value(raw).Kind() {
	case '[':
		return raw, true
	case 'n':
		return nil, true
	}
	return nil, raw == nil
}

// parseStdlib is parseFile with encoding/json, one decode per question:
// the path of every file parseOnePass declines, and so of every
// diagnostic about malformed JSON, with encoding/json's message.
func parseStdlib(p string, data []byte, v base.Version) ([]*model.File, []diag.Diagnostic) {
	var head struct {
		ResourceType string `json:"resourceType"`
		ID           string `json:"id"`
		URL          string `json:"url"`
		// type is a string on a Bundle, other things elsewhere.
		Type        json.RawMessage   `json:"type"`
		FHIRVersion string            `json:"fhirVersion"`
		Entry       []json.RawMessage `json:"entry"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		line, col, msg := jsonx.ErrorAt(data, err)
		return nil, []diag.Diagnostic{{File: p, Line: line, Severity: diag.Error,
			Message: fmt.Sprintf("invalid JSON at column %d: %s", col, msg), Hint: "fix the JSON syntax (a JSON linter shows the exact spot)"}}
	}
	// A resource that states its FHIR version (a statement, a definition)
	// is read as that version wherever it sits.
	if own, ok := base.ParseVersion(head.FHIRVersion); ok {
		v = own
	}
	root := &model.File{Path: p, Version: v, Contents: data, Raw: json.RawMessage(data)}
	if head.ResourceType == "" {
		return nil, []diag.Diagnostic{{File: p, Line: 1, Severity: diag.Error,
			Message: "not a FHIR resource: it has no \"resourceType\"", Hint: `add "resourceType", e.g. "resourceType": "StructureDefinition"`}}
	}
	root.ResourceType, root.ID, root.URL = head.ResourceType, head.ID, head.URL
	diags := decodeTyped(root)
	files := []*model.File{root}
	var bundleType string
	_ = json.Unmarshal(head.Type, &bundleType)
	if head.ResourceType == "Bundle" && bundleType != "searchset" && bundleType != "history" {
		entries, ds := bundleEntries(root, head.Entry)
		files = append(files, entries...)
		diags = append(diags, ds...)
	}
	return files, diags
}

// bundleEntries makes each entry of a collection or transaction Bundle a
// resource of its own, so an example Bundle supplies examples of each type.
func bundleEntries(bundle *model.File, entries []json.RawMessage) ([]*model.File, []diag.Diagnostic) {
	var files []*model.File
	var diags []diag.Diagnostic
	for i, raw := range entries {
		var e struct {
			Resource json.RawMessage `json:"resource"`
		}
		if json.Unmarshal(raw, &e) != nil || len(e.Resource) == 0 {
			continue
		}
		var head struct {
			ResourceType string `json:"resourceType"`
			ID           string `json:"id"`
			URL          string `json:"url"`
		}
		entryPath := "entry[" + strconv.Itoa(i) + "].resource"
		if json.Unmarshal(e.Resource, &head) != nil || head.ResourceType == "" {
			diags = append(diags, diag.Diagnostic{File: bundle.Path, Line: bundle.Line(entryPath), Severity: diag.Error,
				Message: "Bundle entry is not a FHIR resource: it has no \"resourceType\"", Hint: `add "resourceType" to the entry's resource`})
			continue
		}
		f := &model.File{Path: bundle.Path, Entry: entryPath, ResourceType: head.ResourceType, ID: head.ID, URL: head.URL,
			Version: bundle.Version, Raw: e.Resource, Contents: bundle.Contents}
		diags = append(diags, decodeTyped(f)...)
		files = append(files, f)
	}
	return files, diags
}

// conformanceTarget is a new typed value for a conformance resource type,
// nil for any other (an example resource).
func conformanceTarget(resourceType string) any {
	switch resourceType {
	case "CapabilityStatement":
		return &model.CapabilityStatement{}
	case "StructureDefinition":
		return &model.StructureDefinition{}
	case "OperationDefinition":
		return &model.OperationDefinition{}
	case "SearchParameter":
		return &model.SearchParameter{}
	case "ValueSet":
		return &model.ValueSet{}
	case "CodeSystem":
		return &model.CodeSystem{}
	}
	return nil
}

// decodeTyped fills f.Resource for conformance resources and checks their
// required elements.
func decodeTyped(f *model.File) []diag.Diagnostic {
	target := conformanceTarget(f.ResourceType)
	if target == nil {
		return nil
	}
	if err := json.Unmarshal(f.Raw, target); err != nil {
		line, _, msg := jsonx.ErrorAt(f.Contents, err)
		if f.Entry != "" {
			line = f.Line("")
		}
		return []diag.Diagnostic{{File: f.Path, Line: line, Severity: diag.Error,
			Message: fmt.Sprintf("%s: %s", f.ResourceType, msg), Hint: "compare the element with the FHIR specification's definition of " + f.ResourceType}}
	}
	if sd, ok := target.(*model.StructureDefinition); ok {
		sd.Context = extensionContexts(f.Raw)
	}
	f.Resource = target
	var present map[string]json.RawMessage
	if json.Unmarshal(f.Raw, &present) != nil {
		return checkInvocable(f)
	}
	return append(checkRequired(f, func(name string) []byte { return present[name] }), checkInvocable(f)...)
}

// checkRequired reports each required element of f's type that value
// (which gives a member's JSON as written, nil when absent) finds missing
// or empty.
func checkRequired(f *model.File, value func(name string) []byte) []diag.Diagnostic {
	var diags []diag.Diagnostic
	for _, el := range required[f.ResourceType] {
		if v := value(el.name); v != nil && !isEmptyJSON(v) {
			continue
		}
		diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(""), Severity: diag.Error,
			Message: fmt.Sprintf("%s %q has no %q", f.ResourceType, f.ID, el.name),
			Hint:    fmt.Sprintf("add %q: %s", el.name, el.what)})
	}
	return diags
}

// checkInvocable reports an OperationDefinition that no level may invoke.
func checkInvocable(f *model.File) []diag.Diagnostic {
	od, ok := f.Resource.(*model.OperationDefinition)
	if !ok || od.System || od.Type || od.Instance {
		return nil
	}
	return []diag.Diagnostic{{File: f.Path, Line: f.Line(""), Severity: diag.Error,
		Message: fmt.Sprintf("OperationDefinition %q cannot be invoked: system, type and instance are all false or missing", f.ID),
		Hint:    `set "system": true, "type": true or "instance": true for the levels it is invoked at`}}
}

func isEmptyJSON(v []byte) bool {
	s := strings.TrimSpace(string(v))
	return s == `""` || s == "[]" || s == "null" || s == "{}"
}

// extensionContexts reads R4's context list or STU3's contextType plus
// context strings into one shape.
func extensionContexts(raw []byte) []model.ExtensionContext {
	var r4 struct {
		Context []model.ExtensionContext `json:"context"`
	}
	if decodeAsV1(raw, &r4) == nil {
		return r4.Context
	}
	var stu3 struct {
		ContextType string   `json:"contextType"`
		Context     []string `json:"context"`
	}
	if decodeAsV1(raw, &stu3) != nil {
		return nil
	}
	out := make([]model.ExtensionContext, 0, len(stu3.Context))
	for _, c := range stu3.Context {
		out = append(out, model.ExtensionContext{Type: stu3.ContextType, Expression: c})
	}
	return out
}

// Parsed is one file of the FHIR folder read and parsed, before it is
// placed: a file that declares no FHIR version of its own has none yet.
type Parsed struct {
	path  string
	files []*model.File
	diags []diag.Diagnostic
}
