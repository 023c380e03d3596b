// Package docusaurus reads a Docusaurus site's own files as they are: its
// docusaurus.config.* and sidebars.js/ts are bundled with esbuild and
// evaluated in QuickJS with no file system or network, and the config's
// object is mapped onto Portal's config model, with one located warning
// for each plugin, theme or key Portal skips.
package docusaurus

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"gopkg.in/yaml.v3"
)

// ConfigFiles are the config file names Docusaurus looks for, in its order.
var ConfigFiles = []string{
	"docusaurus.config.ts", "docusaurus.config.mts", "docusaurus.config.cts",
	"docusaurus.config.js", "docusaurus.config.mjs", "docusaurus.config.cjs",
}

// FindConfig returns the Docusaurus config file at the root of site.
func FindConfig(site fs.FS) (string, bool) {
	for _, name := range ConfigFiles {
		if info, err := fs.Stat(site, name); err == nil && !info.IsDir() {
			return name, true
		}
	}
	return "", false
}

// IsScript reports whether a sidebars file is JavaScript or TypeScript,
// which LoadSidebars evaluates, rather than JSON or YAML.
func IsScript(file string) bool {
	_, ok := loaders[strings.ToLower(path.Ext(file))]
	return ok && !strings.EqualFold(path.Ext(file), ".json")
}

// Options control how Docusaurus files are evaluated.
type Options struct {
	// Env is process.env as the files see it; empty unless the user passed
	// --env, so a build never depends on the machine's environment.
	Env Env
}

// LoadSidebars evaluates a sidebars.js/ts file and returns the exported
// object, ready for the sidebar package to resolve.
func LoadSidebars(ctx context.Context, site fs.FS, file string, opts Options) (*yaml.Node, []diag.Diagnostic) {
	return evaluate(ctx, site, file, opts.Env)
}

// LoadConfig evaluates a docusaurus.config.* file and maps the object it
// exports onto Portal's config model. Everything Docusaurus accepts is
// either mapped, accepted as having no effect on the built site (deployment
// settings, custom fields, future flags), or reported once as a warning that
// names it and what is skipped; only what Docusaurus itself rejects is an
// error.
func LoadConfig(ctx context.Context, site fs.FS, file string, opts Options) (*config.Site, []diag.Diagnostic) {
	doc, diags := evaluate(ctx, site, file, opts.Env)
	if doc == nil {
		return nil, diags
	}
	if doc.Kind != yaml.MappingNode {
		return nil, append(diags, diag.Diagnostic{File: file, Severity: diag.Error,
			Message: "the config must export an object", Hint: "export default {title: …, url: …, baseUrl: …}"})
	}
	m := &mapper{file: file, site: site, out: mapping(doc)}
	m.mapTop(doc)
	cfg, ds := config.ParseNode(file, m.out)
	for i := range ds {
		ds[i] = tolerateThemeKeys(ds[i])
	}
	diags = append(diags, m.diags...)
	diags = append(diags, ds...)
	if cfg != nil {
		cfg.OutOfScope = m.outOfScope(cfg.BaseURL)
		// Docusaurus has a blog only where the preset or a plugin adds one.
		cfg.Blog.Off = !m.blogMapped
	}
	return cfg, diags
}

// tolerateThemeKeys turns an unknown key under themeConfig into a warning:
// Docusaurus accepts any key there (themes and plugins add their own).
func tolerateThemeKeys(d diag.Diagnostic) diag.Diagnostic {
	rest, ok := strings.CutPrefix(d.Message, "unknown key ")
	if !ok || !strings.Contains(rest, " in themeConfig") {
		return d
	}
	key, where, _ := strings.Cut(rest, " in ")
	d.Severity = diag.Warning
	d.Message = fmt.Sprintf("%s.%s is not used by Portal's theme; skipped", where, strings.Trim(key, `"`))
	d.Hint = ""
	return d
}

// mapper builds the portal-shaped config node from the Docusaurus object.
type mapper struct {
	file  string
	site  fs.FS
	out   *yaml.Node
	diags []diag.Diagnostic
	// blogMapped says the blog key is set; skippedBlogs are the routes of
	// further blogs; then the docs/pages settings found while mapping.
	blogMapped   bool
	skippedBlogs []string
	pagesPath    string
	pagesRoute   string
	pagesOff     bool
}

