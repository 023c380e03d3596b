// Package fhirtest prepares the FHIR sites the tests of the fhir layers
// share: the real HL7 guides of the shared test data, each as one API
// (LoadIG), a small legacy STU3 API (PrepareSTU3), and APIs whose pages
// take values from their data (PrepareValues). It is for tests
// only; nothing else imports it.
package fhirtest

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir"
)

// Guide is one implementation guide of the shared HL7 test data: its
// folder and its CapabilityStatement.
type Guide struct {
	Name, Dir, Statement string
}

// HL7Guides are the guides whose statements the tests render and publish.
func HL7Guides() []Guide {
	return []Guide{
		{"us-core", "us-core", "CapabilityStatement-us-core-server.json"},
		{"carin-bb", "carin-bb", "capabilitystatement-c4bb.json"},
		{"plan-net", "plan-net", "capabilitystatement-plan-net.json"},
		{"plan-net-package", "plan-net/package-1.1.0", "CapabilityStatement-plan-net.json"},
		{"bulk-data", "bulk-data", "capabilitystatement-bulk-data.json"},
	}
}

// LoadIG loads one implementation guide's folder of hl7Testdata (the
// shared folder of real HL7 conformance resources, which the tests read in
// place and never copy into the repo) as a site whose FHIR folder is that
// folder, with one API, "ig", for its CapabilityStatement. An error it
// reports fails the test.
func LoadIG(t *testing.T, hl7Testdata, dir, statement string) (*fhir.Site, []diag.Diagnostic) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(hl7Testdata, dir)); err != nil {
		t.Fatalf("the shared HL7 test data (../shared/testdata/fhir beside the repo) is missing: %v", err)
	}
	cfg := config.FHIR{Path: dir, APIs: []config.FHIRAPI{{ID: "ig", CapabilityStatement: statement, BaseURL: "https://fhir.example.org/r4"}}}
	fsys := fs.FS(os.DirFS(hl7Testdata))
	if dir == "plan-net" {
		fsys = withoutNestedPackages{fsys, dir}
	}
	site, diags := fhir.Prepare(context.Background(), fsys, cfg, "portal.yaml", fhir.BaseSpecs)
	for _, d := range diags {
		if d.Severity == diag.Error {
			t.Errorf("%s: unexpected error: %s", dir, d)
		}
	}
	return site, diags
}

// withoutNestedPackages hides package folders below the IG's own folder:
// the plan-net source folder holds the published package of the same
// guide, whose resources repeat the source ones.
type withoutNestedPackages struct {
	fs.FS
	root string
}

// Open opens a file, but none under a package folder.
func (w withoutNestedPackages) Open(name string) (fs.File, error) {
	if rel, ok := strings.CutPrefix(name, w.root+"/"); ok && strings.HasPrefix(rel, "package-") {
		return nil, fs.ErrNotExist
	}
	return w.FS.Open(name)
}

// ReadDir lists a folder, without the package folders in the root.
func (w withoutNestedPackages) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(w.FS, name)
	if name != w.root {
		return entries, err
	}
	kept := entries[:0]
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "package-") {
			kept = append(kept, e)
		}
	}
	return kept, err
}

// STU3 is a legacy STU3 API's site: profiles and operation definitions are
// References, as STU3 writes them, and search parameters carry no type, so
// the base STU3 specification must supply it. docs/patient.md shows a
// directive in a code block and one outside.
func STU3() fstest.MapFS {
	return fstest.MapFS{
		"fhir/stu3/capabilitystatement.json": {Data: []byte(`{
  "resourceType": "CapabilityStatement",
  "id": "legacy-stu3",
  "url": "https://fhir.example.org/CapabilityStatement/legacy-stu3",
  "status": "active",
  "date": "2026-01-10",
  "kind": "instance",
  "fhirVersion": "3.0.1",
  "acceptUnknown": "no",
  "format": ["json"],
  "rest": [{
    "mode": "server",
    "resource": [{
      "type": "Patient",
      "profile": {"reference": "http://hl7.org/fhir/StructureDefinition/Patient"},
      "interaction": [{"code": "read"}, {"code": "search-type"}],
      "searchParam": [{"name": "birthdate"}, {"name": "gender"}]
    }],
    "operation": [{"name": "everything", "definition": {"reference": "http://hl7.org/fhir/OperationDefinition/Patient-everything"}}]
  }]
}
`)},
		"fhir/stu3/patient.json": {Data: []byte(`{
  "resourceType": "Patient",
  "id": "stu3-pat",
  "gender": "male",
  "birthDate": "1970-05-01",
  "animal": {"species": {"text": "not a person"}}
}
`)},
		"docs/patient.md": {Data: []byte("# Patient\n\n```md\n::fhir-resource{api=\"legacy\" type=\"Patient\"}\n```\n\n::fhir-resource{api=\"legacy\" type=\"Patient\"}\n\nAfter.\n")},
	}
}

