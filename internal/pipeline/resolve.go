package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/portaldocs/portal/internal/blog"
	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/i18n"
	"github.com/portaldocs/portal/internal/links"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/search"
	"github.com/portaldocs/portal/internal/sidebar"
	"github.com/portaldocs/portal/internal/themedata"
)

// resolved is what the resolve stage hands on: every route complete, its
// page data encoded, and the content of every other file decided. The
// validate stage checks it; the emit stage renders the pages and writes it.
type resolved struct {
	// sidebars are each version's sidebars, by version key
	// (content.Version.Key).
	sidebars map[string]*sidebar.Sidebars
	pages    []*builtPage
	notFound *builtPage
	// redirects are the config's redirects with the page each writes.
	redirects []redirectPage
	manifest  *route.Manifest
	// siteData and sidebarsData are the encoded site data and sidebars,
	// written to their files and shared by every prerender. The site data
	// names the search index by its meta file, whose URL never changes
	// (search.MetaFile): an edit of a page's text changes no other page.
	siteData, sidebarsData []byte
	search                 *searchFiles
	downloads              []fhir.Download
	// assets are the files pages use by a relative path, by output name
	// → site file, as the Markdown stage found them.
	assets map[string]string
	// feeds are the blog's feeds, by output name (without the base URL).
	feeds []blog.FeedFile
}

// resolver answers what the resolve stage asks of the loaded site and its
// rendered Markdown. It only reads them.
type resolver struct {
	b    *builder
	site *loaded
	md   *rendered
	// sidebars and mainDocs are by version key (content.Version.Key).
	sidebars map[string]*sidebar.Sidebars
	mainDocs map[string]string
}

// resolve resolves each version's sidebars once, from the docs and their
// titles and the generated pages' placements; then the main docs, every
// route with its page data, the navbar, the search index and the site data.
func (b *builder) resolve(site *loaded, md *rendered) *resolved {
	r := &resolver{b: b, site: site, md: md, sidebars: map[string]*sidebar.Sidebars{}, mainDocs: map[string]string{}}
	// The FHIR downloads (each API's Postman collection) read only the
	// FHIR site, and the rest of this stage runs mostly on one core.
	downloads := make(chan fhirDownloads, 1)
	go func() {
		files, ds := site.fhir.site.DownloadsCached(b.postmanCache(site))
		downloads <- fhirDownloads{files, ds}
	}()
	for _, v := range site.content.Versions {
		sb, ds := sidebar.Load(b.site, v, site.cfg, sidebar.Input{Title: md.title, Placements: site.fhir.placements(v), Document: site.sidebarDocs[v.Key()]})
		b.diags.Add(ds...)
		if labels := b.locale.Version(v.Instance.ID(), v.Name); labels != nil {
			for _, index := range sb.GeneratedIndexes {
				i18n.TranslateIndex(labels, v.Name, index)
			}
			sb.Relabel(i18n.SidebarLabel(labels, v.Name))
		}
		r.sidebars[v.Key()] = sb
		r.mainDocs[v.Key()] = mainDoc(v, sb)
	}
	out := &resolved{sidebars: r.sidebars, pages: r.pages(), notFound: r.notFoundPage(), assets: md.assets, feeds: r.blogFeeds()}
	out.search = r.encodePages(out)
	siteData := r.siteData(r.navbar())
	siteData.SearchIndex = out.search.url
	siteData.PageMarkdown = site.cfg.LLMs.On()
	out.siteData, out.sidebarsData = mustJSON(siteData), mustJSON(r.sidebarsData())
	d := <-downloads
	b.diags.Add(d.diags...)
	out.downloads = d.files
	out.redirects = r.redirects()
	out.manifest = r.manifest(out)
	return out
}

// fhirDownloads are the FHIR site's downloads and what making them found.
type fhirDownloads struct {
	files []fhir.Download
	diags []diag.Diagnostic
}

// mainDoc: the doc with slug "/", else the first doc of the first sidebar,
// else the first doc (behaviour reference 5.8).
func mainDoc(v *content.Version, sb *sidebar.Sidebars) string {
	for _, d := range v.Docs {
		if d.Slug == "/" {
			return d.ID
		}
	}
	if len(sb.IDs) > 0 {
		for _, nl := range sb.Navigation(sb.IDs[0]) {
			if nl.DocID != "" {
				return nl.DocID
			}
		}
	}
	if len(v.Docs) > 0 {
		return v.Docs[0].ID
	}
	return ""
}

