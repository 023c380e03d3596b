package pipeline

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/sidebar"
	"github.com/portaldocs/portal/internal/themedata"
)

// The engine's values as the theme reads them (package themedata): the
// config's theme settings, sidebars with what the theme shows of each item
// worked out, generated indexes' cards.

// themeConfig is the part of themeConfig the theme reads; the navbar's
// items go to SiteData.Navbar, resolved.
func themeConfig(t config.Theme) themedata.Theme {
	out := themedata.Theme{
		ColorMode: themedata.ColorMode{DefaultMode: t.ColorMode.DefaultMode, DisableSwitch: t.ColorMode.DisableSwitch,
			RespectPrefersColorScheme: t.ColorMode.RespectPrefersColorScheme},
		Navbar: themedata.Navbar{Title: t.Navbar.Title, Logo: logo(t.Navbar.Logo), HideOnScroll: t.Navbar.HideOnScroll,
			Style: t.Navbar.Style},
		Docs: themedata.ThemeDocs{VersionPersistence: t.Docs.VersionPersistence,
			Sidebar: themedata.SidebarConf{Hideable: t.Docs.Sidebar.Hideable, AutoCollapseCategories: t.Docs.Sidebar.AutoCollapseCategories}},
		TableOfContents: themedata.TableOfContents{MinHeadingLevel: t.TableOfContents.MinHeadingLevel,
			MaxHeadingLevel: t.TableOfContents.MaxHeadingLevel},
		Mermaid: themedata.Mermaid{Theme: themedata.MermaidTheme{Light: t.Mermaid.Theme.Light, Dark: t.Mermaid.Theme.Dark}},
		Image:   t.Image,
	}
	if a := t.AnnouncementBar; a != nil {
		out.AnnouncementBar = &themedata.AnnouncementBar{ID: a.ID, Content: a.Content, BackgroundColor: a.BackgroundColor,
			TextColor: a.TextColor, IsCloseable: a.IsCloseable}
	}
	if f := t.Footer; f != nil {
		out.Footer = &themedata.Footer{Style: f.Style, Links: make([]themedata.FooterGroup, 0, len(f.Links)), Logo: logo(f.Logo),
			Copyright: f.Copyright}
		for _, g := range f.Links {
			group := themedata.FooterGroup{Title: g.Title, Items: make([]themedata.FooterLink, 0, len(g.Items))}
			for _, l := range g.Items {
				group.Items = append(group.Items, themedata.FooterLink{Label: l.Label, To: l.To, Href: l.Href, HTML: l.HTML})
			}
			out.Footer.Links = append(out.Footer.Links, group)
		}
	}
	for _, m := range t.Metadata {
		out.Metadata = append(out.Metadata, themedata.Metadata{Name: m.Name, Property: m.Property, Content: m.Content})
	}
	return out
}

func logo(l *config.Logo) *themedata.Logo {
	if l == nil {
		return nil
	}
	return &themedata.Logo{Alt: l.Alt, Src: l.Src, SrcDark: l.SrcDark, Href: l.Href, Target: l.Target, Width: l.Width,
		Height: l.Height, ClassName: l.ClassName}
}

func i18n(c config.I18n) themedata.I18n {
	out := themedata.I18n{DefaultLocale: c.DefaultLocale, Locales: append([]string{}, c.Locales...),
		LocaleConfigs: make(map[string]themedata.LocaleConfig, len(c.LocaleConfigs))}
	for name, lc := range c.LocaleConfigs {
		out.LocaleConfigs[name] = themedata.LocaleConfig{Label: lc.Label, HTMLLang: lc.HTMLLang, Direction: lc.Direction, Path: lc.Path}
	}
	return out
}

// sidebarItems are a sidebar's items as the theme reads them: each
// category with its first link and the paths it holds, and unlisted when
// it shows nothing listed. Never nil.
func sidebarItems(items []*sidebar.Item) []*themedata.SidebarItem {
	out := make([]*themedata.SidebarItem, len(items))
	for i, it := range items {
		item := &themedata.SidebarItem{Type: themedata.SidebarItemType(it.Type), Label: it.Label, Href: it.Href, DocID: it.DocID,
			Unlisted: it.Unlisted, LinkUnlisted: it.LinkUnlisted, ClassName: it.ClassName, CustomProps: it.CustomProps,
			Description: it.Description, Collapsed: it.Collapsed, Collapsible: it.Collapsible, Value: it.Value,
			DefaultStyle: it.DefaultStyle, External: it.External}
		if it.Type == sidebar.TypeCategory {
			item.Unlisted = !it.Listed()
			item.FirstLink = it.FirstLink()
			item.Paths = it.Paths()
			item.Items = sidebarItems(it.Items)
		}
		out[i] = item
	}
	return out
}

// crumbs are breadcrumbs as the theme reads them.
func crumbs(in []sidebar.Crumb) []themedata.Crumb {
	out := make([]themedata.Crumb, len(in))
	for i, c := range in {
		out[i] = themedata.Crumb{Label: c.Label, Href: c.Href}
	}
	return out
}

