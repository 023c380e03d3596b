// Package docmain writes the main area of a doc page (the docs layout with
// its sidebar, banners, breadcrumbs, tables of contents, footer and
// pagination) as the theme's DocsRoute writes it on the server.
//
// Why: a page's prerender runs the theme in an embedded JavaScript
// interpreter, where the doc's main area cost about 2 of a page's 2.8 ms of
// JavaScript (docs/design-decisions.md, "The doc's main area in Go"). Here
// it costs microseconds, and the interpreter renders only the shell around
// it. The theme stays the one definition: the browser hydrates these
// elements with its React components, so this must write their server
// markup byte for byte. The pipeline's equivalence tests build every page
// of the fixture sites and of the portal this way and with React's own
// renderer and compare the output. Whatever this package does not
// reproduce, Render declines (ok false), and the theme renders that page
// whole, as it always did.
package docmain

import (
	"strconv"
	"strings"
	"sync"

	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/themedata"
)

// Placeholder is what the theme writes instead of the main area when the
// prerender input says the engine writes it (RenderInput.DocMain;
// theme/src/docs/DocsRoute.tsx).
const Placeholder = "<div><!--portal:doc-main--></div>"

// Renderer writes the main areas of one build's doc pages. It is safe for
// concurrent use.
type Renderer struct {
	site     *themedata.SiteData
	sidebars themedata.SidebarsData
	// inactive keeps the markup of sidebar items off a page's trail, which
	// is the same on every page (as theme/src/docs/sidebarHtml.ts keeps it).
	inactive sync.Map // inactiveKey → string
	// pathSets are the categories' paths as sets (*SidebarItem → set).
	pathSets sync.Map
}

type inactiveKey struct {
	item  *themedata.SidebarItem
	level int
	path  string
}

// New returns a renderer for the pages of a build with this site data and
// these sidebars, the ones the theme gets.
func New(site *themedata.SiteData, sidebars themedata.SidebarsData) *Renderer {
	return &Renderer{site: site, sidebars: sidebars}
}

// Render returns the main area of page as the theme writes it on the
// server; ok is false when the page is not a doc or needs something this
// package does not reproduce.
func (r *Renderer) Render(page *themedata.PageData) (html string, ok bool) {
	if page.Kind != route.KindDoc || page.Doc == nil {
		return "", false
	}
	p := &pageWriter{r: r, page: page, doc: page.Doc, ok: true}
	p.b.Grow(16 << 10)
	p.docLayout()
	if !p.ok {
		return "", false
	}
	return p.b.String(), true
}

// pageWriter writes one page's main area; ok turns false at the first
// thing it cannot write as the theme does.
type pageWriter struct {
	r    *Renderer
	page *themedata.PageData
	doc  *themedata.DocMeta
	b    strings.Builder
	ok   bool
}

func (p *pageWriter) unsupported() { p.ok = false }

func (p *pageWriter) w(s ...string) {
	for _, x := range s {
		p.b.WriteString(x)
	}
}

// sidebar is the page's sidebar, as the server entry looks it up.
func (p *pageWriter) sidebar() []*themedata.SidebarItem {
	if p.doc.Sidebar == "" {
		return nil
	}
	key := p.doc.Version
	if p.doc.PluginID != "" {
		key = p.doc.PluginID + "/" + p.doc.Version
	}
	return p.r.sidebars[key][p.doc.Sidebar]
}

// docsInstance is the docs instance of the doc's plugin, or the default one.
func (p *pageWriter) docsInstance() *themedata.DocsData {
	site := p.r.site
	if p.doc.PluginID == "" {
		return &site.Docs
	}
	if pluginIDOf(site.Docs.PluginID) == p.doc.PluginID {
		return &site.Docs
	}
	for i := range site.DocsInstances {
		if pluginIDOf(site.DocsInstances[i].PluginID) == p.doc.PluginID {
			return &site.DocsInstances[i]
		}
	}
	return &site.Docs
}

