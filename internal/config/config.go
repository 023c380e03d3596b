// Package config is the site configuration (portal.yaml): its model, with
// Docusaurus's key names so that a Docusaurus config maps over one to one,
// its defaults, and its validation.
package config

import (
	"github.com/bmatcuk/doublestar/v4"
	"path"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/portaldocs/portal/internal/route"
)

// FileName is the config file's name inside the site folder.
const FileName = "portal.yaml"

// Level is how a class of build problem is reported: ignore, log, warn or
// throw (fail the build), as in Docusaurus's onBroken* options.
type Level string

// The levels, from quietest to failing the build.
const (
	LevelIgnore Level = "ignore"
	LevelLog    Level = "log"
	LevelWarn   Level = "warn"
	LevelThrow  Level = "throw"
)

// Site is the whole site configuration.
type Site struct {
	Title         string `yaml:"title" json:"title"`
	Tagline       string `yaml:"tagline" json:"tagline"`
	URL           string `yaml:"url" json:"url"`
	BaseURL       string `yaml:"baseUrl" json:"baseUrl"`
	TrailingSlash *bool  `yaml:"trailingSlash" json:"trailingSlash"`
	// CustomFields is data for the site's own React code
	// (useDocusaurusContext().siteConfig.customFields), given to it as is.
	CustomFields          map[string]any `yaml:"customFields" json:"-"`
	Favicon               string         `yaml:"favicon" json:"favicon,omitempty"`
	TitleDelimiter        string         `yaml:"titleDelimiter" json:"titleDelimiter"`
	NoIndex               bool           `yaml:"noIndex" json:"noIndex"`
	BaseURLIssueBanner    *bool          `yaml:"baseUrlIssueBanner" json:"baseUrlIssueBanner"`
	OnBrokenLinks         Level          `yaml:"onBrokenLinks" json:"-"`
	OnBrokenMarkdownLinks Level          `yaml:"onBrokenMarkdownLinks" json:"-"`
	OnBrokenAnchors       Level          `yaml:"onBrokenAnchors" json:"-"`
	OnDuplicateRoutes     Level          `yaml:"onDuplicateRoutes" json:"-"`
	I18n                  I18n           `yaml:"i18n" json:"i18n"`
	Docs                  Docs           `yaml:"docs" json:"docs"`
	// DocsInstances are further sets of docs, each with its own id,
	// folder, routes, sidebars and versions: Docusaurus's docs plugin used
	// more than once. Docs is the default instance.
	DocsInstances []Docs `yaml:"docsInstances" json:"-"`
	Pages         Pages  `yaml:"pages" json:"-"`
	// Blog is the blog (Docusaurus's blog plugin), built when its folder
	// exists.
	Blog              Blog     `yaml:"blog" json:"-"`
	StaticDirectories []string `yaml:"staticDirectories" json:"-"`
	// CustomCSS are the site's own stylesheets, applied after the theme's
	// on every page (Docusaurus's theme.customCss), in order.
	CustomCSS []string `yaml:"customCss" json:"-"`
	// Stylesheets are linked on every page before the theme's, as given
	// (Docusaurus's stylesheets): paths the site serves.
	Stylesheets []string   `yaml:"stylesheets" json:"-"`
	Redirects   []Redirect `yaml:"redirects" json:"-"`
	FHIR        FHIR       `yaml:"fhir" json:"-"`
	ThemeConfig Theme      `yaml:"themeConfig" json:"themeConfig"`
	Markdown    Markdown   `yaml:"markdown" json:"-"`
	// LLMs is Portal's own key for what agents read: each page's Markdown
	// file, llms.txt and llms-full.txt (docs/agents.md).
	LLMs LLMs `yaml:"llms" json:"-"`

	// File is the config's file in the site folder, for diagnostics:
	// portal.yaml, or the docusaurus.config.* it was read from.
	File string `yaml:"-" json:"-"`
	// OutOfScope are route prefixes (base URL included) of what a
	// Docusaurus site has and Portal does not build, such as the blog or
	// React pages; each was reported once as a warning, so links into them
	// are not reported again as broken. An entry ending in "$" is one exact
	// route; any other covers every route under it.
	OutOfScope []string `yaml:"-" json:"-"`
}

