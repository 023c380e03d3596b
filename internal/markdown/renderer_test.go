package markdown

import (
	"encoding/json"
	"fmt"
	"html"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
)

func render(t *testing.T, src string, ctx RenderContext) *Result {
	t.Helper()
	res, err := New().Render([]byte(src), ctx)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	return res
}

func TestTitleIsFirstLevelOneHeading(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"plain", "# Hello\n\n# Second\n", "Hello"},
		{"markup becomes text", "# Hello *big* `world` & [all](x.md)\n", "Hello big world & all"},
		{"setext", "Hello\n=====\n", "Hello"},
		{"not at the top", "Intro.\n\n## Sub\n\n# Late title\n", "Late title"},
		{"none", "## Only a section\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := render(t, tt.src, RenderContext{}).Title; got != tt.want {
				t.Errorf("Title = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestHeadingsListLevelsTwoToSix(t *testing.T) {
	src := "# Title\n\n## A *b* `c`\n\n### A b c\n\n## Custom {#x}\n\n#### Deep [link](https://e.com)\n"
	want := []Heading{
		{Level: 2, ID: "a-b-c", Text: "A b c", HTML: "A <em>b</em> <code>c</code>"},
		{Level: 3, ID: "a-b-c-1", Text: "A b c", HTML: "A b c"},
		{Level: 2, ID: "x", Text: "Custom", HTML: "Custom"},
		{Level: 4, ID: "deep-link", Text: "Deep link", HTML: `Deep <a href="https://e.com">link</a>`},
	}
	if got := render(t, src, RenderContext{}).Headings; !reflect.DeepEqual(got, want) {
		t.Errorf("Headings =\n%+v\nwant\n%+v", got, want)
	}
}

func TestHeadingHTMLShape(t *testing.T) {
	got := render(t, `## Say "hi" & <wave>`+"\n", RenderContext{}).HTML
	// Raw HTML has no text: the slug and the label come from the rest.
	want := componentMarker("Heading", `{"as":"h2","id":"say-hi--","label":"Say \"hi\" \u0026"}`) +
		`Say &quot;hi&quot; &amp; <wave></portal-component>` + "\n"
	if got != want {
		t.Errorf("HTML =\n%s\nwant\n%s", got, want)
	}
}

func TestExplicitHeadingIDs(t *testing.T) {
	tests := []struct {
		name, src, wantID, wantText string
	}{
		{"simple", "## Text {#custom-id}\n", "custom-id", "Text"},
		{"underscores split text nodes", "## Text {#my_custom_id}\n", "my_custom_id", "Text"},
		{"verbatim case", "## Text {#MixedCase}\n", "MixedCase", "Text"},
		{"after markup", "## *Text* {#t}\n", "t", "Text"},
		{"closing hashes", "## Text {#t} ##\n", "t", "Text"},
		{"not at the end", "## Text {#t} more\n", "text-t-more", "Text {#t} more"},
		{"empty", "## Text {#}\n", "text-", "Text {#}"},
		{"escaped", `## Text \{#t}` + "\n", "text-t", "Text {#t}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			headings := render(t, tt.src, RenderContext{}).Headings
			if len(headings) != 1 || headings[0].ID != tt.wantID || headings[0].Text != tt.wantText {
				t.Errorf("Headings = %+v, want ID %q and Text %q", headings, tt.wantID, tt.wantText)
			}
		})
	}
}

func TestHeadingWithOnlyAnExplicitID(t *testing.T) {
	got := render(t, "## {#only-id}\n", RenderContext{}).HTML
	want := componentMarker("Heading", `{"as":"h2","id":"only-id","label":"only-id"}`) + "</portal-component>\n"
	if got != want {
		t.Errorf("HTML = %s, want %s", got, want)
	}
}

func TestHeadingHTMLLeavesOutFootnoteReferences(t *testing.T) {
	res := render(t, "## Claim[^1]\n\n[^1]: Source.\n", RenderContext{})
	if got := res.Headings[0].HTML; got != "Claim" {
		t.Errorf("Heading.HTML = %q, want %q", got, "Claim")
	}
}

func TestExplicitIDsDoNotTakeSlugs(t *testing.T) {
	// As in Docusaurus, an explicit id is not registered with the slugger.
	headings := render(t, "## A {#intro}\n\n## Intro\n", RenderContext{}).Headings
	if headings[1].ID != "intro" {
		t.Errorf("second heading id = %q, want %q", headings[1].ID, "intro")
	}
}

func TestAnchors(t *testing.T) {
	src := "# Title\n\n## One\n\n## One\n\nNote[^a].\n\n<div id=\"raw\"><span id='single'>x</span></div>\n\n" +
		"<p title=\"id=fake\" data-id=\"no\">t</p>\n\n```html\n<b id=\"in-code\">\n```\n\n[^a]: Footnote.\n"
	want := []string{"one", "one-1", "fnref:1", "raw", "single", "fn:1"}
	if got := render(t, src, RenderContext{}).Anchors; !reflect.DeepEqual(got, want) {
		t.Errorf("Anchors = %q, want %q", got, want)
	}
}

