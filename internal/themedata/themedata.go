// Package themedata is the data contract between the engine and its theme:
// the JSON the build writes (page data, site data, sidebars) and the input
// each prerender hands the theme's server bundle. It holds data types only,
// so the pipeline, which fills them, and the contract generator
// (internal/contract), which turns them into theme/src/contract.gen.ts,
// both import it without depending on each other.
//
// Where the theme reads a domain value as it is, the domain's own type
// (with its json tags) is the contract, never a copy: the config's theme
// settings and locales (config.Theme, config.I18n), the resolved sidebars
// (sidebar.Item), breadcrumbs and pagination (sidebar.Crumb,
// sidebar.NavLink), a doc's last update (content.LastUpdate). The types
// here are what the build works out for the theme.
//
// Everything the theme shows that follows from the site's structure is
// worked out by the engine and written here: the theme only reads it.
// Field names are the JSON the theme sees. Lists and maps the engine always
// writes are never nil ([] and {} in JSON, never null): such fields carry
// contract:"nonnull".
package themedata

import (
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/sidebar"
)

// PageData is one route's data, written to data/pages/<name>.<hash>.json.
type PageData struct {
	Path        string             `json:"path"`
	Kind        route.Kind         `json:"kind"`
	Title       string             `json:"title"`
	Description string             `json:"description,omitempty"`
	Keywords    []string           `json:"keywords,omitempty"`
	Image       string             `json:"image,omitempty"`
	Canonical   string             `json:"canonical"`
	Alternates  []Alternate        `json:"alternates" contract:"nonnull"`
	NoIndex     bool               `json:"noIndex,omitempty"`
	HTML        string             `json:"html"`
	TOC         []markdown.TOCItem `json:"toc" contract:"nonnull"`
	HideTitle   bool               `json:"hideTitle,omitempty"`
	HideTOC     bool               `json:"hideTableOfContents,omitempty"`
	HasMermaid  bool               `json:"hasMermaid,omitempty"`
	// Bare is a React page's: its content lays out the whole main area.
	Bare bool `json:"bare,omitempty"`
	// Head is what the page's MDX <head> adds to the document's head: a
	// title that replaces the document's, and meta and link tags.
	Head  *markdown.Head `json:"head,omitempty"`
	Doc   *DocMeta       `json:"doc,omitempty"`
	Home  *HomeData      `json:"home,omitempty"`
	Index *IndexData     `json:"generatedIndex,omitempty"`
	Blog  *BlogData      `json:"blog,omitempty"`
}

// BlogData is what a blog route adds: the recent-posts sidebar, and the
// post, the list, the tags, the authors or the archive it shows.
type BlogData struct {
	Sidebar BlogSidebar `json:"sidebar"`
	// Post is a post page's post (its content is the page's html).
	Post *BlogPost `json:"post,omitempty"`
	// Newer and Older are a post's neighbours ("Newer post", "Older post").
	Newer *BlogLink `json:"newer,omitempty"`
	Older *BlogLink `json:"older,omitempty"`
	// Items are a list page's posts, each with its excerpt as html.
	Items []BlogPost `json:"items,omitempty"`
	// List is a list page's place among its pages.
	List *BlogListMeta `json:"list,omitempty"`
	// Tags are the tags page's tags.
	Tags []BlogTag `json:"tags,omitempty"`
	// Authors are the authors page's authors.
	Authors []BlogAuthor `json:"authors,omitempty"`
	// Archive is the archive's posts by year, newest first.
	Archive []BlogYear `json:"archive,omitempty"`
}

// BlogSidebar is the recent-posts sidebar; no items hide it.
type BlogSidebar struct {
	Title string     `json:"title"`
	Items []BlogLink `json:"items" contract:"nonnull"`
}

// BlogLink is a link to a post.
type BlogLink struct {
	Title     string `json:"title"`
	Permalink string `json:"permalink"`
	// Year groups the sidebar's posts, as Docusaurus's does.
	Year string `json:"year,omitempty"`
}

// BlogPost is a post as its page and the lists show it.
type BlogPost struct {
	Title     string `json:"title"`
	Permalink string `json:"permalink"`
	// Date is the post's date (RFC 3339); FormattedDate as readers see it.
	Date          string `json:"date"`
	FormattedDate string `json:"formattedDate"`
	// ReadingTime is in whole minutes; 0 when showReadingTime is off.
	ReadingTime int          `json:"readingTime,omitempty"`
	Authors     []BlogAuthor `json:"authors" contract:"nonnull"`
	Tags        []BlogTag    `json:"tags" contract:"nonnull"`
	// Truncated says the list shows an excerpt: it ends with "Read more".
	Truncated bool   `json:"truncated,omitempty"`
	HTML      string `json:"html,omitempty"`
	EditURL   string `json:"editUrl,omitempty"`
	Unlisted  bool   `json:"unlisted,omitempty"`
}

