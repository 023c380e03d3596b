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
	mdx, err := filepath.Glob("testdata/*.mdx")
	if err != nil {
		t.Fatal(err)
	}
	inputs = append(inputs, mdx...)
	if len(inputs) == 0 {
		t.Fatal("no testdata/*.md files")
	}
	renderer := New()
	for _, input := range inputs {
		name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(input), ".mdx"), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(input)
			if err != nil {
				t.Fatal(err)
			}
			isMDX := strings.HasSuffix(input, ".mdx")
			res, err := renderer.Render(src, testContext(input, isMDX))
			if err != nil {
				t.Fatal(err)
			}
			got := res.HTML
			if isMDX {
				// An MDX case also shows its diagnostics: what the author is told.
				got += diagnosticsComment(res)
			}
			compareGolden(t, filepath.Join("testdata", name+".golden.html"), got, "HTML")
		})
	}
}

// compareGolden checks got against the golden file (what names the kind of
// output in the failure); -update rewrites the file instead.
func compareGolden(t *testing.T, goldenPath, got, what string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(goldenPath, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s (run go test -update and review the diff)\n%s", what, goldenPath, lineDiff(string(want), got))
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

// testContext is how the golden cases render: .md as CommonMark, .mdx as
// MDX with partials read from testdata and assets under testdata/img.
func testContext(file string, isMDX bool) RenderContext {
	ctx := RenderContext{File: file, ResolveMarkdownLink: resolveTestLink, MDX: isMDX, BaseURL: "/base/"}
	if !isMDX {
		return ctx
	}
	ctx.Partial = func(partial string) ([]byte, RenderContext, error) {
		body, err := os.ReadFile(partial)
		return body, testContext(partial, strings.HasSuffix(partial, ".mdx")), err
	}
	ctx.ResolveAsset = func(dest string) (string, string, bool) {
		target := filepath.Join(filepath.Dir(file), dest)
		if _, err := os.Stat(target); err != nil {
			return "", "", false
		}
		return "/base/assets/" + filepath.Base(target), target, true
	}
	return ctx
}

// diagnosticsComment lists a result's diagnostics and links as an HTML
// comment after the page, so golden files show them.
func diagnosticsComment(res *Result) string {
	var b strings.Builder
	b.WriteString("<!-- diagnostics:\n")
	for _, d := range res.Diagnostics {
		b.WriteString(d.String() + "\n")
	}
	b.WriteString("links:\n")
	for _, l := range res.Links {
		b.WriteString(l.Dest)
		if l.File != "" {
			b.WriteString(" (" + l.File + ")")
		}
		b.WriteString(" line " + strconv.Itoa(l.Line) + "\n")
	}
	b.WriteString("headings:\n")
	for _, h := range res.Headings {
		b.WriteString(strings.Repeat("#", h.Level) + " " + h.Text + " {#" + h.ID + "}\n")
	}
	b.WriteString("-->\n")
	return b.String()
}
