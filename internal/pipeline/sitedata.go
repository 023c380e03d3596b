package pipeline

import (
	"github.com/portaldocs/portal/internal/route"
)

// siteData is the site-wide data every page reads: the config the theme
// needs, the resolved navbar and the docs versions' catalogue.
func (r *resolver) siteData(nav []ResolvedNavItem) *SiteData {
	cfg := r.site.cfg
	s := &SiteData{Title: cfg.Title, Tagline: cfg.Tagline, URL: cfg.URL, BaseURL: cfg.BaseURL, Favicon: cfg.Favicon,
		TitleDelimiter: cfg.TitleDelimiter, NoIndex: cfg.NoIndex, BaseURLIssueBanner: *cfg.BaseURLIssueBanner,
		I18n: cfg.I18n, ThemeConfig: cfg.ThemeConfig, Navbar: nav,
		Docs: DocsData{RouteBasePath: cfg.Docs.RouteBasePath, Breadcrumbs: *cfg.Docs.Breadcrumbs}}
	for _, v := range r.site.content.Versions {
		vd := VersionData{Name: v.Name, Label: v.Label, IsLast: v.IsLast, Path: v.Path, MainDocID: r.mainDocs[v.Name],
			Banner: v.Banner, Docs: map[string]DocRef{}}
		sb := r.sidebars[v.Name]
		for _, d := range v.Docs {
			vd.Docs[d.ID] = DocRef{Path: d.Permalink, Sidebar: sb.SidebarOf(d.ID)}
		}
		s.Docs.Versions = append(s.Docs.Versions, vd)
	}
	return s
}

// notFoundPage is the page every unknown path gets.
func (r *resolver) notFoundPage() *builtPage {
	data := r.basePageData(r.site.cfg.BaseURL+"404.html", route.KindNotFound, "Page Not Found", nil)
	data.NoIndex = true
	data.Alternates = nil
	return &builtPage{data: data, source: "(not-found page)", dataFile: "data/pages/404",
		entry: route.Entry{Path: data.Path, Kind: route.KindNotFound}}
}
