package sitefs

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// The folder reads as os.DirFS reads it: the same files, the same errors,
// whatever the name.
func TestDirReadsAsDirFS(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{
		"empty.md":             {},
		"small.json":           []byte(`{"resourceType":"Patient"}`),
		"docs/exactly512.md":   bytes.Repeat([]byte("a"), 512),
		"docs/large.md":        bytes.Repeat([]byte("Words of a long page.\n"), 3000),
		"docs/é unicode.md":    []byte("# Café\n"),
		"fhir/deep/a/b/c.json": []byte("{}"),
	}
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("small.json", filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "unreadable.md"), []byte("x"), 0o000); err != nil {
		t.Fatal(err)
	}
	want, got := os.DirFS(dir), Dir(dir)
	names := []string{"empty.md", "small.json", "docs/exactly512.md", "docs/large.md", "docs/é unicode.md", "fhir/deep/a/b/c.json",
		"link.json", "missing.md", "docs", "docs/missing/x.md", "small.json/x", "../outside.md", "/abs.md", "docs//large.md",
		"./small.json", "", ".", "a\\b.md", "nul\x00.md", "unreadable.md"}
	for _, name := range names {
		wantData, wantErr := fs.ReadFile(want, name)
		gotData, gotErr := fs.ReadFile(got, name)
		if !bytes.Equal(gotData, wantData) || errString(gotErr) != errString(wantErr) {
			t.Errorf("ReadFile(%q) = %d bytes, %v; os.DirFS: %d bytes, %v", name, len(gotData), gotErr, len(wantData), wantErr)
		}
		if errors.Is(gotErr, fs.ErrNotExist) != errors.Is(wantErr, fs.ErrNotExist) {
			t.Errorf("ReadFile(%q): ErrNotExist %v, os.DirFS %v", name, errors.Is(gotErr, fs.ErrNotExist), errors.Is(wantErr, fs.ErrNotExist))
		}
	}
	if err := fstest.TestFS(got, "small.json", "docs/large.md", "fhir/deep/a/b/c.json"); err != nil {
		t.Error(err)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return strings.TrimSpace(err.Error())
}
