package conform

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/jsonx"
)

// Finding is one way a resource fails its profile, at a JSON path of the
// file ("entry[1].resource.characteristic[0]").
type Finding struct {
	At      string
	Message string
	Hint    string
}

// node is one value of the instance with its path in the file.
type node struct {
	value any
	at    string
}

// Validate checks resource (decoded with encoding/json) against prof's
// snapshot: cardinality, choice types, fixed and pattern values, and the
// slices its discriminators (value, pattern, extension url) tell apart.
// root is the resource's path in its file, "" for a whole file. An
// extension slice's members are validated against the extension's own
// profile (its value type, its sub-extensions) when extension finds it.
func Validate(resource map[string]any, root string, prof *Profile, defs Definitions) []Finding {
	return validateNode(node{resource, root}, prof, defs)
}

// Definitions finds what validating against a profile refers to: an
// extension's definition and a value set's expansion (nil when there is
// none at hand; ok false when the value set cannot be expanded).
type Definitions struct {
	Extension func(url string) *Profile
	Expand    func(url string) (Expansion, bool)
}

func validateNode(n node, prof *Profile, defs Definitions) []Finding {
	v := validation{prof: prof, extension: defs.Extension, expand: defs.Expand, nodes: map[string][]node{prof.Elements[0].ID: {n}}}
	for i := range prof.Elements {
		v.element(i)
	}
	return v.findings
}

type validation struct {
	prof      *Profile
	extension func(url string) *Profile
	expand    func(url string) (Expansion, bool)
	nodes     map[string][]node // by element id; absent when not evaluated
	findings  []Finding
}

func (v *validation) report(at, msg, hint string) {
	v.findings = append(v.findings, Finding{At: at, Message: msg, Hint: hint})
}

func (v *validation) element(i int) {
	el := v.prof.Elements[i]
	parentID, last, ok := splitID(el.ID)
	if !ok {
		return
	}
	parents, evaluated := v.nodes[parentID]
	if !evaluated {
		return
	}
	name, slice, _ := strings.Cut(last, ":")
	typeSlice := strings.HasSuffix(name, "[x]") && slice != ""
	var all []node
	for _, p := range parents {
		obj, isObj := p.value.(map[string]any)
		if !isObj {
			continue
		}
		children := childNodes(obj, p.at, name, el)
		switch {
		case typeSlice:
			// A type slice ("medication[x]:medicationCodeableConcept")
			// holds the choice written with its type's key.
			children = ofChoiceKey(children, strings.TrimSuffix(name, "[x]"), el.Types)
		case slice != "":
			matched, known := v.sliceMembers(i, children)
			if !known {
				return
			}
			children = matched
		}
		v.checkCount(el, p.at, children)
		all = append(all, children...)
	}
	v.nodes[el.ID] = all
	for _, n := range all {
		v.checkValue(el, n)
	}
	if slice != "" && strings.HasSuffix(name, "xtension") {
		v.checkExtensions(el, all)
	}
}

// checkExtensions validates each member of an extension slice against the
// extension's definition, when one is at hand.
func (v *validation) checkExtensions(el Element, members []node) {
	if v.extension == nil {
		return
	}
	for _, t := range el.Types {
		if len(t.Profile) == 0 {
			continue
		}
		def := v.extension(t.Profile[0])
		if def == nil {
			return
		}
		for _, m := range members {
			for _, f := range validateNode(m, def, Definitions{v.extension, v.expand}) {
				f.Message = "extension " + t.Profile[0] + ": " + f.Message
				v.findings = append(v.findings, f)
			}
		}
	}
}

// splitID splits "Group.characteristic:code.value[x]" into the parent id
// and the last segment; the root element has no parent.
func splitID(id string) (parent, last string, ok bool) {
	i := strings.LastIndex(id, ".")
	if i < 0 {
		return "", "", false
	}
	return id[:i], id[i+1:], true
}

// childNodes are obj's values of the element name (each repetition of an
// array its own node); a choice element "value[x]" takes the one key
// "value<Type>" written.
func childNodes(obj map[string]any, at, name string, el Element) []node {
	keys := []string{name}
	if prefix, isChoice := strings.CutSuffix(name, "[x]"); isChoice {
		keys = choiceKeys(obj, prefix)
	}
	var out []node
	for _, k := range keys {
		val, ok := obj[k]
		if !ok {
			continue
		}
		path := jsonx.JoinPath(at, k)
		if arr, isArr := val.([]any); isArr {
			for j, item := range arr {
				out = append(out, node{item, path + "[" + strconv.Itoa(j) + "]"})
			}
			continue
		}
		out = append(out, node{val, path})
	}
	return out
}

