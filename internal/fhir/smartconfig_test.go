package fhir_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/fhir/fhirtest"
)

const smartTestStatement = `{
  "resourceType": "CapabilityStatement",
  "id": "pa",
  "status": "active",
  "kind": "instance",
  "fhirVersion": "4.0.1",
  "format": ["json"],
  "rest": [{"mode": "server", "resource": [{"type": "Patient", "interaction": [{"code": "read"}]}]}]
}
`

func prepareSmart(t *testing.T, smartJSON string, auth config.FHIRAuthorization) (*fhir.Site, []diag.Diagnostic) {
	t.Helper()
	site := fstest.MapFS{
		"fhir/pa/capabilitystatement.json":   {Data: []byte(smartTestStatement)},
		"fhir/pa/smart-configuration.json":   {Data: []byte(smartJSON)},
		"fhir/pa/examples/patient-pt-1.json": {Data: []byte(`{"resourceType": "Patient", "id": "pt-1"}`)},
	}
	cfg := config.FHIR{Path: "fhir", APIs: []config.FHIRAPI{{ID: "pa", CapabilityStatement: "pa/capabilitystatement.json",
		BaseURL: "https://fhir.example.org/pa", SmartConfiguration: "pa/smart-configuration.json", SmartConfigurationLine: 7,
		Authorization: auth, Line: 5}}}
	return fhir.Prepare(context.Background(), site, cfg, "portal.yaml", fhir.BaseSpecs)
}

func TestSmartConfigurationIsDataOfTheAPI(t *testing.T) {
	site, diags := prepareSmart(t, fhirtest.GoodSmartConfiguration, config.FHIRAuthorization{Scope: "launch/patient openid patient/Patient.read", ScopeLine: 9})
	for _, d := range diags {
		t.Errorf("unexpected diagnostic: %s", d)
	}
	api := site.API("pa")
	if api.Smart == nil || api.Smart.V1 || !api.Smart.HasScopes {
		t.Fatalf("discovery document not loaded as SMART 2.0.0: %+v", api.Smart)
	}
	// The document is no FHIR resource: it must not be loaded as one.
	if site.Registry.ByPath("fhir/pa/smart-configuration.json") != nil {
		t.Error("the discovery document was loaded as a FHIR resource")
	}
	if api.Authorization.TokenURL != "https://auth.example.org/token" || api.Authorization.AuthorizeURL != "https://auth.example.org/authorize" {
		t.Errorf("endpoints not taken from the document: %+v", api.Authorization)
	}
	downloads, _ := site.Downloads()
	published := false
	for _, d := range downloads {
		if d.Path == "downloads/fhir/pa/smart-configuration.json" && string(d.Data) == fhirtest.GoodSmartConfiguration {
			published = true
		}
	}
	if !published {
		t.Error("the discovery document is not published byte for byte next to the statement")
	}
}

func TestSmartConfigurationProblems(t *testing.T) {
	cases := []struct {
		name  string
		json  string
		auth  config.FHIRAuthorization
		wants []string
	}{
		{"invalid JSON", "{\n  \"token_endpoint\": \n}", config.FHIRAuthorization{},
			[]string{"fhir/pa/smart-configuration.json:3: invalid JSON"}},
		{"required fields of SMART 2.0.0", `{
  "capabilities": ["launch-ehr", "sso-openid-connect", "permission-v2"],
  "code_challenge_methods_supported": ["S256", "plain"],
  "scopes_supported": ["patient/Observation.sr"]
}`, config.FHIRAuthorization{}, []string{
			"fhir/pa/smart-configuration.json:3: code_challenge_methods_supported must include S256 and must not include plain",
			"fhir/pa/smart-configuration.json:4: \"patient/Observation.sr\": permissions \"sr\"",
			"fhir/pa/smart-configuration.json:1: SMART App Launch 2.0.0 requires token_endpoint",
			"requires authorization_endpoint when capabilities include launch-ehr or launch-standalone",
			"requires grant_types_supported",
			"requires issuer when capabilities include sso-openid-connect",
			"requires jwks_uri when capabilities include sso-openid-connect",
		}},
		{"a SMART 1.0.0 document keeps 1.0.0's rules", `{
  "token_endpoint": "https://auth.example.org/token",
  "scopes_supported": ["system/*.read"],
  "capabilities": []
}`, config.FHIRAuthorization{}, nil},
		{"an endpoint that is not https", `{"token_endpoint": "http://auth.example.org/token", "capabilities": [], "grant_types_supported": ["client_credentials"], "code_challenge_methods_supported": ["S256"]}`,
			config.FHIRAuthorization{}, []string{"token_endpoint must be an absolute https URL"}},
		{"configured scopes the API does not grant", fhirtest.GoodSmartConfiguration,
			config.FHIRAuthorization{Scope: "openid patient/Medication.rs launch/encounter", ScopeLine: 9}, []string{
				`portal.yaml:9: fhir API "pa": authorization.scope patient/Medication.rs is not granted by API "pa": scopes_supported lists patient/Medication with fewer permissions`,
				"hint: write patient/Medication.r, which the API grants",
				`portal.yaml:9: fhir API "pa": authorization.scope launch/encounter is not granted by API "pa": not in scopes_supported`,
			}},
		{"an endpoint written twice, differently", fhirtest.GoodSmartConfiguration,
			config.FHIRAuthorization{TokenURL: "https://auth.example.org/oauth2/token"}, []string{
				`portal.yaml:5: fhir API "pa": authorization.tokenUrl https://auth.example.org/oauth2/token differs from token_endpoint https://auth.example.org/token`,
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, diags := prepareSmart(t, c.json, c.auth)
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			all := strings.Join(got, "\n")
			for _, w := range c.wants {
				if !strings.Contains(all, w) {
					t.Errorf("missing %q in:\n%s", w, all)
				}
			}
			if len(c.wants) == 0 && len(got) > 0 {
				t.Errorf("unexpected diagnostics:\n%s", all)
			}
		})
	}
}
