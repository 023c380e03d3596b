package markdown

import (
	"os"
	"testing"
)

// BenchmarkRender renders a realistic documentation page (about 5 KB:
// headings, admonitions, tables, highlighted code, links and a diagram).
func BenchmarkRender(b *testing.B) {
	src, err := os.ReadFile("testdata/bench/page.md")
	if err != nil {
		b.Fatal(err)
	}
	renderer := New()
	ctx := RenderContext{File: "docs/deploy.md", ResolveMarkdownLink: resolveTestLink}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := renderer.Render(src, ctx); err != nil {
			b.Fatal(err)
		}
	}
}