// encodePages encodes every page's data into the store, which names its
// data file, across the workers, and indexes each page for search while its
// HTML is at hand; then it writes the search index.
func (r *resolver) encodePages(out *resolved) *searchFiles {
	var index func(i int) indexFunc
	var searchPages []search.Page
	var analyses []search.Analysis
	var keys []buildcache.Key
	var indexed []bool
	if hasSearch(r.site.cfg) {
		searchPages = make([]search.Page, len(out.pages))
		analyses = make([]search.Analysis, len(out.pages))
		keys = make([]buildcache.Key, len(out.pages))
		indexed = make([]bool, len(out.pages))
		analyzers := sync.Pool{New: func() any { return search.NewAnalyzer() }}
		index = func(i int) indexFunc {
			return func(p *builtPage, html func() string) {
				z := analyzers.Get().(*search.Analyzer)
				defer analyzers.Put(z)
				searchPages[i], analyses[i], keys[i], indexed[i] = r.analyze(z, p, html)
			}
		}
	}
	r.b.parallel(len(out.pages), r.b.counted(StageResolve, len(out.pages), func(i int) {
		var idx indexFunc
		if index != nil {
			idx = index(i)
		}
		out.pages[i].encode(r.b, r.site.cfg, idx)
	}))
	out.notFound.encode(r.b, r.site.cfg, nil)
	if index == nil {
		return &searchFiles{}
	}
	var pages []search.Page
	var kept []search.Analysis
	var keptKeys []buildcache.Key
	for i, ok := range indexed {
		if ok {
			pages, kept, keptKeys = append(pages, searchPages[i]), append(kept, analyses[i]), append(keptKeys, keys[i])
		}
	}
	return r.buildSearchIndex(pages, kept, keptKeys)
}

// manifest lists the routes in page order, then sorted.
func (r *resolver) manifest(out *resolved) *route.Manifest {
	base := r.site.cfg.BaseURL
	m := &route.Manifest{BaseURL: base, TrailingSlash: r.site.cfg.RouteForm().Slash, Routes: make([]route.Entry, 0, len(out.pages)), Redirects: []route.Redirect{}}
	for _, p := range out.pages {
		m.Routes = append(m.Routes, p.entry)
	}
	m.NotFoundData = out.notFound.entry.Data
	m.SiteData = base + hashedName("data/site", out.siteData, ".json")
	m.SidebarsData = base + hashedName("data/sidebars", out.sidebarsData, ".json")
	for _, rd := range out.redirects {
		m.Redirects = append(m.Redirects, route.Redirect{From: rd.from, To: rd.to})
	}
	m.Sort()
	m.Aliases = r.aliases(m, out)
	return m
}

// aliases resolves every path the site links to that is not a route's own
// (route.Manifest.Resolve), so that the client follows it as the server
// answers it, without rules of its own.
func (r *resolver) aliases(m *route.Manifest, out *resolved) map[string]string {
	aliases := map[string]string{}
	add := func(pagePath, dest string) {
		if dest == "" || links.IsExternal(dest) {
			return
		}
		p, _, err := links.Resolve(pagePath, dest)
		if err != nil || p == "" {
			return
		}
		if res := m.Resolve(p); res.Answer == route.Canonical || res.Answer == route.Redirected {
			aliases[p] = res.Location
		}
	}
	for _, p := range out.pages {
		for _, l := range p.links {
			add(p.entry.Path, l.Dest)
		}
	}
	base := r.site.cfg.BaseURL
	for _, l := range layoutLinks(r.site.cfg) {
		add(base, l.Dest)
	}
	for _, sb := range r.sidebars {
		for _, l := range sidebarLinks(sb.Version.SidebarFile, sb) {
			add(base, l.Dest)
		}
	}
	return aliases
}

// redirectPage is a config redirect and the page that does it on static
// hosts.
type redirectPage struct {
	from, to string
	// file is the page's output name; line locates the redirect in the config.
	file string
	line int
}

func (r *resolver) redirects() []redirectPage {
	cfg := r.site.cfg
	out := make([]redirectPage, 0, len(cfg.Redirects))
	for _, rd := range cfg.Redirects {
		from := withBaseURL(cfg.BaseURL, rd.From)
		out = append(out, redirectPage{from: from, to: withBaseURL(cfg.BaseURL, rd.To), line: rd.Line,
			// at <from>/index.html under every trailing-slash rule, as
			// Docusaurus's client-redirects writes it (§2.4)
			file: route.Form{BaseURL: cfg.BaseURL}.File(strings.TrimSuffix(from, "/") + "/")})
	}
	return out
}

// sidebarsData is every version's sidebars: version key → sidebar id → items.
func (r *resolver) sidebarsData() themedata.SidebarsData {
	out := themedata.SidebarsData{}
	for key, sb := range r.sidebars {
		out[key] = sb.ByID
	}
	return out
}

// hashedName is name.<hash><ext>: a file whose name changes with its
// content, so that browsers and CDNs can cache it forever.
func hashedName(name string, data []byte, ext string) string {
	sum := sha256.Sum256(data)
	return name + "." + hex.EncodeToString(sum[:])[:10] + ext
}

// dataName turns a route path into a readable file-name stem.
func dataName(base, p string) string {
	stem := strings.Trim(strings.TrimPrefix(p, base), "/")
	if stem == "" {
		return "index"
	}
	return strings.ReplaceAll(stem, "/", "--")
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		// Only our own plain data types are marshalled; failure is a programming error.
		panic(fmt.Sprintf("marshal page data: %v", err))
	}
	return data
}
