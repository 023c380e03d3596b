package docmain

import (
	"slices"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/themedata"
)

// The sidebar as the server bundle writes it (theme/src/docs/sidebarHtml.ts,
// which sidebarHtml.test.tsx holds to DocSidebar's React components): the
// items of a page's trail expanded, the others as on every page.

// externalIcon is the theme's ExternalLinkIcon (theme/src/shell/icons.tsx).
const externalIcon = `<svg width="13.5" height="13.5" aria-hidden="true" focusable="false" viewBox="0 0 24 24" class="icon-external">` +
	`<path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z"></path></svg>`

// writeItems writes a list's visible items into b: each item on the page's
// trail afresh, the others from the markup they have on every page.
func (r *Renderer) writeItems(b *strings.Builder, items []*themedata.SidebarItem, level int, idPath, pathname string) {
	index := 0
	for _, item := range items {
		if item.Unlisted && !r.isActive(item, pathname) {
			continue
		}
		path := idPath + "-" + strconv.Itoa(index)
		index++
		if r.isActive(item, pathname) {
			r.writeItem(b, item, level, path, pathname)
			continue
		}
		key := inactiveKey{item: item, level: level, path: path}
		if html, ok := r.inactive.Load(key); ok {
			b.WriteString(html.(string))
			continue
		}
		var own strings.Builder
		r.writeItem(&own, item, level, path, pathname)
		r.inactive.Store(key, own.String())
		b.WriteString(own.String())
	}
}

func (r *Renderer) writeItem(b *strings.Builder, item *themedata.SidebarItem, level int, idPath, pathname string) {
	switch item.Type {
	case themedata.SidebarCategory:
		r.writeCategory(b, item, level, idPath, pathname)
	case themedata.SidebarHTML:
		writeHTMLItem(b, item, level)
	default:
		writeLink(b, item, level, r.isActive(item, pathname))
	}
}

// classNames joins the names that are set.
func classNames(names ...string) string {
	return strings.Join(slices.DeleteFunc(names, func(s string) bool { return s == "" }), " ")
}

func when(cond bool, s string) string {
	if cond {
		return s
	}
	return ""
}

// writeAttr writes ` name="value"`, the value escaped as the theme escapes it.
func writeAttr(b *strings.Builder, name, value string) {
	b.WriteByte(' ')
	b.WriteString(name)
	b.WriteString(`="`)
	b.WriteString(escapeHTML(value))
	b.WriteByte('"')
}

func writeLink(b *strings.Builder, item *themedata.SidebarItem, level int, active bool) {
	li := classNames("theme-doc-sidebar-item-link", "theme-doc-sidebar-item-link-level-"+strconv.Itoa(level), "menu__list-item", item.ClassName)
	a := classNames("menu__link", when(item.External, "menu__link--external"), when(active, "menu__link--active"))
	b.WriteString(`<li class="`)
	b.WriteString(escapeHTML(li))
	b.WriteString(`"><a`)
	if item.Href != "" {
		writeAttr(b, "href", item.Href)
	}
	if item.External {
		writeAttr(b, "target", "_blank")
		writeAttr(b, "rel", "noopener noreferrer")
	}
	writeAttr(b, "class", a)
	if active {
		writeAttr(b, "aria-current", "page")
	}
	b.WriteByte('>')
	b.WriteString(escapeHTML(item.Label))
	if item.External {
		b.WriteString(externalIcon)
	}
	b.WriteString("</a></li>")
}

func writeHTMLItem(b *strings.Builder, item *themedata.SidebarItem, level int) {
	li := classNames("theme-doc-sidebar-item-link", "theme-doc-sidebar-item-link-level-"+strconv.Itoa(level),
		when(item.DefaultStyle, "menu__list-item menu__list-item--html"), item.ClassName)
	b.WriteString(`<li class="`)
	b.WriteString(escapeHTML(li))
	b.WriteString(`">`)
	b.WriteString(item.Value)
	b.WriteString(`</li>`)
}

