package pipeline

import (
	"html"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/search"
	"github.com/portaldocs/portal/internal/sidebar"
	"github.com/portaldocs/portal/internal/themedata"
)

// hasSearch reports whether the navbar has a search item, top level: the
// index is built only for sites that offer search.
func hasSearch(cfg *config.Site) bool {
	for _, item := range cfg.ThemeConfig.Navbar.Items {
		if item.Type == config.NavSearch {
			return true
		}
	}
	return false
}

// searchFiles is the search index's files, by name under dir.
type searchFiles struct {
	dir   string
	files map[string][]byte
	// url is the index's meta file under the base URL ("" without search).
	url string
}

// searchIndex writes the index of the pages search lists, from their
// analyses (encodePages).
func (r *resolver) searchIndex(pages []search.Page, analyses []search.Analysis) searchFiles {
	cfg := r.site.cfg
	ix, err := search.BuildAnalyzed(pages, analyses)
	if err != nil {
		r.b.diags.Add(diag.Diagnostic{File: config.FileName, Severity: diag.Error, Message: "build the search index: " + err.Error()})
		return searchFiles{}
	}
	dir := ix.Dir()
	if r.b.opts.lazy {
		// portal dev: a fixed folder keeps the site data, which names it,
		// the same across content edits, so browsers refresh in place.
		dir = "search/dev/"
	}
	return searchFiles{dir: dir, files: ix.Files, url: cfg.BaseURL + dir + "index.json"}
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
	}
	switch {
	case d.Index != nil:
		sp.HTML = p.indexText
	case d.Home != nil && sp.HTML == "":
		sp.HTML = homePageHTML(d.Home)
	case p.entry.Kind == route.KindNotFound:
		return search.Page{}, false
	}
	return sp, true
}

// indexPageHTML gives a generated category page its text: the description
// and each item's label and description.
func indexPageHTML(description string, items []*sidebar.Item) string {
	var b strings.Builder
	if description != "" {
		b.WriteString("<p>" + html.EscapeString(description) + "</p>")
	}
	for _, item := range items {
		b.WriteString("<p>" + html.EscapeString(item.Label))
		if item.Description != "" {
			b.WriteString(": " + html.EscapeString(item.Description))
		}
		b.WriteString("</p>")
	}
	return b.String()
}

// homePageHTML gives the home page the text of its hero and features.
func homePageHTML(home *themedata.HomeData) string {
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
