package policy

import (
	"strings"
	"testing"
)

func TestTypeOf(t *testing.T) {
	for _, tc := range []struct {
		name, contentType string
		compressible      bool
	}{
		{"docs/x/index.html", "text/html; charset=utf-8", true},
		{"assets/theme/entry.JS", "text/javascript; charset=utf-8", true},
		{"a/b.mjs", "text/javascript; charset=utf-8", true},
		{"data/site.1234.json", "application/json", true},
		{"img/logo.svg", "image/svg+xml", true},
		{"img/photo.png", "image/png", false},
		{"downloads/archive.bin", "application/octet-stream", false},
		{"README", "application/octet-stream", false},
	} {
		got := TypeOf(tc.name)
		if got.ContentType != tc.contentType || got.Compressible != tc.compressible {
			t.Errorf("%s: %+v", tc.name, got)
		}
	}
	for _, e := range Extensions() {
		if TypeOf("x."+e.Ext) != e.FileType || strings.ToLower(e.Ext) != e.Ext {
			t.Errorf("Extensions row %+v disagrees with TypeOf", e)
		}
	}
}

func TestCacheControl(t *testing.T) {
	for name, want := range map[string]string{
		"assets/theme/entry-client-IdE9U2fQ.js": CacheImmutable,
		"data/pages/index.1a2b3c4d5e.json":      CacheImmutable,
		"docs/x/index.html":                     CacheRevalidate,
		"routes.json":                           CacheRevalidate,
		"img/logo.svg":                          CacheRevalidate,
	} {
		if got := CacheControl(name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

func TestHidden(t *testing.T) {
	for name, want := range map[string]bool{
		"_redirects": true, "_headers": true, "_deploy": true, "_deploy/nginx.conf": true,
		"_deployment/x.html": false, "docs/_redirects": false, "index.html": false,
	} {
		if Hidden(name) != want {
			t.Errorf("Hidden(%q) = %v", name, !want)
		}
	}
}

func TestSecurityHeaders(t *testing.T) {
	names := func(hs []Header) string {
		var out []string
		for _, h := range hs {
			out = append(out, h.Name)
		}
		return strings.Join(out, ",")
	}
	https := names(SecurityHeaders("https://developer.example.org", "default-src 'self'"))
	if !strings.Contains(https, "Strict-Transport-Security") || !strings.HasPrefix(https, "Content-Security-Policy,") {
		t.Errorf("https site: %s", https)
	}
	for _, want := range []string{"Permissions-Policy", "Cross-Origin-Opener-Policy", "X-Content-Type-Options", "Referrer-Policy"} {
		if !strings.Contains(https, want) {
			t.Errorf("lacks %s: %s", want, https)
		}
	}
	if plain := names(SecurityHeaders("http://localhost:3000", "")); strings.Contains(plain, "Strict-Transport-Security") || strings.Contains(plain, "Content-Security-Policy") {
		t.Errorf("http site without a policy: %s", plain)
	}
}
