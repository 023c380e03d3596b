package pipeline_test

import (
	"bytes"
	"encoding/json"
	"github.com/portaldocs/portal/internal/racetest"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/pipeline"
)

const fhirFixture = "testdata/fhir-site"

var fixtureExtensions = []string{
	"coverage-effective-date", "coverage-subscriber-phone", "encounter-admission-source", "encounter-charge-code",
	"encounter-note", "observation-smoking-status-name", "patient-communication-preference", "patient-education-level",
	"patient-english-proficiency", "patient-family-size", "patient-preferred-pharmacy", "patient-veteran-status",
	"procedure-related-event",
}

func TestFHIRPagesAreGeneratedIntoRoutesAndSidebars(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	res, err := run(t, os.DirFS(fhirFixture))
	if err != nil {
		t.Fatalf("build: %v\n%s", err, strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
	}
	out := res.Output
	for _, id := range fixtureExtensions {
		p := "/docs/api/r4/extensions/" + id + "/"
		data := pageData(t, out, p)
		if data.Doc == nil || data.Doc.Sidebar != "api" {
			t.Errorf("%s: not in the api sidebar: %+v", p, data.Doc)
		}
		if !strings.Contains(data.HTML, "https://fhir.example.org/StructureDefinition/"+id) {
			t.Errorf("%s: page does not show the extension's canonical URL", p)
		}
	}
	for p, want := range map[string][]string{
		// Prose frames the generated content where ::fhir-generated stands.
		"/docs/api/r4/resources/patient/": {"Use the Patient resource", "Search parameters", "birthdate", "Key elements",
			"Patient?birthdate=1987-02-20", "Errors"},
		"/docs/api/r4/operations/patient-match/":  {"POST [base]/Patient/$match", "Input parameters", "patient-match-request", "0.97"},
		"/docs/api/r4/extensions/encounter-note/": {"Registration staff record this note", "Encounter/enc-2001"},
		"/docs/api/r4/capabilitystatement/":       {"Example Records 5.2", "https://auth.example.org/oauth2/token", "Encounter"},
		"/docs/api/":                              {`href="/downloads/fhir/example-r4/example-r4.postman_collection.json"`, `href="/docs/api/r4/resources/patient/"`},
	} {
		html := pageData(t, out, p).HTML
		for _, w := range want {
			if !strings.Contains(html, w) {
				t.Errorf("%s: missing %q", p, w)
			}
		}
	}
	// Resource pages share their source (the statement): each must still
	// show its own resource, not the statement or another page.
	for _, typ := range []string{"Coverage", "Encounter", "Observation", "Procedure"} {
		data := pageData(t, out, "/docs/api/r4/resources/"+strings.ToLower(typ)+"/")
		if data.Title != typ || !strings.Contains(data.HTML, "GET [base]/"+typ+"/[id]") || strings.Contains(data.HTML, "Example Records 5.2") {
			t.Errorf("%s page shows other content: title %q", typ, data.Title)
		}
	}
	for p, want := range map[string]string{
		"/docs/api/r4/extensions/patient-family-size/": "Number of people in the patient's household, as reported at registration.",
		"/docs/api/r4/resources/encounter/":            "Encounter in the Example Health R4 API: profiles, interactions, search parameters and example requests.",
		"/docs/api/r4/resources/patient/":              "Find, read, create and update patients.", // the prose's own
	} {
		if got := pageData(t, out, p).Description; got != want {
			t.Errorf("%s: description %q, want %q", p, got, want)
		}
	}
	if html := pageData(t, out, "/docs/api/r4/resources/patient/").HTML; strings.Index(html, "Errors") < strings.Index(html, "Key elements") {
		t.Errorf("prose after ::fhir-generated should follow the generated content")
	}
	assertFHIRDownloads(t, out)
}

func assertFHIRDownloads(t *testing.T, out *pipeline.Output) {
	t.Helper()
	statement, err := os.ReadFile(fhirFixture + "/fhir/r4/capabilitystatement.json")
	if err != nil {
		t.Fatal(err)
	}
	published, ok := out.File("downloads/fhir/example-r4/capabilitystatement.json")
	if !ok || !bytes.Equal(published, statement) {
		t.Errorf("the CapabilityStatement is not published as written")
	}
	raw, ok := out.File("downloads/fhir/example-r4/example-r4.postman_collection.json")
	if !ok {
		t.Fatal("no Postman collection")
	}
	var collection struct {
		Info struct{ Schema string } `json:"info"`
		Item []struct {
			Name string `json:"name"`
			Item []struct {
				Name string `json:"name"`
			} `json:"item"`
		} `json:"item"`
	}
	if err := json.Unmarshal(raw, &collection); err != nil {
		t.Fatalf("Postman collection is not JSON: %v", err)
	}
	if !strings.Contains(collection.Info.Schema, "v2.1.0") {
		t.Errorf("schema = %q", collection.Info.Schema)
	}
	var names []string
	for _, folder := range collection.Item {
		for _, r := range folder.Item {
			names = append(names, r.Name)
		}
	}
	for _, want := range []string{"Read a Patient", "Search Patient by birthdate", "Search Encounter by patient", "$match"} {
		if !strings.Contains(strings.Join(names, "\n"), want) {
			t.Errorf("collection lacks request %q; has %v", want, names)
		}
	}
}

// fixtureWith copies the fixture site into memory and applies changes (a
// nil value deletes the file).
func fixtureWith(t *testing.T, changes map[string]string) fstest.MapFS {
	t.Helper()
	site := fstest.MapFS{}
	err := fs.WalkDir(os.DirFS(fhirFixture), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(fhirFixture + "/" + p)
		site[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for p, data := range changes {
		site[p] = &fstest.MapFile{Data: []byte(data)}
	}
	return site
}

func TestFHIRMalformedInputsAreReportedWithFileAndLine(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	const ext = "fhir/r4/extensions/encounter-note.json"
	original, err := os.ReadFile(fhirFixture + "/" + ext)
	if err != nil {
		t.Fatal(err)
	}
	replace := func(old, new string) string { return strings.Replace(string(original), old, new, 1) }
	tests := []struct {
		name     string
		changes  map[string]string
		severity diag.Severity
		want     string // file:line: message fragment
	}{
		{"invalid JSON", map[string]string{ext: replace(`"version": "1.0.0",`, `"version": "1.0.0",,`)},
			diag.Error, ext + ":5: invalid JSON at column 22"},
		{"not a resource", map[string]string{"fhir/r4/extensions/stray.json": "{\n  \"id\": \"x\"\n}\n"},
			diag.Error, `fhir/r4/extensions/stray.json:1: not a FHIR resource: it has no "resourceType"`},
		{"extension without url", map[string]string{ext: replace(`"url": "https://fhir.example.org/StructureDefinition/encounter-note",`, ``)},
			diag.Error, ext + `:1: StructureDefinition "encounter-note" has no "url"`},
		{"extension without type", map[string]string{ext: replace(`"type": "Extension",`, ``)},
			diag.Error, ext + `:1: StructureDefinition "encounter-note" has no "type"`},
		{"operation without code", map[string]string{"fhir/r4/operations/patient-match.json": strings.Replace(readFixture(t, "fhir/r4/operations/patient-match.json"), `"code": "match",`, ``, 1)},
			diag.Error, `fhir/r4/operations/patient-match.json:1: OperationDefinition "patient-match" has no "code"`},
		{"profile neither loaded nor base", map[string]string{"fhir/r4/capabilitystatement.json": strings.Replace(readFixture(t, "fhir/r4/capabilitystatement.json"),
			`"https://fhir.example.org/StructureDefinition/example-patient"`, `"https://fhir.example.org/StructureDefinition/no-such-profile"`, 1)},
			diag.Warning, "fhir/r4/capabilitystatement.json:63: warning: Patient profile https://fhir.example.org/StructureDefinition/no-such-profile is neither loaded, nor part of the base specification, nor under a declared dependency's canonical"},
		{"search parameter neither loaded nor base", map[string]string{"fhir/r4/capabilitystatement.json": strings.Replace(readFixture(t, "fhir/r4/capabilitystatement.json"),
			`"name": "family"`, `"name": "surname"`, 1)},
			diag.Warning, `fhir/r4/capabilitystatement.json:96: warning: Patient search parameter "surname" is not defined by the base specification, and the statement gives no definition`},
		{"profile of a guide version the site does not declare", map[string]string{"fhir/r4/capabilitystatement.json": strings.Replace(readFixture(t, "fhir/r4/capabilitystatement.json"),
			`"https://fhir.example.org/StructureDefinition/example-patient"`, `"http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient|3.1.1"`, 1)},
			diag.Warning, "fhir/r4/capabilitystatement.json:63: warning: Patient profile http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient|3.1.1 is from a declared guide, but version 3.1.1 is not a declared dependency (declared: hl7.fhir.us.core#6.1.0)"},
		{"profile of an undeclared guide", map[string]string{"fhir/r4/capabilitystatement.json": strings.Replace(readFixture(t, "fhir/r4/capabilitystatement.json"),
			`"https://fhir.example.org/StructureDefinition/example-patient"`, `"http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-Patient"`, 1)},
			diag.Warning, "fhir/r4/capabilitystatement.json:63: warning: Patient profile http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-Patient is neither loaded"},
		{"dependency search parameter without a type", map[string]string{"fhir/r4/capabilitystatement.json": strings.Replace(readFixture(t, "fhir/r4/capabilitystatement.json"),
			`"name": "family",
              "type": "string"`, `"name": "us-core-ethnicity", "definition": "http://hl7.org/fhir/us/core/SearchParameter/us-core-ethnicity"`, 1)},
			diag.Warning, `fhir/r4/capabilitystatement.json:96: warning: Patient search parameter "us-core-ethnicity" is defined by a dependency the site does not carry, so its type is unknown`},
		{"dependency without a version", map[string]string{"portal.yaml": strings.Replace(readFixture(t, "portal.yaml"), "    version: 6.1.0\n", "", 1)},
			diag.Error, "portal.yaml:"},
		{"example element unknown to its type", map[string]string{"fhir/r4/examples/patient-pat-1001.json": strings.Replace(readFixture(t, "fhir/r4/examples/patient-pat-1001.json"),
			`"birthDate"`, `"birthdate"`, 1)},
			diag.Error, `fhir/r4/examples/patient-pat-1001.json:44: example Patient/pat-1001: Patient has no element "birthdate" in FHIR R4`},
		{"example of an unknown type", map[string]string{"fhir/r4/examples/patient-pat-1001.json": strings.Replace(readFixture(t, "fhir/r4/examples/patient-pat-1001.json"),
			`"resourceType": "Patient"`, `"resourceType": "Patinet"`, 1)},
			diag.Error, `fhir/r4/examples/patient-pat-1001.json:2: example has resourceType "Patinet", which is not a FHIR R4 resource type`},
		{"example claiming another type's profile", map[string]string{"fhir/r4/examples/encounter-enc-2001.json": strings.Replace(readFixture(t, "fhir/r4/examples/encounter-enc-2001.json"),
			`"id": "enc-2001",`, `"id": "enc-2001", "meta": {"profile": ["https://fhir.example.org/StructureDefinition/example-patient"]},`, 1)},
			diag.Error, `fhir/r4/examples/encounter-enc-2001.json:3: example Encounter/enc-2001 claims profile https://fhir.example.org/StructureDefinition/example-patient, which constrains Patient, not Encounter`},
		{"generated route collides with a doc", map[string]string{"docs/api/r4/extensions/encounter-note.md": "# Encounter note\n"},
			diag.Error, `docs/api/r4/extensions/encounter-note.md:1: doc "api/r4/extensions/encounter-note" collides with the page generated from fhir/r4/extensions/encounter-note.json`},
		{"directive naming an unknown API", map[string]string{"docs/api/index.md": "# API\n\nText.\n\n::fhir-resources{api=\"example-r5\"}\n"},
			diag.Error, `docs/api/index.md:5: no FHIR API with id "example-r5" is configured (did you mean "example-r4"?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := run(t, fixtureWith(t, tt.changes))
			if tt.severity == diag.Error && err == nil {
				t.Fatalf("build succeeded, want an error %q", tt.want)
			}
			for _, d := range res.Diagnostics {
				if d.Severity == tt.severity && strings.HasPrefix(d.String(), tt.want) {
					return
				}
			}
			t.Errorf("no %v starting %q in:\n%s", tt.severity, tt.want, strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
		})
	}
}

func readFixture(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(fhirFixture + "/" + p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// fhir.publish serves a FHIR file at a fixed URL exactly as written, pages
// may link it, and its entries are no API's examples.
func TestFHIRPublishServesFilesAtFixedPaths(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	bundle := `{"resourceType": "Bundle", "id": "brands", "type": "collection", "timestamp": "2026-11-01T00:00:00Z",
  "entry": [{"fullUrl": "urn:uuid:0a6e7a5e-1b0c-4c52-9d38-3a4c1e2b9f10",
    "resource": {"resourceType": "Patient", "id": "pat-1001", "name": [{"family": "Publishedonly"}]}}]}
`
	site := fixtureWith(t, map[string]string{
		"fhir/certified/brands.json": bundle,
		"portal.yaml":                strings.Replace(readFixture(t, "portal.yaml"), "  path: fhir\n", "  path: fhir\n  publish:\n    - {source: certified/brands.json, path: fhir/brands.json}\n", 1),
		"docs/api/index.md":          readFixture(t, "docs/api/index.md") + "\nThe [brands Bundle](/fhir/brands.json) lists every brand.\n",
	})
	res, err := run(t, site)
	if err != nil {
		t.Fatalf("build: %v\n%s", err, strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
	}
	got, ok := res.Output.File("fhir/brands.json")
	if !ok || string(got) != bundle {
		t.Errorf("fhir/brands.json = %q (found %v), want the source byte for byte", got, ok)
	}
	page, ok := res.Output.File("docs/api/r4/resources/patient/index.html")
	if !ok || !strings.Contains(string(page), "pat-1001") {
		t.Fatalf("the fixture's Patient page is missing or shows no example (found %v)", ok)
	}
	if strings.Contains(string(page), "Publishedonly") {
		t.Error("the Patient page shows an entry of the published Bundle as the API's example")
	}

	site["portal.yaml"].Data = []byte(strings.Replace(readFixture(t, "portal.yaml"), "  path: fhir\n", "  path: fhir\n  publish:\n    - {source: certified/missing.json, path: fhir/brands.json}\n", 1))
	res, err = run(t, site)
	if err == nil || !strings.Contains(strings.Join(renderDiagnostics(res.Diagnostics), "\n"), "portal.yaml:8: fhir publish: certified/missing.json is not a FHIR resource file") {
		t.Errorf("a missing publish source: err=%v, diagnostics:\n%s", err, strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
	}
}
