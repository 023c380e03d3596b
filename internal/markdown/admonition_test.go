package markdown

import (
	"html"
	"strings"
	"testing"
)

func TestParseAdmonitionOpening(t *testing.T) {
	tests := []struct {
		line      string
		ok        bool
		fence     int
		keyword   string
		wantTitle string
	}{
		{":::note", true, 3, "note", ""},
		{"::::tip\n", true, 4, "tip", ""},
		{":::NOTE", true, 3, "note", ""},
		{":::tip[Title *x*]", true, 3, "tip", "Title *x*"},
		{":::tip[ [nested] \\] ]", true, 3, "tip", "[nested] \\]"},
		{":::tip[unclosed", true, 3, "tip", ""},
		{":::info Legacy  title  ", true, 3, "info", "Legacy  title"},
		{`:::warning{title="Attr"}`, true, 3, "warning", "Attr"},
		{`:::warning{id=x title='Single'}`, true, 3, "warning", "Single"},
		{":::my-type_2", true, 3, "my-type_2", ""},
		{":::", false, 0, "", ""},
		{"::note", false, 0, "", ""},
		{"::: note", false, 0, "", ""},
		{":::note!", false, 0, "", ""},
		{":::2col", false, 0, "", ""},
	}
	for _, tt := range tests {
		open, ok := parseAdmonitionOpening([]byte(tt.line))
		if ok != tt.ok {
			t.Errorf("parseAdmonitionOpening(%q) ok = %v, want %v", tt.line, ok, tt.ok)
			continue
		}
		title := tt.line[open.titleStart:open.titleStop]
		if ok && (open.fence != tt.fence || open.keyword != tt.keyword || title != tt.wantTitle) {
			t.Errorf("parseAdmonitionOpening(%q) = %d %q %q, want %d %q %q",
				tt.line, open.fence, open.keyword, title, tt.fence, tt.keyword, tt.wantTitle)
		}
	}
}

func TestAdmonitionFences(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			"closing fence may be longer",
			":::note\nx\n:::::\nafter\n",
			admonitionMarker(`{"type":"note"}`) + "<p>x</p>\n</portal-component>\n<p>after</p>\n",
		},
		{
			"shorter fence does not close",
			"::::note\n:::\n::::\n",
			admonitionMarker(`{"type":"note"}`) + "<p>:::</p>\n</portal-component>\n",
		},
		{
			"interrupts a paragraph",
			"para\n:::tip\nx\n:::\n",
			"<p>para</p>\n" + admonitionMarker(`{"type":"tip"}`) + "<p>x</p>\n</portal-component>\n",
		},
		{
			"indented four spaces is code",
			"    :::note\n",
			componentMarker("CodeBlock", `{"lines":1}`) + `<portal-slot name="line">:::note` + "\n</portal-slot></portal-component>\n",
		},
		{
			"keyword glued to other text is not an admonition",
			":::a<b\n:::\n",
			"<p>:::a&lt;b\n:::</p>\n",
		},
		{
			"title escapes HTML",
			":::note[a < b]\n:::\n",
			admonitionMarker(`{"type":"note"}`) + `<portal-slot name="title">a &lt; b</portal-slot></portal-component>` + "\n",
		},
		{
			"an MDX title attribute is a prop",
			"import Admonition from '@theme/Admonition';\n\n<Admonition type=\"Tip\" title=\"Heads up\">\n\nx\n\n</Admonition>\n",
			admonitionMarker(`{"type":"tip","title":"Heads up"}`) + "<p>x</p>\n</portal-component>\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := render(t, tt.src, RenderContext{MDX: strings.Contains(tt.src, "import ")}).HTML; got != tt.want {
				t.Errorf("HTML =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// admonitionMarker is the start of the marker of the theme's Admonition
// with these props (package components).
func admonitionMarker(props string) string { return componentMarker("Admonition", props) }

// componentMarker is the start of the marker of the theme's component name
// with these props, written as JSON (package components).
func componentMarker(name, props string) string {
	return `<portal-component name="` + name + `" props="` + html.EscapeString(props) + `">`
}

func TestAdmonitionContentIsMarkdown(t *testing.T) {
	res := render(t, ":::note\n## Inside\n\n[a](intro.md)\n:::\n", RenderContext{ResolveMarkdownLink: resolveTestLink})
	if len(res.Headings) != 1 || res.Headings[0].ID != "inside" {
		t.Errorf("Headings = %+v, want the heading inside the admonition", res.Headings)
	}
	if !strings.Contains(res.HTML, `<a href="/docs/intro/">a</a>`) {
		t.Errorf("link inside the admonition not resolved:\n%s", res.HTML)
	}
}
