package build

import (
	"fmt"
	"sort"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
)

// resolveNavbar resolves doc-based navbar items to links and reports the
// spec's navbar errors with Docusaurus's wording (behaviour reference 6, 9.4,
// 9.5), located at the item's line in portal.yaml. Docusaurus throws these
// while rendering; Portal finds them at build time so they never ship.
func (b *builder) resolveNavbar() []ResolvedNavItem {
	return b.resolveNavItems(b.cfg.ThemeConfig.Navbar.Items)
}

func (b *builder) resolveNavItems(items []config.NavbarItem) []ResolvedNavItem {
	out := make([]ResolvedNavItem, 0, len(items))
	for _, item := range items {
		resolved, ok := b.resolveNavItem(item)
		if ok {
			out = append(out, resolved)
		}
	}
	return out
}

func (b *builder) resolveNavItem(item config.NavbarItem) (ResolvedNavItem, bool) {
	r := ResolvedNavItem{NavbarItem: item}
	version := b.lastVersion()
	switch item.Type {
	case config.NavDropdown:
		r.Items = b.resolveNavItems(item.Items)
	case config.NavDoc:
		if version == nil {
			return r, false
		}
		doc := version.DocByID(item.DocID)
		if doc == nil {
			if !version.DraftIDs[item.DocID] {
				b.navError(item, "", "Couldn't find any doc with id %q in version %q.\nAvailable doc ids are:\n- %s",
					item.DocID, version.Name, strings.Join(docIDs(version), "\n- "))
			}
			return r, false // a draft renders nothing
		}
		r.ResolvedTo, r.ResolvedLabel = doc.Permalink, doc.ID
		r.ActiveSidebar = b.sidebars[version.Name].SidebarOf(doc.ID)
	case config.NavDocSidebar:
		if version == nil {
			return r, false
		}
		sb := b.sidebars[version.Name]
		if _, ok := sb.ByID[item.SidebarID]; !ok {
			ids := append([]string(nil), sb.IDs...)
			sort.Strings(ids)
			// Docusaurus's quote placement, reproduced: no opening quote before the version names.
			b.navError(item, "", "Can't find any sidebar with id %q in version %s\".\nAvailable sidebar ids are:\n- %s",
				item.SidebarID, version.Name, strings.Join(ids, "\n- "))
			return r, false
		}
		href, label, ok := sb.FirstLink(item.SidebarID)
		if !ok {
			b.navError(item, "add a doc or a category link to the sidebar",
				"DocSidebarNavbarItem: Sidebar with ID %q doesn't have anything to be linked to.", item.SidebarID)
			return r, false
		}
		r.ResolvedTo, r.ResolvedLabel, r.ActiveSidebar = href, label, item.SidebarID
	case config.NavDocsVersion:
		if version != nil {
			r.ResolvedTo, r.ResolvedLabel = version.Path, version.Label
			if main := version.DocByID(version.MainDocID); main != nil {
				r.ResolvedTo = main.Permalink
			}
		}
	case config.NavDocsVersionDropdown:
		b.checkVersionNames(item)
	}
	return r, true
}

// checkVersionNames validates docsVersionDropdown's versions (a list of
// names or a map of name → {label}).
func (b *builder) checkVersionNames(item config.NavbarItem) {
	var names []string
	switch v := item.Versions.(type) {
	case []any:
		for _, n := range v {
			names = append(names, fmt.Sprint(n))
		}
	case map[string]any:
		for n := range v {
			names = append(names, n)
		}
		sort.Strings(names)
	}
	known := map[string]bool{}
	var available []string
	for _, v := range b.content.Versions {
		known[v.Name] = true
		available = append(available, v.Name)
	}
	for _, name := range names {
		if !known[name] {
			b.navError(item, "",
				"No docs version exist for name '%s', please verify your 'docsVersionDropdown' navbar item versions config.\nAvailable version names:\n- %s",
				name, strings.Join(available, "\n- "))
		}
	}
}

func (b *builder) navError(item config.NavbarItem, hint, format string, args ...any) {
	b.diags.Add(diag.Diagnostic{File: b.cfg.File, Line: item.Line, Severity: diag.Error,
		Message: fmt.Sprintf(format, args...), Hint: hint})
}

func docIDs(v *content.Version) []string {
	ids := make([]string, 0, len(v.Docs))
	for _, d := range v.Docs {
		ids = append(ids, d.ID)
	}
	sort.Strings(ids)
	return ids
}
