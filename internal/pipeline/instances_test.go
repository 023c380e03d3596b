package pipeline_test

import (
	"encoding/json"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/sidebar"
	"github.com/portaldocs/portal/internal/themedata"
)

// hrefPattern finds the links of a page's HTML.
var hrefPattern = regexp.MustCompile(` href="([^"]*)"`)

var update = flag.Bool("update", false, "rewrite the golden files of the docs-instances fixture from the current output")

// instancesSummary is what a reader of the docs-instances fixture meets,
// as the build wrote it: routes, sidebars, navbar items, each doc's place
// in its docs, the versions catalogue, search and the sitemap.
type instancesSummary struct {
	Routes   []routeSummary                       `json:"routes"`
	Sidebars map[string]map[string][]sidebarEntry `json:"sidebars"`
	Navbar   []navSummary                         `json:"navbar"`
	Pages    map[string]pageSummary               `json:"pages"`
	Docs     []docsSummary                        `json:"docs"`
	// Search is each indexed page's version, as the search index files it.
	Search  map[string]string `json:"search"`
	Sitemap []string          `json:"sitemap"`
}

type routeSummary struct {
	Path, Kind, Version, DocsPluginID, Sidebar string
}

type sidebarEntry struct {
	Label string         `json:"label"`
	Href  string         `json:"href,omitempty"`
	Items []sidebarEntry `json:"items,omitempty"`
}

type navSummary struct {
	Type, Label, DocsPluginID, ResolvedTo, ResolvedLabel, ActiveSidebar string
}

type pageSummary struct {
	Version     string   `json:"version"`
	PluginID    string   `json:"pluginId,omitempty"`
	Sidebar     string   `json:"sidebar,omitempty"`
	Breadcrumbs []string `json:"breadcrumbs,omitempty"`
	Previous    string   `json:"previous,omitempty"`
	Next        string   `json:"next,omitempty"`
	EditURL     string   `json:"editUrl,omitempty"`
	Links       []string `json:"links,omitempty"`
}

type docsSummary struct {
	PluginID, RouteBasePath string
	Versions                []string
}

// TestDocsInstances builds testdata/docs-instances, a site with the default
// docs instance and a versioned "sdk" instance that share a sidebar id and
// a doc id, and compares what it built with docs-instances.golden.json.
// Run go test -run TestDocsInstances -update to accept new output after
// reading the diff.
func TestDocsInstances(t *testing.T) {
	res, err := run(t, os.DirFS("testdata/docs-instances"))
	if err != nil {
		t.Fatalf("build: %v\n%v", err, res.Diagnostics)
	}
	for _, d := range res.Diagnostics {
		t.Errorf("unexpected diagnostic: %s", d)
	}
	out := res.Output
	got := instancesSummary{Pages: map[string]pageSummary{}, Search: map[string]string{}}
	for _, r := range out.Manifest.Routes {
		got.Routes = append(got.Routes, routeSummary{r.Path, string(r.Kind), r.Version, r.DocsPluginID, r.Sidebar})
		page := pageData(t, out, r.Path)
		if page.Doc != nil {
			got.Pages[r.Path] = summarisePage(page)
		}
	}
	var sidebars themedata.SidebarsData
	readJSON(t, out, strings.TrimPrefix(out.Manifest.SidebarsData, "/"), &sidebars)
	got.Sidebars = map[string]map[string][]sidebarEntry{}
	for version, byID := range sidebars {
		got.Sidebars[version] = map[string][]sidebarEntry{}
		for id, items := range byID {
			got.Sidebars[version][id] = sidebarEntries(items)
		}
	}
	var site themedata.SiteData
	readJSON(t, out, strings.TrimPrefix(out.Manifest.SiteData, "/"), &site)
	for _, item := range site.Navbar {
		got.Navbar = append(got.Navbar, navSummary{string(item.Type), item.Label, item.DocsPluginID, item.ResolvedTo,
			item.ResolvedLabel, item.ActiveSidebar})
	}
	for _, docs := range append([]themedata.DocsData{site.Docs}, site.DocsInstances...) {
		s := docsSummary{PluginID: docs.PluginID, RouteBasePath: docs.RouteBasePath}
		for _, v := range docs.Versions {
			s.Versions = append(s.Versions, v.Name+" "+v.Label+" "+v.Path+" main="+v.MainDocID+" banner="+v.Banner)
		}
		got.Docs = append(got.Docs, s)
	}
	got.Search = searchVersions(t, out, site.SearchIndex)
	got.Sitemap = sitemapURLs(t, out)

	text, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	text = append(text, '\n')
	golden := filepath.Join("testdata", "docs-instances.golden.json")
	if *update {
		if err := os.WriteFile(golden, text, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run TestDocsInstances -update to create it)", err)
	}
	if string(want) != string(text) {
		t.Errorf("the build differs from %s (run go test -run TestDocsInstances -update and review the diff):\n%s", golden, text)
	}
}

func summarisePage(page *themedata.PageData) pageSummary {
	doc := page.Doc
	s := pageSummary{Version: doc.Version, PluginID: doc.PluginID, Sidebar: doc.Sidebar, EditURL: doc.EditURL}
	for _, c := range doc.Breadcrumbs {
		s.Breadcrumbs = append(s.Breadcrumbs, c.Label+" "+c.Href)
	}
	if doc.Previous != nil {
		s.Previous = doc.Previous.Title + " " + doc.Previous.Permalink
	}
	if doc.Next != nil {
		s.Next = doc.Next.Title + " " + doc.Next.Permalink
	}
	for _, href := range hrefPattern.FindAllStringSubmatch(page.HTML, -1) {
		if !strings.HasPrefix(href[1], "#") {
			s.Links = append(s.Links, href[1])
		}
	}
	return s
}

func sidebarEntries(items []*sidebar.Item) []sidebarEntry {
	out := make([]sidebarEntry, len(items))
	for i, it := range items {
		out[i] = sidebarEntry{Label: it.Label, Href: it.Href, Items: sidebarEntries(it.Items)}
	}
	return out
}

func readJSON(t *testing.T, out interface {
	File(string) ([]byte, bool)
}, name string, into any) {
	t.Helper()
	raw, ok := out.File(name)
	if !ok {
		t.Fatalf("no file %s", name)
	}
	if err := json.Unmarshal(raw, into); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// searchVersions maps each page of the search index to the version it is
// filed under (docs/search-index.md).
func searchVersions(t *testing.T, out interface {
	File(string) ([]byte, bool)
}, indexURL string) map[string]string {
	t.Helper()
	var meta struct {
		Versions     []string `json:"versions"`
		PageVersions []int    `json:"pageVersions"`
		PageHashes   []string `json:"pageHashes"`
	}
	readJSON(t, out, strings.TrimPrefix(indexURL, "/"), &meta)
	dir := strings.TrimSuffix(strings.TrimPrefix(indexURL, "/"), "index.json")
	got := map[string]string{}
	for page, version := range meta.PageVersions {
		var fragment struct {
			URL string `json:"url"`
		}
		readJSON(t, out, dir+"p/"+meta.PageHashes[page]+".json", &fragment)
		got[fragment.URL] = meta.Versions[version]
	}
	return got
}

func sitemapURLs(t *testing.T, out interface {
	File(string) ([]byte, bool)
}) []string {
	t.Helper()
	raw, ok := out.File("sitemap.xml")
	if !ok {
		t.Fatal("no sitemap.xml")
	}
	var set struct {
		URLs []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(raw, &set); err != nil {
		t.Fatal(err)
	}
	var locs []string
	for _, u := range set.URLs {
		locs = append(locs, u.Loc)
	}
	return locs
}
