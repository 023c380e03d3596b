package pipeline

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/links"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/sidebar"
	"github.com/portaldocs/portal/internal/themedata"
)

// builtPage is a route with its data and what the link checker needs.
type builtPage struct {
	// searchWeight is front matter search_weight (0: the default).
	searchWeight float64
	entry        route.Entry
	// data is the page's data until encode turns it into its data file's
	// JSON (as the prerender's input carries it too), which goes to the
	// build's store under dataKey: the pages' data is never all in memory.
	// Its content HTML is read from the store by encode (html, a Markdown
	// render's key; hasHTML is false for pages without Markdown).
	data    *themedata.PageData
	html    buildcache.Key
	hasHTML bool
	// htmlEdits are old, new pairs replaced once each in the content HTML
	// as it is read (the doc card lists, docCards); mdEdits the same in
	// its Markdown.
	htmlEdits, mdEdits []string
	// markdownKey is the page's Markdown file in the store (hasMarkdown:
	// one was made), llmsDescription its line in llms.txt (agents.go).
	markdownKey     buildcache.Key
	hasMarkdown     bool
	llmsDescription string
	dataKey         buildcache.Key
	dataFile        string // the data file's name without hash and extension
	source          string
	line            int
	links           []links.Link
	anchors         []string
	// indexText is a generated index's text for search: its items' labels
	// and descriptions.
	indexText string
	// searchVersion is the version search files a doc under (searchVersion).
	searchVersion string
}

// indexFunc gives search a page as it indexes it; html reads the page's
// content HTML, only when needed.
type indexFunc func(p *builtPage, html func() string)

// encode completes the page's data with its content HTML, marshals it,
// keeps the JSON in the store with the page's parts (pageParts) and
// completes the route with the data file's URL and size. With a persistent
// store, a page whose data and HTML are those of a page of an earlier build
// takes that build's data file, unread. index, when not nil, indexes the
// page for search. The data is released.
func (p *builtPage) encode(b *builder, cfg *config.Site, index indexFunc) {
	base := cfg.BaseURL
	html, loaded := "", !p.hasHTML
	loadHTML := func() string {
		if !loaded {
			h, err := p.contentHTML(b.memo)
			if err != nil {
				b.diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Error, Message: err.Error()})
			}
			html, loaded = h, true
		}
		return html
	}
	// The search page has no text of its own for agents to read.
	if cfg.LLMs.On() && p.entry.Kind != route.KindSearch {
		p.keepPageMarkdown(b, cfg)
	}
	lean := mustJSON(p.data) // p.data.HTML is still ""
	var ref buildcache.Key
	reused := false
	if b.store.Persistent() {
		ref = b.memo.pageDataRefKey(lean, p.htmlPart(), p.htmlEdits)
		if dataKey, ok := b.memo.pageDataRef.Get(ref); ok && b.memo.pageRender.Has(dataKey) {
			if size, ok := b.memo.pageData.Size(dataKey); ok {
				p.dataKey, p.entry.DataBytes, reused = dataKey, int(size), true
			}
		}
	}
	if index != nil {
		index(p, loadHTML)
	}
	if reused {
		p.entry.Data = base + p.dataFile + "." + p.dataKey.String()[:10] + ".json" // hashedName of the same JSON
		p.data = nil
		return
	}
	parts := pageParts{Render: lean, Initial: lean}
	if content := loadHTML(); content != "" {
		p.data.HTML = contentPlaceholder
		parts.Render, parts.HasContent = mustJSON(p.data), true
		p.data.HTML = content
	}
	data := mustJSON(p.data)
	p.entry.Data = base + hashedName(p.dataFile, data, ".json")
	p.entry.DataBytes = len(data)
	p.dataKey = buildcache.Sum(data)
	err := b.memo.pageData.Put(p.dataKey, data)
	if err == nil {
		err = b.memo.pageRender.Put(p.dataKey, parts)
	}
	if err == nil && b.store.Persistent() {
		err = b.memo.pageDataRef.Put(ref, p.dataKey)
	}
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: err.Error(), Hint: "check the build cache folder (--cache) and the free disk space"})
	}
	p.data = nil
}

// htmlPart is the page's HTML's key as part of another key (nil without
// Markdown).
func (p *builtPage) htmlPart() []byte {
	if !p.hasHTML {
		return nil
	}
	return p.html[:]
}