func TestLinksCarryFileLines(t *testing.T) {
	src := strings.Join([]string{
		"# Links",                             // 1
		"",                                    // 2
		"[a](https://a.example) and",          // 3
		"![img](pic.png) <https://b.example>", // 4
		"",                                    // 5
		":::note",                             // 6
		"- [in list](#frag) www.c.example",    // 7
		":::",                                 // 8
		"",                                    // 9
		"[ref][r] and x@example.com",          // 10
		"",                                    // 11
		"[r]: /defined/elsewhere",             // 12
	}, "\n") + "\n"
	want := []Link{
		{Dest: "https://a.example", Line: 13},
		{Dest: "pic.png", Line: 14},
		{Dest: "https://b.example", Line: 14},
		{Dest: "#frag", Line: 17},
		{Dest: "http://www.c.example", Line: 17},
		{Dest: "/defined/elsewhere", Line: 20},
		{Dest: "mailto:x@example.com", Line: 20},
	}
	got := render(t, src, RenderContext{LineOffset: 10}).Links
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Links =\n%+v\nwant\n%+v", got, want)
	}
}

func TestMarkdownLinkResolution(t *testing.T) {
	src := "[a](intro.md) [b](../guides/setup.md#install) [c](./reference/api.MDX?tab=go#types)\n\n" +
		"[d](missing.md#gone) [e](https://example.com/x.md) [f](//cdn.example/x.md) [g](notes.md.txt)\n\n" +
		"![h](intro.md) [i](intro.md \"title\") [j](<intro.md>)\n"
	res := render(t, src, RenderContext{LineOffset: 2, ResolveMarkdownLink: resolveTestLink})

	wantDests := []string{
		"/docs/intro/", "/docs/guides/setup/#install", "/docs/reference/api/?tab=go#types",
		"missing.md#gone", "https://example.com/x.md", "//cdn.example/x.md", "notes.md.txt",
		"intro.md", "/docs/intro/", "/docs/intro/",
	}
	var gotDests []string
	for _, l := range res.Links {
		gotDests = append(gotDests, l.Dest)
	}
	if !reflect.DeepEqual(gotDests, wantDests) {
		t.Errorf("Links = %q\nwant    %q", gotDests, wantDests)
	}
	wantUnresolved := []Link{{Dest: "missing.md#gone", Line: 5}}
	if !reflect.DeepEqual(res.UnresolvedMarkdownLinks, wantUnresolved) {
		t.Errorf("UnresolvedMarkdownLinks = %+v, want %+v", res.UnresolvedMarkdownLinks, wantUnresolved)
	}
	for _, fragment := range []string{`href="/docs/reference/api/?tab=go#types"`, `href="missing.md#gone"`, `<img src="intro.md"`} {
		if !strings.Contains(res.HTML, fragment) {
			t.Errorf("HTML lacks %s:\n%s", fragment, res.HTML)
		}
	}
}

func TestResolverKeepsItsOwnFragment(t *testing.T) {
	ctx := RenderContext{ResolveMarkdownLink: func(dest string) (string, bool) { return "/docs/x/#already", true }}
	res := render(t, "[x](x.md#mine)\n", ctx)
	if res.Links[0].Dest != "/docs/x/#already" {
		t.Errorf("Dest = %q, want the resolver's URL unchanged", res.Links[0].Dest)
	}
}

func TestMarkdownLinksUnresolvedWithoutResolver(t *testing.T) {
	res := render(t, "[x](x.md)\n", RenderContext{})
	if want := []Link{{Dest: "x.md", Line: 1}}; !reflect.DeepEqual(res.UnresolvedMarkdownLinks, want) {
		t.Errorf("UnresolvedMarkdownLinks = %+v, want %+v", res.UnresolvedMarkdownLinks, want)
	}
}

func TestHasMermaid(t *testing.T) {
	if render(t, "```js\nx\n```\n", RenderContext{}).HasMermaid {
		t.Error("HasMermaid = true without a diagram")
	}
	res := render(t, "- item\n\n  ```mermaid\n  graph TD; A-->B\n  ```\n", RenderContext{})
	if !res.HasMermaid {
		t.Error("HasMermaid = false with a diagram in a list")
	}
	if want := componentMarker("Mermaid", `{"source":"graph TD; A--\u003eB\n"}`); !strings.Contains(res.HTML, want) {
		t.Errorf("HTML lacks %q:\n%s", want, res.HTML)
	}
}

