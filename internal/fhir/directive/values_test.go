package directive_test

import (
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/fhir/fhirtest"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/refpage"
)

func TestValuesComeFromWhereTheyAreWritten(t *testing.T) {
	s := fhirtest.PrepareValues(t)
	body := strings.Join([]string{
		`The sandbox base URL is :fhir-value{api="patient-access" config="baseUrl"}.`,
		"| API | Token endpoint |",
		"|---|---|",
		"| Patient access | `:fhir-value{api=patient-access smart=token_endpoint}` |",
		`Ask for :fhir-value{api="patient-access" config="authorization.scope"}; FHIR :fhir-value{api="patient-access" path="fhirVersion"}, US Core :fhir-value{dependency="hl7.fhir.us.core" api="patient-access"}.`,
		`The photo was stored on :fhir-value{api="patient-access" resource="Binary/photo-1" path="meta.lastUpdated"}.`,
		`Scopes: :fhir-value{api="patient-access" smart="scopes_supported" join=" "}`,
		`Written literally: \:fhir-value{api="x"}`,
		"```bash title=\"read.sh\" fhir-values",
		`curl ':fhir-value{api="patient-access" config="baseUrl"}/Binary/photo-1'`,
		"```",
		"```bash",
		`curl ':fhir-value{api="patient-access" config="baseUrl"}/metadata'`,
		"```",
		"",
	}, "\n")
	exp, diags := expander(s).Expand("docs/a.md", []byte(body), 3, nil, nil)
	for _, d := range diags {
		t.Errorf("unexpected diagnostic: %s", d)
	}
	got := string(exp.Body)
	for _, want := range []string{
		"The sandbox base URL is https://fhir.sandbox.example.org/pa/r4.",
		"| Patient access | `https://auth.example.org/token` |",
		`Ask for launch/patient openid patient/Patient.rs; FHIR 4.0.1, US Core 6.1.0.`,
		"The photo was stored on 2026-03-02T10:00:00Z.",
		`Scopes: openid fhirUser launch/patient patient/Patient.rs patient/Medication.r`,
		`Written literally: :fhir-value{api="x"}`,
		"```bash title=\"read.sh\"\ncurl 'https://fhir.sandbox.example.org/pa/r4/Binary/photo-1'\n```",
		// Without the option a code block stays as written.
		"curl ':fhir-value{api=\"patient-access\" config=\"baseUrl\"}/metadata'",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("expansion lacks %q:\n%s", want, got)
		}
	}
	if len(exp.FileLines) != strings.Count(body, "\n")+1 || exp.FileLines[5] != 8 {
		t.Errorf("text directives must keep line numbers: %v", exp.FileLines)
	}
}

func TestFhirJSONShowsTheFileAsWritten(t *testing.T) {
	s := fhirtest.PrepareValues(t)
	body := "Intro.\n::fhir-json{api=\"patient-access\" show=\"smart-configuration\"}\n" +
		"::fhir-json{api=\"patient-access\" resource=\"Binary/photo-1\" title=\"photo.json\"}\n" +
		"::fhir-json{file=\"pa/examples/binary-photo-1.json\" path=\"meta\"}\n"
	exp, diags := expander(s).Expand("docs/a.md", []byte(body), 1, nil, nil)
	for _, d := range diags {
		t.Errorf("unexpected diagnostic: %s", d)
	}
	got := string(exp.Body)
	for _, want := range []string{
		"```json title=\"GET https://fhir.sandbox.example.org/pa/r4/.well-known/smart-configuration\"\n" + strings.TrimSuffix(fhirtest.GoodSmartConfiguration, "\n") + "\n```",
		"```json title=\"photo.json\"\n" + strings.TrimSuffix(fhirtest.ValuesBinary, "\n") + "\n```",
		"```json title=\"binary-photo-1.json\"\n{\n  \"lastUpdated\": \"2026-03-02T10:00:00Z\"\n}\n```",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("expansion lacks %q:\n%s", want, got)
		}
	}
}