// contentHTML reads the page's content HTML from the store: its Markdown
// render's HTML with the page's edits made (htmlEdits); "" for a page
// without Markdown.
func (p *builtPage) contentHTML(m *memos) (string, error) {
	if !p.hasHTML {
		return "", nil
	}
	var html string
	data, ok := m.markdownHTML.Get(p.html)
	if ok {
		html = string(data)
	}
	for i := 0; i+1 < len(p.htmlEdits); i += 2 {
		html = strings.Replace(html, p.htmlEdits[i], p.htmlEdits[i+1], 1)
	}
	if !ok {
		return html, fmt.Errorf("the build store lost a Markdown render (%s/%s)", m.markdownHTML.Kind(), p.html)
	}
	return html, nil
}

// pageJSON reads the page's data file back from the store.
func (p *builtPage) pageJSON(m *memos) ([]byte, error) {
	data, ok := m.pageData.Get(p.dataKey)
	if !ok {
		return nil, fmt.Errorf("the build store lost the data of %s (%s/%s)", p.entry.Path, m.pageData.Kind(), p.dataKey)
	}
	return data, nil
}

// pageParts is a page's data as the prerender and the page's document take
// it, made by encode from the page's data and kept beside its data file
// (memos.pageRender): no one looks into the data file's JSON for the
// content HTML, the largest part of most pages.
type pageParts struct {
	// Render has contentPlaceholder for the content HTML: the prerender's
	// input. The theme writes the placeholder where the content goes and
	// finish puts the content there, so JavaScript neither parses nor
	// copies the content.
	Render []byte
	// Initial has the content emptied: the initial data of the
	// prerendered document, whose client reads the content back from the
	// DOM.
	Initial []byte
	// HasContent says the page's content HTML is not empty: finish puts
	// it, read from the store (builtPage.contentHTML), where the theme
	// wrote the placeholder. Without content, Render is Initial.
	HasContent bool
}

// pages turns docs, generated indexes and pages into routes with their
// page data.
func (r *resolver) pages() []*builtPage {
	var pages []*builtPage
	for _, v := range r.site.content.Versions {
		sb := r.sidebars[v.Key()]
		for _, d := range v.Docs {
			if p := r.docPage(v, sb, d); p != nil {
				pages = append(pages, p)
			}
		}
		for _, gi := range sb.GeneratedIndexes {
			pages = append(pages, r.generatedIndexPage(v, gi))
		}
	}
	for _, p := range r.site.content.Pages {
		if bp := r.standalonePage(p); bp != nil {
			pages = append(pages, bp)
		}
	}
	pages = append(pages, r.blogPages()...)
	if p := r.searchPage(); p != nil {
		pages = append(pages, p)
	}
	base := r.site.cfg.BaseURL
	for _, p := range pages {
		p.dataFile = "data/pages/" + dataName(base, p.entry.Path)
	}
	return pages
}

func (r *resolver) docPage(v *content.Version, sb *sidebar.Sidebars, d *content.Doc) *builtPage {
	res := r.md.doc(d)
	if res == nil {
		return nil
	}
	fm := d.FrontMatter
	sidebarID := r.displayedSidebar(v, sb, d)
	meta := &themedata.DocMeta{ID: d.ID, Version: v.Name, PluginID: pluginID(v), Sidebar: sidebarID, Unlisted: fm.Unlisted,
		Draft: fm.Draft, Tags: fm.Tags, EditURL: r.editURL(v, d), LastUpdate: fm.LastUpdate}
	var prev, next *sidebar.NavLink
	if sidebarID != "" {
		if *v.Instance.Config.Breadcrumbs {
			meta.Breadcrumbs = sb.Breadcrumbs(sidebarID, d.Permalink)
		}
		prev, next = r.neighbours(v, sb, sidebarID, d)
	} else {
		prev = r.paginationOverride(v, d, "pagination_prev", fm.PaginationPrev)
		next = r.paginationOverride(v, d, "pagination_next", fm.PaginationNext)
	}
	meta.Previous, meta.Next = prev, next
	title := r.md.title(d)
	data := r.basePageData(d.Permalink, route.KindDoc, title, res)
	var cards, mdCards []string
	if len(res.DocCardLists) > 0 {
		cards, mdCards = r.docCards(v, sb, sidebarID, d, res)
	}
	data.Doc = meta
	data.Description = firstNonEmpty(fm.Description, res.Description)
	applyHead(data, res.Head)
	data.Keywords, data.Image = fm.Keywords, fm.Image
	data.HideTitle = fm.HideTitle || res.Title != ""
	data.HideTOC = fm.HideTableOfContents
	data.NoIndex = data.NoIndex || fm.Unlisted
	data.TOC = r.toc(res, fm)
	return &builtPage{
		entry: route.Entry{Path: d.Permalink, Kind: route.KindDoc, Title: title, Sidebar: sidebarID,
			Version: v.Name, DocsPluginID: pluginID(v), Locale: r.site.cfg.I18n.DefaultLocale, Unlisted: fm.Unlisted},
		data: data, html: r.md.html[docKey(d)], hasHTML: true, source: d.Source, line: 1, links: fileLinks(d.Source, res),
		anchors: res.Anchors, searchWeight: weightOf(fm), searchVersion: searchVersion(v), htmlEdits: cards, mdEdits: mdCards,
	}
}

