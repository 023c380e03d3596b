package markdown

import (
	"strings"
	"testing"
)

func TestInspectFindsCodeProseAndLinksWithFileLines(t *testing.T) {
	src := "Ask for `patient/Observation.rs` as of\n2024, see [the guide](https://hl7.org/fhir/us/core/).\n\n" +
		"| Scope | Note |\n|---|---|\n| `user/*.rs` | any |\n\n" +
		":::tip\nInside an admonition.\n:::\n\n" +
		"```json title=\"GET /Patient/1\" fhir-values\n{\"resourceType\": \"Patient\"}\n```\n"
	out := New().Inspect([]byte(src), RenderContext{File: "docs/a.md", LineOffset: 3})

	if len(out.CodeBlocks) != 1 {
		t.Fatalf("code blocks = %+v", out.CodeBlocks)
	}
	cb := out.CodeBlocks[0]
	if cb.Language != "json" || cb.Title != "GET /Patient/1" || !strings.Contains(cb.Meta, "fhir-values") ||
		cb.Line != 15 || cb.FirstLine != 16 || cb.Code != "{\"resourceType\": \"Patient\"}\n" {
		t.Errorf("code block = %+v", cb)
	}

	text, lineAt := out.Prose[0].Text(false)
	if !strings.Contains(text, "as of 2024") {
		t.Errorf("prose text %q does not join the soft line break", text)
	}
	if got := lineAt(strings.Index(text, "2024")); got != 5 {
		t.Errorf("line of 2024 = %d, want 5", got)
	}
	withCode, _ := out.Prose[0].Text(true)
	if !strings.Contains(withCode, "`patient/Observation.rs`") || strings.Contains(text, "patient/Observation.rs") {
		t.Errorf("code spans: with %q, without %q", withCode, text)
	}
	var cells []string
	for _, p := range out.Prose {
		if p.InTable {
			s, _ := p.Text(true)
			cells = append(cells, s)
		}
	}
	if strings.Join(cells, "|") != "Scope|Note|`user/*.rs`|any" {
		t.Errorf("table cells = %q", cells)
	}
	var headers []string
	for _, p := range out.Prose {
		if p.InTable {
			headers = append(headers, p.Header)
		}
	}
	if strings.Join(headers, "|") != "||Scope|Note" {
		t.Errorf("column headers = %q", headers)
	}
	found := false
	for _, p := range out.Prose {
		if s, _ := p.Text(false); s == "Inside an admonition." {
			found = true
		}
	}
	if !found {
		t.Error("admonition content missing from prose")
	}
	if len(out.Links) != 1 || out.Links[0].Dest != "https://hl7.org/fhir/us/core/" || out.Links[0].Line != 5 {
		t.Errorf("links = %+v", out.Links)
	}
}
