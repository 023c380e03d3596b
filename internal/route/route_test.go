package route

import "testing"

func TestResolve(t *testing.T) {
	m := &Manifest{BaseURL: "/",
		Routes:    []Entry{{Path: "/"}, {Path: "/docs/"}, {Path: "/docs/other/"}, {Path: "/docs/bad/"}},
		Redirects: []Redirect{{From: "/old", To: "/docs/"}, {From: "/away/", To: "https://example.org/?a=1"}}}
	tests := []struct {
		path string
		want Resolution
	}{
		{"/docs/other/", Resolution{Exact, "/docs/other/"}},
		{"/docs/other", Resolution{Canonical, "/docs/other/"}},
		{"/docs/other.html", Resolution{Canonical, "/docs/other/"}},
		{"/docs/other/index.html", Resolution{Canonical, "/docs/other/"}},
		{"/index.html", Resolution{Canonical, "/"}},
		{"/old", Resolution{Redirected, "/docs/"}},
		{"/old/", Resolution{Redirected, "/docs/"}},
		{"/old/index.html", Resolution{Redirected, "/docs/"}},
		{"/away", Resolution{Redirected, "https://example.org/?a=1"}},
		{"/DOCS/OTHER/", Resolution{}},
		{"/docs/other/more/", Resolution{}},
		{"/docs/othe", Resolution{}},
		{"/docs/other.htm", Resolution{}},
	}
	for _, tt := range tests {
		if got := m.Resolve(tt.path); got != tt.want {
			t.Errorf("Resolve(%q) = %+v, want %+v", tt.path, got, tt.want)
		}
	}
}

func TestDuplicateRoutesResolveToTheFirst(t *testing.T) {
	m := &Manifest{Routes: []Entry{{Path: "/b/", Title: "first b"}, {Path: "/a/"}, {Path: "/b/", Title: "second b"}}}
	m.Sort()
	if e, _ := m.Lookup("/b/"); e.Title != "first b" {
		t.Errorf("Lookup(/b/) = %q, want the first route given for it", e.Title)
	}
}
