package pipeline

import (
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/themedata"
)

// siteData is the site-wide data every page reads: the config the theme
// needs, the resolved navbar and the docs versions' catalogue.
func (r *resolver) siteData(nav []themedata.NavItem) *themedata.SiteData {
	cfg := r.site.cfg
	s := &themedata.SiteData{Title: cfg.Title, Tagline: cfg.Tagline, URL: cfg.URL, BaseURL: cfg.BaseURL, Favicon: cfg.Favicon,
		TitleDelimiter: cfg.TitleDelimiter, NoIndex: cfg.NoIndex, BaseURLIssueBanner: *cfg.BaseURLIssueBanner,
		I18n: i18n(cfg.I18n), ThemeConfig: themeConfig(cfg.ThemeConfig), Navbar: nav,
		Docs: themedata.DocsData{RouteBasePath: cfg.Docs.RouteBasePath, Breadcrumbs: *cfg.Docs.Breadcrumbs,
			Versions: make([]themedata.VersionData, 0, len(r.site.content.Versions))}}
	for _, v := range r.site.content.Versions {
		vd := themedata.VersionData{Name: v.Name, Label: v.Label, IsLast: v.IsLast, Path: v.Path, MainDocID: r.mainDocs[v.Name],
			Banner: v.Banner, Docs: map[string]themedata.DocRef{}}
		sb := r.sidebars[v.Name]
		for _, d := range v.Docs {
			vd.Docs[d.ID] = themedata.DocRef{Path: d.Permalink, Sidebar: sb.SidebarOf(d.ID)}
		}
		s.Docs.Versions = append(s.Docs.Versions, vd)
	}
	return s
}

// notFoundPage is the page every unknown path gets.
func (r *resolver) notFoundPage() *builtPage {
	data := r.basePageData(r.site.cfg.BaseURL+"404.html", route.KindNotFound, "Page Not Found", nil)
	data.NoIndex = true
	data.Alternates = []themedata.Alternate{}
	return &builtPage{data: data, source: "(not-found page)", dataFile: "data/pages/404",
		entry: route.Entry{Path: data.Path, Kind: route.KindNotFound}}
}