func mapping(like *yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: like.Line, Column: like.Column}
}

func scalar(value string, like *yaml.Node) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: value}
	if like != nil {
		n.Line, n.Column = like.Line, like.Column
	}
	return n
}

// set puts key: value in the mapping m, replacing an earlier value.
func set(m *yaml.Node, key string, value *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content[i+1] = value
			return
		}
	}
	m.Content = append(m.Content, scalar(key, value), value)
}

// child returns the mapping under key in m, creating it.
func child(m *yaml.Node, key string, like *yaml.Node) *yaml.Node {
	if v := valueOf(m, key); v != nil && v.Kind == yaml.MappingNode {
		return v
	}
	v := mapping(like)
	set(m, key, v)
	return v
}

func valueOf(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func pairs(m *yaml.Node, fn func(key, value *yaml.Node)) {
	if m == nil || m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		fn(m.Content[i], m.Content[i+1])
	}
}

func (m *mapper) warn(at *yaml.Node, hint, format string, args ...any) {
	d := diag.Diagnostic{File: m.file, Severity: diag.Warning, Message: fmt.Sprintf(format, args...), Hint: hint}
	if at != nil {
		d.Line, d.Col = at.Line, at.Column
	}
	m.diags = append(m.diags, d)
}

// isSet reports whether an option has a value that asks for something:
// not null, false, an empty string, list or object.
func isSet(v *yaml.Node) bool {
	switch v.Kind {
	case yaml.ScalarNode:
		return v.Tag != "!!null" && v.Value != "" && v.Value != "false"
	case yaml.SequenceNode, yaml.MappingNode:
		return len(v.Content) > 0
	}
	return true
}

// describe names a value that came from code: a function or a package.
func describe(v *yaml.Node) string {
	if f := valueOf(v, "$function"); f != nil {
		return "function " + f.Value
	}
	if p := valueOf(v, "$package"); p != nil {
		return "a value from the package " + p.Value
	}
	return ""
}

// Top-level keys Docusaurus accepts that Portal copies as they are.
var copiedKeys = map[string]bool{
	"title": true, "tagline": true, "url": true, "baseUrl": true, "trailingSlash": true, "favicon": true,
	"titleDelimiter": true, "noIndex": true, "baseUrlIssueBanner": true, "onBrokenLinks": true,
	"onBrokenAnchors": true, "onBrokenMarkdownLinks": true, "onDuplicateRoutes": true,
	"staticDirectories": true, "customFields": true,
}

// Top-level keys that change nothing in the built site: deployment
// settings (read by docusaurus deploy) and flags for Docusaurus's own build pipeline.
var inertKeys = map[string]bool{
	"organizationName": true, "projectName": true, "deploymentBranch": true, "githubHost": true,
	"githubPort": true, "future": true,
}

// Top-level keys whose effect Portal does not reproduce, with what is skipped.
var skippedKeys = map[string]string{
	"headTags":      "the extra <head> tags are not added",
	"scripts":       "the scripts are not added to the pages",
	"clientModules": "client modules (code run in the browser) are not loaded",
	"ssrTemplate":   "Portal's theme writes its own HTML template",
	"webpack":       "Portal does not use webpack",
}

func (m *mapper) mapTop(doc *yaml.Node) {
	// markdown.format defaults to mdx in Docusaurus 3.
	md := child(m.out, "markdown", doc)
	set(md, "format", scalar(config.MarkdownMDX, nil))
	var presets, plugins, themes *yaml.Node
	pairs(doc, func(k, v *yaml.Node) {
		switch key := k.Value; {
		case copiedKeys[key]:
			set(m.out, key, v)
			m.out.Content[len(m.out.Content)-2] = k
		case inertKeys[key]:
		case skippedKeys[key] != "":
			if isSet(v) {
				m.warn(k, "Portal does not reproduce it", "%s is skipped: %s", key, skippedKeys[key])
			}
		case key == "stylesheets":
			m.mapStylesheets(k, v)
		case key == "i18n":
			m.mapI18n(k, v)
		case key == "markdown":
			m.mapMarkdown(md, v)
		case key == "themeConfig":
			m.mapThemeConfig(k, v)
		case key == "presets":
			presets = v
		case key == "plugins":
			plugins = v
		case key == "themes":
			themes = v
		default:
			// Unknown to Docusaurus too: config.ParseNode reports it.
			m.out.Content = append(m.out.Content, k, v)
		}
	})
	for _, e := range m.entries(presets, "preset") {
		m.mapPreset(e)
	}
	for _, e := range m.entries(themes, "theme") {
		m.mapPlugin(e)
	}
	for _, e := range m.entries(plugins, "plugin") {
		m.mapPlugin(e)
	}
}