// LLMs is the llms key.
type LLMs struct {
	// Enabled, when false, leaves out every page's Markdown file, llms.txt
	// and llms-full.txt; unset is true.
	Enabled *bool `yaml:"enabled"`
	// Exclude leaves pages out of llms.txt and llms-full.txt: globs of doc
	// paths in the docs folder ("api/**", "intro.md") or of routes
	// ("/docs/legacy/**"), or sidebar ids.
	Exclude []string `yaml:"exclude"`
}

// On reports whether the build writes the files for agents.
func (l LLMs) On() bool { return l.Enabled == nil || *l.Enabled }

// Markdown formats, as Docusaurus's markdown.format names them.
const (
	// MarkdownMDX parses every file as MDX.
	MarkdownMDX = "mdx"
	// MarkdownMD parses every file as CommonMark.
	MarkdownMD = "md"
	// MarkdownDetect parses .mdx files as MDX and the others as CommonMark.
	MarkdownDetect = "detect"
)

// Markdown is the markdown key: how docs and pages are parsed.
type Markdown struct {
	// Format is "mdx", "md" or "detect". portal.yaml defaults to "detect",
	// so .md files read as CommonMark as they always have; a Docusaurus
	// config defaults to "mdx", as Docusaurus does.
	Format string `yaml:"format"`
	// Mermaid turns mermaid code blocks into diagrams; Portal always does,
	// so the key is accepted for Docusaurus configs and changes nothing.
	Mermaid bool `yaml:"mermaid"`
}

// IsMDX reports whether a doc or page file is parsed as MDX.
func (m Markdown) IsMDX(file string) bool {
	ext := strings.ToLower(path.Ext(file))
	switch {
	case ext == ".js" || ext == ".jsx" || ext == ".ts" || ext == ".tsx":
		return true // a React page, whose body is MDX (content.IsReactPage)
	case m.Format == MarkdownMDX:
		return true
	case m.Format == MarkdownMD:
		return false
	}
	return ext == ".mdx"
}

// I18n carries the locales. Each locale is a build of its own, as in
// Docusaurus: the default one at the base URL, every other one under
// <base URL><locale>/, from the translations in Path/<locale path>/.
type I18n struct {
	DefaultLocale string                  `yaml:"defaultLocale" json:"defaultLocale"`
	Locales       []string                `yaml:"locales" json:"locales" contract:"nonnull"`
	LocaleConfigs map[string]LocaleConfig `yaml:"localeConfigs" json:"localeConfigs" contract:"nonnull"`
	// Path is the translations' folder in the site folder, "i18n" by default.
	Path string `yaml:"path" json:"-"`
	// CurrentLocale is the locale this build is of; empty for the default
	// locale's build, so that a site with one locale writes what it always has.
	CurrentLocale string `yaml:"-" json:"currentLocale,omitempty"`
}

// Current is the locale the build is of.
func (i I18n) Current() string {
	if i.CurrentLocale != "" {
		return i.CurrentLocale
	}
	return i.DefaultLocale
}

// LocaleConfig describes one locale.
type LocaleConfig struct {
	Label     string `yaml:"label" json:"label"`
	HTMLLang  string `yaml:"htmlLang" json:"htmlLang"`
	Direction string `yaml:"direction" json:"direction"`
	// Path is the locale's folder under I18n.Path (its name by default);
	// as in Docusaurus 3, it does not change the locale's URLs, which are
	// under /<locale>/.
	Path string `yaml:"path" json:"path"`
}

// DefaultDocsID is the id of the docs instance the docs key configures,
// as Docusaurus names the docs plugin's default instance.
const DefaultDocsID = "default"

// Docs configures one docs instance (Docusaurus's docs plugin).
type Docs struct {
	// ID names the instance: navbar items name it as docsPluginId, and a
	// versioned instance other than the default keeps its versions in
	// <id>_versions.json, <id>_versioned_docs/ and <id>_versioned_sidebars/.
	// "default" for the docs key, unless it says otherwise.
	ID            string `yaml:"id" json:"-"`
	Path          string `yaml:"path" json:"-"`
	RouteBasePath string `yaml:"routeBasePath" json:"routeBasePath"`
	SidebarPath   string `yaml:"sidebarPath" json:"-"`
	// Include and Exclude choose the docs folder's files, as globs of their
	// paths in the folder (Docusaurus's include and exclude options; their
	// defaults are DefaultDocsInclude and DefaultDocsExclude).
	Include []string `yaml:"include" json:"-"`
	Exclude []string `yaml:"exclude" json:"-"`
	// LastVersion names the version served at the docs root; "current" by default.
	LastVersion           string                   `yaml:"lastVersion" json:"lastVersion"`
	IncludeCurrentVersion *bool                    `yaml:"includeCurrentVersion" json:"-"`
	Versions              map[string]VersionConfig `yaml:"versions" json:"-"`
	EditURL               string                   `yaml:"editUrl" json:"-"`
	Breadcrumbs           *bool                    `yaml:"breadcrumbs" json:"breadcrumbs"`
	SidebarCollapsible    *bool                    `yaml:"sidebarCollapsible" json:"-"`
	SidebarCollapsed      *bool                    `yaml:"sidebarCollapsed" json:"-"`
	ShowLastUpdateTime    bool                     `yaml:"showLastUpdateTime" json:"showLastUpdateTime"`
	ShowLastUpdateAuthor  bool                     `yaml:"showLastUpdateAuthor" json:"showLastUpdateAuthor"`
	// Line locates the instance in the config file (0 for the docs key).
	Line int `yaml:"-" json:"-"`
}

