package config

import (
	"fmt"
	"path"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/yamlx"
	"gopkg.in/yaml.v3"
)

// Parse reads portal.yaml's bytes into a Site with defaults applied. file is
// the site-relative name used in diagnostics. It reports every problem it
// finds (unknown keys with the nearest valid key, wrong types, invalid
// values), not just the first; the Site is nil only when the YAML itself
// cannot be parsed.
func Parse(file string, data []byte) (*Site, []diag.Diagnostic) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, yamlx.Errors(file, err, 0)
	}
	if len(root.Content) == 0 {
		return nil, []diag.Diagnostic{{File: file, Line: 1, Message: "the config file is empty",
			Hint: "set at least title, url and baseUrl"}}
	}
	return ParseNode(file, root.Content[0])
}

// ParseNode is Parse for a config already read into a YAML node, such as
// the object a docusaurus.config.ts evaluates to; the nodes' lines locate
// the diagnostics in file.
func ParseNode(file string, doc *yaml.Node) (*Site, []diag.Diagnostic) {
	diags := yamlx.CheckKeys(file, doc, &Site{}, renamedKeys)
	site := &Site{}
	if err := doc.Decode(site); err != nil {
		diags = append(diags, yamlx.Errors(file, err, 0)...)
	}
	site.File = file
	site.applyDefaults()
	diags = append(diags, site.validate(file, doc)...)
	return site, diags
}

// renamedKeys are Docusaurus keys that were removed or renamed; authors who
// carry an old config over get the new name instead of a guess.
var renamedKeys = map[string]string{
	"themeConfig.disableDarkMode":               "themeConfig.colorMode.disableSwitch",
	"themeConfig.defaultDarkMode":               `themeConfig.colorMode.defaultMode: "dark"`,
	"themeConfig.navbar.links":                  "themeConfig.navbar.items",
	"themeConfig.hideableSidebar":               "themeConfig.docs.sidebar.hideable",
	"themeConfig.autoCollapseSidebarCategories": "themeConfig.docs.sidebar.autoCollapseCategories",
	"themeConfig.sidebarCollapsible":            "docs.sidebarCollapsible",
	"themeConfig.metadatas":                     "themeConfig.metadata",
	"themeConfig.colorMode.switchConfig":        "a swizzled ColorModeToggle (switchConfig is deprecated)",
}

// UnmarshalYAML records where the item is, so that errors found later (a doc
// id that does not exist, say) can point at the line.
func (n *NavbarItem) UnmarshalYAML(node *yaml.Node) error {
	type plain NavbarItem
	if err := node.Decode((*plain)(n)); err != nil {
		return err
	}
	n.Line = node.Line
	return nil
}

// UnmarshalYAML records the link's line for the broken-link check.
func (l *FooterLink) UnmarshalYAML(node *yaml.Node) error {
	type plain FooterLink
	if err := node.Decode((*plain)(l)); err != nil {
		return err
	}
	l.Line = node.Line
	return nil
}

// UnmarshalYAML records the redirect's line.
func (r *Redirect) UnmarshalYAML(node *yaml.Node) error {
	type plain Redirect
	if err := node.Decode((*plain)(r)); err != nil {
		return err
	}
	r.Line = node.Line
	return nil
}

func boolPtr(b bool) *bool { return &b }

// applyDefaults fills what the author left out with the spec's defaults
// (spec section 9; behaviour reference section 1).
func (s *Site) applyDefaults() {
	s.BaseURL = normalizeBaseURL(s.BaseURL)
	s.URL = strings.TrimSuffix(s.URL, "/")
	setDefault(&s.TitleDelimiter, "|")
	if s.BaseURLIssueBanner == nil {
		s.BaseURLIssueBanner = boolPtr(true)
	}
	setLevel(&s.OnBrokenLinks, LevelThrow)
	setLevel(&s.OnBrokenAnchors, LevelWarn)
	setLevel(&s.OnBrokenMarkdownLinks, LevelWarn)
	setLevel(&s.OnDuplicateRoutes, LevelWarn)
	s.I18n.applyDefaults()
	s.Docs.applyDefaults(DefaultDocsID, "docs", "sidebars.yaml")
	for i := range s.DocsInstances {
		// A further instance's folder and routes are named after it unless
		// it says otherwise, so that two instances never share them by default.
		d := &s.DocsInstances[i]
		d.applyDefaults("", d.ID, "sidebars-"+d.ID+".yaml")
	}
	setDefault(&s.Pages.Path, "pages")
	s.Blog.applyDefaults()
	setDefault(&s.Markdown.Format, MarkdownDetect)
	if len(s.StaticDirectories) == 0 {
		s.StaticDirectories = []string{"static"}
	}
	s.ThemeConfig.applyDefaults()
	s.FHIR.applyDefaults()
}

func (i *I18n) applyDefaults() {
	setDefault(&i.DefaultLocale, "en")
	setDefault(&i.Path, "i18n")
	if len(i.Locales) == 0 {
		i.Locales = []string{i.DefaultLocale}
	}
	if i.LocaleConfigs == nil {
		i.LocaleConfigs = map[string]LocaleConfig{}
	}
	for _, loc := range i.Locales {
		lc := i.LocaleConfigs[loc]
		setDefault(&lc.Label, localeLabel(loc))
		setDefault(&lc.HTMLLang, loc)
		setDefault(&lc.Direction, "ltr")
		if lc.Path == "" {
			lc.Path = loc
		}
		i.LocaleConfigs[loc] = lc
	}
}

