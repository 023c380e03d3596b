package pipeline

import (
	"os"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/config"
)

// TestAssetURLPaths: image and file paths are found as Docusaurus's
// transformImage finds them: the path decoded first (decodeURIComponent),
// relative to the file; a \ is part of a file name, not a separator.
func TestAssetURLPaths(t *testing.T) {
	site := os.DirFS("testdata/asset-paths")
	cfg := &config.Site{BaseURL: "/"}
	const page = "docs/guide/page.md"
	cases := []struct {
		name, dest, wantSource string // wantSource "" = not found
	}{
		{"decoded name", "../picture/a b.png", "docs/picture/a b.png"},
		{"percent-encoded space", "../picture/a%20b.png", "docs/picture/a b.png"},
		{"percent-encoded UTF-8", "../picture/%E6%9E%B6%E6%9E%84.png", "docs/picture/架构.png"},
		{"raw UTF-8", "../picture/架构.png", "docs/picture/架构.png"},
		{"encoded with query and hash", "../picture/a%20b.png?v=1#top", "docs/picture/a b.png"},
		{"malformed escape looked for as written", "../picture/a%zzb.png", ""},
		{"backslash separators", `..\picture\架构.png`, ""},
		{"missing file", "../picture/none.png", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			servedURL, source, ok := assetURL(site, cfg, page, c.dest)
			if c.wantSource == "" {
				if ok {
					t.Fatalf("assetURL(%q) found %s, want not found", c.dest, source)
				}
				return
			}
			if !ok || source != c.wantSource {
				t.Fatalf("assetURL(%q) = %q, %v, want %q", c.dest, source, ok, c.wantSource)
			}
			if !strings.HasPrefix(servedURL, "/assets/images/") {
				t.Errorf("served at %q, want under /assets/images/", servedURL)
			}
		})
	}
}
