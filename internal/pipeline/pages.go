package pipeline

import (
	"bytes"
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/portaldocs/portal/internal/buildcache"
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
	// as it is read (the doc card lists, docCards).
	htmlEdits []string
	dataKey   buildcache.Key
	dataFile  string // the data file's name without hash and extension
	source    string
	line      int
	links     []links.Link
	anchors   []string
	// indexText is a generated index's text for search: its items' labels
	// and descriptions.
	indexText string
	// searchVersion is the version search files a doc under (searchVersion).
	searchVersion string
}

// Kinds of store entries made by the resolve stage: pages' data files,
// named by their content, and, in a persistent store, which data file a
// page's data without its HTML and the key of its HTML give (so that an
// unchanged page is neither read nor encoded again).
const (
	kindPageData    buildcache.Kind = "page-data"
	kindPageDataRef buildcache.Kind = "page-data-ref"
)

// indexFunc gives search a page as it indexes it; html reads the page's
// content HTML, only when needed.
type indexFunc func(p *builtPage, html func() string)

// encode completes the page's data with its content HTML, marshals it,
// keeps the JSON in the store and completes the route with the data file's
// URL and size. With a persistent store, a page whose data and HTML are those of a
// page of an earlier build takes that build's data file, unread. index,
// when not nil, indexes the page for search. The data is released.
func (p *builtPage) encode(b *builder, base string, index indexFunc) {
	html, loaded := "", !p.hasHTML
	loadHTML := func() string {
		if !loaded {
			h, err := b.markdownHTML(p.html)
			if err != nil {
				b.diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Error, Message: err.Error()})
			}
			for i := 0; i+1 < len(p.htmlEdits); i += 2 {
				h = strings.Replace(h, p.htmlEdits[i], p.htmlEdits[i+1], 1)
			}
			html, loaded = h, true
		}
		return html
	}
	var ref buildcache.Key
	reused := false
	if b.store.Persistent() {
		ref = b.storeKey(kindPageDataRef, append([][]byte{mustJSON(p.data), p.htmlPart()}, stringBytes(p.htmlEdits)...)...) // p.data.HTML is still ""
		if v, ok := b.store.Get(kindPageDataRef, ref); ok && len(v) == len(p.dataKey) {
			copy(p.dataKey[:], v)
			var size int64
			size, reused = b.store.Size(kindPageData, p.dataKey)
			p.entry.DataBytes = int(size)
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
	p.data.HTML = loadHTML()
	json := mustJSON(p.data)
	p.entry.Data = base + hashedName(p.dataFile, json, ".json")
	p.entry.DataBytes = len(json)
	p.dataKey = buildcache.Sum(json)
	err := b.store.Put(kindPageData, p.dataKey, json)
	if err == nil && b.store.Persistent() {
		err = b.store.Put(kindPageDataRef, ref, p.dataKey[:])
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

// pageJSON reads the page's data file back from the store.
func (p *builtPage) pageJSON(store *buildcache.Store) ([]byte, error) {
	json, ok := store.Get(kindPageData, p.dataKey)
	if !ok {
		return nil, fmt.Errorf("the build store lost the data of %s (%s/%s)", p.entry.Path, kindPageData, p.dataKey)
	}
	return json, nil
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
	var cards []string
	if len(res.DocCardLists) > 0 {
		cards = r.docCards(v, sb, sidebarID, d, res)
	}
	data.Doc = meta
	data.Description = firstNonEmpty(fm.Description, res.Description)
	data.Keywords, data.Image = fm.Keywords, fm.Image
	data.HideTitle = fm.HideTitle || res.Title != ""
	data.HideTOC = fm.HideTableOfContents
	data.NoIndex = data.NoIndex || fm.Unlisted
	data.TOC = r.toc(res, fm)
	return &builtPage{
		entry: route.Entry{Path: d.Permalink, Kind: route.KindDoc, Title: title, Sidebar: sidebarID,
			Version: v.Name, DocsPluginID: pluginID(v), Locale: r.site.cfg.I18n.DefaultLocale, Unlisted: fm.Unlisted},
		data: data, html: r.md.html[docKey(d)], hasHTML: true, source: d.Source, line: 1, links: fileLinks(d.Source, res),
		anchors: res.Anchors, searchWeight: weightOf(fm), searchVersion: searchVersion(v), htmlEdits: cards,
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
	data.Keywords, data.Image = fm.Keywords, fm.Image
	data.HideTitle = fm.HideTitle || res.Title != ""
	data.HideTOC = fm.HideTableOfContents
	data.TOC = r.toc(res, fm)
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

// alternates lists the page in every locale plus x-default, for hreflang
// links. Non-default locales live under /<locale path>/.
func (r *resolver) alternates(permalink string) []themedata.Alternate {
	i18n := r.site.cfg.I18n
	out := make([]themedata.Alternate, 0, len(i18n.Locales)+1)
	for _, loc := range i18n.Locales {
		href := r.site.cfg.URL + localizedPath(r.site.cfg.BaseURL, permalink, loc, i18n.DefaultLocale, i18n.LocaleConfigs[loc].Path)
		out = append(out, themedata.Alternate{HrefLang: i18n.LocaleConfigs[loc].HTMLLang, Href: href})
	}
	out = append(out, themedata.Alternate{HrefLang: "x-default", Href: r.site.cfg.URL + permalink})
	return out
}

func localizedPath(baseURL, permalink, locale, defaultLocale, localePath string) string {
	if locale == defaultLocale {
		return permalink
	}
	return baseURL + localePath + "/" + strings.TrimPrefix(permalink, baseURL)
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

// stringBytes is each string as bytes, for a store key.
func stringBytes(list []string) [][]byte {
	out := make([][]byte, len(list))
	for i, s := range list {
		out[i] = []byte(s)
	}
	return out
}

// contentHTMLKey opens the content HTML in a page's data file. PageData's
// fields before it (path, kind, title, description, keywords, image,
// canonical, alternates, noIndex) hold no object with an "html" key, and a
// string's quotes are escaped inside it, so its first occurrence is the
// page's own.
const contentHTMLKey = `"html":"`

// pageParts is a page's data file JSON split around its content HTML,
// found once and never decoded as a whole (a page can be megabytes).
type pageParts struct {
	// render has contentPlaceholder for the content: the prerender's
	// input. The theme writes the placeholder where the content goes and
	// finish puts the content there, so JavaScript neither parses nor
	// copies the largest part of most pages.
	render []byte
	// initial has the content emptied: the initial data of the prerendered
	// document, whose client reads the content back from the DOM.
	initial []byte
	// content is the content HTML, decoded; "" when render still holds it
	// (a page without content, or one whose escapes this decoder refuses).
	content string
}

// splitContent splits a page's data file JSON; a missing or unterminated
// content field leaves all of it as it is.
func splitContent(json []byte) pageParts {
	from, to, found := contentHTMLSpan(json)
	if !found {
		return pageParts{render: json, initial: json}
	}
	parts := pageParts{render: json, initial: splice(json, from, to, "")}
	if content, ok := unquoteJSON(json[from:to]); ok && content != "" {
		parts.render, parts.content = splice(json, from, to, contentPlaceholder), content
	}
	return parts
}

// unquoteJSON decodes the characters of a JSON string, between its quotes:
// what encoding/json's Unmarshal into a string gives, at a fraction of its
// cost on the megabyte pages of the portal (it validates the whole input
// first, then decodes it). ok is false for a malformed escape.
func unquoteJSON(s []byte) (string, bool) {
	var b strings.Builder
	b.Grow(len(s))
	for {
		i := bytes.IndexByte(s, '\\')
		if i < 0 {
			b.Write(s)
			return b.String(), true
		}
		b.Write(s[:i])
		if i+1 >= len(s) {
			return "", false
		}
		c := s[i+1]
		s = s[i+2:]
		switch c {
		case '"', '\\', '/':
			b.WriteByte(c)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r, rest, ok := unquoteRune(s)
			if !ok {
				return "", false
			}
			b.WriteRune(r)
			s = rest
		default:
			return "", false
		}
	}
}

// unquoteRune decodes the hex digits after \u, and the low half of a
// surrogate pair after them; an unpaired surrogate is U+FFFD, as
// encoding/json decodes it.
func unquoteRune(s []byte) (rune, []byte, bool) {
	r, ok := hex4(s)
	if !ok {
		return 0, nil, false
	}
	s = s[4:]
	if !utf16.IsSurrogate(r) {
		return r, s, true
	}
	if len(s) >= 6 && s[0] == '\\' && s[1] == 'u' {
		if low, ok := hex4(s[2:]); ok {
			if pair := utf16.DecodeRune(r, low); pair != unicode.ReplacementChar {
				return pair, s[6:], true
			}
		}
	}
	return unicode.ReplacementChar, s, true
}

func hex4(s []byte) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(s[:4]), 16, 32)
	return rune(n), err == nil
}

// contentPlaceholder stands for a page's content HTML in the prerender's
// input and output; it needs no escaping in JSON.
const contentPlaceholder = "<!--portal:content-->"

// contentHTMLSpan finds the content HTML's escaped characters in a page's
// data file JSON: json[from:to], between its quotes.
func contentHTMLSpan(json []byte) (from, to int, ok bool) {
	start := bytes.Index(json, []byte(contentHTMLKey))
	if start < 0 {
		return 0, 0, false
	}
	from = start + len(contentHTMLKey)
	for i := from; i < len(json); i++ {
		switch json[i] {
		case '\\':
			i++ // the escaped character, a quote included
		case '"':
			return from, i, true
		}
	}
	return 0, 0, false
}

func splice(json []byte, from, to int, with string) []byte {
	out := make([]byte, 0, len(json)-(to-from)+len(with))
	return append(append(append(out, json[:from]...), with...), json[to:]...)
}
