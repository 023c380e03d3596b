package build

import (
	"fmt"
	"path"
	"strings"

	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/links"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/sidebar"
)

// builtPage is a route with its data and what the link checker needs.
type builtPage struct {
	// searchWeight is front matter search_weight (0: the default).
	searchWeight float64
	entry        route.Entry
	data         *PageData
	source       string
	line         int
	links        []links.Link
	anchors      []string
}

// assemblePages turns docs, generated indexes and pages into routes with
// their page data, and reports duplicate routes.
func (b *builder) assemblePages() []*builtPage {
	var pages []*builtPage
	for _, v := range b.content.Versions {
		sb := b.sidebars[v.Name]
		for _, d := range v.Docs {
			if p := b.docPage(v, sb, d); p != nil {
				pages = append(pages, p)
			}
		}
		for _, gi := range sb.GeneratedIndexes {
			pages = append(pages, b.generatedIndexPage(v, gi))
		}
	}
	for _, p := range b.content.Pages {
		if bp := b.standalonePage(p); bp != nil {
			pages = append(pages, bp)
		}
	}
	sources := make([]links.Source, len(pages))
	for i, p := range pages {
		sources[i] = links.Source{Path: p.entry.Path, File: p.source, Line: p.line}
	}
	b.diags.Add(links.Duplicates(sources, b.cfg.OnDuplicateRoutes)...)
	return pages
}

