package docusaurus

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSiteRelativeKeepsURLPaths: a value that is a folder holding the site
// folder, such as baseUrl "/", is a URL path, not a path beside the site.
func TestSiteRelativeKeepsURLPaths(t *testing.T) {
	root := filepath.Join(t.TempDir(), "site")
	if err := os.MkdirAll(filepath.Join(root, "..", "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		value, want string
		ok          bool
	}{
		{"/", "", false},
		{filepath.Dir(root), "", false},
		{filepath.Join(filepath.Dir(root), "docs"), "../docs", true},
		{filepath.Join(root, "sidebars.js"), "sidebars.js", true},
	} {
		got, ok := siteRelative(filepath.ToSlash(tc.value), filepath.ToSlash(root))
		if got != tc.want || ok != tc.ok {
			t.Errorf("siteRelative(%q) = %q, %v; want %q, %v", tc.value, got, ok, tc.want, tc.ok)
		}
	}
}
