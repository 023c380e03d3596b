package markdown

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMarkdownGolden renders each golden case and compares its Markdown,
// links resolved against a test site, with testdata/as-markdown/NAME.md.
func TestMarkdownGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/*.md*")
	if err != nil {
		t.Fatal(err)
	}
	renderer := New()
	for _, input := range inputs {
		name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(input), ".mdx"), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(input)
			if err != nil {
				t.Fatal(err)
			}
			res, err := renderer.Render(src, testContext(input, strings.HasSuffix(input, ".mdx")))
			if err != nil {
				t.Fatal(err)
			}
			got := ResolveMarkdownLinks(res.Markdown, func(dest string) string { return dest })
			compareGolden(t, filepath.Join("testdata", "as-markdown", name+".md"), got, "Markdown")
		})
	}
}