func localeLabel(loc string) string {
	if loc == "en" {
		return "English"
	}
	return loc
}

func (d *Docs) applyDefaults(id, folder, sidebars string) {
	setDefault(&d.ID, id)
	setDefault(&d.Path, folder)
	// "./pnpr-docs" names the folder "pnpr-docs" in Node.js; a file system path must not start with "./".
	d.Path = path.Clean(d.Path)
	setDefault(&d.RouteBasePath, folder)
	d.RouteBasePath = strings.Trim(d.RouteBasePath, "/")
	setDefault(&d.SidebarPath, sidebars)
	if d.Breadcrumbs == nil {
		d.Breadcrumbs = boolPtr(true)
	}
	if d.IncludeCurrentVersion == nil {
		d.IncludeCurrentVersion = boolPtr(true)
	}
	if d.SidebarCollapsible == nil {
		d.SidebarCollapsible = boolPtr(true)
	}
	if d.SidebarCollapsed == nil {
		// Docusaurus: sidebarCollapsible:false with sidebarCollapsed unset makes categories open.
		d.SidebarCollapsed = boolPtr(*d.SidebarCollapsible)
	}
}

// applyDefaults gives the blog the blog plugin's defaults.
func (b *Blog) applyDefaults() {
	setDefault(&b.Path, "blog")
	setDefault(&b.RouteBasePath, "blog")
	b.RouteBasePath = strings.Trim(b.RouteBasePath, "/")
	setDefault(&b.BlogTitle, "Blog")
	setDefault(&b.BlogDescription, "Blog")
	setDefault(&b.BlogSidebarTitle, "Recent posts")
	if b.BlogSidebarCount == nil {
		five := 5
		b.BlogSidebarCount = &five
	}
	setDefaultInt(&b.PostsPerPage, 10)
	if b.ShowReadingTime == nil {
		b.ShowReadingTime = boolPtr(true)
	}
	setDefault(&b.AuthorsMapPath, "authors.yml")
	setDefault(&b.Tags, "tags.yml")
	setDefault(&b.ArchiveBasePath, "archive")
	setDefault(&b.TagsBasePath, "tags")
	setDefault(&b.PageBasePath, "page")
	setDefault(&b.AuthorsBasePath, "authors")
	if b.Feed.Type == nil {
		b.Feed.Type = []string{FeedRSS, FeedAtom, FeedJSON}
	}
	setDefaultInt(&b.Feed.Limit, 20)
}

func (t *Theme) applyDefaults() {
	setDefault(&t.ColorMode.DefaultMode, "light")
	if t.AnnouncementBar != nil {
		setDefault(&t.AnnouncementBar.ID, "announcement-bar")
		if t.AnnouncementBar.IsCloseable == nil {
			t.AnnouncementBar.IsCloseable = boolPtr(true)
		}
	}
	if t.Navbar.Logo != nil {
		setDefaultInt(&t.Navbar.Logo.Width, 55)
		setDefaultInt(&t.Navbar.Logo.Height, 50)
	}
	for i := range t.Navbar.Items {
		applyNavbarItemDefaults(&t.Navbar.Items[i], true)
	}
	if t.Footer != nil {
		setDefault(&t.Footer.Style, "light")
		// The theme reads the footer's lists as given, never null.
		if t.Footer.Links == nil {
			t.Footer.Links = []FooterGroup{}
		}
		for i := range t.Footer.Links {
			if t.Footer.Links[i].Items == nil {
				t.Footer.Links[i].Items = []FooterLink{}
			}
		}
		if t.Footer.Logo != nil {
			setDefaultInt(&t.Footer.Logo.Width, 350)
			setDefaultInt(&t.Footer.Logo.Height, 60)
		}
	}
	setDefault(&t.Docs.VersionPersistence, "localStorage")
	setDefaultInt(&t.TableOfContents.MinHeadingLevel, 2)
	setDefaultInt(&t.TableOfContents.MaxHeadingLevel, 3)
	setDefault(&t.Mermaid.Theme.Light, "neutral")
	setDefault(&t.Mermaid.Theme.Dark, "dark")
}

// applyNavbarItemDefaults resolves the item type the way Docusaurus does (no
// type: dropdown when it has items, else default) and, for top-level items,
// the position (the spec's default is right).
func applyNavbarItemDefaults(item *NavbarItem, topLevel bool) {
	if item.Type == "" {
		item.Type = NavDefault
	}
	if item.Type == NavDefault && len(item.Items) > 0 {
		item.Type = NavDropdown
	}
	if topLevel && item.Position == "" {
		item.Position = "right"
	}
	for i := range item.Items {
		applyNavbarItemDefaults(&item.Items[i], false)
	}
}

func normalizeBaseURL(b string) string {
	if b == "" {
		return ""
	}
	if !strings.HasPrefix(b, "/") {
		b = "/" + b
	}
	if !strings.HasSuffix(b, "/") {
		b += "/"
	}
	return b
}

func setDefault(s *string, v string) {
	if *s == "" {
		*s = v
	}
}

func setDefaultInt(n *int, v int) {
	if *n == 0 {
		*n = v
	}
}

func setLevel(l *Level, v Level) {
	if *l == "" {
		*l = v
	}
}

func errAt(file string, line int, hint, format string, args ...any) diag.Diagnostic {
	return diag.Diagnostic{File: file, Line: line, Severity: diag.Error, Message: fmt.Sprintf(format, args...), Hint: hint}
}
