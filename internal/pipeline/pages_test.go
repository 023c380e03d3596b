package pipeline

import (
	"bytes"
	"testing"

	"github.com/portaldocs/portal/internal/themedata"
)

// TestWithoutContentHTML: a page's initial data is its data file with the
// content HTML emptied, exactly as if it were encoded without it, whatever
// the HTML holds.
func TestWithoutContentHTML(t *testing.T) {
	tests := []struct {
		name string
		page themedata.PageData
	}{
		{"plain", themedata.PageData{Path: "/docs/a/", Title: "A", HTML: "<p>Hello</p>"}},
		{"quotes and backslashes", themedata.PageData{Path: "/docs/b/", HTML: `<pre>say "hi" \ and \"escaped\" "html":"x"</pre>`}},
		{"a title and keywords that say html", themedata.PageData{Path: "/docs/c/", Title: `"html":"`, Keywords: []string{"html", `"html":""`}, HTML: "<p>x</p>"}},
		{"no content", themedata.PageData{Path: "/docs/d/", Title: "D"}},
		{"script end and unicode", themedata.PageData{Path: "/docs/e/", HTML: "</script><p>caf\u00e9 \u2028</p>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lean := tt.page
			lean.HTML = ""
			got, want := withoutContentHTML(mustJSON(&tt.page)), mustJSON(&lean)
			if !bytes.Equal(got, want) {
				t.Errorf("withoutContentHTML:\n got %s\nwant %s", got, want)
			}
		})
	}
}
