// Package deploy writes the host configuration that makes other servers
// answer like portal serve: an nginx include (exact routes, 301s, the 404
// page, precompressed files, cache and security headers) and the _redirects
// and _headers files that Netlify and Cloudflare Pages read from the output
// root. The rules come from the route manifest and package policy, the
// same ones portal serve follows.
package deploy

import (
	"net/url"
	"sort"
	"strings"

	"github.com/portaldocs/portal/internal/policy"
	"github.com/portaldocs/portal/internal/route"
)

// Site is what the host configuration describes.
type Site struct {
	Manifest *route.Manifest
	// Headers are the security headers every answer carries
	// (policy.SecurityHeaders).
	Headers []policy.Header
}

// Files returns the host-configuration files of s by output file name.
func Files(s Site) map[string][]byte {
	redirects := Redirects(s.Manifest)
	return map[string][]byte{
		policy.NginxFile:       nginxConf(s, redirects),
		policy.RedirectsFile:   redirectsFile(redirects),
		policy.HeadersFile:     headersFile(s),
		policy.HeadersJSONFile: policy.MarshalHeaders(s.Headers),
	}
}

// Redirect is one request path that answers 301.
type Redirect struct {
	// From is the decoded request path, as servers match it.
	From string
	// To is the Location, already escaped for the header.
	To string
	// KeepQuery carries the request's query string over to To.
	KeepQuery bool
}

// Redirects lists every path the serving rules answer with a 301, sorted
// by From: config redirects with and without their trailing slash, routes
// with the other trailing slash (the one their links do not write), and
// the index.html and .html forms of both. Where two
// rules claim one path, the one portal serve applies first wins.
func Redirects(m *route.Manifest) []Redirect {
	byFrom := map[string]Redirect{}
	add := func(from string, r Redirect) {
		if from == "" || from == "/" {
			return
		}
		if _, isRoute := m.Lookup(from); isRoute {
			return
		}
		if _, taken := byFrom[from]; !taken {
			r.From = from
			byFrom[from] = r
		}
	}
	// Rule 4: config redirects, as RedirectFor matches them.
	for _, r := range m.Redirects {
		to := Redirect{To: r.To, KeepQuery: !strings.ContainsAny(r.To, "?#")}
		add(r.From, to)
		add(strings.TrimSuffix(r.From, "/"), to)
		add(strings.TrimSuffix(r.From, "/")+"/", to)
	}
	// Rule 5: a route with the other trailing slash.
	for _, r := range m.Routes {
		add(route.OtherForm(r.Path), routeRedirect(r.Path))
	}
	// Rule 6: the index.html and .html forms of routes, then of redirects.
	for _, r := range m.Routes {
		for _, form := range htmlForms(r.Path) {
			add(form, routeRedirect(r.Path))
		}
	}
	for _, r := range m.Redirects {
		to := Redirect{To: r.To, KeepQuery: !strings.ContainsAny(r.To, "?#")}
		for _, form := range htmlForms(strings.TrimSuffix(r.From, "/") + "/") {
			add(form, to)
		}
	}
	out := make([]Redirect, 0, len(byFrom))
	for _, r := range byFrom {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].From < out[j].From })
	return out
}

// htmlForms are the paths that name the route p ("/x/" or "/x"):
// "/x/index.html" and "/x.html" (Docusaurus' normalizeLocation,
// (?:/index)?\.html$).
func htmlForms(p string) []string {
	stem := strings.TrimSuffix(p, "/")
	forms := []string{stem + "/index.html"}
	if stem != "" {
		forms = append(forms, stem+".html")
	}
	return forms
}

func routeRedirect(p string) Redirect {
	return Redirect{To: escapePath(p), KeepQuery: true}
}

// escapePath percent-encodes a path for a Location header or a config file.
func escapePath(p string) string {
	return (&url.URL{Path: p}).EscapedPath()
}