// UnmarshalYAML records the instance's line.
func (d *Docs) UnmarshalYAML(node *yaml.Node) error {
	type plain Docs
	if err := node.Decode((*plain)(d)); err != nil {
		return err
	}
	d.Line = node.Line
	return nil
}

// Docusaurus's defaults for a docs folder's include and exclude: Markdown
// files, but not partials (_file.md, _folder/), tests or their folders.
var (
	DefaultDocsInclude = []string{"**/*.{md,mdx}"}
	DefaultDocsExclude = []string{"**/_*.{js,jsx,ts,tsx,md,mdx}", "**/_*/**", "**/*.test.{js,jsx,ts,tsx}", "**/__tests__/**"}
)

// Reads reports whether the docs folder's file at rel (its path in the
// folder) is a doc: include matches it and exclude does not, each its
// default when the config gives none.
func (d *Docs) Reads(rel string) bool {
	include, exclude := d.Include, d.Exclude
	if include == nil {
		include = DefaultDocsInclude
	}
	if exclude == nil {
		exclude = DefaultDocsExclude
	}
	return anyGlobMatches(include, rel) && !anyGlobMatches(exclude, rel)
}

// anyGlobMatches reports whether a glob matches rel; an invalid glob (the
// config's error) matches nothing.
func anyGlobMatches(globs []string, rel string) bool {
	for _, g := range globs {
		if globMatches(g, rel) {
			return true
		}
	}
	return false
}

// globMatches matches as Docusaurus's globbing (picomatch) does: a glob
// ending "/**" matches what is inside a folder the rest names, never a
// file of that name itself (where doublestar would match "_note.md" with
// "**/_*/**").
func globMatches(glob, rel string) bool {
	folder, inside := strings.CutSuffix(glob, "/**")
	if !inside {
		ok, _ := doublestar.Match(glob, rel)
		return ok
	}
	for dir := path.Dir(rel); dir != "." && dir != "/"; dir = path.Dir(dir) {
		if ok, _ := doublestar.Match(folder, dir); ok {
			return true
		}
	}
	return false
}

// IsDefault reports whether this is the default docs instance, whose
// versions files have no id prefix.
func (d *Docs) IsDefault() bool { return d.ID == DefaultDocsID }

// AllDocs is every docs instance: the docs key's first, then
// docsInstances in order.
func (s *Site) AllDocs() []*Docs {
	out := make([]*Docs, 0, 1+len(s.DocsInstances))
	out = append(out, &s.Docs)
	for i := range s.DocsInstances {
		out = append(out, &s.DocsInstances[i])
	}
	return out
}

// VersionConfig overrides one docs version's label, path or banner.
type VersionConfig struct {
	Label  string `yaml:"label" json:"label"`
	Path   string `yaml:"path" json:"path"`
	Banner string `yaml:"banner" json:"banner"`
}

// Pages configures standalone pages.
type Pages struct {
	Path string `yaml:"path"`
}

