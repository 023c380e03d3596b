// Package route is the site's route table: every page the site serves, the
// redirects, and the rules that map a request path onto them. The build
// writes it as the route manifest (routes.json) and the server and the theme
// read it back, so all three agree on what exists.
package route

import (
	"path"
	"sort"
	"strings"
)

// Kind says what produced a route, so the theme can pick its layout.
type Kind string

const (
	KindDoc            Kind = "doc"
	KindPage           Kind = "page"
	KindHome           Kind = "home"
	KindGeneratedIndex Kind = "generated-index"
	KindNotFound       Kind = "not-found"
)

// ManifestFile is the route manifest's file name at the root of the output.
const ManifestFile = "routes.json"

// NotFoundFile is the not-found page at the root of the output, where static
// hosts look for it.
const NotFoundFile = "404.html"

// Entry is one route. Path is the full URL path including the base URL and
// always ends with "/".
type Entry struct {
	Path  string `json:"path"`
	Kind  Kind   `json:"kind"`
	Title string `json:"title"`
	// Data is the URL of the route's page data (a content-hashed JSON file).
	Data string `json:"data"`
	// DataBytes is the size of that file, so the client can keep its
	// prefetching of links in view within a byte budget.
	DataBytes int    `json:"dataBytes,omitempty"`
	Sidebar   string `json:"sidebar,omitempty"`
	Version   string `json:"version,omitempty"`
	Locale    string `json:"locale"`
	// Unlisted routes are served but left out of the sitemap and search.
	Unlisted bool `json:"unlisted,omitempty"`
}

// Redirect sends From to To with a permanent redirect. Both are full URL paths
// (To may also be an absolute URL).
type Redirect struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Manifest is the route table as written to routes.json.
type Manifest struct {
	BaseURL   string     `json:"baseUrl"`
	Routes    []Entry    `json:"routes"`
	Redirects []Redirect `json:"redirects"`
	// NotFoundData is the URL of the not-found page's data.
	NotFoundData string `json:"notFoundData"`
	// SiteData is the URL of the site-wide data (config the theme reads).
	SiteData string `json:"siteData"`
	// SidebarsData is the URL of the resolved sidebars.
	SidebarsData string `json:"sidebarsData"`

	byPath     map[string]int
	byRedirect map[string]int
}

// Sort orders routes and redirects by path so the manifest is deterministic.
func (m *Manifest) Sort() {
	sort.Slice(m.Routes, func(i, j int) bool { return m.Routes[i].Path < m.Routes[j].Path })
	sort.Slice(m.Redirects, func(i, j int) bool { return m.Redirects[i].From < m.Redirects[j].From })
	m.byPath, m.byRedirect = nil, nil
}

func (m *Manifest) index() {
	if m.byPath != nil {
		return
	}
	m.byPath = make(map[string]int, len(m.Routes))
	for i, r := range m.Routes {
		m.byPath[r.Path] = i
	}
	m.byRedirect = make(map[string]int, len(m.Redirects))
	for i, r := range m.Redirects {
		m.byRedirect[r.From] = i
	}
}

// Lookup finds the route whose path is exactly p (case-sensitive, trailing
// slash included). Not safe to call concurrently with Sort.
func (m *Manifest) Lookup(p string) (Entry, bool) {
	m.index()
	i, ok := m.byPath[p]
	if !ok {
		return Entry{}, false
	}
	return m.Routes[i], true
}

// RedirectFor finds the redirect whose From is p, with or without a trailing
// slash, since configs write "/baseUrls" and readers type either form.
func (m *Manifest) RedirectFor(p string) (Redirect, bool) {
	m.index()
	for _, candidate := range []string{p, strings.TrimSuffix(p, "/"), p + "/"} {
		if i, ok := m.byRedirect[candidate]; ok && candidate != "" {
			return m.Redirects[i], true
		}
	}
	return Redirect{}, false
}

// FileFor is the output file, relative to the output root, that holds the
// HTML of the route at full URL path p: the base URL is not part of the
// output layout, so the folder can be hosted at any base.
func FileFor(baseURL, p string) string {
	rel := strings.TrimPrefix(p, baseURL)
	rel = strings.TrimPrefix(rel, "/")
	return path.Join(rel, "index.html")
}

// Normalize makes p a route path: leading and trailing slash, no duplicate
// slashes, no "." segments.
func Normalize(p string) string {
	if p == "" {
		return "/"
	}
	cleaned := path.Clean("/" + p)
	if cleaned == "/" {
		return "/"
	}
	return cleaned + "/"
}
