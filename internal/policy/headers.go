package policy

import "net/url"

// Header is one response header.
type Header struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// hstsMaxAge is two years, what the HSTS preload list asks for.
const hstsMaxAge = "max-age=63072000; includeSubDomains"

// SecurityHeaders are the headers every answer of the site carries, in a
// fixed order. contentSecurityPolicy is the site's policy (package csp),
// left out when empty: only a build that saw every page can list their
// inline scripts. siteURL is the site's configured url: only a site
// published over https gets Strict-Transport-Security (RFC 6797 §7.2: it is
// ignored over plain http, and an http site must not promise https).
func SecurityHeaders(siteURL, contentSecurityPolicy string) []Header {
	var headers []Header
	if contentSecurityPolicy != "" {
		headers = append(headers, Header{"Content-Security-Policy", contentSecurityPolicy})
	}
	headers = append(headers, []Header{
		{"X-Content-Type-Options", "nosniff"},
		{"Referrer-Policy", "strict-origin-when-cross-origin"},
		{"Cross-Origin-Opener-Policy", "same-origin"},
		{"Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"},
		{"X-Frame-Options", "DENY"},
	}...)
	if u, err := url.Parse(siteURL); err == nil && u.Scheme == "https" {
		headers = append(headers, Header{"Strict-Transport-Security", hstsMaxAge})
	}
	return headers
}