// Blog configures the blog, with the blog plugin's option names and
// defaults (Docusaurus 3.8).
type Blog struct {
	// Path is the posts' folder, "blog" by default; a site without it has
	// no blog.
	Path          string `yaml:"path"`
	RouteBasePath string `yaml:"routeBasePath"`
	// Include and Exclude choose the folder's files, as the docs' do.
	Include          []string `yaml:"include"`
	Exclude          []string `yaml:"exclude"`
	BlogTitle        string   `yaml:"blogTitle"`
	BlogDescription  string   `yaml:"blogDescription"`
	BlogSidebarTitle string   `yaml:"blogSidebarTitle"`
	// BlogSidebarCount is how many recent posts the sidebar lists; 0
	// hides it, -1 lists every post (Docusaurus's "ALL").
	BlogSidebarCount *int `yaml:"blogSidebarCount"`
	// PostsPerPage is how many posts a list page holds; -1 puts every
	// post on one page (Docusaurus's "ALL").
	PostsPerPage    int    `yaml:"postsPerPage"`
	ShowReadingTime *bool  `yaml:"showReadingTime"`
	AuthorsMapPath  string `yaml:"authorsMapPath"`
	// Tags is the tags file in the blog folder; "false" reads none.
	Tags    string `yaml:"tags"`
	EditURL string `yaml:"editUrl"`
	// ArchiveBasePath and TagsBasePath are the archive's and the tag
	// pages' routes under the blog's.
	ArchiveBasePath string   `yaml:"archiveBasePath"`
	TagsBasePath    string   `yaml:"tagsBasePath"`
	PageBasePath    string   `yaml:"pageBasePath"`
	AuthorsBasePath string   `yaml:"authorsBasePath"`
	Feed            BlogFeed `yaml:"feedOptions"`
	// Off is set for a Docusaurus site whose config adds no blog: its
	// blog folder is not read.
	Off bool `yaml:"-"`
}

// Blog feed types, as feedOptions.type names them.
const (
	FeedRSS  = "rss"
	FeedAtom = "atom"
	FeedJSON = "json"
)

// BlogFeed is the blog's feedOptions.
type BlogFeed struct {
	// Type lists the feeds written: rss, atom and json by default
	// (Docusaurus's "all"); an empty list writes none.
	Type        []string `yaml:"type"`
	Title       string   `yaml:"title"`
	Description string   `yaml:"description"`
	Copyright   string   `yaml:"copyright"`
	Language    string   `yaml:"language"`
	// Limit is how many posts a feed holds, 20 by default; -1 for all.
	Limit int `yaml:"limit"`
}

// Reads reports whether the blog folder's file at rel is a post: its
// include and exclude, Docusaurus's defaults when unset (Markdown files,
// not partials).
func (b *Blog) Reads(rel string) bool {
	include, exclude := b.Include, b.Exclude
	if include == nil {
		include = DefaultDocsInclude
	}
	if exclude == nil {
		exclude = DefaultDocsExclude
	}
	return anyGlobMatches(include, rel) && !anyGlobMatches(exclude, rel)
}

// Redirect is a config redirect; Line locates it in portal.yaml.
type Redirect struct {
	From string `yaml:"from"`
	To   string `yaml:"to"`
	Line int    `yaml:"-"`
}

// Theme is themeConfig.
type Theme struct {
	ColorMode       ColorMode        `yaml:"colorMode" json:"colorMode"`
	AnnouncementBar *AnnouncementBar `yaml:"announcementBar" json:"announcementBar,omitempty"`
	Navbar          Navbar           `yaml:"navbar" json:"navbar"`
	Footer          *Footer          `yaml:"footer" json:"footer,omitempty"`
	Docs            ThemeDocs        `yaml:"docs" json:"docs"`
	TableOfContents TableOfContents  `yaml:"tableOfContents" json:"tableOfContents"`
	Mermaid         Mermaid          `yaml:"mermaid" json:"mermaid"`
	Image           string           `yaml:"image" json:"image,omitempty"`
	Metadata        []Metadata       `yaml:"metadata" json:"metadata,omitempty"`
	// Search turns on the built-in search without a navbar search item
	// (the search bar then ends the navbar, as Docusaurus places a search
	// theme's), and can add a search page.
	Search *ThemeSearch `yaml:"search" json:"-"`
}

// ThemeSearch is themeConfig.search.
type ThemeSearch struct {
	// PagePath is the search page's path under the base URL ("search"
	// gives /search); "" builds no search page.
	PagePath string `yaml:"pagePath"`
}

// Metadata is an extra <meta> tag emitted on every page.
type Metadata struct {
	Name     string `yaml:"name" json:"name,omitempty"`
	Property string `yaml:"property" json:"property,omitempty"`
	Content  string `yaml:"content" json:"content"`
}

// ColorMode is themeConfig.colorMode.
type ColorMode struct {
	DefaultMode               string `yaml:"defaultMode" json:"defaultMode"`
	DisableSwitch             bool   `yaml:"disableSwitch" json:"disableSwitch"`
	RespectPrefersColorScheme bool   `yaml:"respectPrefersColorScheme" json:"respectPrefersColorScheme"`
}