func weightOf(fm content.FrontMatter) float64 {
	if fm.SearchWeight == nil {
		return 0
	}
	return *fm.SearchWeight
}

// displayedSidebar: front matter displayed_sidebar (null = none), else the
// sidebar that lists the doc.
func (r *resolver) displayedSidebar(v *content.Version, sb *sidebar.Sidebars, d *content.Doc) string {
	ds := d.FrontMatter.DisplayedSidebar
	switch {
	case ds.Null:
		return ""
	case ds.Set:
		if _, ok := sb.ByID[ds.Value]; !ok {
			r.b.diags.Add(diag.Diagnostic{File: d.Source, Line: d.FrontMatter.Lines["displayed_sidebar"], Severity: diag.Error,
				Message: fmt.Sprintf("Doc with ID %s wants to display sidebar %s but a sidebar with this name doesn't exist", d.ID, ds.Value),
				Hint:    "use one of: " + strings.Join(sb.IDs, ", ")})
			return ""
		}
		return ds.Value
	}
	return sb.SidebarOf(d.ID)
}

// toc builds the table of contents with the levels from front matter, else
// the config (default 2–3).
func (r *resolver) toc(res *markdown.Result, fm content.FrontMatter) []markdown.TOCItem {
	minLevel, maxLevel := r.site.cfg.ThemeConfig.TableOfContents.MinHeadingLevel, r.site.cfg.ThemeConfig.TableOfContents.MaxHeadingLevel
	if fm.TOCMinHeadingLevel != 0 {
		minLevel = fm.TOCMinHeadingLevel
	}
	if fm.TOCMaxHeadingLevel != 0 {
		maxLevel = fm.TOCMaxHeadingLevel
	}
	toc := markdown.BuildTOC(res.Headings, minLevel, maxLevel)
	if toc == nil {
		toc = []markdown.TOCItem{}
	}
	return toc
}

func (r *resolver) editURL(v *content.Version, d *content.Doc) string {
	custom := d.FrontMatter.CustomEditURL
	switch {
	case custom.Null:
		return ""
	case custom.Set:
		return custom.Value
	case v.Instance.Config.EditURL != "":
		return strings.TrimSuffix(v.Instance.Config.EditURL, "/") + "/" + path.Join(v.Dir, d.RelPath)
	}
	return ""
}

// neighbours computes previous and next from the sidebar, then applies the
// front-matter overrides (behaviour reference 5.7).
func (r *resolver) neighbours(v *content.Version, sb *sidebar.Sidebars, sidebarID string, d *content.Doc) (prev, next *sidebar.NavLink) {
	prev, next = sb.Neighbours(sidebarID, d.Permalink)
	prev, next = r.labelled(v, prev), r.labelled(v, next)
	fm := d.FrontMatter
	if fm.PaginationPrev.Set {
		prev = r.paginationOverride(v, d, "pagination_prev", fm.PaginationPrev)
	}
	if fm.PaginationNext.Set {
		next = r.paginationOverride(v, d, "pagination_next", fm.PaginationNext)
	}
	return prev, next
}

// labelled applies the target doc's pagination_label.
func (r *resolver) labelled(v *content.Version, nl *sidebar.NavLink) *sidebar.NavLink {
	if nl == nil {
		return nil
	}
	if target := v.DocByID(nl.DocID); target != nil && target.FrontMatter.PaginationLabel != "" && target.Permalink == nl.Permalink {
		nl.Title = target.FrontMatter.PaginationLabel
	}
	return nl
}

func (r *resolver) paginationOverride(v *content.Version, d *content.Doc, key string, n content.Nullable) *sidebar.NavLink {
	if !n.Set || n.Null {
		return nil
	}
	target := v.DocByID(n.Value)
	if target == nil {
		r.b.diags.Add(diag.Diagnostic{File: d.Source, Line: d.FrontMatter.Lines[key], Severity: diag.Error,
			Message: fmt.Sprintf("Error when loading %s in %s: the %s front matter points to a non-existent ID %s.", d.ID, path.Dir(d.Source), key, n.Value)})
		return nil
	}
	if target.Unlisted() {
		return nil
	}
	label := firstNonEmpty(target.FrontMatter.PaginationLabel, target.FrontMatter.SidebarLabel, r.md.title(target))
	return &sidebar.NavLink{Title: label, Permalink: target.Permalink, DocID: target.ID}
}

