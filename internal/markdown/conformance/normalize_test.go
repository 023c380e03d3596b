package conformance

import "testing"

func TestNormalize(t *testing.T) {
	tests := []struct {
		name, a, b string
	}{
		{"whitespace between blocks", "<p>a</p>\n\n<p>b</p>\n", "<p>a</p><p>b</p>"},
		{"whitespace runs in text", "<p>a  \n b</p>", "<p>a b</p>"},
		{"attribute order", `<a title="t" href="/x">x</a>`, `<a href="/x" title="t">x</a>`},
		{"attribute quotes", `<a href='/x'>x</a>`, `<a href="/x">x</a>`},
		{"entity forms", "<p>&#x26; &amp; &quot; &#34; &ouml;</p>", "<p>&amp; &amp; \" \" ö</p>"},
		{"self-closing void tags", "<p>a<br />\nb</p>", "<p>a<br>b</p>"},
		{"valueless attribute", `<input disabled type="checkbox">`, `<input disabled="" type="checkbox">`},
		{"tag name case", "<DIV>x</DIV>", "<div>x</div>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := Normalize(tt.a), Normalize(tt.b); got != want {
				t.Errorf("Normalize(%q) = %q\nNormalize(%q) = %q", tt.a, got, tt.b, want)
			}
		})
	}
}

func TestNormalizeKeepsSignificantDifferences(t *testing.T) {
	tests := []struct {
		name, a, b string
	}{
		{"whitespace in pre", "<pre><code>a  b</code></pre>", "<pre><code>a b</code></pre>"},
		{"text", "<p>a</p>", "<p>b</p>"},
		{"attribute value", `<a href="/x">x</a>`, `<a href="/y">x</a>`},
		{"nesting", "<strong><strong>a</strong></strong>", "<strong>a</strong>"},
		{"stray less-than stays text", "<p>a < b</p>", "<p>a &lt; c</p>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if Normalize(tt.a) == Normalize(tt.b) {
				t.Errorf("%q and %q normalise to the same %q", tt.a, tt.b, Normalize(tt.a))
			}
		})
	}
}

func TestNormalizePortalUndoesDecorations(t *testing.T) {
	tests := []struct {
		name, portal, commonmark string
	}{
		{
			"anchored heading",
			`<portal-component name="Heading" props="{&#34;as&#34;:&#34;h2&#34;,&#34;id&#34;:&#34;a-b&#34;,&#34;label&#34;:&#34;A b&#34;}">A <em>b</em></portal-component>`,
			"<h2>A <em>b</em></h2>",
		},
		{
			"highlighted code block with title and line numbers",
			`<portal-component name="CodeBlock" props="{&#34;language&#34;:&#34;go&#34;,&#34;title&#34;:&#34;main.go&#34;,&#34;lines&#34;:1,&#34;highlighted&#34;:[1],&#34;firstLineNumber&#34;:1}">` +
				`<portal-slot name="line-1"><span class="kd">var</span> x &lt; y` + "\n</portal-slot></portal-component>",
			"<pre><code class=\"language-go\">var x &lt; y\n</code></pre>",
		},
		{
			"indented code block",
			`<portal-component name="CodeBlock" props="{&#34;lines&#34;:1}"><portal-slot name="line-1">a` + "\n</portal-slot></portal-component>",
			"<pre><code>a\n</code></pre>",
		},
		{
			"an admonition keeps its content",
			`<portal-component name="Admonition" props="{&#34;type&#34;:&#34;note&#34;}"><p>x</p></portal-component>`,
			"<p>x</p>",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := NormalizePortal(tt.portal), Normalize(tt.commonmark); got != want {
				t.Errorf("NormalizePortal = %q\nwant            %q", got, want)
			}
		})
	}
}

func TestNormalizePortalLeavesAuthorHTMLAlone(t *testing.T) {
	// Raw HTML that merely resembles Portal's markup keeps its attributes.
	page := `<h2 id="x">T</h2><div class="other"><pre><code>c</code></pre></div>`
	if got, want := NormalizePortal(page), Normalize(page); got != want {
		t.Errorf("NormalizePortal = %q, want %q", got, want)
	}
}
