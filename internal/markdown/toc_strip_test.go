package markdown

import "testing"

func TestStripLinksKeepsTheirContent(t *testing.T) {
	for in, want := range map[string]string{
		"Plain <code>text</code>":                     "Plain <code>text</code>",
		`See <a href="/x">the page</a>`:               "See the page",
		`<A HREF="/x">Upper</A> case`:                 "Upper case",
		"<a>bare</a> and <abbr>abbr</abbr>":           "bare and <abbr>abbr</abbr>",
		"<a\thref='y'>tab</a>":                        "tab",
		"no tags at all":                              "no tags at all",
		"<area> is not a link, nor is </abbr>":        "<area> is not a link, nor is </abbr>",
		`<code>&lt;a href&gt;</code> written as text`: `<code>&lt;a href&gt;</code> written as text`,
	} {
		if got := stripLinks(in); got != want {
			t.Errorf("stripLinks(%q) = %q, want %q", in, got, want)
		}
		if got, regexp := stripLinks(in), anchorTag.ReplaceAllString(in, ""); got != regexp {
			t.Errorf("stripLinks(%q) = %q, the expression alone %q", in, got, regexp)
		}
	}
}