func pluginIDOf(id string) string {
	if id == "" {
		return "default"
	}
	return id
}

// docLayout: DocsRoute → DocLayout (theme/src/docs/DocLayout.tsx).
func (p *pageWriter) docLayout() {
	sidebar := p.sidebar()
	hasSidebar := len(sidebar) > 0
	p.w(`<div class="docs-wrapper docs-doc-page">`, backToTopButton, `<div class="doc-root">`)
	if hasSidebar {
		p.sidebarColumn(sidebar)
	}
	p.w(`<main class="doc-main"><div class="container padding-top--md padding-bottom--lg doc-item-wrapper">`)
	p.docItem(hasSidebar)
	p.w(`</div></main></div></div>`)
}

const backToTopButton = `<button type="button" aria-label="Scroll back to top" class="clean-btn theme-back-to-top-button back-to-top"></button>`

// sidebarColumn: SidebarColumn and DocSidebarDesktop (theme/src/docs/DocLayout.tsx, DocSidebar.tsx).
func (p *pageWriter) sidebarColumn(items []*themedata.SidebarItem) {
	navbar := p.r.site.ThemeConfig.Navbar
	p.w(`<aside class="theme-doc-sidebar-container doc-sidebar"><div class="doc-sidebar__viewport">`)
	if navbar.HideOnScroll {
		// The navbar may be hidden, so the sidebar carries its brand.
		p.w(`<div class="doc-sidebar__inner doc-sidebar__inner--navbar-hideable">`)
		p.sidebarBrand(navbar)
	} else {
		p.w(`<div class="doc-sidebar__inner">`)
	}
	p.w(`<nav aria-label="Docs sidebar" class="menu thin-scrollbar"><!--$--><ul class="theme-doc-sidebar-menu menu__list">`)
	p.r.writeItems(&p.b, items, 1, "sidebar", pathnameOf(p.page.Path))
	p.w(`</ul><!--/$--></nav>`)
	if p.r.site.ThemeConfig.Docs.Sidebar.Hideable {
		p.w(collapseSidebarButton)
	}
	p.w(`</div></div></aside>`)
}

// sidebarBrand: the logo and title DocSidebarDesktop repeats from the
// navbar when the navbar hides on scroll. Its images need no preload of
// their own: the navbar's brand, earlier in the page, shows the same ones.
func (p *pageWriter) sidebarBrand(navbar themedata.Navbar) {
	href := "/"
	if navbar.Logo != nil && navbar.Logo.Href != "" {
		href = navbar.Logo.Href
	}
	var inner strings.Builder
	if logo := navbar.Logo; logo != nil {
		alt := logo.Alt
		if alt == "" {
			alt = p.r.site.Title
		}
		inner.WriteString(p.themedImage(logo, alt))
	}
	if navbar.Title != "" {
		inner.WriteString(`<b class="doc-sidebar__title">` + escapeText(navbar.Title) + `</b>`)
	}
	p.link(href, `tabindex="-1" class="doc-sidebar__brand"`, inner.String())
}

// themedImage: ThemedImage's server markup (theme/src/shell/ThemedImage.tsx),
// both images when the dark one differs, which CSS picks between.
func (p *pageWriter) themedImage(logo *themedata.Logo, alt string) string {
	src := func(s string) string {
		if hasProtocol(s) || strings.HasPrefix(s, "data:") {
			return s
		}
		if !strings.HasPrefix(s, "/") {
			s = "/" + s
		}
		return withBaseURL(p.r.site.BaseURL, s)
	}
	dark := logo.SrcDark
	if dark == "" {
		dark = logo.Src
	}
	light, dark := src(logo.Src), src(dark)
	img := func(u, themed string) string {
		if javascriptURL.MatchString(u) {
			p.unsupported()
		}
		s := `<img src="` + escapeText(u) + `" alt="` + escapeText(alt) + `"`
		if logo.Width != 0 {
			s += ` width="` + strconv.Itoa(logo.Width) + `"`
		}
		if logo.Height != 0 {
			s += ` height="` + strconv.Itoa(logo.Height) + `"`
		}
		// An empty class is written too: cx gives "", which React keeps.
		return s + ` class="` + escapeText(classNames(logo.ClassName, themed)) + `"/>`
	}
	if light == dark {
		return img(light, "")
	}
	return img(light, "themed--light") + img(dark, "themed--dark")
}

