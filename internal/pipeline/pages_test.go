package pipeline

import (
	"bytes"
	"encoding/json"
	"github.com/portaldocs/portal/internal/config"
	"reflect"
	"testing"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/themedata"
)

// TestPagePartsAreTheDataWithoutItsContent: a page's data file is its
// data with its content HTML; its initial data is the same data with the
// content emptied, exactly as if it were encoded without it; the
// prerender's input has the placeholder for the content, which the
// document gets from the store as the data file holds it.
func TestPagePartsAreTheDataWithoutItsContent(t *testing.T) {
	tests := []struct {
		name string
		page themedata.PageData
	}{
		{"plain", themedata.PageData{Path: "/docs/a/", Title: "A", HTML: "<p>Hello</p>"}},
		{"quotes and backslashes", themedata.PageData{Path: "/docs/b/", HTML: `<pre>say "hi" \ and \"escaped\" "html":"x"</pre>`}},
		{"a title and keywords that say html", themedata.PageData{Path: "/docs/c/", Title: `"html":"`, Keywords: []string{"html", `"html":""`}, HTML: "<p>x</p>"}},
		{"no content", themedata.PageData{Path: "/docs/d/", Title: "D"}},
		{"script end and unicode", themedata.PageData{Path: "/docs/e/", HTML: "</script><p>caf\u00e9 \u2028</p>"}},
		{"invalid UTF-8", themedata.PageData{Path: "/docs/f/", HTML: "<p>a\xffb\xc3</p>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, persistent := range []bool{false, true} {
				open := buildcache.OpenTemporary
				if persistent {
					open = buildcache.OpenTemporaryCache
				}
				store, err := open()
				if err != nil {
					t.Fatal(err)
				}
				defer store.Close()
				b := &builder{store: store, memo: newMemos(store, "test engine")}
				htmlKey := buildcache.Sum([]byte(tt.page.HTML))
				if err := b.memo.markdownHTML.Put(htmlKey, []byte(tt.page.HTML)); err != nil {
					t.Fatal(err)
				}
				data := tt.page
				data.HTML = ""
				p := &builtPage{data: &data, html: htmlKey, hasHTML: true, dataFile: "data/pages/x"}
				// The page's Markdown file is not what this test is about.
				off := false
				p.encode(b, &config.Site{BaseURL: "/", LLMs: config.LLMs{Enabled: &off}}, nil)
				if ds := b.diags.Items(); len(ds) > 0 {
					t.Fatal(ds)
				}
				file, err := p.pageJSON(b.memo)
				if err != nil || !bytes.Equal(file, mustJSON(&tt.page)) {
					t.Fatalf("data file %s, %v; want %s", file, err, mustJSON(&tt.page))
				}
				parts, ok := b.memo.pageRender.Get(p.dataKey)
				if !ok {
					t.Fatal("no parts kept")
				}
				lean := tt.page
				lean.HTML = ""
				if !bytes.Equal(parts.Initial, mustJSON(&lean)) {
					t.Errorf("initial data:\n got %s\nwant %s", parts.Initial, mustJSON(&lean))
				}
				if parts.HasContent {
					lean.HTML = contentPlaceholder
				}
				var decoded themedata.PageData
				if err := json.Unmarshal(parts.Render, &decoded); err != nil {
					t.Fatalf("the prerender's input is %s: %v", parts.Render, err)
				}
				var fromFile themedata.PageData
				_ = json.Unmarshal(file, &fromFile)
				content, err := p.contentHTML(b.memo)
				if err != nil || parts.HasContent != (tt.page.HTML != "") || asDataHolds(content) != fromFile.HTML || !reflect.DeepEqual(decoded, lean) {
					t.Errorf("prerender input %s, content %q (%v); want the page with html %q, and %q", parts.Render, content, err, lean.HTML, fromFile.HTML)
				}
			}
		})
	}
}
