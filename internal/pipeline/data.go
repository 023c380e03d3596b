package pipeline

import (
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/sidebar"
)

// These types are the data contract between the engine and the theme: the
// build writes them as JSON, the theme reads them. Field names are the JSON
// the theme sees.

// PageData is one route's data, written to data/pages/<name>.<hash>.json.
type PageData struct {
	Path        string             `json:"path"`
	Kind        route.Kind         `json:"kind"`
	Title       string             `json:"title"`
	Description string             `json:"description,omitempty"`
	Keywords    []string           `json:"keywords,omitempty"`
	Image       string             `json:"image,omitempty"`
	Canonical   string             `json:"canonical"`
	Alternates  []Alternate        `json:"alternates"`
	NoIndex     bool               `json:"noIndex,omitempty"`
	HTML        string             `json:"html"`
	TOC         []markdown.TOCItem `json:"toc" contract:"nonnull"`
	HideTitle   bool               `json:"hideTitle,omitempty"`
	HideTOC     bool               `json:"hideTableOfContents,omitempty"`
	HasMermaid  bool               `json:"hasMermaid,omitempty"`
	Doc         *DocMeta           `json:"doc,omitempty"`
	Home        *HomeData          `json:"home,omitempty"`
	Index       *IndexData         `json:"generatedIndex,omitempty"`
}

// Alternate is an hreflang alternate link.
type Alternate struct {
	HrefLang string `json:"hreflang"`
	Href     string `json:"href"`
}

// DocMeta is what a doc page adds: its place in the docs.
type DocMeta struct {
	ID          string              `json:"id"`
	Version     string              `json:"version"`
	Sidebar     string              `json:"sidebar,omitempty"`
	Breadcrumbs []sidebar.Crumb     `json:"breadcrumbs,omitempty"`
	Previous    *sidebar.NavLink    `json:"previous,omitempty"`
	Next        *sidebar.NavLink    `json:"next,omitempty"`
	Unlisted    bool                `json:"unlisted,omitempty"`
	Draft       bool                `json:"draft,omitempty"`
	Tags        []string            `json:"tags,omitempty"`
	EditURL     string              `json:"editUrl,omitempty"`
	LastUpdate  *content.LastUpdate `json:"lastUpdate,omitempty"`
}

// HomeData is the home layout's data, taken from the home page's front
// matter (hero and features) so authors edit it as content.
type HomeData struct {
	Hero     map[string]any   `json:"hero,omitempty"`
	Features []map[string]any `json:"features,omitempty"`
}

// IndexData is a generated-index category page: its items as cards.
type IndexData struct {
	Description string          `json:"description,omitempty"`
	Items       []*sidebar.Item `json:"items"`
}

// SiteData is the site-wide data the theme needs on every page.
type SiteData struct {
	Title              string       `json:"title"`
	Tagline            string       `json:"tagline"`
	URL                string       `json:"url"`
	BaseURL            string       `json:"baseUrl"`
	Favicon            string       `json:"favicon,omitempty"`
	TitleDelimiter     string       `json:"titleDelimiter"`
	NoIndex            bool         `json:"noIndex"`
	BaseURLIssueBanner bool         `json:"baseUrlIssueBanner"`
	I18n               config.I18n  `json:"i18n"`
	ThemeConfig        config.Theme `json:"themeConfig"`
	Docs               DocsData     `json:"docs"`
	// Navbar resolves doc, docSidebar and docsVersion items to links.
	Navbar []ResolvedNavItem `json:"navbar" contract:"nonnull"`
	// SearchIndex is the URL of the search index's meta file
	// (docs/search-index.md); "" when the navbar has no search item.
	SearchIndex string `json:"searchIndex"`
}

// DocsData describes the docs versions.
type DocsData struct {
	RouteBasePath string        `json:"routeBasePath"`
	Breadcrumbs   bool          `json:"breadcrumbs"`
	Versions      []VersionData `json:"versions"`
}

// VersionData is one docs version as the theme sees it.
type VersionData struct {
	Name      string `json:"name"`
	Label     string `json:"label"`
	IsLast    bool   `json:"isLast"`
	Path      string `json:"path"`
	MainDocID string `json:"mainDocId"`
	Banner    string `json:"banner,omitempty"`
	// Docs maps each doc id to its permalink, so the version dropdown can
	// link to the same doc in another version.
	Docs map[string]DocRef `json:"docs"`
}

// DocRef is a doc catalogue entry: id, path, sidebar (spec section 3).
type DocRef struct {
	Path    string `json:"path"`
	Sidebar string `json:"sidebar,omitempty"`
}

// ResolvedNavItem is a navbar item with its target resolved at build time.
type ResolvedNavItem struct {
	config.NavbarItem
	// ResolvedTo is the internal path of doc, docSidebar and docsVersion items.
	ResolvedTo string `json:"resolvedTo,omitempty"`
	// ResolvedLabel is the label those items get when the config gives none.
	ResolvedLabel string `json:"resolvedLabel,omitempty"`
	// ActiveSidebar makes a docSidebar/doc item active on any page of that sidebar.
	ActiveSidebar string            `json:"activeSidebar,omitempty"`
	Items         []ResolvedNavItem `json:"items,omitempty"`
}

// RenderInput is what the prerender step passes the theme's server bundle
// for one route; the JSON it marshals is exactly this struct.
type RenderInput struct {
	// Page is the route's page data, as in its data file.
	Page *PageData `json:"page" contract:"nonnull"`
	// Assets are the client bundle's files the page loads.
	Assets RenderAssets `json:"assets"`
	// SiteURL is the URL of the site data (SiteData), which the client
	// loads (preloaded by the document) before hydrating.
	SiteURL string `json:"siteUrl"`
	// ManifestURL is the URL of the route manifest (routes.json).
	ManifestURL string `json:"manifestUrl"`
	// SidebarsURL is the URL of the sidebars data (SidebarsData); a doc page
	// with a sidebar loads it before hydrating.
	SidebarsURL string `json:"sidebarsUrl"`
}

// SharedRenderData is what every prerender shares: given once to each
// JavaScript engine of the build, never per page, so a page's prerender
// costs the same however many pages the site has.
type SharedRenderData struct {
	Site *SiteData `json:"site" contract:"nonnull"`
	// Sidebars maps version name → sidebar id → items.
	Sidebars map[string]map[string][]*sidebar.Item `json:"sidebars" contract:"nonnull"`
}

// RenderAssets are the URLs of the client bundle's entry scripts and styles.
type RenderAssets struct {
	// Scripts are the entry scripts, loaded as modules.
	Scripts []string `json:"scripts" contract:"nonnull"`
	// Styles are the stylesheets every page links.
	Styles []string `json:"styles" contract:"nonnull"`
	// Preload are the entry's static imports, loaded with modulepreload.
	Preload []string `json:"preload" contract:"nonnull"`
}