// AnnouncementBar is themeConfig.announcementBar; Content is HTML.
type AnnouncementBar struct {
	ID              string `yaml:"id" json:"id"`
	Content         string `yaml:"content" json:"content"`
	BackgroundColor string `yaml:"backgroundColor" json:"backgroundColor"`
	TextColor       string `yaml:"textColor" json:"textColor"`
	// IsCloseable is true unless the config says false (a default the
	// config applies; null in the theme's data only if it did not).
	IsCloseable *bool `yaml:"isCloseable" json:"isCloseable"`
}

// Logo is a navbar or footer logo.
type Logo struct {
	Alt       string `yaml:"alt" json:"alt"`
	Src       string `yaml:"src" json:"src"`
	SrcDark   string `yaml:"srcDark" json:"srcDark,omitempty"`
	Href      string `yaml:"href" json:"href,omitempty"`
	Target    string `yaml:"target" json:"target,omitempty"`
	Width     int    `yaml:"width" json:"width,omitempty"`
	Height    int    `yaml:"height" json:"height,omitempty"`
	ClassName string `yaml:"className" json:"className,omitempty"`
}

// Navbar is themeConfig.navbar.
type Navbar struct {
	Title        string `yaml:"title" json:"title,omitempty"`
	Logo         *Logo  `yaml:"logo" json:"logo,omitempty"`
	HideOnScroll bool   `yaml:"hideOnScroll" json:"hideOnScroll"`
	Style        string `yaml:"style" json:"style,omitempty"`
	// Items go to the theme resolved (themedata.SiteData.Navbar), not as
	// the config writes them.
	Items []NavbarItem `yaml:"items" json:"-"`
}

// The nine navbar item types of the spec, with Docusaurus's type names.
const (
	NavDefault             = "default"
	NavDropdown            = "dropdown"
	NavLocaleDropdown      = "localeDropdown"
	NavSearch              = "search"
	NavHTML                = "html"
	NavDoc                 = "doc"
	NavDocSidebar          = "docSidebar"
	NavDocsVersion         = "docsVersion"
	NavDocsVersionDropdown = "docsVersionDropdown"
)

// NavbarItemTypes lists the valid navbar item types.
var NavbarItemTypes = []string{NavDefault, NavDropdown, NavLocaleDropdown, NavSearch, NavHTML,
	NavDoc, NavDocSidebar, NavDocsVersion, NavDocsVersionDropdown}

// NavbarItem is one navbar item of any type. Fields that a type does not use
// stay empty. Line locates the item in portal.yaml for diagnostics.
type NavbarItem struct {
	Type                        string       `yaml:"type" json:"type"`
	Position                    string       `yaml:"position" json:"position,omitempty"`
	Label                       string       `yaml:"label" json:"label,omitempty"`
	HTML                        string       `yaml:"html" json:"html,omitempty"`
	To                          string       `yaml:"to" json:"to,omitempty"`
	Href                        string       `yaml:"href" json:"href,omitempty"`
	PrependBaseURLToHref        bool         `yaml:"prependBaseUrlToHref" json:"prependBaseUrlToHref,omitempty"`
	ActiveBasePath              string       `yaml:"activeBasePath" json:"activeBasePath,omitempty"`
	ActiveBaseRegex             string       `yaml:"activeBaseRegex" json:"activeBaseRegex,omitempty"`
	Items                       []NavbarItem `yaml:"items" json:"items,omitempty"`
	ClassName                   string       `yaml:"className" json:"className,omitempty"`
	Target                      string       `yaml:"target" json:"target,omitempty"`
	Rel                         string       `yaml:"rel" json:"rel,omitempty"`
	AriaLabel                   string       `yaml:"aria-label" json:"aria-label,omitempty"`
	DocID                       string       `yaml:"docId" json:"docId,omitempty"`
	SidebarID                   string       `yaml:"sidebarId" json:"sidebarId,omitempty"`
	DocsPluginID                string       `yaml:"docsPluginId" json:"docsPluginId,omitempty"`
	Value                       string       `yaml:"value" json:"value,omitempty"`
	Versions                    any          `yaml:"versions" json:"versions,omitempty"`
	DropdownItemsBefore         []NavbarItem `yaml:"dropdownItemsBefore" json:"dropdownItemsBefore,omitempty"`
	DropdownItemsAfter          []NavbarItem `yaml:"dropdownItemsAfter" json:"dropdownItemsAfter,omitempty"`
	DropdownActiveClassDisabled bool         `yaml:"dropdownActiveClassDisabled" json:"dropdownActiveClassDisabled,omitempty"`
	QueryString                 string       `yaml:"queryString" json:"queryString,omitempty"`
	Line                        int          `yaml:"-" json:"-"`
}

