package docmain

import (
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/themedata"
)

// The whole main area is held to the theme by the pipeline's equivalence
// tests (TestEngineDocMainWritesWhatReactWrites, every page of the fixture
// sites and of the portal against react-dom/server). These pin the helpers
// whose JavaScript counterparts differ from Go's standard library.

func TestJSONStringIsJavaScriptsJSONStringify(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`plain`, `"plain"`},
		{`a "quote" \ back`, `"a \"quote\" \\ back"`},
		{"tab\tline\nfeed\x01", `"tab\tline\nfeed\u0001"`},
		// encoding/json escapes these three; JSON.stringify does not.
		{"<&>", `"<&>"`},
		{"line\u2028separator", "\"line\u2028separator\""},
	} {
		if got := jsonString(tc.in); got != tc.want {
			t.Errorf("jsonString(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestBreadcrumbsJSONLDCannotCloseItsScript(t *testing.T) {
	got := breadcrumbsJSONLD("https://docs.example.org", []themedata.Crumb{
		{Label: "api"}, {Label: "</script><b>", Href: "/docs/a/"}, {Label: "B", Href: "/docs/b/"},
	})
	want := `{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[` +
		`{"@type":"ListItem","position":1,"name":"\u003c/script>\u003cb>","item":"https://docs.example.org/docs/a/"},` +
		`{"@type":"ListItem","position":2,"name":"B","item":"https://docs.example.org/docs/b/"}]}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestLinksAsTheThemeResolvesThem(t *testing.T) {
	for _, tc := range []struct{ base, in, want string }{
		{"/", "/docs/a/", "/docs/a/"},
		{"/base/", "/docs/a/", "/base/docs/a/"},
		{"/base/", "/base/docs/a/", "/base/docs/a/"},
		{"/base/", "/base", "/base/"},
		{"/base/", "#top", "#top"},
		{"/base/", "https://example.org/", "https://example.org/"},
		{"/base/", "//cdn.example.org/x", "//cdn.example.org/x"},
		{"/base/", "mailto:a@example.org", "mailto:a@example.org"},
	} {
		if got := withBaseURL(tc.base, tc.in); got != tc.want {
			t.Errorf("withBaseURL(%q, %q) = %q, want %q", tc.base, tc.in, got, tc.want)
		}
	}
	for in, want := range map[string]bool{"https://x": true, "//x": true, "x-y:z": false, "a_b:c": true, ":x": true, "/docs/a:b": false, "docs": false} {
		if got := hasProtocol(in); got != want {
			t.Errorf("hasProtocol(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestLastUpdateDates(t *testing.T) {
	for _, tc := range []struct{ in, text, iso string }{
		{"2025-01-05", "Jan 5, 2025", "2025-01-05"},
		{" 2024-12-31T10:00:00Z ", "Dec 31, 2024", "2024-12-31"},
		{"2024-13-01", "", ""},
		{"2024-1-01", "", ""},
		{"soon", "", ""},
	} {
		text, iso, ok := formatLastUpdateDate(tc.in)
		if text != tc.text || iso != tc.iso || ok != (tc.text != "") {
			t.Errorf("formatLastUpdateDate(%q) = %q, %q, %v; want %q, %q", tc.in, text, iso, ok, tc.text, tc.iso)
		}
	}
}

func TestEscapingFollowsReactAndTheTheme(t *testing.T) {
	if got, want := escapeText(`<a href="x">Tom's & co</a>`), `&lt;a href=&quot;x&quot;&gt;Tom&#x27;s &amp; co&lt;/a&gt;`; got != want {
		t.Errorf("escapeText = %s, want %s", got, want)
	}
	if got, want := escapeHTML(`<"Tom's" & co>`), `&lt;&quot;Tom's&quot; &amp; co&gt;`; got != want {
		t.Errorf("escapeHTML = %s, want %s", got, want)
	}
}

func site() *themedata.SiteData {
	return &themedata.SiteData{Title: "Site", URL: "https://docs.example.org", BaseURL: "/",
		Docs: themedata.DocsData{Breadcrumbs: true, Versions: []themedata.VersionData{{Name: "current", Label: "Next"}}}}
}

func TestRenderDeclinesWhatTheThemeMustRender(t *testing.T) {
	doc := func() *themedata.PageData {
		return &themedata.PageData{Path: "/docs/a/", Kind: route.KindDoc, Title: "A", Doc: &themedata.DocMeta{ID: "a", Version: "current"}}
	}
	r := New(site(), themedata.SidebarsData{})
	if _, ok := r.Render(doc()); !ok {
		t.Fatal("a plain doc was declined")
	}
	index := doc()
	index.Kind = route.KindGeneratedIndex
	if _, ok := r.Render(index); ok {
		t.Error("a generated index was written; the theme renders it")
	}
	withBanner := site()
	withBanner.Docs.Versions = []themedata.VersionData{{Name: "current", Label: "Next", Banner: "unreleased"}, {Name: "1.0", Label: "1.0", IsLast: true}}
	if _, ok := New(withBanner, nil).Render(doc()); ok {
		t.Error("a doc with a version banner was written; the theme renders it")
	}
	script := doc()
	script.Doc.Next = &themedata.NavLink{Title: "x", Permalink: "javascript:alert(1)"}
	if _, ok := r.Render(script); ok {
		t.Error("a javascript: link was written; React rewrites those")
	}
}

func TestRenderWritesTheTOCAndThePageContent(t *testing.T) {
	page := &themedata.PageData{Path: "/docs/a/", Kind: route.KindDoc, Title: "A & B", HTML: "<!--portal:content-->",
		TOC: []markdown.TOCItem{{Value: "<code>x</code>", ID: "x", Level: 2, Children: []markdown.TOCItem{{Value: "y", ID: "y", Level: 3}}}},
		Doc: &themedata.DocMeta{ID: "a", Version: "current"}}
	html, ok := New(site(), nil).Render(page)
	if !ok {
		t.Fatal("declined")
	}
	for _, want := range []string{
		`<header><h1>A &amp; B</h1></header><div data-portal-content=""><!--portal:content--></div>`,
		`<ul class="table-of-contents table-of-contents__left-border"><li><a href="#x" class="table-of-contents__link toc-highlight"><code>x</code></a><ul><li><a href="#y" class="table-of-contents__link toc-highlight">y</a></li></ul></li></ul>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the main area lacks %s\n%s", want, html)
		}
	}
}