func (m *mapper) mapI18n(k, v *yaml.Node) {
	out := child(m.out, "i18n", k)
	pairs(v, func(key, value *yaml.Node) {
		switch key.Value {
		case "defaultLocale", "locales":
			set(out, key.Value, value)
		case "localeConfigs":
			configs := mapping(value)
			pairs(value, func(locale, lc *yaml.Node) {
				c := mapping(lc)
				pairs(lc, func(ck, cv *yaml.Node) {
					switch ck.Value {
					case "label", "htmlLang", "direction", "path":
						set(c, ck.Value, cv)
					case "calendar", "translate":
					default:
						m.warn(ck, "", "i18n.localeConfigs.%s.%s is not used by Portal; skipped", locale.Value, ck.Value)
					}
				})
				set(configs, locale.Value, c)
			})
			set(out, "localeConfigs", configs)
		case "path":
			set(out, key.Value, value)
		default:
			m.warn(key, "", "i18n.%s is not used by Portal; skipped", key.Value)
		}
	})
}

func (m *mapper) mapMarkdown(out, v *yaml.Node) {
	pairs(v, func(key, value *yaml.Node) {
		switch key.Value {
		case "format", "mermaid":
			set(out, key.Value, value)
		case "hooks":
			pairs(value, func(hk, hv *yaml.Node) {
				switch hk.Value {
				case "onBrokenMarkdownLinks":
					if describe(hv) != "" {
						m.warn(hk, `use one of "ignore", "log", "warn" or "throw"`,
							"markdown.hooks.onBrokenMarkdownLinks as a function is skipped; broken Markdown links warn")
						return
					}
					set(m.out, "onBrokenMarkdownLinks", hv)
				case "onBrokenMarkdownImages":
					// Portal checks images as links, at onBrokenLinks' level.
				default:
					m.warn(hk, "", "markdown.hooks.%s is not used by Portal; skipped", hk.Value)
				}
			})
		case "mdx1Compat", "anchors":
			// Portal reads both comment forms and keeps heading text as written.
		default:
			if isSet(value) {
				m.warn(key, "Portal's Markdown pipeline is built in and runs no remark, rehype or custom code",
					"markdown.%s is skipped", key.Value)
			}
		}
	})
}

// Known themeConfig keys of Docusaurus's classic theme and official
// plugins that Portal's theme does not use, with what is skipped.
var skippedThemeKeys = map[string]string{
	"prism":           "code is highlighted with Portal's own light and dark themes",
	"zoom":            "images do not zoom",
	"liveCodeBlock":   "live code blocks are not supported",
	"docsearch":       "Portal has its own built-in search",
	"blog":            "the recent-posts sidebar always groups its posts by year",
	"sidebar":         "",
	"hideableSidebar": "",
}

func (m *mapper) mapThemeConfig(k, v *yaml.Node) {
	if fn := describe(v); fn != "" {
		m.warn(k, "", "themeConfig is %s; skipped", fn)
		return
	}
	out := mapping(v)
	out.Line, out.Column = k.Line, k.Column
	pairs(v, func(key, value *yaml.Node) {
		if key.Value == "algolia" {
			if search := m.mapAlgolia(key, value); search != nil {
				out.Content = append(out.Content, scalar("search", key), search)
			}
			return
		}
		if why, known := skippedThemeKeys[key.Value]; known && why != "" {
			if isSet(value) {
				m.warn(key, "", "themeConfig.%s is skipped: %s", key.Value, why)
			}
			return
		}
		out.Content = append(out.Content, key, value)
	})
	set(m.out, "themeConfig", out)
	m.out.Content[len(m.out.Content)-2] = k
}

