package pipeline

import (
	"fmt"
	"path"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/links"
	"github.com/portaldocs/portal/internal/sidebar"
)

// validate checks what the resolve stage made: every internal link of
// every page, plus the links the config puts on every page (navbar,
// footer, logo) and the sidebars' link items, against the routes, static
// files and redirect sources; duplicate routes; redirects that would
// replace a page or a file.
func (b *builder) validate(site *loaded, plan *resolved) {
	cfg := site.cfg
	sources := make([]links.Source, len(plan.pages))
	for i, p := range plan.pages {
		sources[i] = links.Source{Path: p.entry.Path, File: p.source, Line: p.line}
	}
	b.diags.Add(links.Duplicates(sources, cfg.OnDuplicateRoutes)...)
	b.checkRedirects(site, plan)

	check := links.Site{BaseURL: cfg.BaseURL, Files: knownFiles(site, plan), OutOfScope: cfg.OutOfScope}
	for _, p := range plan.pages {
		check.Pages = append(check.Pages, links.Page{Path: p.entry.Path, Links: p.links, Anchors: p.anchors})
	}
	check.Pages = append(check.Pages, links.Page{Path: cfg.BaseURL + "__layout__/", Links: layoutLinks(cfg)})
	for _, sb := range plan.sidebars {
		check.Pages = append(check.Pages, links.Page{Path: cfg.BaseURL + "__sidebar__/",
			Links: sidebarLinks(sb.Version.SidebarFile, sb)})
	}
	b.diags.Add(links.Check(check, links.Levels{BrokenLinks: cfg.OnBrokenLinks, BrokenAnchors: cfg.OnBrokenAnchors})...)
}

// checkRedirects reports each redirect whose page would replace a route's
// page, a static file, a download or an earlier redirect's page.
func (b *builder) checkRedirects(site *loaded, plan *resolved) {
	taken := map[string]bool{}
	for _, p := range plan.pages {
		taken[site.cfg.RouteForm().File(p.entry.Path)] = true
	}
	for _, f := range site.static {
		taken[f.name] = true
	}
	for _, d := range plan.downloads {
		taken[d.Path] = true
	}
	for i, rd := range plan.redirects {
		if taken[rd.file] {
			b.diags.Add(diag.Diagnostic{File: site.cfg.File, Line: rd.line, Severity: diag.Error,
				Message: fmt.Sprintf("redirect from %s would replace the page at that path", site.cfg.Redirects[i].From),
				Hint:    "remove the redirect or the page"})
			continue
		}
		taken[rd.file] = true
	}
}

// knownFiles are the non-route paths a link may target: static files,
// downloads and redirect sources (which exist as HTML pages in the output).
func knownFiles(site *loaded, plan *resolved) map[string]bool {
	base := site.cfg.BaseURL
	files := map[string]bool{}
	for _, f := range site.static {
		files[base+f.name] = true
	}
	for _, rd := range plan.redirects {
		files[rd.from] = true
		files[strings.TrimSuffix(rd.from, "/")+"/"] = true
	}
	site.fhir.downloadPaths(base, files)
	for name := range plan.assets {
		files[base+name] = true
	}
	for _, f := range plan.feeds {
		files[base+f.Name] = true
	}
	return files
}

// layoutLinks are the config's internal links, which appear on every page.
func layoutLinks(cfg *config.Site) []links.Link {
	var out []links.Link
	add := func(to string, line int) {
		if to != "" && !links.IsExternal(to) {
			out = append(out, links.Link{Dest: withBaseURL(cfg.BaseURL, to), File: cfg.File, Line: line})
		}
	}
	var walk func(items []config.NavbarItem)
	walk = func(items []config.NavbarItem) {
		for _, item := range items {
			add(item.To, item.Line)
			walk(item.Items)
		}
	}
	theme := cfg.ThemeConfig
	walk(theme.Navbar.Items)
	for _, r := range cfg.Redirects {
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
func withBaseURL(base, u string) string {
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