// PrepareSTU3 prepares STU3() with its one API, "legacy"; any diagnostic
// fails the test.
func PrepareSTU3(t *testing.T) *fhir.Site {
	t.Helper()
	cfg := config.FHIR{Path: "fhir", APIs: []config.FHIRAPI{{ID: "legacy", CapabilityStatement: "stu3/capabilitystatement.json",
		BaseURL: "https://fhir.example.org/stu3"}}}
	site, diags := fhir.Prepare(context.Background(), STU3(), cfg, "portal.yaml", fhir.BaseSpecs)
	for _, d := range diags {
		t.Errorf("unexpected diagnostic: %s", d)
	}
	return site
}

// ValuesBinary is the example Binary of PrepareValues' patient-access API.
const ValuesBinary = `{
  "resourceType": "Binary",
  "id": "photo-1",
  "meta": {"lastUpdated": "2026-03-02T10:00:00Z"},
  "contentType": "image/png",
  "securityContext": {"reference": "Patient/pt-1"},
  "data": "iVBORw0KGgo="
}
`

// GoodSmartConfiguration is a SMART App Launch 2.0.0 discovery document
// with no problem: patient-access's in PrepareValues.
const GoodSmartConfiguration = `{
  "issuer": "https://auth.example.org",
  "jwks_uri": "https://auth.example.org/jwks.json",
  "authorization_endpoint": "https://auth.example.org/authorize",
  "token_endpoint": "https://auth.example.org/token",
  "grant_types_supported": ["authorization_code"],
  "code_challenge_methods_supported": ["S256"],
  "scopes_supported": ["openid", "fhirUser", "launch/patient", "patient/Patient.rs", "patient/Medication.r"],
  "capabilities": ["launch-standalone", "sso-openid-connect", "permission-v1", "permission-v2"]
}
`

// valuesStatement is the statement of PrepareValues' APIs.
const valuesStatement = `{
  "resourceType": "CapabilityStatement",
  "id": "pa",
  "status": "active",
  "kind": "instance",
  "fhirVersion": "4.0.1",
  "format": ["json"],
  "instantiates": ["http://hl7.org/fhir/us/core/CapabilityStatement/us-core-server|6.1.0"],
  "rest": [{"mode": "server", "resource": [{"type": "Binary", "interaction": [{"code": "read"}]}]}]
}
`

// PrepareValues prepares a site whose pages take values from its data: the
// patient-access API, with a discovery document, an example Binary and
// three declared guide versions, and the more APIs given (whose statements
// are in fhir/pb); any diagnostic fails the test. The renderer links
// downloads under "/".
func PrepareValues(t *testing.T, more ...config.FHIRAPI) *fhir.Site {
	t.Helper()
	site := fstest.MapFS{
		"fhir/pb/capabilitystatement.json":     {Data: []byte(valuesStatement)},
		"fhir/pa/capabilitystatement.json":     {Data: []byte(valuesStatement)},
		"fhir/pa/smart-configuration.json":     {Data: []byte(GoodSmartConfiguration)},
		"fhir/pa/examples/binary-photo-1.json": {Data: []byte(ValuesBinary)},
	}
	cfg := config.FHIR{Path: "fhir",
		Dependencies: []config.FHIRDependency{
			{Package: "hl7.fhir.r4.core", Version: "4.0.1", Canonical: "http://hl7.org/fhir"},
			{Package: "hl7.fhir.us.core", Version: "3.1.1", Canonical: "http://hl7.org/fhir/us/core"},
			{Package: "hl7.fhir.us.core", Version: "6.1.0", Canonical: "http://hl7.org/fhir/us/core"},
		},
		APIs: []config.FHIRAPI{{ID: "patient-access", CapabilityStatement: "pa/capabilitystatement.json",
			BaseURL: "https://fhir.sandbox.example.org/pa/r4", SmartConfiguration: "pa/smart-configuration.json",
			Authorization: config.FHIRAuthorization{Scope: "launch/patient openid patient/Patient.rs"}}}}
	cfg.APIs = append(cfg.APIs, more...)
	s, diags := fhir.Prepare(context.Background(), site, cfg, "portal.yaml", fhir.BaseSpecs)
	for _, d := range diags {
		t.Fatalf("unexpected diagnostic: %s", d)
	}
	s.SetLinker(fhir.Linker{BaseURL: "/"})
	return s
}
