package fhir

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
)

// portalCopy is the portal's FHIR folder, its guide definitions and its
// config, in memory, for a test to plant an error in one file.
func portalCopy(t *testing.T) (fstest.MapFS, config.FHIR) {
	t.Helper()
	data, err := os.ReadFile(portalSite + "/portal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := config.Parse("portal.yaml", data)
	site := fstest.MapFS{}
	for _, dir := range []string{"fhir", "fhir-guides"} {
		if err := copyInto(site, os.DirFS(portalSite), dir); err != nil {
			t.Fatal(err)
		}
	}
	return site, cfg.FHIR
}

// Each API's statement is compared with the guide statements it
// instantiates: the portal meets every SHALL or says why not, and a SHALL
// dropped from a statement, or a reason with nothing to explain, fails the
// build at its line.
func TestGuideConformance(t *testing.T) {
	const (
		payerSystem      = "fhir/payer/system-access/capabilitystatement.json"
		providerPatient  = "fhir/provider/patient-access/deviations.yaml"
		pdex             = "http://hl7.org/fhir/us/davinci-pdex/CapabilityStatement/pdex-provider-access-server|2.1.0"
		usCore6          = "http://hl7.org/fhir/us/core/CapabilityStatement/us-core-server|6.1.0"
		characteristicSP = `"name": "characteristic",`
	)
	cases := []struct {
		name          string
		file          string
		old, new      string
		want          string
		wantAt        string // the line holding this text
		wantInMessage string
	}{
		{name: "a SHALL search parameter dropped from a statement", file: payerSystem,
			old: characteristicSP, new: `"name": "characteristic-code",`,
			want: payerSystem, wantAt: `"instantiates"`, wantInMessage: pdex + ", but does not do 1 of what it rates SHALL: Group?characteristic"},
		{name: "a reason for what the API does", file: providerPatient,
			old: "  Media:", new: "  Patient read: it does\n  Media:",
			want: providerPatient, wantAt: "Patient read", wantInMessage: "deviation Patient read of " + usCore6 + " is met by the API's statement"},
		{name: "a reason for what the guide does not ask", file: providerPatient,
			old: "  Media:", new: "  Patient vread: not kept\n  Media:",
			want: providerPatient, wantAt: "Patient vread", wantInMessage: "is not a SHALL of US Core Server CapabilityStatement"},
		{name: "a reason for a guide the API does not name", file: providerPatient,
			old: usCore6 + ":", new: "http://hl7.org/fhir/us/core/CapabilityStatement/us-core-server|3.1.1:",
			want: providerPatient, wantAt: "us-core-server|3.1.1", wantInMessage: "neither instantiates nor imports it"},
		{name: "a reason left out", file: providerPatient,
			old: "  Media: No DiagnosticReport", new: "  Medias: No DiagnosticReport",
			want: "fhir/provider/patient-access/capabilitystatement.json", wantAt: `"instantiates"`, wantInMessage: "does not do 1 of what it rates SHALL: Media"},
	}

	site, cfg := portalCopy(t)
	s, diags := Prepare(context.Background(), site, cfg, "portal.yaml", BaseSpecs)
	for _, d := range diags {
		if d.Severity == diag.Error {
			t.Errorf("the unchanged portal: %s", d)
		}
	}
	met := map[string]string{}
	for _, id := range []string{"payer-system-access", "provider-patient-access", "v1-bulk-data"} {
		for _, c := range s.API(id).Conformance {
			met[id] += c.Label + ":" + strings.Join([]string{c.NotCompared, strconv.Itoa(c.Met()), strconv.Itoa(len(c.Rows))}, "/") + " "
		}
	}
	if got := met["payer-system-access"]; got != "PDex Provider Access Server CapabilityStatement:/5/5 " {
		t.Errorf("payer system access: %s", got)
	}
	if got := met["provider-patient-access"]; got != "US Core Server CapabilityStatement:/123/127 " {
		t.Errorf("provider patient access: %s", got)
	}
	if got := met["v1-bulk-data"]; !strings.Contains(got, "holds its identity, not its expectations") {
		t.Errorf("v1 bulk data, whose guide statement is not here as published: %s", got)
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			site, cfg := portalCopy(t)
			f := site[c.file]
			if f == nil || !strings.Contains(string(f.Data), c.old) {
				t.Fatalf("%s does not hold %q any more: update the case", c.file, c.old)
			}
			f.Data = []byte(strings.Replace(string(f.Data), c.old, c.new, 1))
			line := lineOf(string(site[c.want].Data), c.wantAt)
			_, diags := Prepare(context.Background(), site, cfg, "portal.yaml", BaseSpecs)
			for _, d := range diags {
				if d.File == c.want && d.Line == line && d.Severity == diag.Error && strings.Contains(d.Message, c.wantInMessage) {
					return
				}
			}
			t.Errorf("no error %q at %s:%d among %v", c.wantInMessage, c.want, line, diags)
		})
	}
}

func lineOf(text, sub string) int {
	i := strings.Index(text, sub)
	if i < 0 {
		return -1
	}
	return strings.Count(text[:i], "\n") + 1
}
