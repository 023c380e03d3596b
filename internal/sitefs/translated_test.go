package sitefs

import (
	"io/fs"
	"testing"
	"testing/fstest"
)

// TestWithTranslations: a file the locale translates is read from its
// folder, any other from the site; folders list the site's files only.
func TestWithTranslations(t *testing.T) {
	site := WithTranslations(fstest.MapFS{
		"docs/intro.md":       {Data: []byte("# Intro")},
		"docs/setup.md":       {Data: []byte("# Setup")},
		"i18n/fr/d/intro.md":  {Data: []byte("# Présentation")},
		"i18n/fr/d/orphan.md": {Data: []byte("# Orphelin")},
	}, map[string]string{"docs": "i18n/fr/d"})
	for _, tc := range []struct{ name, want, from string }{
		{"docs/intro.md", "# Présentation", "i18n/fr/d/intro.md"},
		{"docs/setup.md", "# Setup", ""},
	} {
		data, err := fs.ReadFile(site, tc.name)
		if err != nil || string(data) != tc.want {
			t.Errorf("read %s = %q, %v; want %q", tc.name, data, err, tc.want)
		}
		got := ""
		if from, ok := TranslationOf(site, tc.name); ok {
			got = from
		}
		if got != tc.from {
			t.Errorf("TranslationOf(%s) = %q, want %q", tc.name, got, tc.from)
		}
	}
	entries, err := fs.ReadDir(site, "docs")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 2 || names[0] != "intro.md" || names[1] != "setup.md" {
		t.Errorf("docs lists %v, want [intro.md setup.md]", names)
	}
}