func (r *resolver) generatedIndexPage(v *content.Version, gi *sidebar.GeneratedIndex) *builtPage {
	data := r.basePageData(gi.Permalink, route.KindGeneratedIndex, gi.Title, nil)
	data.Description = gi.Description
	data.Keywords, data.Image = gi.Keywords, gi.Image
	items := r.cardItems(v, gi.Category.Items)
	data.Index = &themedata.IndexData{Description: gi.Description, Cards: indexCards(items)}
	sb := r.sidebars[v.Key()]
	data.Doc = &themedata.DocMeta{Version: v.Name, PluginID: pluginID(v), Sidebar: gi.SidebarID}
	if *v.Instance.Config.Breadcrumbs {
		data.Doc.Breadcrumbs = sb.Breadcrumbs(gi.SidebarID, gi.Permalink)
	}
	prev, next := sb.Neighbours(gi.SidebarID, gi.Permalink)
	data.Doc.Previous, data.Doc.Next = r.labelled(v, prev), r.labelled(v, next)
	return &builtPage{
		entry: route.Entry{Path: gi.Permalink, Kind: route.KindGeneratedIndex, Title: gi.Title, Sidebar: gi.SidebarID,
			Version: v.Name, DocsPluginID: pluginID(v), Locale: r.site.cfg.I18n.DefaultLocale},
		data: data, source: gi.File, line: gi.Line, indexText: indexPageHTML(gi.Description, items),
		searchVersion: searchVersion(v),
	}
}

// cardItems are a generated index's items with each doc's own description
// when the sidebars file gives none, so its cards say what each page is for.
// The items are copied: the sidebar itself stays as the file wrote it.
func (r *resolver) cardItems(v *content.Version, items []*sidebar.Item) []*sidebar.Item {
	out := make([]*sidebar.Item, len(items))
	for i, item := range items {
		card := *item
		if card.Description == "" && card.DocID != "" {
			if doc := v.DocByID(card.DocID); doc != nil {
				card.Description = doc.FrontMatter.Description
				if res := r.md.doc(doc); card.Description == "" && res != nil {
					card.Description = res.Description
				}
			}
		}
		out[i] = &card
	}
	return out
}

func (r *resolver) standalonePage(p *content.Page) *builtPage {
	res := r.md.page(p)
	if res == nil {
		return nil
	}
	fm := p.FrontMatter
	kind := route.KindPage
	if fm.Layout == "home" {
		kind = route.KindHome
	}
	title := firstNonEmpty(fm.Title, res.Title)
	if title == "" {
		title = r.site.cfg.Title
	}
	data := r.basePageData(p.Permalink, kind, title, res)
	data.Description = firstNonEmpty(fm.Description, res.Description)
	applyHead(data, res.Head)
	data.Keywords, data.Image = fm.Keywords, fm.Image
	data.HideTitle = fm.HideTitle || res.Title != ""
	data.HideTOC = fm.HideTableOfContents
	data.TOC = r.toc(res, fm)
	if p.React {
		data.Bare, data.HideTitle, data.HideTOC = true, true, true
	}
	pageLinks := fileLinks(p.Source, res)
	if kind == route.KindHome {
		data.Home = homeData(fm)
		pageLinks = append(pageLinks, homeLinks(p.Source, fm)...)
	}
	return &builtPage{
		entry: route.Entry{Path: p.Permalink, Kind: kind, Title: title, Locale: r.site.cfg.I18n.DefaultLocale},
		data:  data, html: r.md.html[pageKey(p.Source)], hasHTML: true, source: p.Source, line: 1, links: pageLinks,
		anchors: res.Anchors, searchWeight: weightOf(fm),
	}
}

// homeData takes the home layout's hero and features from front matter.
func homeData(fm content.FrontMatter) *themedata.HomeData {
	h := &themedata.HomeData{}
	if hero, ok := fm.Extra["hero"].(map[string]any); ok {
		h.Hero = hero
	}
	if features, ok := fm.Extra["features"].([]any); ok {
		for _, f := range features {
			if m, ok := f.(map[string]any); ok {
				h.Features = append(h.Features, m)
			}
		}
	}
	return h
}

// homeLinks collects the "to" targets of hero actions and feature cards so
// the link checker covers them.
func homeLinks(file string, fm content.FrontMatter) []links.Link {
	var out []links.Link
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if to, ok := x["to"].(string); ok {
				out = append(out, links.Link{Dest: to, File: file, Line: fm.Lines["hero"]})
			}
			for _, child := range x {
				walk(child)
			}
		case []any:
			for _, child := range x {
				walk(child)
			}
		}
	}
	walk(fm.Extra["hero"])
	walk(fm.Extra["features"])
	return out
}

