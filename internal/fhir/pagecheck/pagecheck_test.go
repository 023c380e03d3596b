package pagecheck_test

import (
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/fhir/fhirtest"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/pagecheck"
	"github.com/portaldocs/portal/internal/markdown"
)

func TestRequestWrittenWithABaseURLDirectiveIsAboutItsAPI(t *testing.T) {
	directory := config.FHIRAPI{ID: "directory", CapabilityStatement: "pb/capabilitystatement.json", BaseURL: "https://fhir.sandbox.example.org/pb/r4"}
	s := fhirtest.PrepareValues(t, directory)
	body := strings.Join([]string{
		"The directory needs no token, but the patient API does:",
		"",
		"```bash fhir-values",
		`curl ':fhir-value{api="patient-access" config="baseUrl"}/Observation' -d scope=patient/Observation.rs`,
		"```",
		"",
	}, "\n")
	outline := markdown.New().Inspect([]byte(body), markdown.RenderContext{File: "docs/directory.md"})
	// The page is about the directory, which has no discovery document:
	// only the block's own API can grant or refuse the scope.
	diags := pagecheck.CheckPages(s.Site, []pagecheck.PageText{{File: "docs/directory.md", Outline: outline, APIs: []*model.API{s.API("directory")}}})
	if len(diags) != 1 || diags[0].Line != 4 ||
		!strings.Contains(diags[0].Message, `scope patient/Observation.rs is not granted by API "patient-access"`) {
		t.Errorf("diagnostics %v, want the scope refused by patient-access at line 4", diags)
	}
}

func TestDiscoveryDocumentAfterARequestWrittenWithADirectiveIsCompared(t *testing.T) {
	s := fhirtest.PrepareValues(t)
	body := strings.Join([]string{
		"```bash fhir-values",
		`curl ':fhir-value{config="baseUrl"}/.well-known/smart-configuration'`,
		"```",
		"",
		"```json title=\"200 OK (trimmed)\"",
		`{"token_endpoint": "https://auth.example.org/oauth2/token"}`,
		"```",
		"",
	}, "\n")
	outline := markdown.New().Inspect([]byte(body), markdown.RenderContext{File: "docs/tutorial.md"})
	diags := pagecheck.CheckPages(s.Site, []pagecheck.PageText{{File: "docs/tutorial.md", Outline: outline, APIs: []*model.API{s.API("patient-access")}}})
	if len(diags) != 1 || diags[0].Line != 6 ||
		!strings.Contains(diags[0].Message, `the discovery document of API "patient-access" shown here differs`) {
		t.Errorf("diagnostics %v, want the shown token_endpoint reported at line 6", diags)
	}
}