func choiceKeys(obj map[string]any, prefix string) []string {
	var keys []string
	for k := range obj {
		if rest, ok := strings.CutPrefix(k, prefix); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			keys = append(keys, k)
		}
	}
	return keys
}

func (v *validation) checkCount(el Element, parentAt string, children []node) {
	where := parentAt
	if where == "" {
		where = "the resource"
	}
	if len(children) < el.Min {
		v.report(parentAt, fmt.Sprintf("%s: %s has %d, the profile %s requires at least %d", where, el.ID, len(children), v.prof.URL, el.Min),
			fmt.Sprintf("add %s (%s)", lastName(el.ID), describeRequired(el, v.prof.Elements)))
	}
	if el.Max != "*" && el.Max != "" {
		max, err := strconv.Atoi(el.Max)
		if err == nil && len(children) > max {
			v.report(children[max].at, fmt.Sprintf("%s has %d, the profile %s allows at most %d", el.ID, len(children), v.prof.URL, max),
				"remove the extra repetitions")
		}
	}
}

func lastName(id string) string {
	_, last, _ := splitID(id)
	return last
}

// describeRequired says what a required element must hold: its fixed or
// pattern value, or that of its children.
func describeRequired(el Element, all []Element) string {
	if val := fixedOrPattern(el); val != nil {
		return "with " + compactJSON(val)
	}
	var parts []string
	for _, c := range all {
		if strings.HasPrefix(c.ID, el.ID+".") && !strings.Contains(c.ID[len(el.ID)+1:], ".") {
			if val := fixedOrPattern(c); val != nil {
				parts = append(parts, lastName(c.ID)+" "+compactJSON(val))
			}
		}
	}
	if len(parts) == 0 {
		return "see the profile's snapshot"
	}
	return "with " + strings.Join(parts, ", ")
}

func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func fixedOrPattern(el Element) any {
	for _, m := range []map[string]any{el.Fixed, el.Pattern} {
		for _, val := range m {
			return val
		}
	}
	return nil
}

func (v *validation) checkValue(el Element, n node) {
	for key, want := range el.Fixed {
		if !reflect.DeepEqual(n.value, want) {
			v.report(n.at, fmt.Sprintf("%s must be fixed to %s (%s), found %s", el.ID, compactJSON(want), key, compactJSON(n.value)),
				"write "+compactJSON(want))
		}
	}
	for key, want := range el.Pattern {
		if !matchesPattern(n.value, want) {
			v.report(n.at, fmt.Sprintf("%s must match the pattern %s (%s), found %s", el.ID, compactJSON(want), key, compactJSON(n.value)),
				"include "+compactJSON(want))
		}
	}
	if strings.HasSuffix(lastName(el.ID), "[x]") && len(el.Types) > 0 {
		v.checkChoiceType(el, n)
	}
	v.checkBinding(el, n)
}

