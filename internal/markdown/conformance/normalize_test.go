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
			`<h2 id="a-b" class="anchor">A <em>b</em><a href="#a-b" class="hash-link" aria-label="Direct link to A b" title="Direct link to A b">&#8203;</a></h2>`,
			"<h2>A <em>b</em></h2>",
		},
		{
			"highlighted code block with title and line numbers",
			`<div class="code-block" data-language="go"><div class="code-block-title">main.go</div><pre class="chroma"><code class="language-go">` +
				`<span class="line highlighted"><span class="line-number" aria-hidden="true" data-line="1"></span><span class="kd">var</span> x &lt; y` + "\n</span></code></pre></div>",
			"<pre><code class=\"language-go\">var x &lt; y\n</code></pre>",
		},
		{
			"indented code block",
			`<div class="code-block"><pre class="chroma"><code><span class="line">a` + "\n</span></code></pre></div>",
			"<pre><code>a\n</code></pre>",
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
