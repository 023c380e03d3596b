// Package mcpdocs answers questions about a built site for Model Context
// Protocol clients: its search, its pages as Markdown, its page list, and
// for a FHIR site what each API's CapabilityStatement and examples say. It
// reads only what the build wrote (and, for FHIR, the model the pages were
// made from), so an assistant reads what a reader of the site reads.
package mcpdocs

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/mdexport"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/ssr"
)

// Site is a built site opened for answering.
type Site struct {
	out      fs.FS
	title    string
	url      string // the site's url, without a trailing slash
	baseURL  string
	form     route.Form // how the routes' paths and files are written
	routes   []Route
	byPath   map[string]*Route
	search   *ssr.Script
	indexURL string
	fhir     *model.Site
}

// Route is one page of the built site, as routes.json lists it.
type Route struct {
	Path    string `json:"path"`
	Kind    string `json:"kind"`
	Title   string `json:"title"`
	Sidebar string `json:"sidebar,omitempty"`
	Version string `json:"version,omitempty"`
	Locale  string `json:"locale,omitempty"`
}

// searchTimeout bounds one query, index files read included.
const searchTimeout = 20 * time.Second

// Open reads the built site in out. searchEngine is the theme's search host
// bundle (theme/bundle/search/engine.js); fhirSite is the site's FHIR
// material, nil when it has none or only the built folder is at hand.
func Open(out fs.FS, searchEngine string, fhirSite *model.Site) (*Site, error) {
	s := &Site{out: out, fhir: fhirSite, byPath: map[string]*Route{}}
	if err := s.readRoutes(); err != nil {
		return nil, err
	}
	if err := s.readSiteData(); err != nil {
		return nil, err
	}
	script, err := ssr.NewScript(searchEngine, s.readIndexFile, searchTimeout)
	if err != nil {
		return nil, fmt.Errorf("load the search engine: %w", err)
	}
	s.search = script
	return s, nil
}

// Close frees the search engine.
func (s *Site) Close() error { return s.search.Close() }

func (s *Site) readRoutes() error {
	data, err := fs.ReadFile(s.out, "routes.json")
	if err != nil {
		return fmt.Errorf("read the built site's routes.json (is this a folder portal build wrote?): %w", err)
	}
	var manifest struct {
		BaseURL       string      `json:"baseUrl"`
		TrailingSlash route.Slash `json:"trailingSlash"`
		Routes        []Route     `json:"routes"`
	}
	if err := json.Unmarshal(data, &manifest); err != nil {
		return fmt.Errorf("read routes.json: %w", err)
	}
	s.baseURL, s.routes = manifest.BaseURL, manifest.Routes
	s.form = route.Form{Slash: manifest.TrailingSlash, BaseURL: manifest.BaseURL}
	for i := range s.routes {
		s.byPath[s.routes[i].Path] = &s.routes[i]
	}
	return nil
}

// readSiteData takes the site's title, url and search index from the site
// data file the pages load.
func (s *Site) readSiteData() error {
	names, err := fs.Glob(s.out, "data/site.*.json")
	if err != nil || len(names) == 0 {
		return fmt.Errorf("the built site has no data/site.*.json")
	}
	data, err := fs.ReadFile(s.out, names[0])
	if err != nil {
		return fmt.Errorf("read %s: %w", names[0], err)
	}
	var site struct {
		Title       string `json:"title"`
		URL         string `json:"url"`
		SearchIndex string `json:"searchIndex"`
	}
	if err := json.Unmarshal(data, &site); err != nil {
		return fmt.Errorf("read %s: %w", names[0], err)
	}
	s.title, s.url, s.indexURL = site.Title, strings.TrimSuffix(site.URL, "/"), site.SearchIndex
	return nil
}

// readIndexFile gives the search engine an index file by its URL path.
func (s *Site) readIndexFile(urlPath string) (string, string) {
	rel := strings.TrimPrefix(strings.TrimPrefix(urlPath, strings.TrimSuffix(s.baseURL, "/")), "/")
	data, err := fs.ReadFile(s.out, rel)
	if err != nil {
		return "", fmt.Sprintf("read the search index file %s: %v", rel, err)
	}
	return string(data), ""
}

// AbsoluteURL is a route's URL on the published site.
func (s *Site) AbsoluteURL(routePath string) string { return s.url + routePath }

// Pages lists the site's pages in the order routes.json lists them, those of one
// sidebar when sidebar is not "".
func (s *Site) Pages(sidebar string) []Route {
	var out []Route
	for _, r := range s.routes {
		if sidebar == "" || r.Sidebar == sidebar {
			out = append(out, r)
		}
	}
	return out
}

