package pipeline

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/components"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/sidebar"
	"github.com/portaldocs/portal/internal/themedata"
)

// What the build works out for the theme from the sidebars: generated
// indexes' cards.

// indexCards are a generated index's cards: one per item that leads
// somewhere (not html items, unlisted links or empty categories).
func indexCards(items []*sidebar.Item) []themedata.IndexCard {
	cards := make([]themedata.IndexCard, 0, len(items))
	for _, item := range items {
		switch item.Type {
		case sidebar.TypeCategory:
			href := item.FirstLink
			if href == "" {
				continue
			}
			description := item.Description
			if description == "" {
				description = itemCount(len(item.Items))
			}
			cards = append(cards, themedata.IndexCard{Type: sidebar.TypeCategory, Href: href, Label: item.Label,
				Description: description})
		case sidebar.TypeLink:
			if item.Href == "" || item.Unlisted {
				continue
			}
			cards = append(cards, themedata.IndexCard{Type: sidebar.TypeLink, Href: item.Href, Label: item.Label,
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
func (r *resolver) docCards(v *content.Version, sb *sidebar.Sidebars, sidebarID string, d *content.Doc, res *markdown.Result) (html, md []string) {
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
		cards := indexCards(r.cardItems(v, items))
		html = append(html, list.Marker, r.b.docCardsHTML(d.Source, cards))
		md = append(md, docCardsMarkdown(list.Marker, cards)...)
	}
	return html, md
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

// docCardsHTML is the theme's DocCardList of cards
// (theme/src/content/components/DocCardList.tsx), the cards of a
// generated index.
func (b *builder) docCardsHTML(file string, cards []themedata.IndexCard) string {
	var marker strings.Builder
	_ = components.Open(&marker, "DocCardList", struct {
		Items []themedata.IndexCard `json:"items"`
	}{cards})
	_ = components.Close(&marker)
	html, _ := b.assembleComponents(file, marker.String())
	return html + "\n"
}
