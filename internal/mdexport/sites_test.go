//go:build !race

// The sites are built without the race detector: their builds prerender
// every page in QuickJS, which the detector slows twenty-fold.

package mdexport_test

import (
	"context"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/mdexport"
	"github.com/portaldocs/portal/internal/pipeline"
)

// sites are the portal and the Docusaurus fixture sites, each built once.
var sites = []struct {
	name, dir string
	build     func() (*pipeline.Result, error)
}{
	{"portal", "../../site", nil},
	{"docusaurus-fixture", "../docusaurus/testdata/site", nil},
	{"docusaurus-instances", "../docusaurus/testdata/instances", nil},
}

func init() {
	for i := range sites {
		dir := sites[i].dir
		sites[i].build = sync.OnceValues(func() (*pipeline.Result, error) {
			return pipeline.Run(context.Background(), os.DirFS(dir), pipeline.WithTheme(portal.Theme()))
		})
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, s := range sites {
		if res, err := s.build(); err == nil {
			_ = res.Output.Close()
		}
	}
	os.Exit(code)
}

// Every page of each site has its Markdown files; each file's headings are
// the page's (its article's h1–h6, tab labels written as headings aside);
// and nothing of MDX survives in them.
func TestEveryPageHasItsMarkdown(t *testing.T) {
	for _, s := range sites {
		t.Run(s.name, func(t *testing.T) {
			res, err := s.build()
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			out := res.Output.FS()
			m := res.Output.Manifest
			checked := 0
			for _, r := range m.Routes {
				htmlFile := m.File(r.Path)
				page, err := fs.ReadFile(out, htmlFile)
				if err != nil {
					continue // a duplicate route's second page
				}
				files := mdexport.Files(htmlFile)
				var md []byte
				for _, f := range files {
					data, err := fs.ReadFile(out, f)
					if err != nil {
						t.Errorf("%s: no %s", r.Path, f)
						continue
					}
					md = data
				}
				if md == nil {
					continue
				}
				checked++
				htmlHeadings, tabLabels := articleHeadings(t, page)
				mdHeadings := markdownHeadings(md, tabLabels)
				if strings.Join(htmlHeadings, "\n") != strings.Join(mdHeadings, "\n") {
					t.Errorf("%s: headings differ\nHTML:     %q\nMarkdown: %q", r.Path, htmlHeadings, mdHeadings)
				}
				for _, problem := range mdxLeft(md) {
					t.Errorf("%s: %s", files[0], problem)
				}
			}
			if checked == 0 {
				t.Fatal("no page checked")
			}
		})
	}
}

// articleHeadings are "level text" of each h1–h6 of the page's article
// (its main when it has none), without what screen readers skip, and the
// labels of its tabs.
func articleHeadings(t *testing.T, page []byte) (headings []string, tabLabels map[string]bool) {
	doc, err := html.Parse(strings.NewReader(string(page)))
	if err != nil {
		t.Fatal(err)
	}
	root := find(doc, "article")
	if root == nil {
		root = find(doc, "main")
	}
	tabLabels = map[string]bool{}
	if root == nil {
		return nil, tabLabels
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if len(n.Data) == 2 && n.Data[0] == 'h' && n.Data[1] >= '1' && n.Data[1] <= '6' {
				headings = append(headings, n.Data[1:]+" "+normalize(textOf(n)))
				return
			}
			if attr(n, "role") == "tab" {
				tabLabels[normalize(textOf(n))] = true
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return headings, tabLabels
}

func find(n *html.Node, tag string) *html.Node {
	if n.Type == html.ElementNode && n.Data == tag {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := find(c, tag); f != nil {
			return f
		}
	}
	return nil
}

func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (attr(n, "aria-hidden") == "true" || strings.Contains(attr(n, "class"), "hash-link")) {
			return
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

func normalize(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\u200b", "")), " ")
}

var reader = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote))

// markdownHeadings are "level text" of each heading goldmark reads in md,
// less the tab sections (headings that are a tab's label).
func markdownHeadings(md []byte, tabLabels map[string]bool) []string {
	doc := reader.Parser().Parse(text.NewReader(md))
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		var buf strings.Builder
		if err := reader.Renderer().Render(&buf, md, h); err != nil {
			return ast.WalkStop, err
		}
		doc, _ := html.Parse(strings.NewReader(buf.String()))
		label := normalize(textOf(doc))
		if !tabLabels[label] {
			out = append(out, string(rune('0'+h.Level))+" "+label)
		}
		return ast.WalkSkipChildren, nil
	})
	return out
}

var (
	esmLine       = regexp.MustCompile(`^(import|export) `)
	componentTag  = regexp.MustCompile(`</?[A-Z][A-Za-z0-9.]*[\s/>]`)
	jsxExpression = regexp.MustCompile(`(^|[^\\])\{[^}\n]*\}`)
)

// mdxLeft lists what of MDX a Markdown file still holds: import and
// export lines, component tags and {expressions} outside code.
func mdxLeft(md []byte) []string {
	doc := reader.Parser().Parse(text.NewReader(md))
	var problems []string
	check := func(s string) {
		for _, line := range strings.Split(s, "\n") {
			switch {
			case esmLine.MatchString(line):
				problems = append(problems, "an import or export: "+line)
			case componentTag.MatchString(line):
				problems = append(problems, "a component tag: "+line)
			case jsxExpression.MatchString(line):
				problems = append(problems, "an expression: "+line)
			}
		}
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.CodeSpan:
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph, *ast.HTMLBlock:
			var b strings.Builder
			lines := n.Lines()
			for i := range lines.Len() {
				seg := lines.At(i)
				b.Write(seg.Value(md))
			}
			check(stripCodeSpans(b.String()))
		}
		return ast.WalkContinue, nil
	})
	return problems
}

