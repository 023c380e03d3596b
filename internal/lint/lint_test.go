package lint

import (
	"strings"
	"testing"
	"time"

	"github.com/portaldocs/portal/internal/markdown"
)

func TestIgnoresSilenceTheirLineOrTheNextBlock(t *testing.T) {
	body := strings.Join([]string{
		"As of 2023 we checked. <!-- lint-ignore stale-year -->", // 10
		"{/* lint-ignore */} In MDX, every check.",               // 11
		"<!-- lint-ignore scope, example -->",                    // 12
		"",                                                       // 13
		"```json",                                                // 14
		`{"scope": "patient/x.rs"}`,                              // 15
		"```",                                                    // 16
		"After the block.",                                       // 17
	}, "\n")
	ignored := Ignores([]byte(body), 10)
	cases := []struct {
		line  int
		check string
		want  bool
	}{
		{10, CheckStaleYear, true},
		{10, CheckLink, false},
		{11, CheckLink, true},
		{14, "scope", true},
		{15, "example", true},
		{16, "scope", true},
		{15, CheckLink, false},
		{17, "scope", false},
	}
	for _, c := range cases {
		if got := ignored(c.line, c.check); got != c.want {
			t.Errorf("line %d %s: ignored = %v, want %v", c.line, c.check, got, c.want)
		}
	}
}

func TestExternalLinkProblems(t *testing.T) {
	cases := []struct{ dest, want string }{
		{"https://hl7.org/fhir/R4/", ""},
		{"http://hl7.org/fhir/R4/", "uses http://"},
		{"http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient", ""},
		{"http://hl7.org/fhir/sid/us-npi", ""},
		{"http://terminology.hl7.org/CodeSystem/v2-0203", ""},
		{"http://localhost:8400/callback", ""},
		{"http://example.org/", ""},
		{"https://https://hl7.org/", "repeats its scheme"},
		{"https://intranet/", "invalid host"},
		{"https://exa mple.org/", "not a valid URL"},
		{"/docs/intro/", ""},
		{"http:/hl7.org", "malformed scheme"},
	}
	for _, c := range cases {
		got, _ := externalLinkProblem(c.dest)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("externalLinkProblem(%q) = %q, want %q", c.dest, got, c.want)
		}
	}
}

func TestStaleYearsKeepHistoryAndCurrentDates(t *testing.T) {
	today := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		text  string
		stale bool
	}{
		{"As of 2024, the sandbox holds 12 patients.", true},
		{"As at the end of 2025 the limit is 600 requests.", true},
		{"As of 2026, the sandbox holds 12 patients.", false},
		{"In 2025, the sandbox will add bulk export.", true},
		{"The portal is scheduled to move by March 2024.", true},
		{"In 2020, ONC published the rule.", false},
		{"By January 1, 2027, payers will answer within 72 hours.", false},
		{"Payers must answer within 72 hours since 2026. The API will keep v1 until 2027.", false},
	}
	r := markdown.New()
	for _, c := range cases {
		p := Page{File: "docs/a.md", Outline: r.Inspect([]byte(c.text+"\n"), markdown.RenderContext{File: "docs/a.md"})}
		got := checkStaleYears(p, today)
		if (len(got) > 0) != c.stale {
			t.Errorf("%q: findings %v, want stale = %v", c.text, got, c.stale)
		}
		// A blog post is pinned to its date: its plans are history.
		p.Dated = true
		if got := checkStaleYears(p, today); len(got) > 0 {
			t.Errorf("%q in a post: findings %v, want none", c.text, got)
		}
	}
}

func TestHasYearIsYearRe(t *testing.T) {
	texts := []string{
		"", "2024", "in 2024.", "as of March 2019,", "1999", "2100", "1899", "20244", "a2024", "2024a",
		"_2024", "2024_", "x 2024-01-02", "HL7 FHIR R4 (4.0.1)", "v2.0.1", "SMART 2.2.0", "é2024", "2024é",
		"ICD-10 and 2019-nCoV", "port 2019/tcp", "12 2019 12", "201", "20 24", "CMS-0057-F (January 2024)",
	}
	for _, text := range texts {
		if got, want := hasYear(text), yearRe.MatchString(text); got != want {
			t.Errorf("hasYear(%q) = %v, yearRe says %v", text, got, want)
		}
	}
}

func FuzzHasYearIsYearRe(f *testing.F) {
	for _, seed := range []string{"2024", "a 1999 b", "x2020", "20201", "é2019é"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := hasYear(text), yearRe.MatchString(text); got != want {
			t.Errorf("hasYear(%q) = %v, yearRe says %v", text, got, want)
		}
	})
}
