package fhir

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/gob"
	"io/fs"
	"os"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/config"
)

// memMemo is a ParsedMemo in memory that counts what it is asked.
type memMemo struct {
	data                []byte
	recalls, remembered int
}

func (m *memMemo) Recall() ([]byte, bool) { m.recalls++; return m.data, m.data != nil }
func (m *memMemo) Remember(encode func() ([]byte, bool)) {
	m.remembered++
	if data, ok := encode(); ok {
		m.data = data
	}
}

// sameRegistry compares two prepared sites' files, every field a later
// stage reads, and their diagnostics.
func sameRegistry(t *testing.T, got, want *Site, gotDiags, wantDiags any) {
	t.Helper()
	g, w := got.Registry.Files(), want.Registry.Files()
	if len(g) != len(w) {
		t.Fatalf("%d files, want %d", len(g), len(w))
	}
	for i := range g {
		if !sameParse(g[i:i+1], w[i:i+1]) {
			t.Errorf("%s %s differs from a parse of its own", g[i].Path, g[i].Entry)
		}
	}
	if !reflect.DeepEqual(gotDiags, wantDiags) {
		t.Errorf("diagnostics differ:\n got %v\nwant %v", gotDiags, wantDiags)
	}
}

// A build that takes the folder's parse from the memo prepares what a
// build that parses every file prepares: on the portal's folder, after an
// edit of one file, and on files gob cannot carry exactly.
func TestParsedMemoPreparesWhatAParsePrepares(t *testing.T) {
	data, err := os.ReadFile(portalSite + "/portal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	portalCfg, _ := config.Parse("portal.yaml", data)
	portal := fstest.MapFS{}
	if err := copyInto(portal, os.DirFS(portalSite), "fhir"); err != nil {
		t.Fatal(err)
	}
	statement := `{"resourceType": "CapabilityStatement", "id": "c", "url": "https://e.org/c", "status": "active",
  "date": "2026-01-10", "kind": "instance", "fhirVersion": "4.0.1", "format": ["json"], "software": {}, "patchFormat": [],
  "rest": [{"mode": "server", "resource": [{"type": "Patient", "supportedProfile": [], "interaction": [{"code": "read"}]}]}]}`
	inexact := fstest.MapFS{
		"fhir/api/capabilitystatement.json": {Data: []byte(statement)},
		"fhir/api/patient.json":             {Data: []byte(`{"resourceType": "Patient", "id": "p"}`)},
		"fhir/api/broken.json":              {Data: []byte(`{"resourceType": "Patient",`)},
		"fhir/api/bundle.json": {Data: []byte(`{"resourceType": "Bundle", "type": "collection", "entry": [
  {"resource": {"resourceType": "Patient", "id": "q"}}, {"resource": {"resourceType": "Patient", "id": "q"}},
  {"resource": {"resourceType": "ValueSet", "id": "v", "url": "https://e.org/v", "status": "active"}}]}`)},
	}
	inexactCfg := config.FHIR{Path: "fhir", APIs: []config.FHIRAPI{{ID: "api", CapabilityStatement: "api/capabilitystatement.json", BaseURL: "https://e.org/api"}}}
	for _, c := range []struct {
		name string
		site fstest.MapFS
		cfg  config.FHIR
		edit string // a file edited between the builds
	}{
		{"the portal", portal, portalCfg.FHIR, "fhir/general/stu3/examples/patient.json"},
		{"files gob cannot carry exactly", inexact, inexactCfg, "fhir/api/patient.json"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, ok := c.site[c.edit]; !ok {
				t.Fatalf("no %s to edit", c.edit)
			}
			memo := &memMemo{}
			first, firstDiags := Prepare(context.Background(), c.site, c.cfg, "portal.yaml", BaseSpecs, WithParsedMemo(memo))
			plain, plainDiags := Prepare(context.Background(), c.site, c.cfg, "portal.yaml", BaseSpecs)
			sameRegistry(t, first, plain, firstDiags, plainDiags)
			if memo.remembered != 1 {
				t.Fatalf("the first build kept its parse %d times, want once", memo.remembered)
			}
			again, againDiags := Prepare(context.Background(), c.site, c.cfg, "portal.yaml", BaseSpecs, WithParsedMemo(memo))
			sameRegistry(t, again, plain, againDiags, plainDiags)
			if memo.remembered != 1 {
				t.Errorf("a build of unchanged files kept the parse again")
			}

			edited := bytes.Replace(c.site[c.edit].Data, []byte(`"id"`), []byte(`"language": "en", "id"`), 1)
			c.site[c.edit] = &fstest.MapFile{Data: edited}
			afterEdit, afterDiags := Prepare(context.Background(), c.site, c.cfg, "portal.yaml", BaseSpecs, WithParsedMemo(memo))
			plain, plainDiags = Prepare(context.Background(), c.site, c.cfg, "portal.yaml", BaseSpecs)
			sameRegistry(t, afterEdit, plain, afterDiags, plainDiags)
			if memo.remembered != 2 {
				t.Errorf("the build after an edit kept the parse %d times in all, want 2", memo.remembered)
			}
		})
	}
}

