package directive_test

import (
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/fhir/directive"
	"github.com/portaldocs/portal/internal/fhir/fhirtest"
	"github.com/portaldocs/portal/internal/fhir/refpage"
)

// expander expands directives with the site's material, as the build's
// does once it has told the renderer where downloads are published.
func expander(s *fhir.Site) *directive.Expander {
	return directive.New(s.Site, &refpage.Renderer{Registry: s.Registry, Links: refpage.Linker{BaseURL: "/"}})
}

func TestDirectivesExpandOutsideCodeAndKeepFileLines(t *testing.T) {
	site := fhirtest.PrepareSTU3(t)
	body := fhirtest.STU3()["docs/patient.md"].Data
	exp, diags := expander(site).Expand("docs/patient.md", body, 1, nil, nil)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	text := string(exp.Body)
	if !strings.Contains(text, "```md\n::fhir-resource{api=\"legacy\" type=\"Patient\"}\n```") {
		t.Errorf("a directive inside a code block must stay as written")
	}
	if strings.Count(text, "## Search parameters") != 1 {
		t.Errorf("the directive outside code was not expanded once:\n%s", text)
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		switch l {
		case "After.":
			if exp.FileLines[i] != 9 {
				t.Errorf("line after the directive maps to %d, want 9", exp.FileLines[i])
			}
		case "## Search parameters":
			if exp.FileLines[i] != 7 {
				t.Errorf("generated heading maps to %d, want the directive's line 7", exp.FileLines[i])
			}
		}
	}
}

func TestDirectiveErrors(t *testing.T) {
	site := fhirtest.PrepareSTU3(t)
	tests := []struct{ line, want string }{
		{`::fhir-resourse{api="legacy"}`, "unknown directive ::fhir-resourse"},
		{`::fhir-resource{api="legacy"}`, `::fhir-resource needs type="…"`},
		{`::fhir-resource{api="legacy" type="Observation"}`, `API "legacy" does not support Observation`},
		{`::fhir-capabilitystatement{api="legasy"}`, `no FHIR API with id "legasy" is configured (did you mean "legacy"?)`},
		{`::fhir-extension{url="https://fhir.example.org/StructureDefinition/missing"}`, "no StructureDefinition with url"},
		{`::fhir-generated`, "only works in the prose file of a generated FHIR page"},
	}
	for _, tt := range tests {
		_, diags := expander(site).Expand("docs/x.md", []byte("Intro.\n\n"+tt.line+"\n"), 4, nil, nil)
		if len(diags) != 1 || diags[0].Line != 6 || diags[0].Severity != diag.Error || !strings.Contains(diags[0].Message, tt.want) {
			t.Errorf("%s: got %v, want one error at line 6 containing %q", tt.line, diags, tt.want)
		}
	}
}

func TestDirectiveLevelNestsGeneratedHeadings(t *testing.T) {
	site := fhirtest.PrepareSTU3(t)
	body := "## Patient\n\n::fhir-resource{api=\"legacy\" type=\"Patient\" level=\"3\"}\n"
	exp, diags := expander(site).Expand("docs/patients.md", []byte(body), 1, nil, nil)
	if len(diags) > 0 {
		t.Fatalf("unexpected diagnostics: %v", diags)
	}
	out := string(exp.Body)
	if !strings.Contains(out, "\n### Search parameters") || strings.Contains(out, "\n## Search parameters") {
		t.Errorf("level=3 should turn the generated level-2 headings into level 3:\n%s", out)
	}
	if strings.Contains(out, "\n#### ") && !strings.Contains(out, "\n### ") {
		t.Errorf("headings shifted by more than one level:\n%s", out)
	}
	_, diags = expander(site).Expand("docs/patients.md", []byte("::fhir-resource{api=\"legacy\" type=\"Patient\" level=\"9\"}\n"), 1, nil, nil)
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "2 to 5") {
		t.Errorf("level=9: got %v, want one error naming the allowed levels", diags)
	}
}
