package build

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"strings"

	"github.com/portaldocs/portal/internal/links"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/sidebar"
)

// pageView is what the page template needs besides the page itself.
type pageView struct {
	Site       *SiteData
	Stylesheet string
	// sidebars holds each sidebar's HTML, rendered once per build: a page
	// only marks its own link, so rendering the tree per page would make the
	// build quadratic in the number of pages.
	sidebars map[string]string
}

type pageTemplateData struct {
	pageView
	Page      *PageData
	FullTitle string
	Lang      string
	Dir       string
	Sidebar   template.HTML
}

// renderHTML writes a route's HTML: a complete, semantic document that works
// without JavaScript. The React theme's prerendered shell replaces this
// template once it lands; the data contract stays the same.
func (b *builder) renderHTML(view pageView, p *PageData) []byte {
	loc := b.cfg.I18n.LocaleConfigs[b.cfg.I18n.DefaultLocale]
	data := pageTemplateData{pageView: view, Page: p, FullTitle: b.fullTitle(p), Lang: loc.HTMLLang, Dir: loc.Direction}
	if p.Doc != nil && p.Doc.Sidebar != "" {
		data.Sidebar = markCurrent(view.sidebars[p.Doc.Version+"/"+p.Doc.Sidebar], p.Path)
	}
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, data); err != nil {
		panic(fmt.Sprintf("render page template for %s: %v", p.Path, err)) // a template bug, not bad input
	}
	return buf.Bytes()
}

// fullTitle is "<page title> | <site title>", or the site title alone for
// the home page.
func (b *builder) fullTitle(p *PageData) string {
	if p.Kind == route.KindHome || p.Title == "" || p.Title == b.cfg.Title {
		return b.cfg.Title
	}
	return p.Title + " " + b.cfg.TitleDelimiter + " " + b.cfg.Title
}

var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{
	"safe":     func(s string) template.HTML { return template.HTML(s) },
	"external": links.IsExternal,
	"navHref": func(item ResolvedNavItem) string {
		return firstNonEmpty(item.ResolvedTo, item.To, item.Href)
	},
	"navLabel": func(item ResolvedNavItem) string {
		return firstNonEmpty(item.Label, item.ResolvedLabel)
	},
	"left":   func(item ResolvedNavItem) bool { return item.Position == "left" },
	"active": func(href, current string) bool { return sidebar.SamePath(href, current) },
	"toc":    func(items []markdown.TOCItem) []markdown.TOCItem { return items },
	"isHome": func(k route.Kind) bool { return k == route.KindHome },
	"str":    func(v any) string { s, _ := v.(string); return s },
	"list": func(v any) []any {
		l, _ := v.([]any)
		return l
	},
}).Parse(pageHTML))

// sidebarHTML renders a sidebar's items as nested lists. Categories are
// native <details>, open unless collapsed; unlisted links are left out.
func sidebarHTML(items []*sidebar.Item) string {
	var b strings.Builder
	writeSidebarItems(&b, items)
	return b.String()
}

func writeSidebarItems(b *strings.Builder, items []*sidebar.Item) {
	b.WriteString("<ul>")
	for _, item := range items {
		switch {
		case item.Type == sidebar.TypeHTML:
			b.WriteString("<li>" + item.Value + "</li>")
		case item.Type == sidebar.TypeCategory:
			b.WriteString("<li><details")
			if !item.Collapsed {
				b.WriteString(" open")
			}
			b.WriteString("><summary>")
			writeSidebarLink(b, item.Href, item.Label, false)
			b.WriteString("</summary>")
			writeSidebarItems(b, item.Items)
			b.WriteString("</details></li>")
		case !item.Unlisted:
			b.WriteString("<li>")
			writeSidebarLink(b, item.Href, item.Label, item.External)
			b.WriteString("</li>")
		}
	}
	b.WriteString("</ul>")
}

func writeSidebarLink(b *strings.Builder, href, label string, external bool) {
	if href == "" {
		b.WriteString(html.EscapeString(label))
		return
	}
	b.WriteString(`<a href="` + html.EscapeString(href) + `"`)
	if external {
		b.WriteString(` target="_blank" rel="noopener noreferrer"`)
	}
	b.WriteString(">" + html.EscapeString(label) + "</a>")
}

// markCurrent marks the page's own link in pre-rendered sidebar HTML.
func markCurrent(sidebarHTML, pagePath string) template.HTML {
	link := `<a href="` + html.EscapeString(pagePath) + `"`
	return template.HTML(strings.Replace(sidebarHTML, link, link+` aria-current="page"`, 1))
}