// A file whose typed resources gob cannot carry exactly has them carried
// as JSON; a file the snapshot cannot describe is left out of it, and
// parsed at every build.
func TestSnapshotCarriesWhatGobChangesAsJSON(t *testing.T) {
	statement := []byte(`{"resourceType": "CapabilityStatement", "id": "c", "url": "https://e.org/c", "status": "active",
  "date": "2026-01-10", "kind": "instance", "fhirVersion": "4.0.1", "format": [], "software": {}}`)
	extension := []byte(`{"resourceType": "StructureDefinition", "id": "x", "url": "https://e.org/x", "name": "X", "status": "active",
  "kind": "complex-type", "abstract": false, "type": "Extension", "context": [{"type": "element", "expression": "Patient"}],
  "differential": {"element": [{"path": "Extension", "min": 0, "max": "1"}]}}`)
	patient := []byte(`{"resourceType": "Patient", "id": "p"}`)
	results := []parsedPath{{path: "fhir/c.json"}, {path: "fhir/x.json"}, {path: "fhir/p.json"}, {path: "fhir/odd.json"}}
	data := [][]byte{statement, extension, patient, patient}
	for i := range results {
		results[i].files, results[i].diags = parseFile(results[i].path, data[i], unplaced)
	}
	// A resource whose bytes are not the file's: nothing to restore it from.
	results[3].files[0].Raw = []byte(`{"resourceType": "Patient", "id": "elsewhere"}`)
	memo := &memMemo{}
	sums := make([][sha256.Size]byte, len(data))
	for i, b := range data {
		sums[i] = sha256.Sum256(b)
	}
	rememberSnapshot(memo, results, data, sums)
	var snap parsedSnapshot
	if err := gob.NewDecoder(bytes.NewReader(memo.data)).Decode(&snap); err != nil {
		t.Fatal(err)
	}
	carried := map[string]string{}
	for _, f := range snap.Files {
		how := "gob"
		if f.Files[0].TypedJSON != nil {
			how = "JSON"
		}
		carried[f.Path] = how
	}
	if want := map[string]string{"fhir/c.json": "JSON", "fhir/x.json": "JSON", "fhir/p.json": "gob"}; !reflect.DeepEqual(carried, want) {
		t.Errorf("carried %v, want %v", carried, want)
	}
	if len(snap.Unkept) != 1 || snap.Unkept[0].Path != "fhir/odd.json" || len(snap.Unkept[0].Files) != 0 {
		t.Errorf("snapshot leaves out %v, want fhir/odd.json alone, without its parse", snap.Unkept)
	}
	for i, sf := range snap.Files {
		got, _, ok := sf.restore(data[i])
		if !ok || !sameParse(got, results[i].files) {
			t.Errorf("%s does not come back as it parsed", sf.Path)
		}
	}
}

// copyInto copies the folder dir of src into m.
func copyInto(m fstest.MapFS, src fs.FS, dir string) error {
	return fs.WalkDir(src, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(src, p)
		m[p] = &fstest.MapFile{Data: b}
		return err
	})
}
