package pipeline

import (
	"fmt"
	"sort"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/links"
	"github.com/portaldocs/portal/internal/themedata"
)

// navbar resolves doc-based navbar items to links and reports the
// spec's navbar errors with Docusaurus's wording (behaviour reference 6, 9.4,
// 9.5), located at the item's line in portal.yaml. Docusaurus throws these
// while rendering; Portal finds them at build time so they never ship.
func (r *resolver) navbar() []themedata.NavItem {
	return r.navItems(r.site.cfg.ThemeConfig.Navbar.Items)
}

func (r *resolver) navItems(items []config.NavbarItem) []themedata.NavItem {
	out := make([]themedata.NavItem, 0, len(items))
	for _, item := range items {
		resolved, ok := r.navItem(item)
		if ok {
			out = append(out, resolved)
		}
	}
	return out
}

func (r *resolver) navItem(item config.NavbarItem) (themedata.NavItem, bool) {
	res := navItem(item)
	if apply := linkSlashRule(r.site.cfg); apply != nil && res.To != "" && !links.IsExternal(res.To) {
		res.To = apply(res.To)
	}
	var in *content.Instance
	var version *content.Version
	switch item.Type {
	case config.NavDoc, config.NavDocSidebar, config.NavDocsVersion, config.NavDocsVersionDropdown:
		if in = r.docsInstance(item); in == nil {
			return res, false
		}
		version = in.LastVersion()
	}
	switch item.Type {
	case config.NavDropdown:
		res.Items = r.navItems(item.Items)
	case config.NavDoc:
		if version == nil {
			return res, false
		}
		doc := version.DocByID(item.DocID)
		if doc == nil {
			if !version.DraftIDs[item.DocID] {
				r.navError(item, "", "Couldn't find any doc with id %q in version %q.\nAvailable doc ids are:\n- %s",
					item.DocID, version.Name, strings.Join(docIDs(version), "\n- "))
			}
			return res, false // a draft renders nothing
		}
		res.ResolvedTo, res.ResolvedLabel = doc.Permalink, doc.ID
		res.ActiveSidebar = r.sidebars[version.Key()].SidebarOf(doc.ID)
	case config.NavDocSidebar:
		if version == nil {
			return res, false
		}
		sb := r.sidebars[version.Key()]
		if _, ok := sb.ByID[item.SidebarID]; !ok {
			ids := append([]string(nil), sb.IDs...)
			sort.Strings(ids)
			// Docusaurus's quote placement, reproduced: no opening quote before the version names.
			r.navError(item, "", "Can't find any sidebar with id %q in version %s\".\nAvailable sidebar ids are:\n- %s",
				item.SidebarID, version.Name, strings.Join(ids, "\n- "))
			return res, false
		}
		href, label, ok := sb.FirstLink(item.SidebarID)
		if !ok {
			r.navError(item, "add a doc or a category link to the sidebar",
				"DocSidebarNavbarItem: Sidebar with ID %q doesn't have anything to be linked to.", item.SidebarID)
			return res, false
		}
		res.ResolvedTo, res.ResolvedLabel, res.ActiveSidebar = href, label, item.SidebarID
	case config.NavDocsVersion:
		if version != nil {
			res.ResolvedTo, res.ResolvedLabel = version.Path, version.Label
			if main := version.DocByID(r.mainDocs[version.Key()]); main != nil {
				res.ResolvedTo = main.Permalink
			}
		}
	case config.NavDocsVersionDropdown:
		r.checkVersionNames(item, in)
	}
	return res, true
}

// docsInstance is the docs instance a doc-based item names with
// docsPluginId (the default one without it); nil, reported in
// Docusaurus's words, when the site has no such instance.
func (r *resolver) docsInstance(item config.NavbarItem) *content.Instance {
	id := item.DocsPluginID
	if id == "" {
		return r.site.content.Instances[0]
	}
	if in := r.site.content.Instance(id); in != nil {
		return in
	}
	ids := make([]string, len(r.site.content.Instances))
	for i, in := range r.site.content.Instances {
		ids[i] = in.ID()
	}
	r.navError(item, "use one of: "+strings.Join(ids, ", "),
		"You are using a feature of the Docusaurus docs plugin, but this plugin does not seem to be enabled (pluginId=%s", id)
	return nil
}

// navItem is a config item as the theme reads it, before its target is
// resolved. The items of dropdownItemsBefore and dropdownItemsAfter are
// links the theme shows as they are, with their type worked out as for
// the navbar's own items.
func navItem(item config.NavbarItem) themedata.NavItem {
	return themedata.NavItem{Type: themedata.NavItemType(navItemType(item)), Position: item.Position, Label: item.Label,
		HTML: item.HTML, To: item.To, Href: item.Href, PrependBaseURLToHref: item.PrependBaseURLToHref,
		ActiveBasePath: item.ActiveBasePath, ActiveBaseRegex: item.ActiveBaseRegex, ClassName: item.ClassName,
		Target: item.Target, Rel: item.Rel, AriaLabel: item.AriaLabel, DocID: item.DocID, SidebarID: item.SidebarID,
		DocsPluginID: item.DocsPluginID, Value: item.Value, Versions: item.Versions,
		DropdownItemsBefore: plainNavItems(item.DropdownItemsBefore), DropdownItemsAfter: plainNavItems(item.DropdownItemsAfter),
		DropdownActiveClassDisabled: item.DropdownActiveClassDisabled, QueryString: item.QueryString}
}

func plainNavItems(items []config.NavbarItem) []themedata.NavItem {
	if len(items) == 0 {
		return nil
	}
	out := make([]themedata.NavItem, len(items))
	for i, item := range items {
		out[i] = navItem(item)
		out[i].Items = plainNavItems(item.Items)
	}
	return out
}

// navItemType is the type the config gives, or Docusaurus's for an item
// without one: a dropdown when it has items, else a link.
func navItemType(item config.NavbarItem) string {
	if item.Type != "" && item.Type != config.NavDefault {
		return item.Type
	}
	if len(item.Items) > 0 {
		return config.NavDropdown
	}
	return config.NavDefault
}

// checkVersionNames validates docsVersionDropdown's versions (a list of
// names or a map of name → {label}) against its docs instance's.
func (r *resolver) checkVersionNames(item config.NavbarItem, in *content.Instance) {
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
	for _, v := range in.Versions {
		known[v.Name] = true
		available = append(available, v.Name)
	}
	for _, name := range names {
		if !known[name] {
			r.navError(item, "",
				"No docs version exist for name '%s', please verify your 'docsVersionDropdown' navbar item versions config.\nAvailable version names:\n- %s",
				name, strings.Join(available, "\n- "))
		}
	}
}

func (r *resolver) navError(item config.NavbarItem, hint, format string, args ...any) {
	r.b.diags.Add(diag.Diagnostic{File: r.site.cfg.File, Line: item.Line, Severity: diag.Error,
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
