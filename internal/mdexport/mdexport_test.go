package mdexport

import (
	"reflect"
	"strings"
	"testing"
)

func TestFiles(t *testing.T) {
	for _, tc := range []struct {
		html string
		want []string
	}{
		{"index.html", []string{"index.md"}},
		{"docs/x/index.html", []string{"docs/x/index.md", "docs/x.md"}},
		{"docs/x.html", []string{"docs/x.md"}},
	} {
		if got := Files(tc.html); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Files(%q) = %q, want %q", tc.html, got, tc.want)
		}
	}
}

func TestPageMarkdownLinksAreAbsolute(t *testing.T) {
	p := Page{URL: "https://example.org/docs/x/", Title: "X",
		Body:  "See [y](\x00../y/\x00), [z](\x00/docs/z/#a\x00), [here](\x00#b\x00) and [out](\x00https://hl7.org/fhir/\x00).",
		Cards: []Card{{Label: "Card", Href: "/docs/c/", Description: "About c."}}}
	want := "# X\n\nSee [y](https://example.org/docs/y/), [z](https://example.org/docs/z/#a), [here](https://example.org/docs/x/#b) and [out](https://hl7.org/fhir/).\n\n## [Card](https://example.org/docs/c/)\n\nAbout c.\n"
	if got := p.Markdown(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestReadIndex(t *testing.T) {
	ix := Index{Title: "Site", Summary: "What it is.", Sections: []Section{
		{Title: "Docs", Links: []Link{{Title: "A [b]", URL: "https://e.org/a/", Description: "First."}, {Title: "C", URL: "https://e.org/c/"}}},
		{Title: "Empty"},
	}}
	got, err := ReadIndex(ix.Text())
	if err != nil {
		t.Fatal(err)
	}
	ix.Sections = ix.Sections[:1] // an empty section is not written
	if !reflect.DeepEqual(got, ix) {
		t.Errorf("read back %+v, want %+v", got, ix)
	}
	for name, text := range map[string]string{
		"no H1":         "## Docs\n",
		"two H1s":       "# A\n\n# B\n",
		"prose":         "# A\n\n## Docs\n\nSome text.\n",
		"bad link line": "# A\n\n## Docs\n\n- [x](no url here)\n",
	} {
		if _, err := ReadIndex(text); err == nil {
			t.Errorf("%s: read without an error", name)
		}
	}
}

func TestFirstSentence(t *testing.T) {
	for in, want := range map[string]string{
		"One. Two.":                   "One.",
		"Version 1.0 is out. Read it": "Version 1.0 is out.",
		"e.g. this stays whole":       "e.g. this stays whole",
		"Questions? Ask us.":          "Questions?",
		"  spread\nover lines  ":      "spread over lines",
	} {
		if got := FirstSentence(in); got != want {
			t.Errorf("FirstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestExcluded(t *testing.T) {
	exclude := []string{"legacy", "api/**", "/docs/old/*/"}
	for _, tc := range []struct {
		doc, route, sidebar string
		want                bool
	}{
		{"intro.md", "/docs/intro/", "docs", false},
		{"intro.md", "/docs/intro/", "legacy", true},
		{"api/fhir/r4/patient.md", "/docs/api/fhir/r4/patient/", "api", true},
		{"old/a.md", "/docs/old/a/", "docs", true},
		{"apis.md", "/docs/apis/", "docs", false},
	} {
		if got := Excluded(exclude, tc.doc, tc.route, tc.sidebar); got != tc.want {
			t.Errorf("Excluded(%q, %q, %q) = %v", tc.doc, tc.route, tc.sidebar, got)
		}
	}
	if !strings.Contains(Index{Title: "T"}.Text(), "# T") {
		t.Error("no H1")
	}
}
