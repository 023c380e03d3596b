package pipeline

import (
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/links"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/themedata"
)

// siteData is the site-wide data every page reads: the config the theme
// needs, the resolved navbar and each docs instance's catalogue of versions.
func (r *resolver) siteData(nav []themedata.NavItem) *themedata.SiteData {
	cfg := r.site.cfg
	s := &themedata.SiteData{Title: cfg.Title, Tagline: cfg.Tagline, URL: cfg.URL, BaseURL: cfg.BaseURL, Favicon: cfg.Favicon,
		TitleDelimiter: cfg.TitleDelimiter, NoIndex: cfg.NoIndex, BaseURLIssueBanner: *cfg.BaseURLIssueBanner,
		I18n: cfg.I18n, ThemeConfig: cfg.ThemeConfig, Navbar: nav, Translations: r.b.locale.Strings()}
	if p := r.searchPage(); p != nil {
		s.SearchPage = p.entry.Path
	}
	if apply := linkSlashRule(cfg); apply != nil && cfg.ThemeConfig.Footer != nil {
		s.ThemeConfig.Footer = footerWithSlashRule(cfg.ThemeConfig.Footer, apply)
	}
	for i, in := range r.site.content.Instances {
		if i == 0 {
			s.Docs = r.docsData(in)
			continue
		}
		s.DocsInstances = append(s.DocsInstances, r.docsData(in))
	}
	return s
}

// docsData is one docs instance's catalogue: its versions and their docs.
func (r *resolver) docsData(in *content.Instance) themedata.DocsData {
	out := themedata.DocsData{RouteBasePath: in.Config.RouteBasePath, Breadcrumbs: *in.Config.Breadcrumbs,
		Versions: make([]themedata.VersionData, 0, len(in.Versions))}
	if !in.Config.IsDefault() {
		out.PluginID = in.ID()
	}
	for _, v := range in.Versions {
		label := r.b.locale.Version(in.ID(), v.Name).Translate("version.label", v.Label)
		vd := themedata.VersionData{Name: v.Name, Label: label, IsLast: v.IsLast, Path: v.Path, MainDocID: r.mainDocs[v.Key()],
			Banner: v.Banner, Docs: map[string]themedata.DocRef{}}
		sb := r.sidebars[v.Key()]
		for _, d := range v.Docs {
			vd.Docs[d.ID] = themedata.DocRef{Path: d.Permalink, Sidebar: sb.SidebarOf(d.ID)}
		}
		out.Versions = append(out.Versions, vd)
	}
	return out
}

// pluginID is the docs instance of a version as the theme reads it: its
// id, "" for the default instance.
func pluginID(v *content.Version) string {
	if v.Instance.Config.IsDefault() {
		return ""
	}
	return v.Instance.ID()
}

// notFoundPage is the page every unknown path gets.
func (r *resolver) notFoundPage() *builtPage {
	data := r.basePageData(r.site.cfg.BaseURL+"404.html", route.KindNotFound, "Page Not Found", nil)
	data.NoIndex = true
	// The page's own text, so search engines and link previews show it too.
	data.Description = "We could not find what you were looking for."
	data.Alternates = []themedata.Alternate{}
	return &builtPage{data: data, source: "(not-found page)", dataFile: "data/pages/404",
		entry: route.Entry{Path: data.Path, Kind: route.KindNotFound}}
}

// searchTitle is the search page's title before a query is typed, in the
// build's locale (the theme's string of the same id).
const searchTitleID, searchTitle = "theme.SearchPage.emptyResultsTitle", "Search the documentation"

// searchPage is the page themeConfig.search.pagePath asks for, or nil: the
// theme runs the query of its ?q= in the browser. Search engines are asked
// not to index it but to follow its links, and neither the sitemap nor
// search lists it.
func (r *resolver) searchPage() *builtPage {
	cfg := r.site.cfg
	if cfg.ThemeConfig.Search == nil || cfg.ThemeConfig.Search.PagePath == "" {
		return nil
	}
	permalink := cfg.RouteForm().Join(cfg.BaseURL, cfg.ThemeConfig.Search.PagePath)
	title := searchTitle
	if t, ok := r.b.locale.Strings()[searchTitleID]; ok {
		title = t
	}
	data := r.basePageData(permalink, route.KindSearch, title, nil)
	if !data.NoIndex {
		data.Head = &markdown.Head{Tags: []markdown.HeadTag{{Name: "meta",
			Attrs: []markdown.HeadAttr{{Name: "name", Value: "robots"}, {Name: "content", Value: "noindex, follow"}}}}}
	}
	return &builtPage{data: data, source: cfg.File,
		entry: route.Entry{Path: permalink, Kind: route.KindSearch, Title: title, Locale: cfg.I18n.DefaultLocale, Unlisted: true}}
}

// footerWithSlashRule is a copy of the footer whose internal links (to)
// take the site's trailingSlash rule, as Docusaurus's Link gives them; the
// config's own footer is not changed.
func footerWithSlashRule(f *config.Footer, apply func(string) string) *config.Footer {
	out := *f
	out.Links = make([]config.FooterGroup, len(f.Links))
	for i, g := range f.Links {
		out.Links[i] = g
		out.Links[i].Items = make([]config.FooterLink, len(g.Items))
		for j, item := range g.Items {
			if item.To != "" && !links.IsExternal(item.To) {
				item.To = apply(item.To)
			}
			out.Links[i].Items[j] = item
		}
	}
	return &out
}
