package markdown

import (
	"strings"
	"testing"
)

// A fenced code block inside a JSX element is code to its closing fence, as
// MDX reads it: a JSX example's "</div>" does not close the element around
// the block, and the element's own closing tag still does.
func TestFenceInsideJSXElementIsCode(t *testing.T) {
	src := "<div className=\"two-columns\">\n\n```tsx\nconst App = () => (\n  <div className=\"c\">\n\n    <p>{count}</p>\n  </div>\n);\n```\n\n```tsx\nconst b = 1;\n```\n\n</div>\n\nAfter.\n"
	res := render(t, src, RenderContext{File: "docs/x.mdx", MDX: true})
	if len(res.Diagnostics) > 0 {
		t.Errorf("diagnostics: %v", res.Diagnostics)
	}
	first := strings.Index(res.HTML, `&#34;lines&#34;:6`)
	second := strings.Index(res.HTML, `&#34;lines&#34;:1`)
	closing := strings.LastIndex(res.HTML, "</div>\n<p>After.</p>")
	if first < 0 || second < first || closing < second {
		t.Errorf("want both code blocks, the second after the first, inside the div:\n%s", res.HTML)
	}
}