func navLink(nl *sidebar.NavLink) *themedata.NavLink {
	if nl == nil {
		return nil
	}
	return &themedata.NavLink{Title: nl.Title, Permalink: nl.Permalink}
}

func lastUpdate(lu *content.LastUpdate) *themedata.LastUpdate {
	if lu == nil {
		return nil
	}
	return &themedata.LastUpdate{Author: lu.Author, Date: lu.Date}
}

// indexCards are a generated index's cards: one per item that leads
// somewhere (not html items, unlisted links or empty categories).
func indexCards(items []*sidebar.Item) []themedata.IndexCard {
	cards := make([]themedata.IndexCard, 0, len(items))
	for _, item := range items {
		switch item.Type {
		case sidebar.TypeCategory:
			href := item.FirstLink()
			if href == "" {
				continue
			}
			description := item.Description
			if description == "" {
				description = itemCount(len(item.Items))
			}
			cards = append(cards, themedata.IndexCard{Type: themedata.SidebarCategory, Href: href, Label: item.Label,
				Description: description})
		case sidebar.TypeLink:
			if item.Href == "" || item.Unlisted {
				continue
			}
			cards = append(cards, themedata.IndexCard{Type: themedata.SidebarLink, Href: item.Href, Label: item.Label,
				Description: item.Description, External: item.External})
		}
	}
	return cards
}

// itemCount is how many pages a category card stands for, as its default
// description.
func itemCount(n int) string {
	if n == 1 {
		return "1 item"
	}
	return strconv.Itoa(n) + " items"
}

// docCards replaces each <DocCardList> in a doc's HTML by its cards: those
// of the sidebar category the doc is the index of, or of the items the page
// gave, made as a generated index's cards are. The HTML is read later, from
// the build's store (builtPage.encode): docCards says what to replace, as
// marker, cards pairs for a strings.Replacer.
func (r *resolver) docCards(v *content.Version, sb *sidebar.Sidebars, sidebarID string, d *content.Doc, res *markdown.Result) []string {
	var out []string
	for _, list := range res.DocCardLists {
		var items []*sidebar.Item
		if list.Items == nil {
			category := categoryOf(sb.ByID[sidebarID], d.ID)
			if category == nil {
				r.b.diags.Add(diag.Diagnostic{File: d.Source, Line: list.Line, Severity: diag.Error,
					Message: fmt.Sprintf("%s is not associated with a category. useCurrentSidebarCategory() should only be used on category index pages.", d.Permalink),
					Hint:    "give <DocCardList> its items, or use it on a category's index doc"})
			} else {
				items = category.Items
			}
		} else {
			items = givenCardItems(v, r.md.title, list.Items)
		}
		out = append(out, list.Marker, docCardsHTML(indexCards(r.cardItems(v, items))))
	}
	return out
}

// givenCardItems are the items of <DocCardList items={[…]}> as sidebar
// items: a doc id takes the doc's route, and its title when unlabelled.
func givenCardItems(v *content.Version, title func(*content.Doc) string, given []markdown.CardItem) []*sidebar.Item {
	items := make([]*sidebar.Item, 0, len(given))
	for _, it := range given {
		item := &sidebar.Item{Type: sidebar.TypeLink, Label: it.Label, Href: it.Href, DocID: it.DocID, Description: it.Description}
		if doc := v.DocByID(it.DocID); doc != nil && item.Href == "" {
			item.Href = doc.Permalink
			if item.Label == "" {
				item.Label = title(doc)
			}
		}
		items = append(items, item)
	}
	return items
}

// categoryOf finds the category whose link is the doc.
func categoryOf(items []*sidebar.Item, docID string) *sidebar.Item {
	for _, item := range items {
		if item.Type == sidebar.TypeCategory && item.DocID == docID {
			return item
		}
		if found := categoryOf(item.Items, docID); found != nil {
			return found
		}
	}
	return nil
}

// docCardsHTML writes cards with the markup of the theme's generated index
// (theme/src/pages/GeneratedIndex.tsx), so that they look the same.
func docCardsHTML(cards []themedata.IndexCard) string {
	var b strings.Builder
	b.WriteString(`<ul class="generated-index doc-card-list">`)
	for _, card := range cards {
		label := html.EscapeString(card.Label)
		b.WriteString(`<li class="generated-index__item"><a href="` + html.EscapeString(card.Href) + `" class="card padding--lg doc-card"`)
		if card.External {
			b.WriteString(` target="_blank" rel="noopener noreferrer"`)
		}
		b.WriteString(`><h2 class="text--truncate doc-card__title" title="` + label + `"><span aria-hidden="true">` + cardIcon(card) +
			`</span> ` + label + `</h2>`)
		if card.Description != "" {
			d := html.EscapeString(card.Description)
			b.WriteString(`<p class="text--truncate doc-card__description" title="` + d + `">` + d + `</p>`)
		}
		b.WriteString("</a></li>")
	}
	b.WriteString("</ul>\n")
	return b.String()
}

// cardIcon is the theme's cardIcon: a category, an external link or a page.
func cardIcon(card themedata.IndexCard) string {
	switch {
	case card.Type == themedata.SidebarCategory:
		return "🗃️"
	case card.External:
		return "🔗"
	}
	return "📄️"
}
