package conformance

import (
	"fmt"
	"testing"

	"github.com/portaldocs/portal/internal/markdown"
)

// specFiles are the spec examples, read in place from the shared test data.
var specFiles = map[string]string{
	CommonMark: "../../../../shared/testdata/commonmark/spec-0.31.2.json",
	GFM:        "../../../../shared/testdata/gfm/spec.json",
}

// minCommonMarkPassRate is the share of CommonMark examples that must pass.
const minCommonMarkPassRate = 0.99

func TestSpecExamplesMatchAllowlist(t *testing.T) {
	allowlist, err := DefaultAllowlist()
	if err != nil {
		t.Fatal(err)
	}
	// The same renderer, with the same defaults, that builds sites.
	renderer := markdown.New()
	var all []Result
	for _, suite := range []string{CommonMark, GFM} {
		examples, err := LoadExamples(specFiles[suite])
		if err != nil {
			t.Fatal(err)
		}
		results, err := Run(renderer, suite, examples)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d/%d passed", suite, Passed(results), len(results))
		all = append(all, results...)
		if suite == CommonMark {
			if rate := float64(Passed(results)) / float64(len(results)); rate < minCommonMarkPassRate {
				t.Errorf("CommonMark pass rate %.2f%%, want at least %.0f%%", 100*rate, 100*minCommonMarkPassRate)
			}
		}
	}

	verdict := allowlist.Check(all)
	for _, r := range verdict.Unexpected {
		t.Errorf("fails and is not in allowlist.txt:\n%s", Describe(r))
	}
	for _, key := range verdict.Fixed {
		t.Errorf("%s passes now: remove it from allowlist.txt", key)
	}
	for _, key := range verdict.Stale {
		t.Errorf("%s in allowlist.txt is not a spec example", key)
	}
}

func TestParseAllowlist(t *testing.T) {
	list, err := ParseAllowlist("# comment\n\ncommonmark 12: why\ngfm 7: because: reasons\n")
	if err != nil {
		t.Fatal(err)
	}
	want := Allowlist{{CommonMark, 12}: "why", {GFM, 7}: "because: reasons"}
	if fmt.Sprint(list) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", list, want)
	}
	for _, bad := range []string{
		"commonmark 12",
		"commonmark 12:",
		"markdown 12: unknown suite",
		"gfm twelve: not a number",
		"gfm 1: a\ngfm 1: listed twice",
	} {
		if _, err := ParseAllowlist(bad); err == nil {
			t.Errorf("ParseAllowlist(%q) succeeded, want an error", bad)
		}
	}
}

func TestCheckReportsEveryDisagreement(t *testing.T) {
	allowlist := Allowlist{{GFM, 1}: "known", {GFM, 2}: "fixed since", {GFM, 99}: "no such example"}
	results := []Result{
		{Suite: GFM, Example: Example{Number: 1}, Passed: false},
		{Suite: GFM, Example: Example{Number: 2}, Passed: true},
		{Suite: GFM, Example: Example{Number: 3}, Passed: false},
		{Suite: GFM, Example: Example{Number: 4}, Passed: true},
	}
	v := allowlist.Check(results)
	if len(v.Unexpected) != 1 || v.Unexpected[0].Example.Number != 3 {
		t.Errorf("Unexpected = %v, want example 3", v.Unexpected)
	}
	if fmt.Sprint(v.Fixed) != "[gfm 2]" || fmt.Sprint(v.Stale) != "[gfm 99]" {
		t.Errorf("Fixed = %v, Stale = %v; want [gfm 2] and [gfm 99]", v.Fixed, v.Stale)
	}
	if v.OK() {
		t.Error("OK() = true with disagreements")
	}
}