// mapAlgolia maps Algolia DocSearch onto Portal's built-in search, which
// takes its place as Docusaurus's search theme places it: the search bar at
// the end of the navbar and the search page at searchPagePath ("search"
// unless set; false for none). Nothing else of Algolia's is used.
func (m *mapper) mapAlgolia(k, v *yaml.Node) *yaml.Node {
	if fn := describe(v); fn != "" || v.Kind != yaml.MappingNode {
		m.warn(k, "", "themeConfig.algolia is not an object; skipped, and the site has no search")
		return nil
	}
	pagePath := "search"
	if p := valueOf(v, "searchPagePath"); p != nil {
		pagePath = ""
		if isSet(p) {
			pagePath = p.Value
		}
	}
	m.warn(k, "", "themeConfig.algolia: Portal's built-in search takes the place of Algolia DocSearch (the navbar's search and the search page); the Algolia options are not used")
	out := mapping(k)
	out.Content = append(out.Content, scalar("pagePath", k), scalar(pagePath, k))
	return out
}

// pluginEntry is one preset, theme or plugin of the config.
type pluginEntry struct {
	kind string // "preset", "theme" or "plugin"
	// name is the package without @docusaurus/ or docusaurus- and the kind
	// prefix: "classic", "content-docs", "mermaid"; "" for inline code.
	name    string
	raw     string
	options *yaml.Node
	at      *yaml.Node
}

// entries normalises a presets, themes or plugins list: names, [name,
// options] pairs, and falsy entries (Docusaurus skips them).
func (m *mapper) entries(list *yaml.Node, kind string) []pluginEntry {
	if list == nil || list.Kind != yaml.SequenceNode {
		return nil
	}
	var out []pluginEntry
	for _, item := range list.Content {
		e := pluginEntry{kind: kind, at: item}
		switch item.Kind {
		case yaml.ScalarNode:
			if !isSet(item) {
				continue
			}
			e.raw = item.Value
		case yaml.SequenceNode:
			if len(item.Content) == 0 {
				continue
			}
			first := item.Content[0]
			if first.Kind == yaml.ScalarNode {
				e.raw = first.Value
			} else {
				e.raw = describe(first)
			}
			if len(item.Content) > 1 {
				e.options = item.Content[1]
			}
		case yaml.MappingNode:
			e.raw = describe(item)
		}
		e.name = shortName(e.raw, kind)
		out = append(out, e)
	}
	return out
}

// shortName strips what Docusaurus lets authors leave out of a package
// name: "@docusaurus/plugin-content-docs", "docusaurus-plugin-content-docs"
// and "content-docs" all name the docs plugin.
func shortName(raw, kind string) string {
	name := raw
	name = strings.TrimPrefix(name, "@docusaurus/")
	name = strings.TrimPrefix(name, "docusaurus-")
	return strings.TrimPrefix(name, kind+"-")
}

func (m *mapper) mapPreset(e pluginEntry) {
	if e.name != "classic" {
		m.warn(e.at, "Portal implements the classic preset and its plugins only",
			"preset %q is skipped, with every plugin and theme it adds", e.raw)
		return
	}
	blogOn, pagesOn := true, true
	pairs(e.options, func(key, value *yaml.Node) {
		switch key.Value {
		case "docs":
			if value.Kind == yaml.MappingNode {
				m.mapDocs(child(m.out, "docs", key), key, value)
			} else if !isSet(value) {
				m.warn(key, "", "docs: false is skipped: Portal always builds the docs folder")
			}
		case "blog":
			// Only false turns the blog off: blog: {} is the blog with its defaults.
			blogOn = false
			if value.Kind != yaml.ScalarNode || value.Value != "false" {
				m.mapBlog(key, value)
			}
		case "pages":
			pagesOn = false
			m.mapPages(key, value)
		case "theme":
			m.mapThemeOptions(key, value)
		case "sitemap":
			// Portal writes sitemap.xml itself.
		case "svgr", "debug":
			// SVG imports in React code, and a debug page for plugin authors.
		case "gtag", "googleAnalytics", "googleTagManager":
			if isSet(value) {
				m.warn(key, "add analytics to the host instead", "%s is skipped: Portal adds no analytics scripts", key.Value)
			}
		default:
			m.warn(key, "", "classic preset option %q is not used by Portal; skipped", key.Value)
		}
	})
	if blogOn {
		m.mapBlog(e.at, nil)
	}
	if pagesOn {
		m.mapPages(e.at, nil)
	}
}

