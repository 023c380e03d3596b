package fhir

import (
	"context"
	"io/fs"
	"os"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/fhir/parse"
)

// portalSite is the portal's own site.
const portalSite = "../../site"

// placement is where a prepared registry put one file.
type placement struct {
	Path, Entry, Scope string
	Version            string
}

func placements(s *Site) []placement {
	var out []placement
	for _, f := range s.Registry.Files() {
		out = append(out, placement{Path: f.Path, Entry: f.Entry, Scope: f.Scope, Version: string(f.Version)})
	}
	return out
}

// A build that leaves the base specifications for later takes the API
// folders' versions from the statements the folder's reading parsed; one
// that decodes them ahead reads the statements for them first. Both must
// place every file alike and report alike, whatever the statements hold.
func TestAPIFolderVersionsAreTheSameEitherWay(t *testing.T) {
	statement := func(extra string) []byte {
		return []byte(`{"resourceType": "CapabilityStatement", "id": "c", "url": "https://e.org/c", "status": "active",
  "date": "2026-01-10", "kind": "instance", "format": ["json"]` + extra + `}`)
	}
	patient := []byte(`{"resourceType": "Patient", "id": "p"}`)
	crafted := fstest.MapFS{
		"fhir/r4/capabilitystatement.json":        {Data: statement(`, "fhirVersion": "4.0.1"`)},
		"fhir/r4/patient.json":                    {Data: patient},
		"fhir/r4/stu3/capabilitystatement.json":   {Data: statement(`, "fhirVersion": "3.0.2"`)},
		"fhir/r4/stu3/patient.json":               {Data: patient},
		"fhir/none/capabilitystatement.json":      {Data: statement(``)},
		"fhir/none/patient.json":                  {Data: patient},
		"fhir/unknown/capabilitystatement.json":   {Data: statement(`, "fhirVersion": "9.9.9"`)},
		"fhir/unknown/patient.json":               {Data: patient},
		"fhir/number/capabilitystatement.json":    {Data: statement(`, "fhirVersion": 4`)},
		"fhir/number/patient.json":                {Data: patient},
		"fhir/broken/capabilitystatement.json":    {Data: []byte(`{"resourceType": "CapabilityStatement", "fhirVersion": "3.0.2",`)},
		"fhir/broken/patient.json":                {Data: patient},
		"fhir/badid/capabilitystatement.json":     {Data: statement(`, "fhirVersion": "3.0.2", "id": 7`)},
		"fhir/badid/patient.json":                 {Data: patient},
		"fhir/entry/capabilitystatement.json":     {Data: statement(`, "fhirVersion": "3.0.2", "entry": "x"`)},
		"fhir/entry/patient.json":                 {Data: patient},
		"fhir/badstatus/capabilitystatement.json": {Data: statement(`, "fhirVersion": "3.0.2", "status": 5`)},
		"fhir/badstatus/patient.json":             {Data: patient},
		"fhir/case/capabilitystatement.json":      {Data: statement(`, "FHIRVERSION": "3.0.2"`)},
		"fhir/case/patient.json":                  {Data: patient},
		"fhir/twice/capabilitystatement.json":     {Data: statement(`, "fhirVersion": "3.0.2", "fhirVersion": "4.0.1"`)},
		"fhir/twice/patient.json":                 {Data: patient},
		"fhir/smart/smart-configuration.json":     {Data: []byte(`{"fhirVersion": "3.0.2"}`)},
		"fhir/outside.json":                       {Data: patient},
		"elsewhere/capabilitystatement.json":      {Data: statement(`, "fhirVersion": "3.0.2"`)},
	}
	var apis []config.FHIRAPI
	for _, dir := range []string{"r4", "r4/stu3", "none", "unknown", "number", "broken", "badid", "entry", "badstatus", "case", "twice", "missing"} {
		apis = append(apis, config.FHIRAPI{ID: dir, CapabilityStatement: dir + "/capabilitystatement.json", BaseURL: "https://e.org/" + dir})
	}
	apis = append(apis,
		config.FHIRAPI{ID: "smart", CapabilityStatement: "smart/smart-configuration.json", BaseURL: "https://e.org/smart", SmartConfiguration: "smart/smart-configuration.json"},
		config.FHIRAPI{ID: "elsewhere", CapabilityStatement: "../elsewhere/capabilitystatement.json", BaseURL: "https://e.org/elsewhere"})
	cases := []struct {
		name string
		site fstest.MapFS
		cfg  config.FHIR
	}{{"crafted statements", crafted, config.FHIR{Path: "fhir", APIs: apis}}}
	if data, err := os.ReadFile(portalSite + "/portal.yaml"); err == nil {
		cfg, _ := config.Parse("portal.yaml", data)
		cases = append(cases, struct {
			name string
			site fstest.MapFS
			cfg  config.FHIR
		}{"the portal", nil, cfg.FHIR})
	} else {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			site := os.DirFS(portalSite)
			if c.site != nil {
				site = c.site
			}
			ahead, aheadDiags := Prepare(context.Background(), site, c.cfg, "portal.yaml", BaseSpecs)
			lazy, lazyDiags := Prepare(context.Background(), site, c.cfg, "portal.yaml", BaseSpecs, WithLazySpecs())
			if got, want := placements(lazy), placements(ahead); !reflect.DeepEqual(got, want) {
				t.Errorf("placed differently:\n lazy: %v\nahead: %v", got, want)
			}
			if !reflect.DeepEqual(lazyDiags, aheadDiags) {
				t.Errorf("reported differently:\n lazy: %v\nahead: %v", lazyDiags, aheadDiags)
			}
			if got, want := apiVersionsOf(c.cfg, site, true), apiVersionsOf(c.cfg, site, false); !reflect.DeepEqual(got, want) {
				t.Errorf("API folder versions: from the parse %v, read for them %v", got, want)
			}
		})
	}
}

// apiVersionsOf is parse.APIFolders from the folder's parse, or reading the
// statements alone.
func apiVersionsOf(cfg config.FHIR, site fs.FS, fromParse bool) []parse.APIFolder {
	var parsed []parse.Parsed
	if fromParse {
		parsed, _ = parse.Folder(context.Background(), site, cfg.Path, func(string) bool { return false }, nil)
	}
	return parse.APIFolders(context.Background(), site, cfg, parsed)
}
