// Package route is the site's route table: every page the site serves, the
// redirects, and the rules that map a request path onto them. The build
// writes it as the route manifest (routes.json) and the server and the theme
// read it back, so all three agree on what exists.
package route

import (
	"sort"
	"strings"
)

// Kind says what produced a route, so the theme can pick its layout.
type Kind string

// The kinds of route: a doc, a standalone page, the home page, a generated
// category index, the not-found page.
const (
	KindDoc            Kind = "doc"
	KindPage           Kind = "page"
	KindHome           Kind = "home"
	KindGeneratedIndex Kind = "generated-index"
	KindNotFound       Kind = "not-found"
	// The blog's routes: a post, a list of posts (the blog's pages, a
	// tag's, an author's), the tags, the authors and the archive.
	KindBlogPost    Kind = "blog-post"
	KindBlogList    Kind = "blog-list"
	KindBlogTags    Kind = "blog-tags"
	KindBlogAuthors Kind = "blog-authors"
	KindBlogArchive Kind = "blog-archive"

	// KindSearch is the search page (themeConfig.search.pagePath).
	KindSearch Kind = "search"
)

// ManifestFile is the route manifest's file name at the root of the output.
const ManifestFile = "routes.json"

// NotFoundFile is the not-found page at the root of the output, where static
// hosts look for it.
const NotFoundFile = "404.html"

// Entry is one route. Path is the full URL path including the base URL,
// with or without its trailing slash as the manifest's form says
// (TrailingSlash): the URL every link to the page writes.
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
	// DocsPluginID is the docs instance of a docs route, omitted for the
	// default one.
	DocsPluginID string `json:"docsPluginId,omitempty"`
	Locale       string `json:"locale"`
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
	BaseURL string `json:"baseUrl"`
	// TrailingSlash is the rule the routes' paths follow, omitted for
	// Portal's own (every path ends with "/").
	TrailingSlash Slash      `json:"trailingSlash,omitempty"`
	Routes        []Entry    `json:"routes" contract:"nonnull"`
	Redirects     []Redirect `json:"redirects" contract:"nonnull"`
	// NotFoundData is the URL of the not-found page's data.
	NotFoundData string `json:"notFoundData"`
	// SiteData is the URL of the site-wide data (config the theme reads).
	SiteData string `json:"siteData"`
	// SidebarsData is the URL of the resolved sidebars.
	SidebarsData string `json:"sidebarsData"`
	// Aliases maps the other paths the site links to, which name a route
	// or a redirect (Resolve), to the route path or the redirect's target
	// they resolve to, so that the client follows such links as the server
	// would answer them.
	Aliases map[string]string `json:"aliases" contract:"nonnull"`

	byPath     map[string]int
	byRedirect map[string]int
}

// Sort orders routes and redirects by path so the manifest is
// deterministic. Routes with the same path (a duplicate the build warns
// about) keep their order, and the first one is the route.
func (m *Manifest) Sort() {
	sort.SliceStable(m.Routes, func(i, j int) bool { return m.Routes[i].Path < m.Routes[j].Path })
	sort.SliceStable(m.Redirects, func(i, j int) bool { return m.Redirects[i].From < m.Redirects[j].From })
	m.byPath, m.byRedirect = nil, nil
}

func (m *Manifest) index() {
	if m.byPath != nil {
		return
	}
	m.byPath = make(map[string]int, len(m.Routes))
	for i, r := range m.Routes {
		if _, dup := m.byPath[r.Path]; !dup {
			m.byPath[r.Path] = i
		}
	}
	m.byRedirect = make(map[string]int, len(m.Redirects))
	for i, r := range m.Redirects {
		if _, dup := m.byRedirect[r.From]; !dup {
			m.byRedirect[r.From] = i
		}
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

// Form is the shape of the manifest's routes.
func (m *Manifest) Form() Form { return Form{Slash: m.TrailingSlash, BaseURL: m.BaseURL} }

// File is the output file, relative to the output root, that holds the
// HTML of the route at path p (Form.File).
func (m *Manifest) File(p string) string { return m.Form().File(p) }

// Answer says how a request path is answered, as Manifest.Resolve decides.
type Answer int

// The answers Manifest.Resolve gives.
const (
	// NoRoute: the path names no route and no redirect.
	NoRoute Answer = iota
	// Exact: the path is a route's own path.
	Exact
	// Canonical: the path names a route in another form (with the other
	// trailing slash, or ending in index.html or .html); Location is the
	// route's path.
	Canonical
	// Redirected: the path is a config redirect's source; Location is its
	// target, as the config writes it.
	Redirected
)

// Resolution is what a request path names.
type Resolution struct {
	Answer Answer
	// Location is the route path (Exact, Canonical) or the redirect's
	// target (Redirected).
	Location string
}

// Resolve applies the rules by which a request path names a route, in
// order: the one place they are written. The server answers with them
// (Canonical and Redirected with a 301); the build applies them to every
// path the site links to and writes the results as the manifest's Aliases,
// which the theme's client reads. p is a decoded URL path; paths compare
// case-sensitively, since the manifest lists canonical paths and one URL
// per page is the point.
//
//  1. An exact route.
//  2. A config redirect, with or without its trailing slash.
//  3. A route with the other trailing slash. Docusaurus matches routes
//     non-strictly (docusaurus-behaviour.md §2.2); the server's 301 makes
//     that one URL, the one the site's links write.
//  4. "/x/index.html" and "/x.html" name the route "/x/" or "/x", as
//     normalizeLocation strips (?:/index)?\.html$ (§2.3), and likewise a
//     redirect's source (the build writes "<from>/index.html" for each
//     redirect so static hosts work).
func (m *Manifest) Resolve(p string) Resolution {
	if _, ok := m.Lookup(p); ok {
		return Resolution{Answer: Exact, Location: p}
	}
	if r, ok := m.RedirectFor(p); ok {
		return Resolution{Answer: Redirected, Location: r.To}
	}
	if other := OtherForm(p); other != "" {
		if _, ok := m.Lookup(other); ok {
			return Resolution{Answer: Canonical, Location: other}
		}
	}
	if stripped, ok := stripHTML(p); ok {
		for _, form := range []string{stripped, OtherForm(stripped)} {
			if _, ok := m.Lookup(form); ok && form != "" {
				return Resolution{Answer: Canonical, Location: form}
			}
		}
		if r, ok := m.RedirectFor(stripped); ok {
			return Resolution{Answer: Redirected, Location: r.To}
		}
	}
	return Resolution{}
}

// stripHTML removes a trailing "/index.html" or ".html", the same as the
// pattern (?:/index)?\.html$ used by Docusaurus' normalizeLocation, and
// returns the route path it names (with a trailing slash; "" becomes "/").
func stripHTML(p string) (string, bool) {
	s, ok := strings.CutSuffix(p, "/index.html")
	if !ok {
		s, ok = strings.CutSuffix(p, ".html")
	}
	if !ok {
		return "", false
	}
	if !strings.HasSuffix(s, "/") {
		s += "/"
	}
	return s, true
}
