package deploy

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/policy"
	"github.com/portaldocs/portal/internal/route"
)

func manifest() *route.Manifest {
	return &route.Manifest{
		BaseURL: "/",
		Routes: []route.Entry{
			{Path: "/"}, {Path: "/docs/intro/"}, {Path: "/docs/a b/"},
		},
		Redirects: []route.Redirect{
			{From: "/baseUrls", To: "/docs/intro/"},
			{From: "/old/", To: "/docs/intro/?tab=2"},
		},
	}
}

func TestRedirectsFollowTheServingRules(t *testing.T) {
	got := map[string]Redirect{}
	for _, r := range Redirects(manifest()) {
		got[r.From] = r
	}
	for from, want := range map[string]Redirect{
		"/baseUrls":              {To: "/docs/intro/", KeepQuery: true},
		"/baseUrls/":             {To: "/docs/intro/", KeepQuery: true},
		"/baseUrls/index.html":   {To: "/docs/intro/", KeepQuery: true},
		"/baseUrls.html":         {To: "/docs/intro/", KeepQuery: true},
		"/old":                   {To: "/docs/intro/?tab=2"},
		"/old/":                  {To: "/docs/intro/?tab=2"},
		"/docs/intro":            {To: "/docs/intro/", KeepQuery: true},
		"/docs/intro/index.html": {To: "/docs/intro/", KeepQuery: true},
		"/docs/intro.html":       {To: "/docs/intro/", KeepQuery: true},
		"/index.html":            {To: "/", KeepQuery: true},
		"/docs/a b":              {To: "/docs/a%20b/", KeepQuery: true},
	} {
		r, ok := got[from]
		if !ok {
			t.Errorf("no redirect from %s", from)
			continue
		}
		if r.To != want.To || r.KeepQuery != want.KeepQuery {
			t.Errorf("%s: %+v, want %+v", from, r, want)
		}
	}
	for _, route := range []string{"/", "/docs/intro/"} {
		if _, ok := got[route]; ok {
			t.Errorf("the route %s redirects", route)
		}
	}
}

func TestFiles(t *testing.T) {
	headers := policy.SecurityHeaders("https://docs.example.org", "default-src 'self'")
	files := Files(Site{Manifest: manifest(), Headers: headers})
	nginx := string(files[policy.NginxFile])
	for _, want := range []string{
		`location = "/docs/intro/" {` + "\n    set $portal_vary Accept;\n    try_files \"/docs/intro/index$portal_page_type\" \"/docs/intro/index.html\" =404;",
		`location = "/docs/a b/" {`,
		`location = "/docs/intro" {` + "\n    return 301 \"/docs/intro/$is_args$args\";",
		`location = "/old" {` + "\n    return 301 \"/docs/intro/?tab=2\";",
		`add_header Content-Security-Policy "default-src 'self'" always;`,
		`add_header Strict-Transport-Security`,
		"brotli_static on;", "gzip_static on;", "absolute_redirect off;",
		`error_page 404 "/404.html";`,
		"text/javascript js mjs;",
	} {
		if !strings.Contains(nginx, want) {
			t.Errorf("nginx config lacks %q", want)
		}
	}
	if strings.Contains(nginx, "charset_types text/html") {
		t.Error("charset_types lists text/html, which nginx always includes")
	}
	redirects := string(files[policy.RedirectsFile])
	for _, want := range []string{"/baseUrls /docs/intro/ 301\n", "/docs/a%20b /docs/a%20b/ 301\n", "/old/ /docs/intro/?tab=2 301\n"} {
		if !strings.Contains(redirects, want) {
			t.Errorf("_redirects lacks %q:\n%s", want, redirects)
		}
	}
	hdrs := string(files[policy.HeadersFile])
	for _, want := range []string{"/*\n  Content-Security-Policy: default-src 'self'\n", "/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n"} {
		if !strings.Contains(hdrs, want) {
			t.Errorf("_headers lacks %q:\n%s", want, hdrs)
		}
	}
	back, err := policy.ReadHeaders(mapFS(files))
	if err != nil || len(back) != len(headers) || back[0] != headers[0] {
		t.Errorf("headers.json reads back as %v, %v", back, err)
	}
}

func TestNginxUnderABaseURL(t *testing.T) {
	m := &route.Manifest{BaseURL: "/portal/", Routes: []route.Entry{{Path: "/portal/"}, {Path: "/portal/docs/x/"}}}
	nginx := string(Files(Site{Manifest: m})[policy.NginxFile])
	for _, want := range []string{
		`location = "/portal/docs/x/" {` + "\n    set $portal_vary Accept;\n    try_files \"/portal/docs/x/index$portal_page_type\" \"/portal/docs/x/index.html\" =404;",
		"location / {\n    return 404;\n}",
		`error_page 404 "/portal/404.html";`,
		`location ~ "^/portal/(?:assets|data|search/t|search/p)/.*[^/]$"`,
	} {
		if !strings.Contains(nginx, want) {
			t.Errorf("nginx config lacks %q", want)
		}
	}
}

// mapFS serves files from memory for policy.ReadHeaders.
func mapFS(files map[string][]byte) fstest.MapFS {
	out := fstest.MapFS{}
	for name, data := range files {
		out[name] = &fstest.MapFile{Data: data}
	}
	return out
}