// BlogAuthor is a post's author.
type BlogAuthor struct {
	Key      string `json:"key,omitempty"`
	Name     string `json:"name,omitempty"`
	Title    string `json:"title,omitempty"`
	URL      string `json:"url,omitempty"`
	ImageURL string `json:"imageUrl,omitempty"`
	Email    string `json:"email,omitempty"`
	// Permalink is the author's page, "" without one.
	Permalink string `json:"permalink,omitempty"`
	// Count is how many posts the authors page counts for them.
	Count int `json:"count,omitempty"`
}

// BlogTag is a tag, with how many listed posts it has on the tags page.
type BlogTag struct {
	Label       string `json:"label"`
	Permalink   string `json:"permalink"`
	Description string `json:"description,omitempty"`
	Count       int    `json:"count,omitempty"`
}

// BlogListMeta places a list page: which list, and its neighbours
// ("Newer entries", "Older entries").
type BlogListMeta struct {
	Page  int    `json:"page"`
	Pages int    `json:"pages"`
	Newer string `json:"newer,omitempty"`
	Older string `json:"older,omitempty"`
	// Tag and Author name a tag's or an author's list.
	Tag    *BlogTag    `json:"tag,omitempty"`
	Author *BlogAuthor `json:"author,omitempty"`
	// AllTags is the tags page, on a tag's list ("View all tags").
	AllTags string `json:"allTags,omitempty"`
	// Count is how many posts the whole list holds.
	Count int `json:"count"`
	// Description is the blog's description, on the blog's own list.
	Description string `json:"description,omitempty"`
}

// BlogYear is one year of the archive.
type BlogYear struct {
	Year  string     `json:"year"`
	Posts []BlogPost `json:"posts" contract:"nonnull"`
}

// Alternate is an hreflang alternate link.
type Alternate struct {
	HrefLang string `json:"hreflang"`
	Href     string `json:"href"`
}

