package markdown

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// specSeedFiles hold the CommonMark and GFM spec examples, read in place.
var specSeedFiles = []string{
	"../../../shared/testdata/commonmark/spec-0.31.2.json",
	"../../../shared/testdata/gfm/spec.json",
}

// FuzzRender checks that no input makes Render fail or panic, and that the
// page data stays consistent with the input.
func FuzzRender(f *testing.F) {
	for _, path := range specSeedFiles {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		var examples []struct {
			Markdown string `json:"markdown"`
		}
		if err := json.Unmarshal(data, &examples); err != nil {
			f.Fatalf("%s: %v", path, err)
		}
		for _, ex := range examples {
			f.Add(ex.Markdown)
		}
	}
	pages, _ := filepath.Glob("testdata/*.md")
	for _, page := range pages {
		if src, err := os.ReadFile(page); err == nil {
			f.Add(string(src))
		}
	}

	renderer := New()
	const lineOffset = 4
	f.Fuzz(func(t *testing.T, src string) {
		res, err := renderer.Render([]byte(src), RenderContext{LineOffset: lineOffset, ResolveMarkdownLink: resolveTestLink})
		if err != nil {
			t.Fatalf("Render: %v", err)
		}
		lastLine := lineOffset + strings.Count(src, "\n") + 1
		for _, l := range append(res.Links, res.UnresolvedMarkdownLinks...) {
			if l.Line <= lineOffset || l.Line > lastLine {
				t.Errorf("link %q on line %d, outside the page (lines %d-%d)", l.Dest, l.Line, lineOffset+1, lastLine)
			}
		}
		seen := map[string]bool{}
		for _, id := range res.Anchors {
			if seen[id] {
				t.Errorf("anchor %q listed twice", id)
			}
			seen[id] = true
		}
		for _, h := range res.Headings {
			if h.Level < 2 || h.Level > 6 {
				t.Errorf("heading %+v has level outside 2-6", h)
			}
		}
	})
}