// writeCategory: the first server render of a category: a collapsed one's
// list is not mounted, the first page inside is the link of a category
// without one, ids come from the item's position.
func (r *Renderer) writeCategory(b *strings.Builder, item *themedata.SidebarItem, level int, idPath, pathname string) {
	label, href := item.Label, item.Href
	collapsible := item.Collapsible
	active := r.isActive(item, pathname)
	isCurrentPage := href != "" && isSamePath(href, pathname)
	collapsed := collapsible && !active && item.Collapsed
	listID := idPath + "-list"
	// linkHref: the category's page, else (collapsible) its first link or "#".
	linkHref, hasLink := href, href != "" || collapsible
	if href == "" && collapsible {
		linkHref = item.FirstLink
		if linkHref == "" {
			linkHref = "#"
		}
	}
	linkClass := classNames("menu__link", when(collapsible, "menu__link--sublist"), when(collapsible && href == "", "menu__link--sublist-caret"), when(active, "menu__link--active"))
	toggles := collapsible && href == ""
	b.WriteString(`<li class="`)
	b.WriteString(escapeHTML(classNames("theme-doc-sidebar-item-category", "theme-doc-sidebar-item-category-level-"+strconv.Itoa(level),
		"menu__list-item", when(collapsed, "menu__list-item--collapsed"), item.ClassName)))
	b.WriteString(`"><div class="`)
	b.WriteString(classNames("menu__list-item-collapsible", when(isCurrentPage, "menu__list-item-collapsible--active")))
	b.WriteString(`">`)
	if hasLink {
		b.WriteString("<a")
		if linkHref != "" {
			writeAttr(b, "href", linkHref)
		}
		writeAttr(b, "class", linkClass)
		if isCurrentPage {
			writeAttr(b, "aria-current", "page")
		}
		if toggles {
			writeAttr(b, "role", "button")
			writeAttr(b, "aria-expanded", strconv.FormatBool(!collapsed))
			if !collapsed {
				writeAttr(b, "aria-controls", listID)
			}
		}
		b.WriteByte('>')
	} else {
		b.WriteString(`<a class="`)
		b.WriteString(linkClass)
		b.WriteString(`">`)
	}
	b.WriteString(escapeHTML(label))
	b.WriteString("</a>")
	if href != "" && collapsible {
		b.WriteString(`<button type="button" class="clean-btn menu__caret"`)
		writeAttr(b, "aria-label", caretLabel(collapsed, label))
		writeAttr(b, "aria-expanded", strconv.FormatBool(!collapsed))
		if !collapsed {
			writeAttr(b, "aria-controls", listID)
		}
		b.WriteString("></button>")
	}
	b.WriteString("</div>")
	if !collapsed {
		b.WriteString(`<ul id="`)
		b.WriteString(escapeHTML(listID))
		b.WriteString(`" class="collapsible menu__list" data-state="open">`)
		r.writeItems(b, item.Items, level+1, idPath, pathname)
		b.WriteString(`</ul>`)
	}
	b.WriteString("</li>")
}

func caretLabel(collapsed bool, label string) string {
	if collapsed {
		return "Expand sidebar category '" + label + "'"
	}
	return "Collapse sidebar category '" + label + "'"
}

// isActive: a link is active on its own page, a category on any page it
// holds (theme/src/docs/sidebarItems.ts), whose paths are put in a set once.
func (r *Renderer) isActive(item *themedata.SidebarItem, pathname string) bool {
	switch item.Type {
	case themedata.SidebarLink:
		return item.Href != "" && isSamePath(item.Href, pathname)
	case themedata.SidebarCategory:
		set, ok := r.pathSets.Load(item)
		if !ok {
			paths := make(map[string]struct{}, len(item.Paths))
			for _, p := range item.Paths {
				paths[p] = struct{}{}
			}
			set, _ = r.pathSets.LoadOrStore(item, paths)
		}
		_, in := set.(map[string]struct{})[normalizedPath(pathname)]
		return in
	}
	return false
}

// normalizedPath is a path as the engine writes a category's paths:
// lowercase, with a trailing slash.
func normalizedPath(p string) string {
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return strings.ToLower(p)
}

// isSamePath compares paths case- and trailing-slash-insensitively.
func isSamePath(a, b string) bool { return normalizedPath(a) == normalizedPath(b) }