// checkChoiceType finds which key n was read from ("valueQuantity") and
// refuses a type the profile does not allow.
func (v *validation) checkChoiceType(el Element, n node) {
	key := n.at[strings.LastIndex(n.at, ".")+1:]
	if i := strings.Index(key, "["); i >= 0 {
		key = key[:i]
	}
	prefix := strings.TrimSuffix(lastName(el.ID), "[x]")
	if j := strings.Index(prefix, ":"); j >= 0 {
		prefix = prefix[:j]
	}
	typ, ok := strings.CutPrefix(key, prefix)
	if !ok {
		return
	}
	var allowed []string
	for _, t := range el.Types {
		if strings.EqualFold(t.Code, typ) {
			return
		}
		allowed = append(allowed, prefix+upperFirst(t.Code))
	}
	v.report(n.at, fmt.Sprintf("%s is %s, a type the profile %s does not allow here", el.ID, key, v.prof.URL),
		"write one of "+strings.Join(allowed, ", "))
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// matchesPattern says whether got holds every part of pattern: an object
// each of its keys, an array each of its items in some item of got.
func matchesPattern(got, pattern any) bool {
	switch p := pattern.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return false
		}
		for k, pv := range p {
			if !matchesPattern(g[k], pv) {
				return false
			}
		}
		return true
	case []any:
		g, ok := got.([]any)
		if !ok {
			return false
		}
		for _, pv := range p {
			found := false
			for _, gv := range g {
				if matchesPattern(gv, pv) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	default:
		return reflect.DeepEqual(got, pattern)
	}
}

// sliceMembers picks the children that belong to the slice element i by
// its base element's discriminators; known is false when a discriminator
// is of a kind the validator cannot evaluate (the slice is then skipped).
func (v *validation) sliceMembers(i int, children []node) (members []node, known bool) {
	el := v.prof.Elements[i]
	slicing := v.slicingOf(el.ID)
	if slicing == nil || len(slicing.Discriminator) == 0 {
		return nil, false
	}
	for _, c := range children {
		all := true
		for _, d := range slicing.Discriminator {
			match, ok := v.discriminates(el, d.Type, d.Path, c.value)
			if !ok {
				return nil, false
			}
			all = all && match
		}
		if all {
			members = append(members, c)
		}
	}
	return members, true
}

// slicingOf is the slicing of the element a slice id belongs to
// ("Group.characteristic:code" → Group.characteristic's).
func (v *validation) slicingOf(sliceID string) *Slicing {
	baseID := sliceID[:strings.LastIndex(sliceID, ":")]
	for _, e := range v.prof.Elements {
		if e.ID == baseID {
			return e.Slicing
		}
	}
	return nil
}

// discriminates evaluates one discriminator of slice on a value: value and
// pattern discriminators compare the value at path with the slice's fixed
// or pattern value there; "url" of an extension with the extension's
// profile.
func (v *validation) discriminates(slice Element, kind, path string, val any) (match, ok bool) {
	if kind != "value" && kind != "pattern" {
		return false, false
	}
	if path == "url" && strings.HasSuffix(slice.Path, "xtension") {
		for _, t := range slice.Types {
			if len(t.Profile) > 0 {
				obj, _ := val.(map[string]any)
				return obj != nil && obj["url"] == t.Profile[0], true
			}
		}
	}
	want := v.discriminatorValue(slice, path)
	if want == nil {
		return v.boundMember(slice, path, val)
	}
	for _, got := range valuesAt(val, path) {
		if matchesPattern(got, want) {
			return true, true
		}
	}
	return false, true
}

// discriminatorValue is the fixed or pattern value the slice holds at
// path ("$this" is the slice element itself).
func (v *validation) discriminatorValue(slice Element, path string) any {
	id := slice.ID
	if path != "$this" {
		id += "." + path
	}
	for _, e := range v.prof.Elements {
		if e.ID == id || (strings.HasSuffix(id, "[x]") && strings.HasPrefix(e.ID, id+":")) {
			if val := fixedOrPattern(e); val != nil {
				return val
			}
		}
	}
	// A choice path names the choice element: "value" is value[x].
	if !strings.HasSuffix(id, "[x]") && path != "$this" {
		return v.discriminatorValue(slice, path+"[x]")
	}
	return nil
}

// valuesAt reads a dotted path of simple names in val ("coding.code"),
// through every repetition of an array; a choice name "value[x]" takes the
// valueX written.
func valuesAt(val any, path string) []any {
	if path == "$this" {
		return []any{val}
	}
	cur := []any{val}
	for _, seg := range strings.Split(path, ".") {
		var next []any
		for _, c := range cur {
			obj, ok := c.(map[string]any)
			if !ok {
				continue
			}
			keys := []string{seg}
			if prefix, isChoice := strings.CutSuffix(seg, "[x]"); isChoice {
				keys = choiceKeys(obj, prefix)
			}
			for _, k := range keys {
				if arr, isArr := obj[k].([]any); isArr {
					next = append(next, arr...)
				} else if v, ok := obj[k]; ok {
					next = append(next, v)
				}
			}
		}
		cur = next
	}
	return cur
}

// boundMember evaluates a pattern discriminator on $this of a slice that
// has no pattern but a required binding (US Core's "slicing by value
// set"): the value belongs when one of its codings is in the value set.
func (v *validation) boundMember(slice Element, path string, val any) (match, ok bool) {
	if path != "$this" || slice.Binding == nil || slice.Binding.Strength != "required" || v.expand == nil {
		return false, false
	}
	exp, ok := v.expand(slice.Binding.ValueSet)
	if !ok {
		return false, false
	}
	member, _ := codedMember(exp, val)
	return member, true
}

// ofChoiceKey keeps the choice values written as prefix + one of types
// ("medicationCodeableConcept").
func ofChoiceKey(children []node, prefix string, types []ElementType) []node {
	var out []node
	for _, c := range children {
		key := c.at[strings.LastIndex(c.at, ".")+1:]
		if i := strings.Index(key, "["); i >= 0 {
			key = key[:i]
		}
		for _, t := range types {
			if key == prefix+upperFirst(t.Code) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}