// Footer is themeConfig.footer.
type Footer struct {
	Style     string        `yaml:"style" json:"style"`
	Links     []FooterGroup `yaml:"links" json:"links" contract:"nonnull"`
	Logo      *Logo         `yaml:"logo" json:"logo,omitempty"`
	Copyright string        `yaml:"copyright" json:"copyright,omitempty"`
}

// FooterGroup is one titled column of footer links.
type FooterGroup struct {
	Title string       `yaml:"title" json:"title"`
	Items []FooterLink `yaml:"items" json:"items" contract:"nonnull"`
}

// FooterLink is a footer link: to (internal), href (external) or raw html.
type FooterLink struct {
	Label string `yaml:"label" json:"label,omitempty"`
	To    string `yaml:"to" json:"to,omitempty"`
	Href  string `yaml:"href" json:"href,omitempty"`
	HTML  string `yaml:"html" json:"html,omitempty"`
	Line  int    `yaml:"-" json:"-"`
}

// ThemeDocs is themeConfig.docs.
type ThemeDocs struct {
	VersionPersistence string      `yaml:"versionPersistence" json:"versionPersistence"`
	Sidebar            SidebarConf `yaml:"sidebar" json:"sidebar"`
}

// SidebarConf is themeConfig.docs.sidebar.
type SidebarConf struct {
	Hideable               bool `yaml:"hideable" json:"hideable"`
	AutoCollapseCategories bool `yaml:"autoCollapseCategories" json:"autoCollapseCategories"`
}

// TableOfContents is themeConfig.tableOfContents.
type TableOfContents struct {
	MinHeadingLevel int `yaml:"minHeadingLevel" json:"minHeadingLevel"`
	MaxHeadingLevel int `yaml:"maxHeadingLevel" json:"maxHeadingLevel"`
}

// Mermaid is themeConfig.mermaid.
type Mermaid struct {
	Theme MermaidTheme `yaml:"theme" json:"theme"`
}

// MermaidTheme names the diagram theme per colour mode.
type MermaidTheme struct {
	Light string `yaml:"light" json:"light"`
	Dark  string `yaml:"dark" json:"dark"`
}

// FromDocusaurus reports whether the config is a Docusaurus site's
// (docusaurus.config.*), whose content Portal reads as Docusaurus does
// where the two differ.
func (s *Site) FromDocusaurus() bool {
	return strings.HasPrefix(path.Base(s.File), "docusaurus.config.")
}

// OutsideFolders are the folders the config names outside the site folder
// (paths that begin "../"), each once, in config order: a docs folder kept
// beside the website folder, as Docusaurus sites often do, and the folders
// of sidebars files, pages and static files given so.
func (s *Site) OutsideFolders() []string {
	var out []string
	add := func(p string, isFile bool) {
		p = path.Clean(p)
		if isFile {
			p = path.Dir(p)
		}
		if strings.HasPrefix(p, "../") && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for _, d := range s.AllDocs() {
		add(d.Path, false)
		if d.SidebarPath != "" && d.SidebarPath != "false" {
			add(d.SidebarPath, true)
		}
	}
	add(s.Pages.Path, false)
	add(s.Blog.Path, false)
	for _, dir := range s.StaticDirectories {
		add(dir, false)
	}
	return out
}

// RouteForm is the one place the shape of the site's routes is decided:
// Docusaurus's trailingSlash (docusaurus-behaviour.md §2.3). A Docusaurus
// site without the key writes each path as its content does (/docs/x, an
// index doc /docs/guide/); a portal.yaml site without it keeps Portal's
// own rule, a trailing slash on every route.
func (s *Site) RouteForm() route.Form {
	slash := route.SlashAlways
	switch {
	case s.TrailingSlash != nil && !*s.TrailingSlash:
		slash = route.SlashNever
	case s.TrailingSlash == nil && s.FromDocusaurus():
		slash = route.SlashAsWritten
	}
	return route.Form{Slash: slash, BaseURL: s.BaseURL}
}
