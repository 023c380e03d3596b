package i18n

import (
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/sidebar"
)

// TranslateNavbar puts navbar.json's labels in the navbar: "title",
// "logo.alt" and "item.label.<label>" for every item with a label, inside
// dropdowns too, as the classic theme's translations name them.
func TranslateNavbar(nav *config.Navbar, m *Messages) {
	if m == nil {
		return
	}
	if nav.Title != "" {
		nav.Title = m.Translate("title", nav.Title)
	}
	if nav.Logo != nil && nav.Logo.Alt != "" {
		logo := *nav.Logo
		logo.Alt = m.Translate("logo.alt", logo.Alt)
		nav.Logo = &logo
	}
	translateNavItems(nav.Items, m)
}

func translateNavItems(items []config.NavbarItem, m *Messages) {
	for i := range items {
		if items[i].Label != "" {
			items[i].Label = m.Translate("item.label."+items[i].Label, items[i].Label)
		}
		translateNavItems(items[i].Items, m)
	}
}

// TranslateFooter puts footer.json's labels in the footer:
// "link.title.<title>", "link.item.label.<label>", "copyright" and
// "logo.alt".
func TranslateFooter(footer *config.Footer, m *Messages) *config.Footer {
	if footer == nil || m == nil {
		return footer
	}
	out := *footer
	out.Links = make([]config.FooterGroup, len(footer.Links))
	for i, group := range footer.Links {
		if group.Title != "" {
			group.Title = m.Translate("link.title."+group.Title, group.Title)
		}
		items := make([]config.FooterLink, len(group.Items))
		for j, item := range group.Items {
			if item.Label != "" {
				item.Label = m.Translate("link.item.label."+item.Label, item.Label)
			}
			items[j] = item
		}
		group.Items = items
		out.Links[i] = group
	}
	if out.Copyright != "" {
		out.Copyright = m.Translate("copyright", out.Copyright)
	}
	if out.Logo != nil && out.Logo.Alt != "" {
		logo := *out.Logo
		logo.Alt = m.Translate("logo.alt", logo.Alt)
		out.Logo = &logo
	}
	return &out
}

// SidebarLabel is the translated label of a sidebar item, as a version's
// file (current.json, version-<name>.json) names it:
// "sidebar.<sidebar>.<kind>.<label>", kind as Item.LabelKind says. A
// versioned sidebars file may still name its sidebars as Docusaurus 1 did,
// "version-<name>/<sidebar>"; the translations name them without the prefix.
func SidebarLabel(m *Messages, version string) func(sidebarID string, item *sidebar.Item) string {
	return func(sidebarID string, item *sidebar.Item) string {
		kind := item.LabelKind()
		if kind == "" {
			return item.Label
		}
		id := strings.TrimPrefix(sidebarID, "version-"+version+"/")
		return m.Translate("sidebar."+id+"."+kind+"."+item.Label, item.Label)
	}
}

// TranslateIndex puts a version file's translations in a category's
// generated index: "sidebar.<sidebar>.category.<label>.link.generated-index.title"
// and ".description"; a title that was the category's label becomes the
// label's translation. Call it before the sidebars are relabelled, while
// the category has the label the keys name.
func TranslateIndex(m *Messages, version string, index *sidebar.GeneratedIndex) {
	if m == nil || index.Category == nil {
		return
	}
	id := strings.TrimPrefix(index.SidebarID, "version-"+version+"/")
	key := "sidebar." + id + ".category." + index.Category.Label + ".link.generated-index."
	fallback := index.Title
	if index.Title == index.Category.Label {
		fallback = SidebarLabel(m, version)(index.SidebarID, index.Category)
	}
	index.Title = m.Translate(key+"title", fallback)
	index.Description = m.Translate(key+"description", index.Description)
}