const collapseSidebarButton = `<button type="button" title="Collapse sidebar" aria-label="Collapse sidebar" class="button button--secondary button--outline collapse-sidebar-button">` +
	`<svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" class="collapse-sidebar-button__icon"><g fill="currentColor">` +
	`<path d="M9.992 10.023c0 .2-.062.399-.172.547l-4.996 7.492a.982.982 0 01-.828.454H1c-.55 0-1-.453-1-1 0-.2.059-.403.168-.551l4.629-6.942L.168 3.078A.939.939 0 010 2.528c0-.548.45-.997 1-.997h2.996c.352 0 .649.18.828.45L9.82 9.472c.11.148.172.347.172.55zm0 0"></path>` +
	`<path d="M19.98 10.023c0 .2-.058.399-.168.547l-4.996 7.492a.987.987 0 01-.828.454h-3c-.547 0-.996-.453-.996-1 0-.2.059-.403.168-.551l4.625-6.942-4.625-6.945a.939.939 0 01-.168-.55 1 1 0 01.996-.997h3c.348 0 .649.18.828.45l4.996 7.492c.11.148.168.347.168.55zm0 0"></path>` +
	`</g></svg></button>`

// pathnameOf is the path of a page's URL without its query and hash (splitUrl).
func pathnameOf(url string) string {
	if i := strings.IndexByte(url, '#'); i >= 0 {
		url = url[:i]
	}
	if i := strings.IndexByte(url, '?'); i >= 0 {
		url = url[:i]
	}
	return url
}

// docItem: DocItem (theme/src/docs/DocPage.tsx).
func (p *pageWriter) docItem(hasSidebar bool) {
	page, doc := p.page, p.doc
	hasTOC := !page.HideTOC && len(page.TOC) > 0
	p.w(`<div class="row"><div class="col doc-item-col`)
	if hasTOC {
		p.w(` doc-item-col--with-toc`)
	}
	p.w(`">`)
	p.visibilityBanners()
	p.versionBanner()
	p.w(`<div class="doc-item-container"><article>`)
	if p.docsInstance().Breadcrumbs && hasSidebar {
		p.breadcrumbs(doc.Breadcrumbs)
	}
	p.versionBadge()
	if hasTOC {
		p.w(`<div class="theme-doc-toc-mobile toc-collapsible"><button type="button" class="clean-btn toc-collapsible__button" aria-expanded="false">On this page</button></div>`)
	}
	p.w(`<div class="theme-doc-markdown markdown">`)
	if !page.HideTitle {
		p.w(`<header><h1>`, escapeText(page.Title), `</h1></header>`)
	}
	// Content: the page's HTML as it is (here the content placeholder the
	// pipeline fills in), in the element the client finds it by.
	p.w(`<div data-portal-content="">`, page.HTML, `</div></div>`)
	p.docFooter()
	p.w(`</article>`)
	p.paginator(doc.Previous, doc.Next)
	p.w(`</div></div>`)
	if hasTOC {
		p.w(`<div class="col col--3 doc-toc-col"><nav aria-label="On this page" class="theme-doc-toc-desktop table-of-contents-column thin-scrollbar"><!--$-->`)
		p.tocList(page.TOC, "table-of-contents table-of-contents__left-border")
		p.w(`<!--/$--></nav></div>`)
	}
	p.w(`</div>`)
}