// DocMeta is what a doc page adds: its place in the docs.
type DocMeta struct {
	ID      string `json:"id"`
	Version string `json:"version"`
	// PluginID is the docs instance the doc belongs to, omitted for the
	// default one. Its sidebars are under "<pluginId>/<version>" in
	// SidebarsData, its versions in SiteData.DocsInstances.
	PluginID    string              `json:"pluginId,omitempty"`
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

// IndexData is a generated-index category page: one card per item of the
// category that leads somewhere.
type IndexData struct {
	Description string      `json:"description,omitempty"`
	Cards       []IndexCard `json:"cards" contract:"nonnull"`
}

// IndexCard is one card of a generated index.
type IndexCard struct {
	// Type is the item the card stands for: a category or a link.
	Type  sidebar.ItemType `json:"type"`
	Href  string           `json:"href"`
	Label string           `json:"label"`
	// Description is the item's, or the doc's; for a category without one,
	// how many items it holds ("3 items").
	Description string `json:"description,omitempty"`
	External    bool   `json:"external,omitempty"`
}

// SiteData is the site-wide data the theme needs on every page.
type SiteData struct {
	Title              string      `json:"title"`
	Tagline            string      `json:"tagline"`
	URL                string      `json:"url"`
	BaseURL            string      `json:"baseUrl"`
	Favicon            string      `json:"favicon,omitempty"`
	TitleDelimiter     string      `json:"titleDelimiter"`
	NoIndex            bool        `json:"noIndex"`
	BaseURLIssueBanner bool        `json:"baseUrlIssueBanner"`
	I18n               config.I18n `json:"i18n"`
	// Translations are the theme's strings in the build's locale, by the
	// ids of Docusaurus's code.json; a string without one is the theme's
	// own (English).
	Translations map[string]string `json:"translations,omitempty"`
	ThemeConfig  config.Theme      `json:"themeConfig"`
	Docs         DocsData          `json:"docs"`
	// Navbar is themeConfig.navbar.items, each item's type and target
	// resolved.
	Navbar []NavItem `json:"navbar" contract:"nonnull"`
	// SearchIndex is the URL of the search index's meta file
	// (docs/search-index.md); "" when the site offers no search.
	SearchIndex string `json:"searchIndex"`
	// SearchPage is the search page's route (themeConfig.search.pagePath),
	// which takes the query as ?q=; "" without one.
	SearchPage string `json:"searchPage,omitempty"`
	// PageMarkdown says each page has its Markdown beside it
	// (route + "index.md", docs/agents.md): the doc header offers to copy
	// or open it.
	PageMarkdown bool `json:"pageMarkdown,omitempty"`
	// DocsInstances are the docs instances besides the default one (Docs),
	// in config order.
	DocsInstances []DocsData `json:"docsInstances,omitempty"`
}

// DocsData describes one docs instance and its versions.
type DocsData struct {
	// PluginID is the instance's id (navbar items' docsPluginId), omitted
	// for the default instance.
	PluginID      string        `json:"pluginId,omitempty"`
	RouteBasePath string        `json:"routeBasePath"`
	Breadcrumbs   bool          `json:"breadcrumbs"`
	Versions      []VersionData `json:"versions" contract:"nonnull"`
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
	Docs map[string]DocRef `json:"docs" contract:"nonnull"`
}

// DocRef is a doc catalogue entry: id, path, sidebar (spec section 3).
type DocRef struct {
	Path    string `json:"path"`
	Sidebar string `json:"sidebar,omitempty"`
}

// NavItemType is a navbar item's type: the config's, or for an item
// without one, "dropdown" when it has items and "default" when it has not.
type NavItemType string

// The nine navbar item types of the spec, with Docusaurus's type names.
const (
	NavDefault             NavItemType = "default"
	NavDropdown            NavItemType = "dropdown"
	NavLocaleDropdown      NavItemType = "localeDropdown"
	NavSearch              NavItemType = "search"
	NavHTML                NavItemType = "html"
	NavDoc                 NavItemType = "doc"
	NavDocSidebar          NavItemType = "docSidebar"
	NavDocsVersion         NavItemType = "docsVersion"
	NavDocsVersionDropdown NavItemType = "docsVersionDropdown"
)

// NavItem is a navbar item with its type and target resolved at build
// time. It is a type of its own, not config.NavbarItem, because a resolved
// item's nested items are resolved items too, with fields the config's
// item has no place for.
type NavItem struct {
	Type                 NavItemType `json:"type"`
	Position             string      `json:"position,omitempty"`
	Label                string      `json:"label,omitempty"`
	HTML                 string      `json:"html,omitempty"`
	To                   string      `json:"to,omitempty"`
	Href                 string      `json:"href,omitempty"`
	PrependBaseURLToHref bool        `json:"prependBaseUrlToHref,omitempty"`
	ActiveBasePath       string      `json:"activeBasePath,omitempty"`
	ActiveBaseRegex      string      `json:"activeBaseRegex,omitempty"`
	ClassName            string      `json:"className,omitempty"`
	Target               string      `json:"target,omitempty"`
	Rel                  string      `json:"rel,omitempty"`
	AriaLabel            string      `json:"aria-label,omitempty"`
	DocID                string      `json:"docId,omitempty"`
	SidebarID            string      `json:"sidebarId,omitempty"`
	DocsPluginID         string      `json:"docsPluginId,omitempty"`
	Value                string      `json:"value,omitempty"`
	// Versions is docsVersionDropdown's versions as the config writes
	// them: a list of names, or a map of name → {label}.
	Versions                    any       `json:"versions,omitempty"`
	DropdownItemsBefore         []NavItem `json:"dropdownItemsBefore,omitempty"`
	DropdownItemsAfter          []NavItem `json:"dropdownItemsAfter,omitempty"`
	DropdownActiveClassDisabled bool      `json:"dropdownActiveClassDisabled,omitempty"`
	QueryString                 string    `json:"queryString,omitempty"`
	// ResolvedTo is the internal path of doc, docSidebar and docsVersion items.
	ResolvedTo string `json:"resolvedTo,omitempty"`
	// ResolvedLabel is the label those items get when the config gives none.
	ResolvedLabel string `json:"resolvedLabel,omitempty"`
	// ActiveSidebar makes a docSidebar/doc item active on any page of that sidebar.
	ActiveSidebar string `json:"activeSidebar,omitempty"`
	// Items are a dropdown's items.
	Items []NavItem `json:"items,omitempty"`
}

// SidebarsData is every docs version's resolved sidebars, written to
// data/sidebars.<hash>.json: version, then sidebar id, then items. A version
// of the default docs instance is its name; of another, "<pluginId>/<name>".
type SidebarsData map[string]map[string][]*sidebar.Item

// RenderInput is what the prerender step passes the theme's server bundle
// for one route. Page must stay its first field: the build splices each
// page's data file into the JSON there rather than marshal it again.
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

// SharedRenderData is what every prerender of a build shares: given once to
// each JavaScript engine, never per page, so a page's prerender costs the
// same however many pages the site has.
type SharedRenderData struct {
	Site *SiteData `json:"site" contract:"nonnull"`
	// SidebarsJSON is the sidebars (SidebarsData: version → sidebar id →
	// items) as JSON text, which the theme parses when it first renders a
	// page with a sidebar. It is empty until the build has such a page: a
	// site without docs sidebars hands the engines none.
	SidebarsJSON string `json:"sidebarsJson,omitempty"`
	// Renderer picks the server renderer: "" renders with the theme's own
	// (theme/src/serverRender.ts) and falls back to react-dom/server for
	// what it does not reproduce; "react" renders every page with
	// react-dom/server's renderToString; "own" never falls back, failing
	// instead. The equivalence tests build with "react" and "own" and
	// compare the outputs.
	Renderer string `json:"renderer,omitempty"`
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
