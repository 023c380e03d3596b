package pipeline

import (
	"html"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
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

// searchFiles is the search index's files, by name under search.Dir,
// made on a goroutine of their own (wait): only the output needs them, and
// the rest of the resolve stage and the start of the emit stage need only
// the index's URL.
type searchFiles struct {
	// url is the index's meta file under the base URL ("" without search).
	url   string
	ready chan struct{} // closed once files is set; nil without search
	files map[string][]byte
}

// wait returns the index's files once they are made.
func (s *searchFiles) wait() map[string][]byte {
	if s.ready != nil {
		<-s.ready
	}
	return s.files
}

// buildSearchIndex starts writing the index of the pages search lists.
func (r *resolver) buildSearchIndex(pages []search.Page, analyses []search.Analysis) *searchFiles {
	s := &searchFiles{url: r.site.cfg.BaseURL + search.Dir + search.MetaFile, ready: make(chan struct{})}
	go func() {
		defer close(s.ready)
		s.files = r.searchIndex(pages, analyses)
	}()
	return s
}

// searchIndex writes the index of the pages search lists, from their
// analyses (encodePages).
func (r *resolver) searchIndex(pages []search.Page, analyses []search.Analysis) map[string][]byte {
	ix, err := search.BuildAnalyzed(pages, analyses)
	if err != nil {
		r.b.diags.Add(diag.Diagnostic{File: r.site.cfg.File, Severity: diag.Error, Message: "build the search index: " + err.Error()})
		return nil
	}
	return ix.Files
}

// searchVersion is the version a doc of v is indexed under, which decides
// who finds it (theme/src/search/engine/versions.ts): a default-instance
// doc its version's name, so that readers search the version they read;
// the last version of another docs instance "", as pages outside the
// docs are, so that every reader finds it; that instance's other versions
// "<id>/<name>", found by readers of that version.
func searchVersion(v *content.Version) string {
	switch {
	case v.Instance.Config.IsDefault():
		return v.Name
	case v.IsLast:
		return ""
	}
	return v.Key()
}

// searchPage is what the index takes of a page. Drafts, unlisted docs and
// pages that ask search engines to stay away are left out. fromBody says
// the page is indexed by its content HTML, which html reads: sp.HTML is
// then left to the caller.
func searchPage(p *builtPage, html func() string) (sp search.Page, fromBody, ok bool) {
	d := p.data
	if d.NoIndex || (d.Doc != nil && (d.Doc.Unlisted || d.Doc.Draft)) {
		return search.Page{}, false, false
	}
	sp = search.Page{URL: p.entry.Path, Title: d.Title, Weight: p.searchWeight, Version: p.searchVersion}
	if d.Doc != nil {
		sp.Label, sp.Trail = sidebarNames(p.entry.Path, d.Doc.Breadcrumbs)
	}
	switch {
	case d.Index != nil:
		sp.HTML = p.indexText
	case d.Home != nil:
		if html() == "" {
			sp.HTML = homePageHTML(d.Home)
		} else {
			fromBody = true
		}
	case p.entry.Kind == route.KindNotFound:
		return search.Page{}, false, false
	default:
		fromBody = true
	}
	return sp, fromBody, true
}

// kindSearch is the store's kind for pages' search analyses, by what the
// index takes of the page.
const kindSearch buildcache.Kind = "search"

// analyze indexes one page for search: from the store when a persistent one
// holds the analysis of the same page, else with z.
func (r *resolver) analyze(z *search.Analyzer, p *builtPage, html func() string) (search.Page, search.Analysis, bool) {
	sp, fromBody, ok := searchPage(p, html)
	if !ok {
		return sp, search.Analysis{}, false
	}
	store := r.b.store
	var key buildcache.Key
	if store.Persistent() {
		content := p.htmlPart()
		if !fromBody || content == nil {
			sum := buildcache.Sum([]byte(sp.HTML))
			content = sum[:]
		}
		key = r.b.storeKey(kindSearch, []byte(sp.URL), []byte(sp.Title), []byte(sp.Version),
			[]byte(strconv.FormatFloat(sp.Weight, 'g', -1, 64)), content)
		if data, ok := store.Get(kindSearch, key); ok {
			var a search.Analysis
			if a.UnmarshalBinary(data) == nil {
				return sp, a, true
			}
		}
	}
	if fromBody {
		sp.HTML = html()
	}
	a, err := z.Analyze(sp)
	sp.HTML = ""
	if err != nil {
		r.b.diags.Add(diag.Diagnostic{File: config.FileName, Severity: diag.Error, Message: "build the search index: " + err.Error()})
		return sp, a, false
	}
	if store.Persistent() {
		if data, err := a.MarshalBinary(); err == nil {
			if err := store.Put(kindSearch, key, data); err != nil {
				r.b.diags.Add(diag.Diagnostic{Severity: diag.Warning, Message: err.Error(), Hint: "the index is built; only the cache missed it"})
			}
		}
	}
	return sp, a, true
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

// sidebarNames splits a doc's breadcrumb into its own sidebar label (the
// last crumb, when it links the page) and the labels above it.
func sidebarNames(path string, crumbs []themedata.Crumb) (label string, trail []string) {
	for i, c := range crumbs {
		if i == len(crumbs)-1 && c.Href == path {
			label = c.Label
			continue
		}
		trail = append(trail, c.Label)
	}
	return label, trail
}
