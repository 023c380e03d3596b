package build

import (
	"io/fs"
	"path"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/links"
	"github.com/portaldocs/portal/internal/sidebar"
)

// checkLinks checks every internal link of every page, plus the links the
// config puts on every page (navbar, footer, logo) and the sidebars' link
// items, against the routes, static files and redirect sources.
func (b *builder) checkLinks(pages []*builtPage) {
	site := links.Site{BaseURL: b.cfg.BaseURL, Files: b.knownFiles(), OutOfScope: b.cfg.OutOfScope}
	for _, p := range pages {
		site.Pages = append(site.Pages, links.Page{Path: p.entry.Path, Links: p.links, Anchors: p.anchors})
	}
	site.Pages = append(site.Pages, links.Page{Path: b.cfg.BaseURL + "__layout__/", Links: b.layoutLinks()})
	for _, sb := range b.sidebars {
		site.Pages = append(site.Pages, links.Page{Path: b.cfg.BaseURL + "__sidebar__/",
			Links: sidebarLinks(sb.Version.SidebarFile, sb)})
	}
	b.diags.Add(links.Check(site, links.Levels{BrokenLinks: b.cfg.OnBrokenLinks, BrokenAnchors: b.cfg.OnBrokenAnchors})...)
}

// knownFiles are the non-route paths a link may target: static files and
// redirect sources (which exist as HTML pages in the output).
func (b *builder) knownFiles() map[string]bool {
	files := map[string]bool{}
	for _, dir := range b.cfg.StaticDirectories {
		_ = fs.WalkDir(b.site, dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files[b.cfg.BaseURL+strings.TrimPrefix(strings.TrimPrefix(p, dir), "/")] = true
			}
			return nil
		})
	}
	for _, r := range b.cfg.Redirects {
		from := b.withBaseURL(r.From)
		files[from] = true
		files[strings.TrimSuffix(from, "/")+"/"] = true
	}
	b.fhirDownloadPaths(files)
	for name := range b.assets.byOutput {
		files[b.cfg.BaseURL+name] = true
	}
	return files
}

// layoutLinks are the config's internal links, which appear on every page.
func (b *builder) layoutLinks() []links.Link {
	var out []links.Link
	add := func(to string, line int) {
		if to != "" && !links.IsExternal(to) {
			out = append(out, links.Link{Dest: b.withBaseURL(to), File: b.cfg.File, Line: line})
		}
	}
	var walk func(items []config.NavbarItem)
	walk = func(items []config.NavbarItem) {
		for _, item := range items {
			add(item.To, item.Line)
			walk(item.Items)
		}
	}
	theme := b.cfg.ThemeConfig
	walk(theme.Navbar.Items)
	for _, r := range b.cfg.Redirects {
		add(r.To, r.Line) // a redirect to a missing page is a broken link
	}
	if theme.Navbar.Logo != nil {
		add(theme.Navbar.Logo.Href, 0)
	}
	if theme.Footer != nil {
		for _, group := range theme.Footer.Links {
			for _, link := range group.Items {
				add(link.To, link.Line)
			}
		}
		if theme.Footer.Logo != nil {
			add(theme.Footer.Logo.Href, 0)
		}
	}
	return out
}

func sidebarLinks(file string, sb *sidebar.Sidebars) []links.Link {
	var out []links.Link
	var walk func(items []*sidebar.Item)
	walk = func(items []*sidebar.Item) {
		for _, item := range items {
			if item.Type == sidebar.TypeLink && item.DocID == "" && !item.External {
				out = append(out, links.Link{Dest: item.Href, File: file})
			}
			walk(item.Items)
		}
	}
	for _, id := range sb.IDs {
		walk(sb.ByID[id])
	}
	return out
}

// withBaseURL prefixes site paths with the base URL (behaviour reference
// 0.5): unchanged when empty, an anchor, external, or already prefixed.
func (b *builder) withBaseURL(u string) string {
	base := b.cfg.BaseURL
	switch {
	case u == "", strings.HasPrefix(u, "#"), links.IsExternal(u):
		return u
	case u == strings.TrimSuffix(base, "/"):
		return base
	case strings.HasPrefix(u, base):
		return u
	}
	return path.Join(base, u) + trailingSlashOf(u)
}

func trailingSlashOf(u string) string {
	if strings.HasSuffix(u, "/") && u != "/" {
		return "/"
	}
	return ""
}
