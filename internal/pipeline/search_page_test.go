package pipeline_test

import (
	"github.com/portaldocs/portal/internal/racetest"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/themedata"
)

// TestSearchPage: themeConfig.search gives the site search without a navbar
// item, and its pagePath a search page at that path in the site's route
// form, which the site data names, and which neither the sitemap nor search
// lists; a Docusaurus site's Algolia config maps onto it.
func TestSearchPage(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	tests := []struct {
		name, config string
		wantPage     string // "" for no search page
		wantFile     string
	}{
		{"portal.yaml with a page", "-- portal.yaml --\ntitle: S\nurl: https://docs.example.org\nbaseUrl: /\nthemeConfig:\n  search:\n    pagePath: search\n",
			"/search/", "search/index.html"},
		{"portal.yaml without a page", "-- portal.yaml --\ntitle: S\nurl: https://docs.example.org\nbaseUrl: /\nthemeConfig:\n  search: {}\n",
			"", ""},
		{"Algolia, default path, base URL", "-- docusaurus.config.js --\nmodule.exports = {title: 'S', url: 'https://x.org', baseUrl: '/repo/', trailingSlash: false,\n" +
			"  themeConfig: {algolia: {appId: 'A', apiKey: 'K', indexName: 'i'}}, presets: [['classic', {docs: {sidebarPath: false}, blog: false}]]};\n",
			"/repo/search", "search.html"},
		{"Algolia without a page", "-- docusaurus.config.js --\nmodule.exports = {title: 'S', url: 'https://x.org', baseUrl: '/',\n" +
			"  themeConfig: {algolia: {appId: 'A', apiKey: 'K', indexName: 'i', searchPagePath: false}}, presets: [['classic', {docs: {sidebarPath: false}, blog: false}]]};\n",
			"", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := runSite(t, tc.config+"-- docs/intro.md --\n# Intro\n\nPatients register here.\n")
			if err != nil {
				t.Fatalf("build: %v\n%v", err, res.Diagnostics)
			}
			var site themedata.SiteData
			// Output files are under the base URL.
			dataFile := siteDataURL(t, res.Output, "")
			dataFile = dataFile[strings.Index(dataFile, "data/"):]
			readJSON(t, res.Output, dataFile, &site)
			if site.SearchIndex == "" {
				t.Errorf("the site data names no search index")
			}
			if site.SearchPage != tc.wantPage {
				t.Errorf("site data names search page %q, want %q", site.SearchPage, tc.wantPage)
			}
			var manifest route.Manifest
			readJSON(t, res.Output, "routes.json", &manifest)
			var found *route.Entry
			for i, e := range manifest.Routes {
				if e.Kind == route.KindSearch {
					found = &manifest.Routes[i]
				}
			}
			switch {
			case tc.wantPage == "" && found != nil:
				t.Errorf("routes.json has a search page %q; want none", found.Path)
			case tc.wantPage != "" && (found == nil || found.Path != tc.wantPage || !found.Unlisted):
				t.Errorf("routes.json's search page is %+v; want unlisted %q", found, tc.wantPage)
			}
			if tc.wantFile != "" {
				if _, ok := res.Output.File(tc.wantFile); !ok {
					t.Errorf("no %s", tc.wantFile)
				}
			}
			if sitemap, ok := res.Output.File("sitemap.xml"); ok && strings.Contains(string(sitemap), "search") {
				t.Errorf("the sitemap lists the search page:\n%s", sitemap)
			}
			if searchFilesHold(res.Output, "search/p/", "Search the documentation") {
				t.Errorf("the search index holds the search page")
			}
		})
	}
}