// Sidebars lists the sidebar ids the pages name, sorted.
func (s *Site) Sidebars() []string {
	seen := map[string]bool{}
	for _, r := range s.routes {
		if r.Sidebar != "" {
			seen[r.Sidebar] = true
		}
	}
	out := make([]string, 0, len(seen))
	for id := range seen {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Page is a page's Markdown by its URL: absolute on the site, or a path
// ("/docs/x/", "/docs/x", "/docs/x.md").
func (s *Site) Page(pageURL string) (Route, string, error) {
	p := s.routePath(pageURL)
	r, ok := s.byPath[p]
	if other := route.OtherForm(p); !ok && other != "" {
		r, ok = s.byPath[other]
	}
	if !ok {
		return Route{}, "", fmt.Errorf("no page at %s: list_pages names every page", pageURL)
	}
	// The Markdown beside the route's HTML file, whichever layout the
	// site's trailingSlash gives it.
	file := mdexport.Files(s.form.File(r.Path))[0]
	data, err := fs.ReadFile(s.out, file)
	if err != nil {
		return Route{}, "", fmt.Errorf("read the Markdown of %s: %w", r.Path, err)
	}
	return *r, string(data), nil
}

// routePath turns what a client gives as a page's address into a route
// path, with its trailing slash (Page tries the other form too).
func (s *Site) routePath(pageURL string) string {
	p := pageURL
	if u, err := url.Parse(pageURL); err == nil && u.Scheme != "" {
		p = u.Path
	} else if u != nil {
		p = u.Path
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	switch {
	case strings.HasSuffix(p, "/index.md"):
		p = strings.TrimSuffix(p, "index.md")
	case strings.HasSuffix(p, ".md"):
		p = strings.TrimSuffix(p, ".md") + "/"
	case strings.HasSuffix(p, "/index.html"):
		p = strings.TrimSuffix(p, "index.html")
	case strings.HasSuffix(p, ".html"):
		p = strings.TrimSuffix(p, ".html") + "/"
	case !strings.HasSuffix(p, "/") && path.Ext(p) == "":
		p += "/"
	}
	return p
}

// SearchHit is one page the site's search finds.
type SearchHit struct {
	Title string `json:"title"`
	URL   string `json:"url"`
	// Excerpt is the text around the first match of the best section.
	Excerpt  string          `json:"excerpt"`
	Sections []SearchSection `json:"sections,omitempty"`
}

// SearchSection is a matching section of a hit, to link to directly.
type SearchSection struct {
	Heading string `json:"heading"`
	URL     string `json:"url"`
	Excerpt string `json:"excerpt"`
}

// Search runs query through the site's own search engine and ranking (the
// theme's, run in QuickJS), limit pages at most.
func (s *Site) Search(ctx context.Context, query string, limit int) ([]SearchHit, error) {
	if s.indexURL == "" {
		return nil, fmt.Errorf("the site has no search index: its navbar has no search box, so the build wrote none")
	}
	options, _ := json.Marshal(map[string]int{"limit": limit})
	expression := fmt.Sprintf("portalSearch(%s, %s, %s)", jsonString(s.indexURL), jsonString(query), options)
	out, err := s.search.Call(ctx, expression, searchTimeout)
	if err != nil {
		return nil, fmt.Errorf("search %q: %w", query, err)
	}
	var hits []struct {
		URL      string `json:"url"`
		Title    string `json:"title"`
		Sections []struct {
			Anchor      string `json:"anchor"`
			Heading     string `json:"heading"`
			ExcerptHTML string `json:"excerptHTML"`
		} `json:"sections"`
	}
	if err := json.Unmarshal([]byte(out), &hits); err != nil {
		return nil, fmt.Errorf("search %q: read the engine's answer: %w", query, err)
	}
	result := make([]SearchHit, 0, len(hits))
	for _, h := range hits {
		hit := SearchHit{Title: h.Title, URL: s.AbsoluteURL(h.URL)}
		for _, sec := range h.Sections {
			link := hit.URL
			if sec.Anchor != "" {
				link += "#" + sec.Anchor
			}
			hit.Sections = append(hit.Sections, SearchSection{Heading: sec.Heading, URL: link, Excerpt: plainExcerpt(sec.ExcerptHTML)})
		}
		if len(hit.Sections) > 0 {
			hit.Excerpt = hit.Sections[0].Excerpt
		}
		result = append(result, hit)
	}
	return result, nil
}

// plainExcerpt is the engine's excerpt as text: its only markup is <mark>
// around matches, and its text is HTML-escaped.
var excerptMarkup = strings.NewReplacer("<mark>", "", "</mark>", "", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'", "&amp;", "&")

func plainExcerpt(html string) string { return excerptMarkup.Replace(html) }

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