func (r *resolver) basePageData(permalink string, kind route.Kind, title string, res *markdown.Result) *themedata.PageData {
	data := &themedata.PageData{Path: permalink, Kind: kind, Title: title, Canonical: r.site.cfg.URL + permalink,
		Alternates: r.alternates(permalink), NoIndex: r.site.cfg.NoIndex, TOC: []markdown.TOCItem{}}
	if res != nil {
		data.HasMermaid = res.HasMermaid // the HTML itself is added by encode, from the store
	}
	return data
}

// applyHead gives the page what its MDX <head> adds to the document's head:
// its title, and its meta description in place of the page's (the page's
// is deeper in Docusaurus's tree than the doc's own, so it wins there); the
// other tags are added as they are.
func applyHead(data *themedata.PageData, head *markdown.Head) {
	if head == nil {
		return
	}
	out := &markdown.Head{Title: head.Title}
	for _, tag := range head.Tags {
		if description, ok := metaDescription(tag); ok {
			data.Description = description
			continue
		}
		out.Tags = append(out.Tags, tag)
	}
	data.Head = out
}

// metaDescription is the content of <meta name="description">.
func metaDescription(tag markdown.HeadTag) (string, bool) {
	if tag.Name != "meta" {
		return "", false
	}
	isDescription, content := false, ""
	for _, a := range tag.Attrs {
		switch {
		case a.Name == "name" && strings.EqualFold(a.Value, "description"):
			isDescription = true
		case a.Name == "content":
			content = a.Value
		}
	}
	return content, isDescription
}

// alternates lists the page in every locale plus x-default, for hreflang
// links (behaviour reference 2.x, useAlternatePageUtils): every locale but
// the default one lives under /<locale>/ of the site's base URL.
func (r *resolver) alternates(permalink string) []themedata.Alternate {
	cfg := r.site.cfg
	i18n := cfg.I18n
	base := unlocalizedBase(cfg)
	suffix := strings.TrimPrefix(permalink, cfg.BaseURL)
	out := make([]themedata.Alternate, 0, len(i18n.Locales)+1)
	for _, loc := range i18n.Locales {
		href := cfg.URL + localizedPath(base, suffix, loc, i18n.DefaultLocale)
		out = append(out, themedata.Alternate{HrefLang: i18n.LocaleConfigs[loc].HTMLLang, Href: href})
	}
	out = append(out, themedata.Alternate{HrefLang: "x-default", Href: cfg.URL + base + suffix})
	return out
}

// unlocalizedBase is the site's base URL without the locale of this build.
func unlocalizedBase(cfg *config.Site) string {
	if loc := cfg.I18n.CurrentLocale; loc != "" && loc != cfg.I18n.DefaultLocale {
		return strings.TrimSuffix(cfg.BaseURL, loc+"/")
	}
	return cfg.BaseURL
}

// localizedPath is a path of the site (suffix, after the base URL) in locale.
func localizedPath(base, suffix, locale, defaultLocale string) string {
	if locale == defaultLocale {
		return base + suffix
	}
	return base + locale + "/" + suffix
}

// fileLinks are the page's links to check. Unresolved .md links are left
// out: they were reported at the onBrokenMarkdownLinks level already, and
// checking them again would make that level meaningless.
func fileLinks(file string, res *markdown.Result) []links.Link {
	unresolved := make(map[markdown.Link]bool, len(res.UnresolvedMarkdownLinks))
	for _, l := range res.UnresolvedMarkdownLinks {
		unresolved[l] = true
	}
	out := make([]links.Link, 0, len(res.Links))
	for _, l := range res.Links {
		if !unresolved[l] {
			from := file
			if l.File != "" {
				from = l.File // written in a partial
			}
			out = append(out, links.Link{Dest: l.Dest, File: from, Line: l.Line})
		}
	}
	return out
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

// contentPlaceholder stands for a page's content HTML in the prerender's
// input and output.
const contentPlaceholder = "<!--portal:content-->"

// asDataHolds is the content HTML as the page's data file holds it, read
// back: encoding/json writes each byte of invalid UTF-8 as U+FFFD, so the
// content the document shows is the content its data carries.
func asDataHolds(html string) string {
	if utf8.ValidString(html) {
		return html
	}
	var back string
	_ = json.Unmarshal(mustJSON(html), &back) // a string marshalled by encoding/json reads back
	return back
}