func (m *mapper) mapPlugin(e pluginEntry) {
	switch e.kind + ":" + e.name {
	case "plugin:content-docs":
		if id := optionText(e.options, "id", config.DefaultDocsID); id != config.DefaultDocsID {
			m.mapDocsInstance(e.at, e.options)
			return
		}
		if e.options != nil {
			m.mapDocs(child(m.out, "docs", e.at), e.at, e.options)
		}
	case "plugin:content-pages":
		m.mapPages(e.at, e.options)
	case "plugin:content-blog":
		m.mapBlog(e.at, e.options)
	case "plugin:sitemap":
	case "plugin:client-redirects":
		m.mapRedirects(e.at, e.options)
	case "plugin:sass":
		// Portal compiles the site's Sass itself, with the site's own sass
		// package (package sass); the plugin's sassOptions are not read.
		if opts := valueOf(e.options, "sassOptions"); opts != nil && isSet(opts) {
			m.warn(e.at, "", "docusaurus-plugin-sass's sassOptions are skipped: Portal compiles the site's Sass with the sass package's defaults")
		}
	case "theme:mermaid":
		// Portal draws mermaid diagrams without a theme plugin.
	case "theme:classic":
		m.mapThemeOptions(e.at, e.options)
	case "theme:search-algolia":
		// Its options are themeConfig.algolia's (mapAlgolia).
	default:
		if e.kind == "plugin" {
			if file, src, ok := m.blogPluginWrapper(e.raw); ok {
				m.mapBlog(e.at, e.options)
				m.warnOwnRoutes(e.at, file, src)
				return
			}
		}
		name := e.raw
		if name == "" {
			name = "(inline)"
		}
		m.warn(e.at, "Portal runs no Docusaurus plugins or themes besides the ones it implements (docs/docusaurus-compat.md)",
			"%s %q is skipped, with everything it adds", e.kind, name)
	}
}

// optionText returns an option's string value, or the default.
func optionText(options *yaml.Node, key, def string) string {
	if v := valueOf(options, key); v != nil && v.Kind == yaml.ScalarNode && v.Value != "" {
		return v.Value
	}
	return def
}

// Docs plugin options Portal maps, by Docusaurus's name.
var docsKeys = map[string]bool{
	"path": true, "routeBasePath": true, "lastVersion": true, "includeCurrentVersion": true,
	"editUrl": true, "breadcrumbs": true, "sidebarCollapsible": true, "sidebarCollapsed": true,
	"showLastUpdateTime": true, "showLastUpdateAuthor": true, "include": true, "exclude": true,
}

// mapDocsInstance maps a docs plugin with an id of its own onto an entry of
// docsInstances, with Docusaurus's defaults where Portal's differ (the
// docs folder, served under /docs).
func (m *mapper) mapDocsInstance(at, options *yaml.Node) {
	list := valueOf(m.out, "docsInstances")
	if list == nil {
		list = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: at.Line, Column: at.Column}
		set(m.out, "docsInstances", list)
	}
	docs := mapping(at)
	set(docs, "path", scalar("docs", at))
	set(docs, "routeBasePath", scalar("docs", at))
	m.mapDocs(docs, at, options)
	list.Content = append(list.Content, docs)
}

