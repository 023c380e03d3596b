package shall

import (
	"fmt"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
)

// Result is an API's statement against one guide statement it
// instantiates or imports, as its page shows it.
type Result struct {
	// Guide is the canonical|version the API's statement names.
	Guide string
	// Label is the guide statement's title.
	Label string
	// Source is where the SHALLs were read from (the extract's
	// meta.source); NotCompared says why they were not, "" when they were.
	Source      string
	NotCompared string
	Comparison
}

// Version is the guide statement's version, from the canonical.
func (r Result) Version() string {
	_, v, _ := strings.Cut(r.Guide, "|")
	return v
}

// GuideStatement finds the published form of a guide statement the site
// holds: its JSON and where it is, or why it is not at hand.
type GuideStatement func(canonical string) (data []byte, file, missing string)

// Check compares an API's statement (file, its JSON) with every guide
// statement it instantiates or imports, with the deviations recorded in
// deviationsFile (nil when the API has none). Each SHALL not met without
// a reason, and each reason with nothing to explain, is an error.
func Check(file string, data []byte, line func(key string) int, deviationsFile string, recorded Deviations, find GuideStatement) ([]Result, []diag.Diagnostic) {
	api, err := ParseStatement(data)
	if err != nil {
		return nil, []diag.Diagnostic{{File: file, Severity: diag.Error, Message: err.Error()}}
	}
	var results []Result
	var diags []diag.Diagnostic
	named := map[string]bool{}
	for _, field := range []struct {
		key  string
		refs []string
	}{{"instantiates", api.Instantiates}, {"imports", api.Imports}} {
		for _, ref := range field.refs {
			if url, _, _ := strings.Cut(ref, "|"); url == api.URL {
				continue // a guide's own statement naming itself
			}
			named[ref] = true
			r, ds := checkOne(file, line(field.key), api, ref, deviationsFile, recorded[ref], find)
			results = append(results, r)
			diags = append(diags, ds...)
		}
	}
	for guide, devs := range recorded {
		if !named[guide] && len(devs) > 0 {
			diags = append(diags, diag.Diagnostic{File: deviationsFile, Line: devs[0].GuideLine, Severity: diag.Error,
				Message: fmt.Sprintf("deviations of %s: the API's statement neither instantiates nor imports it", guide),
				Hint:    "write the canonical|version exactly as " + file + " names it, or remove the block"})
		}
	}
	return results, diags
}

func checkOne(file string, line int, api *Statement, ref, deviationsFile string, recorded []Deviation, find GuideStatement) (Result, []diag.Diagnostic) {
	r := Result{Guide: ref, Label: ref}
	data, guideFile, missing := find(ref)
	if missing != "" {
		r.NotCompared = missing
		return r, nil
	}
	guide, err := ParseStatement(data)
	if err != nil {
		return r, []diag.Diagnostic{{File: guideFile, Severity: diag.Error, Message: err.Error()}}
	}
	r.Label = guide.Label()
	if guide.Meta.Source == "" {
		r.NotCompared = "the site's definition of this statement (" + guideFile + ") holds its identity, not its expectations: it names no published statement it was taken from (meta.source)"
		return r, nil
	}
	r.Source = guide.Meta.Source
	r.Comparison = Compare(api, guide, recorded)
	var diags []diag.Diagnostic
	if n := len(r.Unrecorded); n > 0 {
		keys := make([]string, n)
		for i, req := range r.Unrecorded {
			keys[i] = req.Key()
		}
		diags = append(diags, diag.Diagnostic{File: file, Line: line, Severity: diag.Error,
			Message: fmt.Sprintf("the statement names %s, but does not do %d of what it rates SHALL: %s", ref, n, strings.Join(keys, ", ")),
			Hint: fmt.Sprintf("add them to the statement, or say why the API does not in %s beside it: %q: {%q: reason} (a resource's key covers all it asks of the resource)",
				DeviationsFile, ref, keys[0])})
	}
	for _, s := range r.Stale {
		diags = append(diags, diag.Diagnostic{File: deviationsFile, Line: s.Line, Severity: diag.Error,
			Message: fmt.Sprintf("deviation %s of %s %s", s.Requirement, ref, s.Why), Hint: "remove it: the page shows only what the API does not do"})
	}
	return r, diags
}
