package build

import (
	"html"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/search"
	"github.com/portaldocs/portal/internal/sidebar"
)

// hasSearch reports whether the navbar has a search item, top level: the
// index is built only for sites that offer search.
func (b *builder) hasSearch() bool {
	for _, item := range b.cfg.ThemeConfig.Navbar.Items {
		if item.Type == config.NavSearch {
			return true
		}
	}
	return false
}

// emitSearchIndex indexes every listed page and writes the index under the
// base URL; it returns the URL of the index's meta file ("" without search).
func (b *builder) emitSearchIndex(out *Output, pages []*builtPage) string {
	if !b.hasSearch() {
		return ""
	}
	var input []search.Page
	for _, p := range pages {
		if sp, ok := searchPage(p); ok {
			input = append(input, sp)
		}
	}
	ix, err := search.Build(b.ctx, input)
	if err != nil {
		b.diags.Add(diag.Diagnostic{File: config.FileName, Severity: diag.Error, Message: "build the search index: " + err.Error()})
		return ""
	}
	dir := ix.Dir()
	if b.opts.lazy {
		// portal dev: a fixed folder keeps the site data, which names it,
		// the same across content edits, so browsers refresh in place.
		dir = "search/dev/"
	}
	for name, data := range ix.Files {
		out.add(dir+name, data)
	}
	return b.cfg.BaseURL + dir + "index.json"
}

// searchPage is what the index takes of a page. Drafts, unlisted docs and
// pages that ask search engines to stay away are left out.
func searchPage(p *builtPage) (search.Page, bool) {
	d := p.data
	if d.NoIndex || (d.Doc != nil && (d.Doc.Unlisted || d.Doc.Draft)) {
		return search.Page{}, false
	}
	sp := search.Page{URL: p.entry.Path, Title: d.Title, HTML: d.HTML, Weight: p.searchWeight}
	if d.Doc != nil {
		sp.Version = d.Doc.Version
		sp.Label, sp.Trail = sidebarNames(p.entry.Path, d.Doc.Breadcrumbs)
	}
	switch {
	case d.Index != nil:
		sp.HTML = indexPageHTML(d.Index)
	case d.Home != nil && sp.HTML == "":
		sp.HTML = homePageHTML(d.Home)
	case p.entry.Kind == route.KindNotFound:
		return search.Page{}, false
	}
	return sp, true
}

// indexPageHTML gives a generated category page its text: the description
// and each card's title and description.
func indexPageHTML(ix *IndexData) string {
	var b strings.Builder
	if ix.Description != "" {
		b.WriteString("<p>" + html.EscapeString(ix.Description) + "</p>")
	}
	for _, item := range ix.Items {
		b.WriteString("<p>" + html.EscapeString(item.Label))
		if item.Description != "" {
			b.WriteString(": " + html.EscapeString(item.Description))
		}
		b.WriteString("</p>")
	}
	return b.String()
}

// homePageHTML gives the home page the text of its hero and features.
func homePageHTML(home *HomeData) string {
	var b strings.Builder
	for _, key := range []string{"title", "tagline"} {
		if s, ok := home.Hero[key].(string); ok {
			b.WriteString("<p>" + html.EscapeString(s) + "</p>")
		}
	}
	for _, f := range home.Features {
		for _, key := range []string{"title", "description"} {
			if s, ok := f[key].(string); ok {
				b.WriteString("<p>" + html.EscapeString(s) + "</p>")
			}
		}
	}
	return b.String()
}

// sidebarNames splits a doc's breadcrumb into its own sidebar label (the
// last crumb, when it links the page) and the labels above it.
func sidebarNames(path string, crumbs []sidebar.Crumb) (label string, trail []string) {
	for i, c := range crumbs {
		if i == len(crumbs)-1 && c.Href == path {
			label = c.Label
			continue
		}
		trail = append(trail, c.Label)
	}
	return label, trail
}
