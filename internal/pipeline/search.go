package pipeline

import (
	"html"
	"slices"
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

// hasSearch reports whether the site offers search: themeConfig.search, or
// a search item at the navbar's top level. The index is built only then.
func hasSearch(cfg *config.Site) bool {
	if cfg.ThemeConfig.Search != nil {
		return true
	}
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
	ready chan struct{} // closed once index is set; nil without search
	index *search.Index // nil when it could not be built
}

// wait returns the index once it is made.
func (s *searchFiles) wait() *search.Index {
	if s.ready != nil {
		<-s.ready
	}
	return s.index
}

// buildSearchIndex starts writing the index of the pages search lists.
// keys are each page's analysis key (analyze), all zero when the build
// keeps nothing.
func (r *resolver) buildSearchIndex(pages []search.Page, analyses []search.Analysis, keys []buildcache.Key) *searchFiles {
	s := &searchFiles{url: r.site.cfg.BaseURL + search.Dir + search.MetaFile, ready: make(chan struct{})}
	go func() {
		defer close(s.ready)
		s.index = r.searchIndex(pages, analyses, keys)
	}()
	return s
}

// searchIndex writes the index of the pages search lists, from their
// analyses (encodePages): in a persistent store, by patching the postings
// the last build kept for the pages whose analysis changed.
func (r *resolver) searchIndex(pages []search.Page, analyses []search.Analysis, keys []buildcache.Key) *search.Index {
	prev, changed := r.keptPostings(keys)
	ix, postings, err := search.BuildPatched(pages, analyses, prev, changed)
	if err != nil {
		r.b.diags.Add(diag.Diagnostic{File: r.site.cfg.File, Severity: diag.Error, Message: "build the search index: " + err.Error()})
		return nil
	}
	r.keepPostings(keys, postings)
	return ix
}

// keptPostings are the search index's merged postings (search.Postings,
// in search's own encoding, which carries a CRC of its own) with the
// analysis key of each page they were merged from, in page order
// (memos.searchPostings).
type keptPostings struct {
	Keys     []buildcache.Key
	Postings *search.Postings
}

// keptPostings reads the postings the last build kept and lists the pages
// whose analysis differs from the one they were merged from; nil when
// nothing is kept, the number of pages differs, or most pages changed
// (merging them all is then as quick).
func (r *resolver) keptPostings(keys []buildcache.Key) (*search.Postings, []int) {
	if !r.b.store.Persistent() || slices.Contains(keys, buildcache.Key{}) {
		return nil, nil
	}
	kept, ok := r.b.memo.searchPostings.Get(r.b.memo.searchPostingsKey())
	if !ok || kept.Postings == nil || len(kept.Keys) != len(keys) {
		return nil, nil
	}
	var changed []int
	for i, key := range keys {
		if kept.Keys[i] != key {
			changed = append(changed, i)
		}
	}
	if 2*len(changed) > len(keys) {
		return nil, nil
	}
	return kept.Postings, changed
}

// keepPostings keeps the index's postings for the next build; only an
// optimisation, so a store that cannot keep them is not an error.
func (r *resolver) keepPostings(keys []buildcache.Key, postings *search.Postings) {
	if !r.b.store.Persistent() || slices.Contains(keys, buildcache.Key{}) {
		return
	}
	_ = r.b.memo.searchPostings.Replace(r.b.memo.searchPostingsKey(), keptPostings{Keys: keys, Postings: postings})
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
	case p.entry.Kind == route.KindNotFound, p.entry.Kind == route.KindSearch:
		return search.Page{}, false, false
	case d.Blog != nil && d.Blog.Post == nil:
		// A blog's lists repeat its posts, which are indexed.
		return search.Page{}, false, false
	default:
		fromBody = true
	}
	return sp, fromBody, true
}

// analyze indexes one page for search: from the store when a persistent one
// holds the analysis of the same page, else with z. key is the analysis's
// store key, zero when the store does not outlive the build. A kept
// analysis is decoded but for its postings, which only a page whose
// analysis changed needs (search.BuildPatched).
func (r *resolver) analyze(z *search.Analyzer, p *builtPage, html func() string) (sp search.Page, a search.Analysis, key buildcache.Key, ok bool) {
	sp, fromBody, ok := searchPage(p, html)
	if !ok {
		return sp, search.Analysis{}, key, false
	}
	store := r.b.store
	if store.Persistent() {
		content := p.htmlPart()
		if !fromBody || content == nil {
			sum := buildcache.Sum([]byte(sp.HTML))
			content = sum[:]
		}
		key = r.b.memo.searchKey(sp, content)
		// The postings are decoded only later, when a damaged entry could
		// no longer count as a miss: the store checks each entry's CRC-32C
		// as it reads it (a SHA-256 of every page's analysis took 10 ms).
		if a, ok := r.b.memo.search.Get(key); ok {
			return sp, a, key, true
		}
	}
	if fromBody {
		sp.HTML = html()
	}
	a, err := z.Analyze(sp)
	sp.HTML = ""
	if err != nil {
		r.b.diags.Add(diag.Diagnostic{File: config.FileName, Severity: diag.Error, Message: "build the search index: " + err.Error()})
		return sp, a, key, false
	}
	if store.Persistent() {
		if err := r.b.memo.search.Put(key, a); err != nil {
			r.b.diags.Add(diag.Diagnostic{Severity: diag.Warning, Message: err.Error(), Hint: "the index is built; only the cache missed it"})
		}
	}
	return sp, a, key, true
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