func TestValueDirectiveErrorsNameTheFix(t *testing.T) {
	s := fhirtest.PrepareValues(t)
	cases := []struct{ line, want string }{
		{`:fhir-value{api="patient-acess" config="baseUrl"}`, `no FHIR API with id "patient-acess" is configured (did you mean "patient-access"?)`},
		{`:fhir-value{api="patient-access" config="baseURL"}`, `config="baseURL" is not a value of a fhir API (did you mean "baseUrl"?)`},
		{`:fhir-value{api="patient-access" smart="token_endpoints"}`, `has no element token_endpoints (did you mean "token_endpoint"?)`},
		{`:fhir-value{api="patient-access" resource="Binary/photo-2" path="id"}`, `API "patient-access" has no resource Binary/photo-2 in its folder fhir/pa (did you mean "Binary/photo-1"?)`},
		{`:fhir-value{api="patient-access" resource="Binary/photo-1" path="meta.lastUpdate"}`, `has no element meta.lastUpdate (did you mean "meta.lastUpdated"?)`},
		{`:fhir-value{api="patient-access" resource="Binary/photo-1" path="meta"}`, `meta in fhir/pa/examples/binary-photo-1.json:1 is an object`},
		{`:fhir-value{dependency="hl7.fhir.us.core"}`, `declares hl7.fhir.us.core in versions 3.1.1 and 6.1.0: add api="…"`},
		{`:fhir-value{dependency="hl7.fhir.us.cor"}`, `hl7.fhir.us.cor is not a declared fhir dependency (did you mean "hl7.fhir.us.core"?)`},
		{`:fhir-value{file="pa/examples/binary-photo.json" path="id"}`, `pa/examples/binary-photo.json is not a FHIR file of the FHIR folder fhir (did you mean "pa/examples/binary-photo-1.json"?)`},
	}
	for _, c := range cases {
		_, diags := expander(s).Expand("docs/a.md", []byte("x\n"+c.line+"\n"), 10, nil, nil)
		if len(diags) != 1 || diags[0].Line != 11 || !strings.Contains(diags[0].Message, c.want) {
			t.Errorf("%s: diagnostics %v, want one at line 11 containing %q", c.line, diags, c.want)
		}
	}
	_, diags := expander(s).Expand("docs/a.md", []byte("::fhir-json{api=\"patient-access\" show=\"smart\"}\n"), 4, nil, nil)
	if len(diags) != 1 || !strings.Contains(diags[0].Message, `show="smart": write show="smart-configuration"`) || diags[0].Line != 4 {
		t.Errorf("bad show: %v", diags)
	}
}

func TestDirectivesWithoutAPITakeThePagesAPI(t *testing.T) {
	payer := config.FHIRAPI{ID: "payer-access", CapabilityStatement: "pb/capabilitystatement.json", BaseURL: "https://fhir.sandbox.example.org/pb/r4"}
	s := fhirtest.PrepareValues(t, payer)
	patientAccess, payerAccess := s.API("patient-access"), s.API("payer-access")
	body := strings.Join([]string{
		`Base :fhir-value{config="baseUrl"}, token :fhir-value{smart="token_endpoint"}, US Core :fhir-value{dependency="hl7.fhir.us.core"}.`,
		`The other API: :fhir-value{api="payer-access" config="baseUrl"}.`,
		`::fhir-json{show="smart-configuration"}`,
		"",
	}, "\n")
	for _, tt := range []struct {
		name string
		page *refpage.Page
		apis []*model.API
	}{
		{"a page about one API", nil, []*model.API{patientAccess}},
		{"the prose of a generated page", &refpage.Page{API: patientAccess}, nil},
	} {
		exp, diags := expander(s).Expand("docs/a.md", []byte(body), 1, tt.page, tt.apis)
		for _, d := range diags {
			t.Errorf("%s: unexpected diagnostic: %s", tt.name, d)
		}
		got := string(exp.Body)
		for _, want := range []string{
			"Base https://fhir.sandbox.example.org/pa/r4, token https://auth.example.org/token, US Core 6.1.0.",
			"The other API: https://fhir.sandbox.example.org/pb/r4.",
			"```json title=\"GET https://fhir.sandbox.example.org/pa/r4/.well-known/smart-configuration\"",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: expansion lacks %q:\n%s", tt.name, want, got)
			}
		}
	}

	for _, tt := range []struct {
		name string
		apis []*model.API
		want string
	}{
		{"a page about no API", nil, `:fhir-value needs api="…"`},
		{"a page about two APIs", []*model.API{patientAccess, payerAccess},
			`:fhir-value needs api="…", file="…", url="…" or dependency="…"; this page is about several APIs (patient-access, payer-access), so name one`},
	} {
		_, diags := expander(s).Expand("docs/a.md", []byte("x\n:fhir-value{config=\"baseUrl\"}\n"), 7, nil, tt.apis)
		if len(diags) != 1 || diags[0].Line != 8 || !strings.Contains(diags[0].Message, tt.want) {
			t.Errorf("%s: diagnostics %v, want one at line 8 containing %q", tt.name, diags, tt.want)
		}
	}
}
