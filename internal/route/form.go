package route

import (
	"path"
	"strings"
)

// Slash is how a site writes the trailing slash of its routes' paths: the
// values of Docusaurus's trailingSlash (docusaurus-behaviour.md §2.3).
type Slash string

// The trailing-slash rules. The zero value is Portal's own: every route
// ends with "/", as portal.yaml sites have always been written.
const (
	// SlashAlways is trailingSlash: true (and portal.yaml's default):
	// /docs/x/, served from docs/x/index.html.
	SlashAlways Slash = ""
	// SlashAsWritten is trailingSlash left undefined: a path as the
	// content writes it, /docs/x for x.md and /docs/guide/ for an index
	// doc, served from docs/x/index.html either way.
	SlashAsWritten Slash = "as-written"
	// SlashNever is trailingSlash: false: /docs/x, served from
	// docs/x.html; the root (the base URL) keeps its slash.
	SlashNever Slash = "never"
)

// Form is the shape of a site's route paths and of the files that hold
// them. It is decided once, from the config (config.Site.RouteForm), and
// every route, link, file name and answer of the server follows it.
type Form struct {
	Slash Slash
	// BaseURL is the site's base URL: it keeps its trailing slash under
	// every rule, as Docusaurus never strips the slash of the base URL.
	BaseURL string
}

// Join makes a route path from URL segments, as Docusaurus's normalizeUrl
// joins them, then applies the trailing-slash rule: under SlashAsWritten
// the path ends with "/" when its last segment does ("/guide/", "/").
func (f Form) Join(parts ...string) string {
	joined := path.Join(append([]string{"/"}, parts...)...)
	written := joined
	if joined != "/" {
		for i := len(parts) - 1; i >= 0; i-- {
			if parts[i] == "" {
				continue
			}
			if strings.HasSuffix(parts[i], "/") {
				written += "/"
			}
			break
		}
	}
	return f.Apply(written)
}

// Apply is Docusaurus's applyTrailingSlash: the rule applied to the path
// part of a site URL (before "?" or "#"), never to "/" itself nor to the
// base URL, and not to a bare anchor.
func (f Form) Apply(u string) string {
	if f.Slash == SlashAsWritten || u == "" || strings.HasPrefix(u, "#") {
		return u
	}
	p, rest := u, ""
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		p, rest = u[:i], u[i:]
	}
	if p == "/" || p == f.BaseURL || p == "" {
		return u
	}
	if f.Slash == SlashNever {
		return strings.TrimSuffix(p, "/") + rest
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return p + rest
}

// File is the output file, relative to the output root, that holds the
// HTML of the route at full URL path p (docusaurus-behaviour.md §2.3: a
// path ending in "/" or written as is gets <path>/index.html, one without
// it under SlashNever <path>.html). The base URL is not part of the output
// layout, so the folder can be hosted at any base.
func (f Form) File(p string) string {
	rel := strings.TrimPrefix(p, f.BaseURL)
	if f.BaseURL != "" && rel == strings.TrimSuffix(f.BaseURL, "/") {
		rel = ""
	}
	rel = strings.TrimPrefix(rel, "/")
	if ext := path.Ext(rel); ext == ".html" || ext == ".htm" {
		return rel
	}
	if f.Slash == SlashNever && rel != "" && !strings.HasSuffix(rel, "/") {
		return rel + ".html"
	}
	return path.Join(rel, "index.html")
}

// OtherForm is the path p written with the other trailing slash: the form
// a reader or a hand-written link may use for the same route.
func OtherForm(p string) string {
	if p == "/" {
		return ""
	}
	if s, ok := strings.CutSuffix(p, "/"); ok {
		return s
	}
	return p + "/"
}