// mapDocs maps a docs plugin's options onto docs, the config's entry for
// its instance.
func (m *mapper) mapDocs(docs, at, options *yaml.Node) {
	sidebarPath := ""
	sidebarSeen := false
	pairs(options, func(key, value *yaml.Node) {
		switch {
		case key.Value == "id":
			if value.Kind == yaml.ScalarNode && value.Value != "" {
				set(docs, "id", value)
			}
		case key.Value == "sidebarPath":
			sidebarSeen = true
			if isSet(value) {
				sidebarPath = path.Clean(strings.TrimPrefix(value.Value, "./"))
			}
		case key.Value == "versions":
			m.mapVersions(docs, key, value)
		case docsKeys[key.Value]:
			if why := describe(value); why != "" {
				m.warn(key, "give a string instead", "docs option %s is %s; skipped", key.Value, why)
				return
			}
			set(docs, key.Value, value)
		default:
			if isSet(value) {
				m.warn(key, "Portal reads docs as Docusaurus does by default",
					"docs option %s is not supported by Portal; skipped", key.Value)
			}
		}
	})
	switch {
	case sidebarSeen && sidebarPath == "":
		set(docs, "sidebarPath", scalar("false", at))
	case sidebarSeen:
		set(docs, "sidebarPath", scalar(sidebarPath, at))
	default:
		// Docusaurus: no sidebarPath, one autogenerated sidebar.
		set(docs, "sidebarPath", scalar("false", at))
	}
}

func (m *mapper) mapVersions(docs, key, value *yaml.Node) {
	out := mapping(value)
	pairs(value, func(name, vc *yaml.Node) {
		c := mapping(vc)
		pairs(vc, func(ck, cv *yaml.Node) {
			switch ck.Value {
			case "label", "path", "banner":
				set(c, ck.Value, cv)
			default:
				if isSet(cv) {
					m.warn(ck, "", "docs.versions.%s.%s is not used by Portal; skipped", name.Value, ck.Value)
				}
			}
		})
		set(out, name.Value, c)
	})
	set(docs, key.Value, out)
}

func (m *mapper) mapPages(at, options *yaml.Node) {
	if options != nil && options.Kind == yaml.ScalarNode && !isSet(options) {
		m.pagesOff = true
		return
	}
	m.pagesPath = strings.TrimPrefix(path.Clean(strings.TrimPrefix(optionText(options, "path", "src/pages"), "./")), "/")
	m.pagesRoute = optionText(options, "routeBasePath", "/")
	set(child(m.out, "pages", at), "path", scalar(m.pagesPath, at))
	pairs(options, func(key, value *yaml.Node) {
		switch key.Value {
		case "path", "id":
		case "routeBasePath":
			if strings.Trim(value.Value, "/") != "" {
				m.warn(key, "", "pages routeBasePath %q is skipped: Portal serves pages from the base URL", value.Value)
			}
		default:
			if isSet(value) {
				m.warn(key, "", "pages option %s is not supported by Portal; skipped", key.Value)
			}
		}
	})
}

// Blog plugin options Portal maps as they are, by Docusaurus's name.
var blogKeys = map[string]bool{
	"path": true, "routeBasePath": true, "include": true, "exclude": true, "blogTitle": true,
	"blogDescription": true, "blogSidebarTitle": true, "showReadingTime": true, "authorsMapPath": true,
	"tags": true, "editUrl": true, "archiveBasePath": true, "tagsBasePath": true, "pageBasePath": true,
	"authorsBasePath": true,
}

// Blog plugin options that change nothing Portal builds.
var inertBlogKeys = map[string]bool{
	"id": true, "onInlineTags": true, "onInlineAuthors": true, "onUntruncatedBlogPosts": true,
	"showLastUpdateTime": true, "showLastUpdateAuthor": true, "sortPosts": true,
}

// mapBlog maps the blog plugin's options onto the config's blog key; a
// second blog is reported and skipped.
func (m *mapper) mapBlog(at, options *yaml.Node) {
	dir := strings.TrimPrefix(path.Clean(strings.TrimPrefix(optionText(options, "path", "blog"), "./")), "/")
	route := strings.Trim(optionText(options, "routeBasePath", "blog"), "/")
	if _, err := fs.Stat(m.site, dir); err != nil {
		return
	}
	if m.blogMapped {
		m.warn(at, "Portal builds one blog", "a second blog (%s/, served at /%s/) is skipped, and links to it are not checked", dir, route)
		m.skippedBlogs = append(m.skippedBlogs, route)
		return
	}
	m.blogMapped = true
	out := child(m.out, "blog", at)
	set(out, "path", scalar(dir, at))
	pairs(options, func(key, value *yaml.Node) {
		switch k := key.Value; {
		case k == "path":
		case blogKeys[k]:
			if why := describe(value); why != "" {
				m.warn(key, "give a value instead", "blog option %s is %s; skipped", k, why)
				return
			}
			if k == "tags" && value.Kind == yaml.ScalarNode && !isSet(value) {
				value = scalar("false", value)
			}
			set(out, k, value)
		case k == "postsPerPage" || k == "blogSidebarCount":
			if value.Kind == yaml.ScalarNode && strings.EqualFold(value.Value, "ALL") {
				value = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: "-1", Line: value.Line, Column: value.Column}
			}
			set(out, k, value)
		case k == "feedOptions":
			m.mapFeedOptions(out, key, value)
		case inertBlogKeys[k]:
		default:
			if isSet(value) {
				m.warn(key, "Portal reads the blog as Docusaurus does by default",
					"blog option %s is not supported by Portal; skipped", k)
			}
		}
	})
}