func TestDescription(t *testing.T) {
	long := strings.Repeat("word ", 100)
	tests := []struct {
		name, src, want string
	}{
		{"first paragraph", "# T\n\n## Sub\n\nFirst *para*\nwith [link](x.md) and `code`.\n\nSecond.\n", "First para with link and code."},
		{"inside an admonition", ":::note\nNoted.\n:::\n", "Noted."},
		{"none", "# Only a title\n", ""},
		{"cut at a word", long, strings.TrimSpace(strings.Repeat("word ", 59)) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := render(t, tt.src, RenderContext{}).Description; got != tt.want {
				t.Errorf("Description = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDescriptionLimitOption(t *testing.T) {
	res, err := New(WithDescriptionLimit(10)).Render([]byte("alpha beta gamma\n"), RenderContext{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Description != "alpha…" {
		t.Errorf("Description = %q, want %q", res.Description, "alpha…")
	}
}

func TestWithoutSyntaxHighlighting(t *testing.T) {
	res, err := New(WithSyntaxHighlighting(false)).Render([]byte("```go {1}\nvar x\n```\n"), RenderContext{})
	if err != nil {
		t.Fatal(err)
	}
	want := componentMarker("CodeBlock", `{"language":"go","lines":1,"highlighted":[1]}`) + `<portal-slot name="line">var x` + "\n</portal-slot>"
	if !strings.Contains(res.HTML, want) {
		t.Errorf("HTML lacks %q:\n%s", want, res.HTML)
	}
}

func TestCRLFRendersLikeLF(t *testing.T) {
	lf := "# T\n\n```js title=\"a\"\nx\n```\n\n[l](x.md)\n"
	a := render(t, lf, RenderContext{})
	b := render(t, strings.ReplaceAll(lf, "\n", "\r\n"), RenderContext{})
	if !reflect.DeepEqual(a, b) {
		t.Errorf("CRLF result differs:\n%+v\n%+v", a, b)
	}
}

func TestCodeIsCopyableText(t *testing.T) {
	// The text content of the code element, tags removed, is the source.
	code := "if a < b && c > \"d\" {\n\treturn 'x' // comment & more\n}\n"
	res := render(t, "```go showLineNumbers {1}\n"+code+"```\n", RenderContext{})
	start := strings.Index(res.HTML, "<portal-component")
	end := strings.Index(res.HTML, "</portal-component>")
	text := tagPattern.ReplaceAllString(res.HTML[start:end], "")
	text = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&amp;", "&").Replace(text)
	if text != code {
		t.Errorf("code text = %q, want %q", text, code)
	}
}

var tagPattern = regexp.MustCompile(`<[^>]*>`)

func TestRenderIsSafeForConcurrentUse(t *testing.T) {
	renderer := New()
	pages := []string{
		"# A\n\n## B\n\n## B\n\n```go\nx := 1\n```\n",
		":::tip[T]\n[l](intro.md)\n:::\n\n```mermaid\ngraph TD;\n```\n",
		"| a | b |\n|---|---|\n| 1 | 2 |\n\nfoot[^1]\n\n[^1]: n\n",
	}
	want := make([]*Result, len(pages))
	for i, p := range pages {
		res, err := renderer.Render([]byte(p), RenderContext{ResolveMarkdownLink: resolveTestLink})
		if err != nil {
			t.Fatal(err)
		}
		want[i] = res
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(pages))
	for range 8 {
		for i, p := range pages {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := renderer.Render([]byte(p), RenderContext{ResolveMarkdownLink: resolveTestLink})
				if err == nil && !reflect.DeepEqual(res, want[i]) {
					err = fmt.Errorf("page %d rendered differently in parallel", i)
				}
				if err != nil {
					errs <- err
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// <TOCInline toc={toc.slice(…)}> lists the page's headings that the slice
// keeps (the toc is h2 to h6, in order), as Docusaurus's does.
func TestTOCInlineSlice(t *testing.T) {
	page := "import TOCInline from '@theme/TOCInline';\n\n# Page\n\n<TOCInline toc={%s} />\n\n## First\n\n## Second\n\n### Inside second\n\n## Third\n"
	tests := []struct {
		toc  string
		want []string
	}{
		{"toc", []string{"first", "second", "inside-second", "third"}},
		{"toc.slice(1)", []string{"second", "inside-second", "third"}},
		{"toc.slice(0, 2)", []string{"first", "second"}},
		{"toc.slice(-1)", []string{"third"}},
		{"toc.slice(9)", nil},
	}
	for _, tt := range tests {
		t.Run(tt.toc, func(t *testing.T) {
			res := render(t, fmt.Sprintf(page, tt.toc), RenderContext{MDX: true})
			if len(res.Diagnostics) > 0 {
				t.Errorf("diagnostics: %v", res.Diagnostics)
			}
			var props struct{ TOC []TOCItem }
			if err := json.Unmarshal(componentProps(t, res.HTML, "TOCInline"), &props); err != nil {
				t.Fatal(err)
			}
			var got []string
			var walk func([]TOCItem)
			walk = func(items []TOCItem) {
				for _, it := range items {
					got = append(got, it.ID)
					walk(it.Children)
				}
			}
			walk(props.TOC)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("listed %q, want %q", got, tt.want)
			}
		})
	}
}

// componentProps are the props of the first marker of the theme component
// name in html (package components).
func componentProps(t *testing.T, page, name string) []byte {
	t.Helper()
	m := regexp.MustCompile(`<portal-component name="` + name + `" props="([^"]*)">`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no %s component in\n%s", name, page)
	}
	return []byte(html.UnescapeString(m[1]))
}