func (b *builder) docPage(v *content.Version, sb *sidebar.Sidebars, d *content.Doc) *builtPage {
	res := b.rendered[docKey(d)]
	if res == nil {
		return nil
	}
	fm := d.FrontMatter
	sidebarID := b.displayedSidebar(v, sb, d)
	meta := &DocMeta{ID: d.ID, Version: v.Name, Sidebar: sidebarID, Unlisted: fm.Unlisted, Draft: fm.Draft,
		Tags: fm.Tags, EditURL: b.editURL(v, d), LastUpdate: fm.LastUpdate}
	if sidebarID != "" {
		if *b.cfg.Docs.Breadcrumbs {
			meta.Breadcrumbs = sb.Breadcrumbs(sidebarID, d.Permalink)
		}
		meta.Previous, meta.Next = b.neighbours(v, sb, sidebarID, d)
	} else {
		meta.Previous = b.paginationOverride(v, d, "pagination_prev", fm.PaginationPrev)
		meta.Next = b.paginationOverride(v, d, "pagination_next", fm.PaginationNext)
	}
	data := b.basePageData(d.Permalink, route.KindDoc, d.Title, res)
	if len(res.DocCardLists) > 0 {
		data.HTML = b.fillDocCards(v, sb, sidebarID, d, res, data.HTML)
	}
	data.Doc = meta
	data.Description = firstNonEmpty(fm.Description, res.Description)
	data.Keywords, data.Image = fm.Keywords, fm.Image
	data.HideTitle = fm.HideTitle || res.Title != ""
	data.HideTOC = fm.HideTableOfContents
	data.NoIndex = data.NoIndex || fm.Unlisted
	data.TOC = b.toc(res, fm)
	return &builtPage{
		entry: route.Entry{Path: d.Permalink, Kind: route.KindDoc, Title: d.Title, Sidebar: sidebarID,
			Version: v.Name, Locale: b.cfg.I18n.DefaultLocale, Unlisted: fm.Unlisted},
		data: data, source: d.Source, line: 1, links: fileLinks(d.Source, res), anchors: res.Anchors,
		searchWeight: weightOf(fm),
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
func (b *builder) displayedSidebar(v *content.Version, sb *sidebar.Sidebars, d *content.Doc) string {
	ds := d.FrontMatter.DisplayedSidebar
	switch {
	case ds.Null:
		return ""
	case ds.Set:
		if _, ok := sb.ByID[ds.Value]; !ok {
			b.diags.Add(diag.Diagnostic{File: d.Source, Line: d.FrontMatter.Lines["displayed_sidebar"], Severity: diag.Error,
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
func (b *builder) toc(res *markdown.Result, fm content.FrontMatter) []markdown.TOCItem {
	minLevel, maxLevel := b.cfg.ThemeConfig.TableOfContents.MinHeadingLevel, b.cfg.ThemeConfig.TableOfContents.MaxHeadingLevel
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

func (b *builder) editURL(v *content.Version, d *content.Doc) string {
	custom := d.FrontMatter.CustomEditURL
	switch {
	case custom.Null:
		return ""
	case custom.Set:
		return custom.Value
	case b.cfg.Docs.EditURL != "":
		return strings.TrimSuffix(b.cfg.Docs.EditURL, "/") + "/" + path.Join(v.Dir, d.RelPath)
	}
	return ""
}

// neighbours computes previous and next from the sidebar, then applies the
// front-matter overrides (behaviour reference 5.7).
func (b *builder) neighbours(v *content.Version, sb *sidebar.Sidebars, sidebarID string, d *content.Doc) (prev, next *sidebar.NavLink) {
	prev, next = sb.Neighbours(sidebarID, d.Permalink)
	prev, next = b.labelled(v, prev), b.labelled(v, next)
	fm := d.FrontMatter
	if fm.PaginationPrev.Set {
		prev = b.paginationOverride(v, d, "pagination_prev", fm.PaginationPrev)
	}
	if fm.PaginationNext.Set {
		next = b.paginationOverride(v, d, "pagination_next", fm.PaginationNext)
	}
	return prev, next
}

// labelled applies the target doc's pagination_label.
func (b *builder) labelled(v *content.Version, nl *sidebar.NavLink) *sidebar.NavLink {
	if nl == nil {
		return nil
	}
	if target := v.DocByID(nl.DocID); target != nil && target.FrontMatter.PaginationLabel != "" && target.Permalink == nl.Permalink {
		nl.Title = target.FrontMatter.PaginationLabel
	}
	return nl
}

func (b *builder) paginationOverride(v *content.Version, d *content.Doc, key string, n content.Nullable) *sidebar.NavLink {
	if !n.Set || n.Null {
		return nil
	}
	target := v.DocByID(n.Value)
	if target == nil {
		b.diags.Add(diag.Diagnostic{File: d.Source, Line: d.FrontMatter.Lines[key], Severity: diag.Error,
			Message: fmt.Sprintf("Error when loading %s in %s: the %s front matter points to a non-existent ID %s.", d.ID, path.Dir(d.Source), key, n.Value)})
		return nil
	}
	if target.Unlisted() {
		return nil
	}
	label := firstNonEmpty(target.FrontMatter.PaginationLabel, target.FrontMatter.SidebarLabel, target.Title)
	return &sidebar.NavLink{Title: label, Permalink: target.Permalink, DocID: target.ID}
}

func (b *builder) generatedIndexPage(v *content.Version, gi *sidebar.GeneratedIndex) *builtPage {
	data := b.basePageData(gi.Permalink, route.KindGeneratedIndex, gi.Title, nil)
	data.Description = gi.Description
	data.Keywords, data.Image = gi.Keywords, gi.Image
	data.Index = &IndexData{Description: gi.Description, Items: b.cardItems(v, gi.Category.Items)}
	sb := b.sidebars[v.Name]
	data.Doc = &DocMeta{Version: v.Name, Sidebar: gi.SidebarID}
	if *b.cfg.Docs.Breadcrumbs {
		data.Doc.Breadcrumbs = sb.Breadcrumbs(gi.SidebarID, gi.Permalink)
	}
	prev, next := sb.Neighbours(gi.SidebarID, gi.Permalink)
	data.Doc.Previous, data.Doc.Next = b.labelled(v, prev), b.labelled(v, next)
	return &builtPage{
		entry: route.Entry{Path: gi.Permalink, Kind: route.KindGeneratedIndex, Title: gi.Title, Sidebar: gi.SidebarID,
			Version: v.Name, Locale: b.cfg.I18n.DefaultLocale},
		data: data, source: gi.File, line: gi.Line,
	}
}

// cardItems are a generated index's items with each doc's own description
// when the sidebars file gives none, so its cards say what each page is for.
// The items are copied: the sidebar itself stays as the file wrote it.
func (b *builder) cardItems(v *content.Version, items []*sidebar.Item) []*sidebar.Item {
	out := make([]*sidebar.Item, len(items))
	for i, item := range items {
		card := *item
		if card.Description == "" && card.DocID != "" {
			if doc := v.DocByID(card.DocID); doc != nil {
				card.Description = doc.FrontMatter.Description
				if res := b.rendered[docKey(doc)]; card.Description == "" && res != nil {
					card.Description = res.Description
				}
			}
		}
		out[i] = &card
	}
	return out
}

func (b *builder) standalonePage(p *content.Page) *builtPage {
	res := b.rendered[renderKey(p.Source, nil)]
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
		title = b.cfg.Title
	}
	data := b.basePageData(p.Permalink, kind, title, res)
	data.Description = firstNonEmpty(fm.Description, res.Description)
	data.Keywords, data.Image = fm.Keywords, fm.Image
	data.HideTitle = fm.HideTitle || res.Title != ""
	data.HideTOC = fm.HideTableOfContents
	data.TOC = b.toc(res, fm)
	pageLinks := fileLinks(p.Source, res)
	if kind == route.KindHome {
		data.Home = homeData(fm)
		pageLinks = append(pageLinks, homeLinks(p.Source, fm)...)
	}
	return &builtPage{
		entry: route.Entry{Path: p.Permalink, Kind: kind, Title: title, Locale: b.cfg.I18n.DefaultLocale},
		data:  data, source: p.Source, line: 1, links: pageLinks, anchors: res.Anchors, searchWeight: weightOf(fm),
	}
}

// homeData takes the home layout's hero and features from front matter.
func homeData(fm content.FrontMatter) *HomeData {
	h := &HomeData{}
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

func (b *builder) basePageData(permalink string, kind route.Kind, title string, res *markdown.Result) *PageData {
	data := &PageData{Path: permalink, Kind: kind, Title: title, Canonical: b.cfg.URL + permalink,
		Alternates: b.alternates(permalink), NoIndex: b.cfg.NoIndex, TOC: []markdown.TOCItem{}}
	if res != nil {
		data.HTML, data.HasMermaid = res.HTML, res.HasMermaid
	}
	return data
}

// alternates lists the page in every locale plus x-default, for hreflang
// links. Non-default locales live under /<locale path>/.
func (b *builder) alternates(permalink string) []Alternate {
	i18n := b.cfg.I18n
	var out []Alternate
	for _, loc := range i18n.Locales {
		href := b.cfg.URL + localizedPath(b.cfg.BaseURL, permalink, loc, i18n.DefaultLocale, i18n.LocaleConfigs[loc].Path)
		out = append(out, Alternate{HrefLang: i18n.LocaleConfigs[loc].HTMLLang, Href: href})
	}
	out = append(out, Alternate{HrefLang: "x-default", Href: b.cfg.URL + permalink})
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
