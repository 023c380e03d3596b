package markdown

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden.html from the current output")

// testRoutes are the pages the test resolver knows, by the path a link
// writes (query and fragment removed).
var testRoutes = map[string]string{
	"intro.md":              "/docs/intro/",
	"../guides/setup.md":    "/docs/guides/setup/",
	"./reference/api.MDX":   "/docs/reference/api/",
	"./reference/other.mdx": "/docs/reference/other/",
}

// resolveTestLink resolves links against testRoutes, returning the bare
// route so Render has to carry the query and fragment over.
func resolveTestLink(dest string) (string, bool) {
	path := dest
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	url, ok := testRoutes[path]
	return url, ok
}

// TestGolden renders each testdata/NAME.md and compares the HTML with
// testdata/NAME.golden.html. Run go test -update to accept new output after
// checking the diff.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) == 0 {
		t.Fatal("no testdata/*.md files")
	}
	renderer := New()
	for _, input := range inputs {
		name := strings.TrimSuffix(filepath.Base(input), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(input)
			if err != nil {
				t.Fatal(err)
			}
			res, err := renderer.Render(src, RenderContext{File: input, ResolveMarkdownLink: resolveTestLink})
			if err != nil {
				t.Fatal(err)
			}
			goldenPath := filepath.Join("testdata", name+".golden.html")
			if *update {
				if err := os.WriteFile(goldenPath, []byte(res.HTML), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(goldenPath)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if res.HTML != string(want) {
				t.Errorf("HTML differs from %s (run go test -update and review the diff)\n%s", goldenPath, lineDiff(string(want), res.HTML))
			}
		})
	}
}

// lineDiff lists the lines that differ, for a readable failure.
func lineDiff(want, got string) string {
	wantLines, gotLines := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := range max(len(wantLines), len(gotLines)) {
		var w, g string
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if w != g {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g + "\n")
		}
	}
	return b.String()
}
