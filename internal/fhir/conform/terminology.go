package conform

import (
	"encoding/json"
	"fmt"
	"strings"
)

// valueSetDef and codeSystemDef are the parts of a package's ValueSet and
// CodeSystem an expansion needs.
type valueSetDef struct {
	URL     string `json:"url"`
	Compose struct {
		Include []vsInclude `json:"include"`
		Exclude []vsInclude `json:"exclude"`
	} `json:"compose"`
}

type vsInclude struct {
	System   string                  `json:"system"`
	Concept  []struct{ Code string } `json:"concept"`
	Filter   []json.RawMessage       `json:"filter"`
	ValueSet []string                `json:"valueSet"`
}

type codeSystemDef struct {
	URL     string      `json:"url"`
	Content string      `json:"content"`
	Concept []csConcept `json:"concept"`
}

type csConcept struct {
	Code    string      `json:"code"`
	Concept []csConcept `json:"concept"`
}

// Expansion is a value set's members: per system, the codes (nil: every
// code of the system).
type Expansion map[string]map[string]bool

// Contains says whether the system and code are a member.
func (e Expansion) Contains(system, code string) bool {
	codes, ok := e[system]
	return ok && (codes == nil || codes[code])
}

// Expand expands a value set of the packages from its compose: concept
// lists, whole code systems (their concepts when the package holds the
// complete code system) and other value sets of the packages; ok is false
// when a rule needs a terminology server (a filter, an exclude, a value
// set or code system the packages lack).
func (p *Packages) Expand(url string) (Expansion, bool) {
	return p.expand(strings.SplitN(url, "|", 2)[0], map[string]bool{})
}

func (p *Packages) expand(url string, seen map[string]bool) (Expansion, bool) {
	vs := p.valueSets[url]
	if vs == nil || seen[url] || len(vs.Compose.Exclude) > 0 {
		return nil, false
	}
	seen[url] = true
	out := Expansion{}
	for _, inc := range vs.Compose.Include {
		if len(inc.Filter) > 0 || (inc.System != "" && len(inc.ValueSet) > 0) {
			return nil, false
		}
		for _, ref := range inc.ValueSet {
			sub, ok := p.expand(strings.SplitN(ref, "|", 2)[0], seen)
			if !ok {
				return nil, false
			}
			for sys, codes := range sub {
				out.add(sys, codes)
			}
		}
		if inc.System == "" {
			continue
		}
		// Some packages write the code system's version into system
		// ("…/provenance-participant-type|4.0.1"); codings do not.
		inc.System = strings.SplitN(inc.System, "|", 2)[0]
		switch {
		case len(inc.Concept) > 0:
			codes := map[string]bool{}
			for _, c := range inc.Concept {
				codes[c.Code] = true
			}
			out.add(inc.System, codes)
		case p.codeSystems[inc.System] != nil && p.codeSystems[inc.System].Content == "complete":
			codes := map[string]bool{}
			collectCodes(p.codeSystems[inc.System].Concept, codes)
			out.add(inc.System, codes)
		default:
			out.add(inc.System, nil)
		}
	}
	return out, true
}

func (e Expansion) add(system string, codes map[string]bool) {
	existing, present := e[system]
	switch {
	case present && existing == nil:
	case codes == nil:
		e[system] = nil
	default:
		if existing == nil {
			existing = map[string]bool{}
			e[system] = existing
		}
		for c := range codes {
			existing[c] = true
		}
	}
}

func collectCodes(concepts []csConcept, into map[string]bool) {
	for _, c := range concepts {
		into[c.Code] = true
		collectCodes(c.Concept, into)
	}
}

// checkBinding refuses a coded value outside the required value set of
// its element, when the packages can expand it: a Coding by its system
// and code, a CodeableConcept when none of its codings is a member.
func (v *validation) checkBinding(el Element, n node) {
	if el.Binding == nil || el.Binding.Strength != "required" || v.expand == nil {
		return
	}
	exp, ok := v.expand(el.Binding.ValueSet)
	if !ok {
		return
	}
	member, written := codedMember(exp, n.value)
	if member || len(written) == 0 {
		return
	}
	v.report(n.at, fmt.Sprintf("%s is bound (required) to %s, which %s is not in", el.ID, el.Binding.ValueSet, strings.Join(written, ", ")),
		"use a code of "+el.Binding.ValueSet+" (systems: "+strings.Join(exp.systems(), ", ")+")")
}

func (e Expansion) systems() []string {
	out := make([]string, 0, len(e))
	for s := range e {
		out = append(out, s)
	}
	return out
}

// codedMember says whether a Coding, or one coding of a CodeableConcept,
// is in the expansion, with the system#code pairs written; a bare code
// (whose system is the element's) is never judged.
func codedMember(exp Expansion, value any) (member bool, written []string) {
	obj, isObj := value.(map[string]any)
	if !isObj {
		return false, nil
	}
	codings := []any{obj}
	if list, isConcept := obj["coding"].([]any); isConcept {
		codings = list
	}
	for _, c := range codings {
		coding, _ := c.(map[string]any)
		system, _ := coding["system"].(string)
		code, _ := coding["code"].(string)
		if system == "" && code == "" {
			continue
		}
		if exp.Contains(system, code) {
			return true, nil
		}
		written = append(written, system+"#"+code)
	}
	return false, written
}
