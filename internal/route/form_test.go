package route

import "testing"

// TestFormWritesRoutesAsDocusaurus: each trailingSlash value gives the
// route path and the output file Docusaurus gives (docusaurus-behaviour.md
// §2.3), from the segments a doc, an index doc, the docs home and the site
// root are joined from.
func TestFormWritesRoutesAsDocusaurus(t *testing.T) {
	type want struct{ path, file string }
	cases := []struct {
		name  string
		parts []string
		// as-written (undefined), never (false), always (true)
		asWritten, never, always want
	}{
		{"a doc", []string{"/docs/", "/x"},
			want{"/docs/x", "docs/x/index.html"}, want{"/docs/x", "docs/x.html"}, want{"/docs/x/", "docs/x/index.html"}},
		{"an index doc", []string{"/docs/", "/guide/"},
			want{"/docs/guide/", "docs/guide/index.html"}, want{"/docs/guide", "docs/guide.html"}, want{"/docs/guide/", "docs/guide/index.html"}},
		{"the docs home", []string{"/docs/", "/"},
			want{"/docs/", "docs/index.html"}, want{"/docs", "docs.html"}, want{"/docs/", "docs/index.html"}},
		{"the site root", []string{"/", "./"},
			want{"/", "index.html"}, want{"/", "index.html"}, want{"/", "index.html"}},
		{"a blog post", []string{"/blog", "2024/01/02/hello"},
			want{"/blog/2024/01/02/hello", "blog/2024/01/02/hello/index.html"}, want{"/blog/2024/01/02/hello", "blog/2024/01/02/hello.html"},
			want{"/blog/2024/01/02/hello/", "blog/2024/01/02/hello/index.html"}},
	}
	for _, tc := range cases {
		for _, f := range []struct {
			slash Slash
			want  want
		}{{SlashAsWritten, tc.asWritten}, {SlashNever, tc.never}, {SlashAlways, tc.always}} {
			form := Form{Slash: f.slash, BaseURL: "/"}
			got := form.Join(tc.parts...)
			if got != f.want.path {
				t.Errorf("%s, %q: Join = %q, want %q", tc.name, f.slash, got, f.want.path)
			}
			if file := form.File(got); file != f.want.file {
				t.Errorf("%s, %q: File(%q) = %q, want %q", tc.name, f.slash, got, file, f.want.file)
			}
		}
	}
}

// TestFormKeepsTheBaseURL: under a base URL the site's root keeps its
// slash under every rule, and files are named without the base URL.
func TestFormKeepsTheBaseURL(t *testing.T) {
	for _, slash := range []Slash{SlashAsWritten, SlashNever, SlashAlways} {
		form := Form{Slash: slash, BaseURL: "/repo/"}
		if got := form.Join("/repo/", "./"); got != "/repo/" {
			t.Errorf("%q: root = %q, want /repo/", slash, got)
		}
		if got := form.File("/repo/"); got != "index.html" {
			t.Errorf("%q: root's file = %q, want index.html", slash, got)
		}
		if got := form.Apply("/repo/"); got != "/repo/" {
			t.Errorf("%q: Apply(/repo/) = %q", slash, got)
		}
	}
}

// TestApplyChangesOnlyThePath: the rule leaves the query and the fragment
// alone, and anchors and the root untouched (applyTrailingSlash).
func TestApplyChangesOnlyThePath(t *testing.T) {
	for _, tc := range []struct {
		slash    Slash
		in, want string
	}{
		{SlashNever, "/docs/x/?a=1#h", "/docs/x?a=1#h"},
		{SlashAlways, "/docs/x?a=1#h", "/docs/x/?a=1#h"},
		{SlashAsWritten, "/docs/x/", "/docs/x/"},
		{SlashNever, "#top", "#top"},
		{SlashNever, "/", "/"},
	} {
		if got := (Form{Slash: tc.slash, BaseURL: "/"}).Apply(tc.in); got != tc.want {
			t.Errorf("%q: Apply(%q) = %q, want %q", tc.slash, tc.in, got, tc.want)
		}
	}
}

// TestResolveAnswersTheOtherSlashWithTheRoute: a route written without its
// slash is named by the slashed form too, and its .html forms, which the
// server answers with a 301 to the route.
func TestResolveAnswersTheOtherSlashWithTheRoute(t *testing.T) {
	m := &Manifest{BaseURL: "/", TrailingSlash: SlashNever,
		Routes: []Entry{{Path: "/"}, {Path: "/docs"}, {Path: "/docs/x"}}}
	for _, tc := range []struct {
		path string
		want Resolution
	}{
		{"/docs/x", Resolution{Exact, "/docs/x"}},
		{"/docs/x/", Resolution{Canonical, "/docs/x"}},
		{"/docs/x.html", Resolution{Canonical, "/docs/x"}},
		{"/docs/x/index.html", Resolution{Canonical, "/docs/x"}},
		{"/docs/", Resolution{Canonical, "/docs"}},
		{"/index.html", Resolution{Canonical, "/"}},
		{"/docs/y", Resolution{}},
	} {
		if got := m.Resolve(tc.path); got != tc.want {
			t.Errorf("Resolve(%q) = %+v, want %+v", tc.path, got, tc.want)
		}
	}
	if got := m.File("/docs"); got != "docs.html" {
		t.Errorf("File(/docs) = %q, want docs.html", got)
	}
}