const pageHTML = `<!DOCTYPE html>
<html lang="{{.Lang}}" dir="{{.Dir}}" data-theme="{{.Site.ThemeConfig.ColorMode.DefaultMode}}">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>{{.FullTitle}}</title>
{{- with .Page.Description}}
<meta name="description" content="{{.}}">
<meta property="og:description" content="{{.}}">{{end}}
{{- with .Page.Keywords}}
<meta name="keywords" content="{{range $i, $k := .}}{{if $i}}, {{end}}{{$k}}{{end}}">{{end}}
{{- if .Page.NoIndex}}
<meta name="robots" content="noindex, nofollow">{{end}}
<meta property="og:title" content="{{.FullTitle}}">
<meta property="og:url" content="{{.Page.Canonical}}">
<meta name="twitter:card" content="summary_large_image">
{{- with .Page.Image}}
<meta property="og:image" content="{{.}}">
<meta name="twitter:image" content="{{.}}">{{end}}
{{- if ne .Page.Kind "not-found"}}
<link rel="canonical" href="{{.Page.Canonical}}">{{end}}
{{- range .Page.Alternates}}
<link rel="alternate" href="{{.Href}}" hreflang="{{.HrefLang}}">{{end}}
{{- with .Site.Favicon}}
<link rel="icon" href="{{$.Site.BaseURL}}{{.}}">{{end}}
<link rel="stylesheet" href="{{.Stylesheet}}">
</head>
<body>
<a class="skip-link" href="#main-content">Skip to main content</a>
{{- with .Site.ThemeConfig.AnnouncementBar}}
<div class="announcement-bar" role="banner" style="background-color:{{.BackgroundColor}};color:{{.TextColor}}">{{safe .Content}}</div>
{{- end}}
<header>
<nav class="navbar" aria-label="Main">
{{- with .Site.ThemeConfig.Navbar.Logo}}
<a class="navbar-brand" href="{{if .Href}}{{.Href}}{{else}}{{$.Site.BaseURL}}{{end}}"><img src="{{$.Site.BaseURL}}{{.Src}}" alt="{{.Alt}}" width="{{.Width}}" height="{{.Height}}">{{with $.Site.ThemeConfig.Navbar.Title}}<b>{{.}}</b>{{end}}</a>
{{- end}}
<ul class="navbar-items">
{{- range .Site.Navbar}}{{template "navitem" .}}{{end}}
</ul>
</nav>
</header>
<div class="main-wrapper">
{{- if .Sidebar}}
<nav class="docs-sidebar" aria-label="Docs sidebar">{{.Sidebar}}</nav>
{{- end}}
<main id="main-content">
{{- if eq .Page.Kind "not-found"}}
<h1>Page Not Found</h1>
{{safe .Page.HTML}}
{{- else}}
<article>
{{- with .Page.Doc}}{{with .Breadcrumbs}}
<nav class="breadcrumbs" aria-label="Breadcrumbs"><ul>
<li><a href="{{$.Site.BaseURL}}" aria-label="Home page">Home</a></li>
{{- range $i, $c := .}}
<li>{{if and $c.Href (ne $c.Href $.Page.Path)}}<a href="{{$c.Href}}">{{$c.Label}}</a>{{else}}<span aria-current="page">{{$c.Label}}</span>{{end}}</li>
{{- end}}
</ul></nav>{{end}}{{end}}
{{- if isHome .Page.Kind}}{{with .Page.Home}}{{with .Hero}}
<section class="hero">
<h1>{{str .title}}</h1>
<p>{{str .tagline}}</p>
<p>{{range list .actions}}<a class="button" href="{{str .to}}">{{str .label}}</a> {{end}}</p>
</section>{{end}}
{{- with .Features}}
<section class="features">
{{- range .}}
<div class="card"><h2><a href="{{str .to}}">{{str .title}}</a></h2><p>{{str .description}}</p></div>
{{- end}}
</section>{{end}}{{end}}
{{- else if not .Page.HideTitle}}
<header><h1>{{.Page.Title}}</h1></header>
{{- end}}
<div class="markdown">
{{safe .Page.HTML}}
{{- with .Page.Index}}
<ul class="generated-index">
{{- range .Items}}{{if .Href}}
<li><a href="{{.Href}}">{{.Label}}</a>{{with .Description}} — {{.}}{{end}}</li>{{end}}{{end}}
</ul>{{end}}
</div>
{{- with .Page.Doc}}{{if or .Previous .Next}}
<nav class="pagination-nav" aria-label="Docs pages">
{{- with .Previous}}
<a class="pagination-prev" href="{{.Permalink}}"><span>Previous</span> {{.Title}}</a>{{end}}
{{- with .Next}}
<a class="pagination-next" href="{{.Permalink}}"><span>Next</span> {{.Title}}</a>{{end}}
</nav>{{end}}{{end}}
</article>
{{- if and .Page.TOC (not .Page.HideTOC)}}
<nav class="toc" aria-label="On this page">{{template "toc" .Page.TOC}}</nav>
{{- end}}
{{- end}}
</main>
</div>
{{- with .Site.ThemeConfig.Footer}}
<footer class="footer footer--{{.Style}}">
{{- range .Links}}
<section><h2>{{.Title}}</h2><ul>
{{- range .Items}}
<li>{{if .HTML}}{{safe .HTML}}{{else if .To}}<a href="{{.To}}">{{.Label}}</a>{{else}}<a href="{{.Href}}" target="_blank" rel="noopener noreferrer">{{.Label}}</a>{{end}}</li>
{{- end}}
</ul></section>
{{- end}}
{{- with .Logo}}
<a href="{{if .Href}}{{.Href}}{{else}}{{$.Site.BaseURL}}{{end}}"><img src="{{$.Site.BaseURL}}{{.Src}}" alt="{{.Alt}}" width="{{.Width}}" height="{{.Height}}"></a>{{end}}
{{- with .Copyright}}
<p class="copyright">{{safe .}}</p>{{end}}
</footer>
{{- end}}
</body>
</html>
{{define "navitem"}}
<li>{{if eq .Type "dropdown"}}<details><summary>{{navLabel .}}</summary><ul>{{range .Items}}{{template "navitem" .}}{{end}}</ul></details>
{{- else if eq .Type "html"}}{{safe .Value}}
{{- else if or (eq .Type "search") (eq .Type "localeDropdown") (eq .Type "docsVersionDropdown")}}
{{- else if external (navHref .)}}<a href="{{navHref .}}" target="_blank" rel="noopener noreferrer">{{navLabel .}}</a>
{{- else}}<a href="{{navHref .}}">{{navLabel .}}</a>{{end}}</li>
{{- end}}
{{define "toc"}}<ul>{{range .}}<li><a href="#{{.ID}}">{{safe .Value}}</a>{{with .Children}}{{template "toc" .}}{{end}}</li>{{end}}</ul>{{end}}
`
