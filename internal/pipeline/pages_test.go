package pipeline

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"

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
			parts := splitContent(mustJSON(&tt.page))
			if got, want := parts.initial, mustJSON(&lean); !bytes.Equal(got, want) {
				t.Errorf("initial data:\n got %s\nwant %s", got, want)
			}
			// The prerender's input: the placeholder for the HTML, which
			// comes back decoded.
			placed, content := parts.render, parts.content
			lean.HTML = contentPlaceholder
			if tt.page.HTML == "" {
				lean.HTML = ""
			}
			var decoded themedata.PageData
			if err := json.Unmarshal(placed, &decoded); err != nil {
				t.Fatalf("the prerender's input is %s: %v", placed, err)
			}
			if content != tt.page.HTML || !reflect.DeepEqual(decoded, lean) {
				t.Errorf("prerender input %s and content %q; want the page with html %q, and %q", placed, content, lean.HTML, tt.page.HTML)
			}
		})
	}
}

// FuzzUnquoteJSON: the content's decoding is encoding/json's, for every
// string encoding/json accepts.
func FuzzUnquoteJSON(f *testing.F) {
	for _, s := range []string{`plain`, `\"q\" \\ \/`, `\u003cp\u003e \u2028 \ud83d\ude00 \ud83d x \udc00`, `\b\f\n\r\t`, `caf` + "\u00e9", `\u12`, `\x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // encoding/json writes invalid UTF-8 as \ufffd
		}
		var want string
		werr := json.Unmarshal([]byte(`"`+s+`"`), &want)
		got, ok := unquoteJSON([]byte(s))
		if werr != nil {
			return // not a JSON string's characters: encoding/json never writes them
		}
		if !ok || got != want {
			t.Errorf("unquoteJSON(%q) = %q, %v; encoding/json gives %q", s, got, ok, want)
		}
	})
}
