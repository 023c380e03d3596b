package fhir

import (
	"context"
	"os"
	"testing"

	"github.com/portaldocs/portal/internal/config"
)

// hl7Testdata is the shared folder of real HL7 conformance resources. The
// tests read them from there; they are never copied into the repo.
const hl7Testdata = "../../../shared/testdata/fhir"

// BenchmarkUSCore loads and validates the US Core folder and renders its
// whole CapabilityStatement (every resource) plus every resource page: the
// FHIR share of a build of a guide this size.
func BenchmarkUSCore(b *testing.B) {
	cfg := config.FHIR{Path: "us-core", APIs: []config.FHIRAPI{{ID: "ig", CapabilityStatement: "CapabilityStatement-us-core-server.json",
		BaseURL: "https://fhir.example.org/r4"}}}
	fsys := os.DirFS(hl7Testdata)
	for b.Loop() {
		site, _ := Prepare(context.Background(), fsys, cfg, "portal.yaml", BaseSpecs)
		api := site.API("ig")
		_ = site.renderer.CapabilityStatement(api)
		for _, res := range api.Server().Resource {
			_, _ = site.renderer.Resource(api, res.Type)
		}
	}
}
