package fhir

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/fhir/model"
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
		if !sameFile(g[i], w[i]) {
			t.Errorf("%s %s differs from a parse of its own", g[i].Path, g[i].Entry)
		}
	}
	if !reflect.DeepEqual(gotDiags, wantDiags) {
		t.Errorf("diagnostics differ:\n got %v\nwant %v", gotDiags, wantDiags)
	}
}

// sameFile compares every field of two parsed files a later stage reads
// (the positions each works out when first asked apart).
func sameFile(x, y *model.File) bool {
	return x.Path == y.Path && x.Entry == y.Entry && x.ResourceType == y.ResourceType && x.ID == y.ID && x.URL == y.URL &&
		x.Version == y.Version && x.Scope == y.Scope && bytes.Equal(x.Raw, y.Raw) && bytes.Equal(x.Contents, y.Contents) &&
		reflect.DeepEqual(x.Resource, y.Resource)
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