// mapFeedOptions maps feedOptions: type (one, "all", a list, or null for
// no feeds), title, description, copyright, language and limit (false or
// null for every post).
func (m *mapper) mapFeedOptions(blogNode, key, value *yaml.Node) {
	feed := child(blogNode, "feedOptions", key)
	pairs(value, func(k, v *yaml.Node) {
		switch k.Value {
		case "type":
			list := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: v.Line, Column: v.Column}
			var types []*yaml.Node
			if v.Kind == yaml.SequenceNode {
				types = v.Content
			} else if isSet(v) {
				types = []*yaml.Node{v}
			}
			for _, t := range types {
				if t.Value == "all" {
					for _, name := range []string{config.FeedRSS, config.FeedAtom, config.FeedJSON} {
						list.Content = append(list.Content, scalar(name, t))
					}
					continue
				}
				list.Content = append(list.Content, t)
			}
			set(feed, "type", list)
		case "title", "description", "copyright", "language":
			if why := describe(v); why != "" {
				m.warn(k, "give a string instead", "blog feedOptions.%s is %s; skipped", k.Value, why)
				return
			}
			set(feed, k.Value, v)
		case "limit":
			if !isSet(v) {
				v = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: "-1", Line: v.Line, Column: v.Column}
			}
			set(feed, "limit", v)
		default:
			if isSet(v) {
				m.warn(k, "", "blog feedOptions.%s is not supported by Portal; skipped", k.Value)
			}
		}
	})
}

// blogPluginWrapper finds the file of a local plugin (a path in the
// plugins list) that wraps the blog plugin, as sites do to extend it: its
// file imports @docusaurus/plugin-content-blog, and its options are the
// blog's.
func (m *mapper) blogPluginWrapper(raw string) (file, src string, ok bool) {
	if !strings.HasPrefix(raw, "./") && !strings.HasPrefix(raw, "../") && !strings.HasPrefix(raw, "@site/") {
		return "", "", false
	}
	base := path.Clean(strings.TrimPrefix(raw, "@site/"))
	for _, candidate := range []string{base, base + ".js", base + ".mjs", base + ".cjs", base + ".ts", base + ".mts",
		base + "/index.js", base + "/index.mjs", base + "/index.ts"} {
		data, err := fs.ReadFile(m.site, candidate)
		if err != nil {
			continue
		}
		src := string(data)
		return candidate, src, strings.Contains(src, "@docusaurus/plugin-content-blog") || strings.Contains(src, "docusaurus-plugin-content-blog")
	}
	return "", "", false
}

// addRouteCall finds a plugin's own routes: actions.addRoute in its code.
var addRouteCall = regexp.MustCompile(`\baddRoute\s*\(`)

// warnOwnRoutes says what a blog plugin wrapper's own code would have
// made: Portal builds the blog plugin's pages, and runs none of the
// wrapper's hooks.
func (m *mapper) warnOwnRoutes(at *yaml.Node, file, src string) {
	calls := addRouteCall.FindAllStringIndex(src, -1)
	if len(calls) == 0 {
		return
	}
	line := strings.Count(src[:calls[0][0]], "\n") + 1
	m.warn(at, "Portal builds the blog plugin's own pages at their routes; a page the wrapper adds needs a page of the site (src/pages) or a doc",
		"%s wraps the blog plugin and adds routes of its own with addRoute (%d calls, the first at line %d), with the components it names; they are not built, and the blog's posts, lists and tag pages are the blog plugin's",
		file, len(calls), line)
}