var codeSpans = regexp.MustCompile("`+[^`]*`+")

func stripCodeSpans(s string) string { return codeSpans.ReplaceAllString(s, "``") }

// llms.txt is in the proposal's format, links every listed page of each
// sidebar to its page's URL, and llms-full.txt holds each page's Markdown.
func TestLLMsTxt(t *testing.T) {
	for _, s := range sites {
		t.Run(s.name, func(t *testing.T) {
			res, err := s.build()
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			out := res.Output.FS()
			data, err := fs.ReadFile(out, "llms.txt")
			if err != nil {
				t.Fatal(err)
			}
			ix, err := mdexport.ReadIndex(string(data))
			if err != nil {
				t.Fatalf("llms.txt: %v\n%s", err, data)
			}
			if ix.Title == "" || len(ix.Sections) == 0 {
				t.Fatalf("llms.txt has no title or no sections:\n%s", data)
			}
			if strings.Count(string(data), "\n# ")+1 != 1 || !strings.HasPrefix(string(data), "# ") {
				t.Errorf("llms.txt has more than one H1")
			}
			full, err := fs.ReadFile(out, "llms-full.txt")
			if err != nil {
				t.Fatal(err)
			}
			m := res.Output.Manifest
			links := 0
			for _, sec := range ix.Sections {
				for _, l := range sec.Links {
					links++
					path, ok := strings.CutPrefix(l.URL, siteURL(t, out))
					if !ok {
						t.Errorf("%s: not under the site's URL", l.URL)
						continue
					}
					if _, ok := m.Lookup(path); !ok {
						t.Errorf("%s: no route %s", l.URL, path)
					}
					if !strings.Contains(string(full), "Source: "+l.URL+"\n") {
						t.Errorf("llms-full.txt lacks %s", l.URL)
					}
				}
			}
			if links == 0 {
				t.Error("llms.txt links no page")
			}
		})
	}
}

// siteURL is the scheme and host every page URL starts with, read from the
// home page's Markdown's absolute links' origin: the config's url.
func siteURL(t *testing.T, out fs.FS) string {
	data, err := fs.ReadFile(out, "sitemap.xml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<loc>(https?://[^/<]+)`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("no URL in the sitemap")
	}
	return string(m[1])
}

// llms.exclude leaves pages and sidebars out of llms.txt and
// llms-full.txt; llms.enabled: false writes none of the files for agents.
func TestLLMsConfig(t *testing.T) {
	site := func(llms string) fstest.MapFS {
		return fstest.MapFS{
			"portal.yaml":         {Data: []byte("title: Config fixture\ntagline: Pages for agents.\nurl: https://docs.example.org\nbaseUrl: /\n" + llms)},
			"sidebars.yaml":       {Data: []byte("docs:\n  - intro\n  - guide/setup\nlegacy:\n  - old\n")},
			"docs/intro.md":       {Data: []byte("---\ndescription: Start here. Then read on.\n---\n# Introduction\n\nHello.\n")},
			"docs/guide/setup.md": {Data: []byte("# Setup\n\nInstall it. Then run it.\n")},
			"docs/old.md":         {Data: []byte("# Old\n\nGone soon.\n")},
		}
	}
	build := func(t *testing.T, fsys fstest.MapFS) fs.FS {
		t.Helper()
		res, err := pipeline.Run(context.Background(), fsys, pipeline.WithTheme(portal.Theme()))
		if err != nil {
			t.Fatalf("build: %v %v", err, res.Diagnostics)
		}
		t.Cleanup(func() { _ = res.Output.Close() })
		return res.Output.FS()
	}
	t.Run("default", func(t *testing.T) {
		out := build(t, site(""))
		text, err := fs.ReadFile(out, "llms.txt")
		if err != nil {
			t.Fatal(err)
		}
		want := "# Config fixture\n\n> Pages for agents.\n\n## Docs\n\n" +
			"- [Introduction](https://docs.example.org/docs/intro/): Start here.\n" +
			"- [Setup](https://docs.example.org/docs/guide/setup/): Install it.\n\n" +
			"## Legacy\n\n- [Old](https://docs.example.org/docs/old/): Gone soon.\n"
		if string(text) != want {
			t.Errorf("llms.txt:\n%s\nwant:\n%s", text, want)
		}
	})
	t.Run("exclude", func(t *testing.T) {
		out := build(t, site("llms:\n  exclude: [legacy, 'guide/**']\n"))
		text, _ := fs.ReadFile(out, "llms.txt")
		full, _ := fs.ReadFile(out, "llms-full.txt")
		for _, gone := range []string{"/docs/old/", "/docs/guide/setup/"} {
			if strings.Contains(string(text), gone) || strings.Contains(string(full), gone) {
				t.Errorf("%s is not left out:\n%s", gone, text)
			}
		}
		if !strings.Contains(string(full), "Hello.") {
			t.Error("llms-full.txt lacks the introduction")
		}
		if _, err := fs.Stat(out, "docs/old.md"); err != nil {
			t.Errorf("an excluded page keeps its Markdown file: %v", err)
		}
	})
	t.Run("disabled", func(t *testing.T) {
		out := build(t, site("llms:\n  enabled: false\n"))
		for _, name := range []string{"llms.txt", "llms-full.txt", "docs/intro.md", "docs/intro/index.md", "index.md"} {
			if _, err := fs.Stat(out, name); err == nil {
				t.Errorf("%s is written", name)
			}
		}
	})
}
