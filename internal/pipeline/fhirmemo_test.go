package pipeline

import (
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/config"
)

// TestReadRecorderKeyFollowsWhatWasRead: the key of the FHIR inputs
// changes with anything a read saw (a file's bytes, a folder's names, a
// file appearing where a stat found none, the settings) and with nothing
// else.
func TestReadRecorderKeyFollowsWhatWasRead(t *testing.T) {
	site := func() fstest.MapFS {
		return fstest.MapFS{
			"fhir/a.json":           {Data: []byte(`{"resourceType":"Patient"}`)},
			"fhir/b/c.json":         {Data: []byte(`{"resourceType":"Observation"}`)},
			"guides/g/package.json": {Data: []byte(`{}`)},
			"docs/intro.md":         {Data: []byte("# Intro\n")},
		}
	}
	// read is what a preparation reads: a walk of fhir/, a guide file, a
	// stat of a file that may be missing.
	read := func(t *testing.T, fsys fs.FS) {
		t.Helper()
		_ = fs.WalkDir(fsys, "fhir", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				_, _ = fs.ReadFile(fsys, p)
			}
			return nil
		})
		_, _ = fs.ReadFile(fsys, "guides/g/package.json")
		_, _ = fs.Stat(fsys, "guides/g/README.md")
	}
	keyOf := func(t *testing.T, fsys fs.FS, cfg config.FHIR) [32]byte {
		r := newReadRecorder(fsys)
		read(t, r)
		return r.key(cfg, "portal.yaml")
	}
	base := keyOf(t, site(), config.FHIR{Path: "fhir"})
	if again := keyOf(t, site(), config.FHIR{Path: "fhir"}); again != base {
		t.Fatal("the same files and settings gave two keys")
	}
	tests := []struct {
		name    string
		change  func(fstest.MapFS)
		cfg     config.FHIR
		changes bool
	}{
		{"a file read changes", func(m fstest.MapFS) { m["fhir/b/c.json"].Data = []byte(`{"resourceType":"Encounter"}`) }, config.FHIR{Path: "fhir"}, true},
		{"a file appears in a folder walked", func(m fstest.MapFS) { m["fhir/d.json"] = &fstest.MapFile{Data: []byte(`{}`)} }, config.FHIR{Path: "fhir"}, true},
		{"a file appears where a stat found none", func(m fstest.MapFS) { m["guides/g/README.md"] = &fstest.MapFile{Data: []byte("hi")} }, config.FHIR{Path: "fhir"}, true},
		{"the settings change", func(fstest.MapFS) {}, config.FHIR{Path: "fhir", Publish: []config.FHIRPublish{{Source: "a.json", Path: "a.json"}}}, true},
		{"a file nothing read changes", func(m fstest.MapFS) { m["docs/intro.md"].Data = []byte("# Changed\n") }, config.FHIR{Path: "fhir"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := site()
			tt.change(m)
			if got := keyOf(t, m, tt.cfg) != base; got != tt.changes {
				t.Errorf("key changed: %v, want %v", got, tt.changes)
			}
		})
	}
}
