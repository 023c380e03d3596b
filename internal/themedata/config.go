package themedata

// These are the parts of the site config the theme reads, as the engine
// writes them into the site data once it has applied the defaults.

// I18n carries the locales. The portal is English only, but routes and head
// links are modelled per locale so alternates and canonicals are right.
type I18n struct {
	DefaultLocale string                  `json:"defaultLocale"`
	Locales       []string                `json:"locales" contract:"nonnull"`
	LocaleConfigs map[string]LocaleConfig `json:"localeConfigs" contract:"nonnull"`
}

// LocaleConfig describes one locale.
type LocaleConfig struct {
	Label     string `json:"label"`
	HTMLLang  string `json:"htmlLang"`
	Direction string `json:"direction"`
	Path      string `json:"path"`
}

// Theme is themeConfig.
type Theme struct {
	ColorMode       ColorMode        `json:"colorMode"`
	AnnouncementBar *AnnouncementBar `json:"announcementBar,omitempty"`
	Navbar          Navbar           `json:"navbar"`
	Footer          *Footer          `json:"footer,omitempty"`
	Docs            ThemeDocs        `json:"docs"`
	TableOfContents TableOfContents  `json:"tableOfContents"`
	Mermaid         Mermaid          `json:"mermaid"`
	Image           string           `json:"image,omitempty"`
	Metadata        []Metadata       `json:"metadata,omitempty"`
}

// Metadata is an extra <meta> tag emitted on every page.
type Metadata struct {
	Name     string `json:"name,omitempty"`
	Property string `json:"property,omitempty"`
	Content  string `json:"content"`
}

// ColorMode is themeConfig.colorMode.
type ColorMode struct {
	DefaultMode               string `json:"defaultMode"`
	DisableSwitch             bool   `json:"disableSwitch"`
	RespectPrefersColorScheme bool   `json:"respectPrefersColorScheme"`
}

// AnnouncementBar is themeConfig.announcementBar; Content is HTML.
type AnnouncementBar struct {
	ID              string `json:"id"`
	Content         string `json:"content"`
	BackgroundColor string `json:"backgroundColor"`
	TextColor       string `json:"textColor"`
	// IsCloseable is null when the config leaves it to the default (true).
	IsCloseable *bool `json:"isCloseable"`
}

// Logo is a navbar or footer logo.
type Logo struct {
	Alt       string `json:"alt"`
	Src       string `json:"src"`
	SrcDark   string `json:"srcDark,omitempty"`
	Href      string `json:"href,omitempty"`
	Target    string `json:"target,omitempty"`
	Width     int    `json:"width,omitempty"`
	Height    int    `json:"height,omitempty"`
	ClassName string `json:"className,omitempty"`
}

// Navbar is themeConfig.navbar; its items are SiteData.Navbar, resolved.
type Navbar struct {
	Title        string `json:"title,omitempty"`
	Logo         *Logo  `json:"logo,omitempty"`
	HideOnScroll bool   `json:"hideOnScroll"`
	Style        string `json:"style,omitempty"`
}

// Footer is themeConfig.footer.
type Footer struct {
	Style     string        `json:"style"`
	Links     []FooterGroup `json:"links" contract:"nonnull"`
	Logo      *Logo         `json:"logo,omitempty"`
	Copyright string        `json:"copyright,omitempty"`
}

// FooterGroup is one titled column of footer links.
type FooterGroup struct {
	Title string       `json:"title"`
	Items []FooterLink `json:"items" contract:"nonnull"`
}

// FooterLink is a footer link: to (internal), href (external) or raw html.
type FooterLink struct {
	Label string `json:"label,omitempty"`
	To    string `json:"to,omitempty"`
	Href  string `json:"href,omitempty"`
	HTML  string `json:"html,omitempty"`
}

// ThemeDocs is themeConfig.docs.
type ThemeDocs struct {
	VersionPersistence string      `json:"versionPersistence"`
	Sidebar            SidebarConf `json:"sidebar"`
}

// SidebarConf is themeConfig.docs.sidebar.
type SidebarConf struct {
	Hideable               bool `json:"hideable"`
	AutoCollapseCategories bool `json:"autoCollapseCategories"`
}

// TableOfContents is themeConfig.tableOfContents.
type TableOfContents struct {
	MinHeadingLevel int `json:"minHeadingLevel"`
	MaxHeadingLevel int `json:"maxHeadingLevel"`
}

// Mermaid is themeConfig.mermaid.
type Mermaid struct {
	Theme MermaidTheme `json:"theme"`
}

// MermaidTheme names the diagram theme per colour mode.
type MermaidTheme struct {
	Light string `json:"light"`
	Dark  string `json:"dark"`
}
