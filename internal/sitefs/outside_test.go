package sitefs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"
)

// A docs folder beside the website folder reads under "../docs", as the
// config names it; nothing else outside the site folder does.
func TestWithOutsideReadsTheNamedFolders(t *testing.T) {
	root := t.TempDir()
	for name, text := range map[string]string{
		"website/docusaurus.config.js": "export default {}",
		"docs/intro.md":                "# Intro",
		"docs/guides/setup.md":         "# Setup",
		"secret.txt":                   "not for the site",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	site, err := WithOutside(Dir(filepath.Join(root, "website")), []string{"../docs"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, want string
		ok         bool
	}{
		{"docusaurus.config.js", "export default {}", true},
		{"../docs/intro.md", "# Intro", true},
		{"../docs/guides/setup.md", "# Setup", true},
		{"../docs/../secret.txt", "", false},
		{"../secret.txt", "", false},
		{"../docs/missing.md", "", false},
	}
	for _, tt := range tests {
		data, err := fs.ReadFile(site, tt.name)
		if (err == nil) != tt.ok || string(data) != tt.want {
			t.Errorf("ReadFile(%q) = %q, %v; want %q, ok %v", tt.name, data, err, tt.want, tt.ok)
		}
		if err != nil {
			var pe *fs.PathError
			if !errors.As(err, &pe) || pe.Path != tt.name {
				t.Errorf("ReadFile(%q): error %v does not name the file as asked", tt.name, err)
			}
		}
	}
	var walked []string
	if err := fs.WalkDir(site, "../docs", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			walked = append(walked, p)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"../docs/guides/setup.md", "../docs/intro.md"}; !slices.Equal(walked, want) {
		t.Errorf("walk ../docs = %q, want %q", walked, want)
	}
}

func TestWithOutsideNeedsAFolderOnDisk(t *testing.T) {
	if _, err := WithOutside(fstest.MapFS{}, []string{"../docs"}); err == nil {
		t.Error("an embedded site reached a folder outside it")
	}
	if _, err := WithOutside(Dir(t.TempDir()), []string{"docs"}); err == nil {
		t.Error("a folder inside the site was taken for one outside it")
	}
	site := fstest.MapFS{}
	if got, err := WithOutside(site, nil); err != nil || got == nil {
		t.Errorf("no outside folders: %v", err)
	}
}