// mapStylesheets maps the config's stylesheets (a path, or {href: …}) onto
// the site's own: a file the site serves is linked on every page; another
// site's is skipped, as the Content-Security-Policy Portal writes allows
// only the site's own stylesheets and fonts.
func (m *mapper) mapStylesheets(key, value *yaml.Node) {
	if value.Kind != yaml.SequenceNode {
		if isSet(value) {
			m.warn(key, "give a list of paths or {href} objects", "stylesheets is not a list; skipped")
		}
		return
	}
	list := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: key.Line, Column: key.Column}
	for _, item := range value.Content {
		href := item
		if item.Kind == yaml.MappingNode {
			href = valueOf(item, "href")
		}
		if href == nil || href.Kind != yaml.ScalarNode || describe(item) != "" || href.Value == "" {
			m.warn(item, "give the stylesheet's path as a string, or {href: '…'}", "a stylesheets entry has no href; skipped")
			continue
		}
		if external.MatchString(href.Value) {
			m.warn(item, "copy the stylesheet (and the fonts it loads) into the static folder and name its path",
				"the stylesheet %s is skipped: it is another site's, and the Content-Security-Policy Portal writes allows the site's own stylesheets and fonts only", href.Value)
			continue
		}
		list.Content = append(list.Content, scalar(href.Value, href))
	}
	if len(list.Content) > 0 {
		set(m.out, "stylesheets", list)
	}
}

// external matches a URL of another site: a scheme, or protocol-relative.
var external = regexp.MustCompile(`^(?:[A-Za-z][A-Za-z0-9+.-]*:|//)`)

func (m *mapper) mapThemeOptions(at, options *yaml.Node) {
	pairs(options, func(key, value *yaml.Node) {
		if key.Value == "customCss" && isSet(value) {
			m.mapCustomCSS(key, value)
			return
		}
		if isSet(value) {
			m.warn(key, "", "theme option %s is not used by Portal; skipped", key.Value)
		}
	})
}

// mapCustomCSS maps theme.customCss (a file, or a list of them) onto
// customCss.
func (m *mapper) mapCustomCSS(key, value *yaml.Node) {
	list := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: key.Line, Column: key.Column}
	items := []*yaml.Node{value}
	if value.Kind == yaml.SequenceNode {
		items = value.Content
	}
	for _, item := range items {
		if why := describe(item); why != "" || item.Kind != yaml.ScalarNode {
			m.warn(key, "give the stylesheet's path as a string", "theme customCss entry is %s; skipped", why)
			continue
		}
		list.Content = append(list.Content, scalar(item.Value, key))
	}
	set(m.out, "customCss", list)
}

func (m *mapper) mapRedirects(at, options *yaml.Node) {
	list := valueOf(m.out, "redirects")
	if list == nil {
		list = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: at.Line, Column: at.Column}
		set(m.out, "redirects", list)
	}
	pairs(options, func(key, value *yaml.Node) {
		switch key.Value {
		case "id":
		case "redirects":
			for _, r := range value.Content {
				to := valueOf(r, "to")
				from := valueOf(r, "from")
				if from == nil || to == nil {
					m.warn(r, "give each redirect from and to", "a redirect without from or to is skipped")
					continue
				}
				froms := []*yaml.Node{from}
				if from.Kind == yaml.SequenceNode {
					froms = from.Content
				}
				for _, f := range froms {
					entry := mapping(r)
					set(entry, "from", f)
					set(entry, "to", to)
					list.Content = append(list.Content, entry)
				}
			}
		default:
			if isSet(value) {
				m.warn(key, "list each redirect under redirects",
					"client-redirects option %s is skipped: Portal writes the redirects listed, and computes none", key.Value)
			}
		}
	})
}

// outOfScope lists the routes the site would have and Portal skips.
func (m *mapper) outOfScope(baseURL string) []string {
	var out []string
	for _, route := range m.skippedBlogs {
		out = append(out, strings.TrimSuffix(baseURL, "/")+"/"+route+"/")
	}
	return out
}
