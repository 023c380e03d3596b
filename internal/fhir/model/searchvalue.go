package model

import (
	"cmp"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// SearchValue derives a value for a search parameter from an example
// resource by following the parameter's expression, so the example query
// matches the example response. The branches of a union are tried in order
// and the first that yields a value wins. ok is false when no value can be
// derived (the example lacks the element, or the expression is beyond the
// simple paths this follows).
func SearchValue(raw []byte, resourceType, paramType, expression string) (string, bool) {
	paths := simplePaths(resourceType, expression)
	if len(paths) == 0 {
		return "", false
	}
	var doc any
	if json.Unmarshal(raw, &doc) != nil {
		return "", false
	}
	for _, path := range paths {
		if v := walkPath(doc, path); v != nil {
			if s, ok := formatSearchValue(paramType, v); ok {
				return s, true
			}
		}
	}
	return "", false
}

// searchStep is one element name of a simple path, with the one filter this
// follows: where(element = 'literal').
type searchStep struct {
	name string
	// whereElement and whereValue keep only the items whose whereElement is
	// whereValue; "" keeps every item.
	whereElement, whereValue string
}

// simplePaths picks the branches of a FHIRPath expression that apply to
// resourceType (its own, and those on Resource or DomainResource, as
// _lastUpdated's "Resource.meta.lastUpdated") and reduces each to element
// names: "Patient.name | Person.name" → [name];
// "Patient.telecom.where(system='email')" → [telecom where system=email];
// "Observation.subject.where(resolve() is Patient)" → [subject] (a filter
// other than element = 'literal' is dropped); "(Observation.value as
// Quantity)" → [valueQuantity]. A branch beyond that is skipped.
func simplePaths(resourceType, expression string) [][]searchStep {
	var out [][]searchStep
	for _, branch := range strings.Split(expression, "|") {
		branch = strings.TrimSpace(branch)
		if inner, ok := strings.CutPrefix(branch, "("); ok {
			branch = strings.TrimSuffix(inner, ")")
		}
		var rest string
		var ok bool
		for _, owner := range []string{resourceType, "DomainResource", "Resource"} {
			if rest, ok = strings.CutPrefix(branch, owner+"."); ok {
				break
			}
		}
		if !ok && branch != "" && branch[0] >= 'a' && branch[0] <= 'z' {
			// A few R4 expressions start at the resource's own elements:
			// InsurancePlan's name is "name | alias".
			rest, ok = branch, true
		}
		if !ok {
			continue
		}
		if path, ok := parseSimplePath(rest); ok {
			out = append(out, path)
		}
	}
	return out
}

// whereEquals matches a filter simplePaths follows: where(system='email').
var whereEquals = regexp.MustCompile(`^where\(\s*([A-Za-z]+)\s*=\s*'([^']*)'\s*\)$`)

// parseSimplePath reduces the part of a branch after "Type." to steps.
func parseSimplePath(rest string) ([]searchStep, bool) {
	asType := ""
	if before, after, found := strings.Cut(rest, " as "); found {
		rest, asType = before, strings.TrimSpace(strings.TrimSuffix(after, ")"))
	}
	if i := strings.Index(rest, ".as("); i >= 0 {
		asType = strings.TrimSuffix(rest[i+4:], ")")
		rest = rest[:i]
	}
	var steps []searchStep
	for _, part := range splitPath(rest) {
		if strings.HasPrefix(part, "where(") {
			// A filter other than element = 'literal' is dropped: the
			// first item stands in for the matching one.
			if len(steps) == 0 {
				return nil, false
			}
			if m := whereEquals.FindStringSubmatch(part); m != nil {
				steps[len(steps)-1].whereElement, steps[len(steps)-1].whereValue = m[1], m[2]
			}
			continue
		}
		if strings.ContainsAny(part, "()[]' ") {
			return nil, false
		}
		steps = append(steps, searchStep{name: part})
	}
	if len(steps) == 0 {
		return nil, false
	}
	if asType != "" {
		steps[len(steps)-1].name = ChoiceName(steps[len(steps)-1].name, asType)
	}
	return steps, true
}

// splitPath splits "telecom.where(system='email').value" at the dots that
// are not inside parentheses.
func splitPath(path string) []string {
	var parts []string
	depth, start := 0, 0
	for i, c := range path {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case '.':
			if depth == 0 {
				parts = append(parts, path[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, path[start:])
}

// ChoiceName is the name of a choice element (value[x]) of one type:
// ChoiceName("value", "Quantity") is valueQuantity.
func ChoiceName(element, typ string) string { return element + upperFirst(typ) }

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// walkPath follows the steps, taking the first item of every list that
// passes the step's filter. An element of a choice type named without its
// type ("Observation.effective") is found under its typed name
// ("effectiveDateTime").
func walkPath(v any, path []searchStep) any {
	for _, step := range path {
		obj, ok := first(v, searchStep{}).(map[string]any)
		if !ok {
			return nil
		}
		v = first(element(obj, step.name), step)
		if v == nil {
			return nil
		}
	}
	return first(v, searchStep{})
}

// element is obj's name, or the one choice-type element name[x] it has.
func element(obj map[string]any, name string) any {
	if v, ok := obj[name]; ok {
		return v
	}
	// FHIR allows one type of a choice element at a time; should an example
	// have two, the first name in sorted order wins, so output stays stable.
	var typed []string
	for key := range obj {
		if rest, ok := strings.CutPrefix(key, name); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			typed = append(typed, key)
		}
	}
	if len(typed) == 0 {
		return nil
	}
	slices.Sort(typed)
	return obj[typed[0]]
}

// first is v, or the first item of the list v that passes the step's filter.
func first(v any, step searchStep) any {
	list, ok := v.([]any)
	if !ok {
		if step.whereElement != "" && !passes(v, step) {
			return nil
		}
		return v
	}
	for _, item := range list {
		if step.whereElement == "" || passes(item, step) {
			return item
		}
	}
	return nil
}

func passes(v any, step searchStep) bool {
	obj, ok := v.(map[string]any)
	return ok && obj[step.whereElement] == step.whereValue
}

// formatSearchValue writes an element value the way the parameter type
// expects it in a query string.
func formatSearchValue(paramType string, v any) (string, bool) {
	switch val := v.(type) {
	case string:
		switch {
		case paramType == "date" && len(val) > 10:
			return val[:10], true
		case paramType == "string" || paramType == "token":
			return escapeSearchValue(val), val != ""
		case paramType == "reference" || paramType == "uri":
			return escapeSearchReference(val), val != ""
		}
		return val, val != ""
	case bool:
		return fmt.Sprint(val), true
	case float64:
		return fmt.Sprint(val), true
	case map[string]any:
		return formatComplex(paramType, val)
	}
	return "", false
}

func formatComplex(paramType string, obj map[string]any) (string, bool) {
	str := func(k string) string { s, _ := obj[k].(string); return s }
	switch paramType {
	case "reference":
		// A contained (#) or Bundle-local (urn:) reference names nothing
		// the server can search for.
		ref := str("reference")
		if ref == "" || strings.HasPrefix(ref, "#") || strings.HasPrefix(ref, "urn:") {
			return "", false
		}
		return escapeSearchReference(ref), true
	case "token":
		if codings, ok := obj["coding"].([]any); ok && len(codings) > 0 {
			if c, ok := codings[0].(map[string]any); ok {
				return formatComplex("token", c)
			}
		}
		if code := escapeSearchValue(str("code")); code != "" {
			if sys := str("system"); sys != "" {
				return escapeSearchValue(sys) + "|" + code, true
			}
			return code, true
		}
		// An Identifier's system is a URI and qualifies its value; a
		// ContactPoint's (phone, email) is a code, and its token is the
		// value alone.
		value, sys := escapeSearchValue(str("value")), str("system")
		switch {
		case value == "":
			return "", false
		case strings.Contains(sys, ":"):
			return escapeSearchValue(sys) + "|" + value, true
		}
		return value, true
	case "date":
		d := cmp.Or(str("start"), str("end"))
		if len(d) > 10 {
			d = d[:10]
		}
		return d, d != ""
	case "quantity":
		if n, ok := obj["value"].(float64); ok {
			q := fmt.Sprint(n)
			if sys, code := str("system"), str("code"); code != "" {
				q += "|" + escapeSearchValue(sys) + "|" + escapeSearchValue(code)
			}
			return q, true
		}
	case "string":
		if s := cmp.Or(str("family"), str("city"), str("text"), str("name"), str("display"), str("value")); s != "" {
			return escapeSearchValue(s), true
		}
		if given, ok := obj["given"].([]any); ok && len(given) > 0 {
			s, _ := given[0].(string)
			return escapeSearchValue(s), s != ""
		}
		if lines, ok := obj["line"].([]any); ok && len(lines) > 0 {
			s, _ := lines[0].(string)
			return escapeSearchValue(s), s != ""
		}
	}
	return "", false
}

// escapeSearchValue escapes with a backslash the characters FHIR search
// gives a meaning of its own ("," separates alternatives, "$" the parts of a
// composite, "|" system and code; FHIR R4 search, "Escaping Search
// Parameters"), so a value that contains them is searched for as it is.
var escapeSearchValue = strings.NewReplacer(`\`, `\\`, ",", `\,`, "$", `\$`, "|", `\|`).Replace

// escapeSearchReference escapes a reference or URI the same way but for
// "|", which there separates a canonical URL from its version.
var escapeSearchReference = strings.NewReplacer(`\`, `\\`, ",", `\,`, "$", `\$`).Replace

// queryEscaper escapes only what would change a query's meaning or is not
// allowed in a URI (a backslash), so example URLs stay readable
// (system|code, not system%7Ccode): FHIR servers accept both.
var queryEscaper = strings.NewReplacer("%", "%25", " ", "%20", "&", "%26", "#", "%23", "+", "%2B", `\`, "%5C")

// QueryEscape writes a search value into an example query string as
// queryEscaper does.
func QueryEscape(value string) string { return queryEscaper.Replace(value) }
