package build

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/sidebar"
)

// emit writes every output file into memory.
func (b *builder) emit(pages []*builtPage, nav []ResolvedNavItem) *Output {
	out := newOutput()
	if b.opts.outputDir != "" {
		sp, err := newSpill(b.opts.outputDir)
		if err != nil {
			b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: err.Error()})
			return nil
		}
		out.spill = sp
	}
	b.copyStatic(out)
	b.emitFHIRDownloads(out)
	base := b.cfg.BaseURL
	m := &route.Manifest{BaseURL: base}

	site := b.siteData(nav)
	site.SearchIndex = b.emitSearchIndex(out, pages)
	m.SiteData = base + b.writeHashed(out, "data/site", mustJSON(site), ".json")
	m.SidebarsData = base + b.writeHashed(out, "data/sidebars", mustJSON(b.sidebarsData()), ".json")
	assets := b.emitTheme(out)
	notFound := &builtPage{data: b.notFoundData(), source: "(not-found page)"}
	m.NotFoundData = base + b.writeHashed(out, "data/pages/404", mustJSON(notFound.data), ".json")
	b.ssr.SetShared(mustJSON(SharedRenderData{Site: site, Sidebars: b.sidebarsData()}))
	render := renderContext{siteURL: m.SiteData, assets: assets, manifestURL: base + route.ManifestFile, sidebarsURL: m.SidebarsData}
	b.emitPages(out, m, render, pages)
	if b.lazy != nil {
		b.lazy.byFile[route.NotFoundFile] = notFound
	} else if html, ok := b.prerender(render, notFound); ok {
		out.add(route.NotFoundFile, html)
	}

	for _, r := range b.cfg.Redirects {
		from, to := b.withBaseURL(r.From), b.withBaseURL(r.To)
		m.Redirects = append(m.Redirects, route.Redirect{From: from, To: to})
		name := route.FileFor(base, strings.TrimSuffix(from, "/")+"/")
		if out.has(name) {
			b.diags.Add(diag.Diagnostic{File: "portal.yaml", Line: r.Line, Severity: diag.Error,
				Message: fmt.Sprintf("redirect from %s would replace the page at that path", r.From), Hint: "remove the redirect or the page"})
			continue
		}
		out.add(name, redirectHTML(to))
	}
	m.Sort()
	out.add("sitemap.xml", b.sitemap(m))
	out.add("robots.txt", b.robots())
	out.add(route.ManifestFile, mustJSON(m))
	out.Manifest = m
	return out
}

// themeDir is where the client bundle is served from, under the base URL.
const themeDir = "assets/theme/"

// emitTheme copies the client bundle and writes the code-highlighting
// stylesheet; it returns the URLs every page loads.
func (b *builder) emitTheme(out *Output) RenderAssets {
	base := b.cfg.BaseURL
	for name, data := range b.theme.Files {
		out.add(themeDir+name, data)
	}
	assets := RenderAssets{Scripts: []string{base + themeDir + b.theme.Entry}, Styles: []string{}, Preload: []string{}}
	for _, css := range b.theme.Styles {
		assets.Styles = append(assets.Styles, base+themeDir+css)
	}
	assets.Styles = append(assets.Styles, base+b.writeHashed(out, "assets/css/highlight", []byte(markdown.HighlightCSS()), ".css"))
	for _, p := range b.theme.Preload {
		assets.Preload = append(assets.Preload, base+themeDir+p)
	}
	return assets
}

// renderContext is what every page's prerender shares.
type renderContext struct {
	siteURL     string
	assets      RenderAssets
	manifestURL string
	sidebarsURL string
}

// emitPages serialises and prerenders every page across the workers, then
// adds the files in page order so the output does not depend on scheduling.
func (b *builder) emitPages(out *Output, m *route.Manifest, render renderContext, pages []*builtPage) {
	type rendered struct {
		data, html []byte
		ok         bool
	}
	results := make([]rendered, len(pages))
	b.parallel(len(pages), func(i int) {
		results[i].data = mustJSON(pages[i].data)
		if !b.opts.lazy {
			results[i].html, results[i].ok = b.prerender(render, pages[i])
		}
	})
	base := b.cfg.BaseURL
	if b.opts.lazy {
		b.lazy = &lazyPages{b: b, render: render, byFile: map[string]*builtPage{}}
	}
	for i, p := range pages {
		p.entry.Data = base + b.writeHashed(out, "data/pages/"+dataName(base, p.entry.Path), results[i].data, ".json")
		p.entry.DataBytes = len(results[i].data)
		m.Routes = append(m.Routes, p.entry)
		switch {
		case b.lazy != nil:
			b.lazy.byFile[route.FileFor(base, p.entry.Path)] = p
		case results[i].ok:
			out.add(route.FileFor(base, p.entry.Path), results[i].html)
		}
		results[i] = rendered{}
	}
}

// prerender runs the theme's server bundle for one page. Script errors and
// anything the render logged (React warns through console.error) are
// reported against the page's source file.
func (b *builder) prerender(render renderContext, p *builtPage) ([]byte, bool) {
	return b.prerenderTo(&b.diags, render, p)
}

// prerenderTo prerenders one page, reporting into diags.
func (b *builder) prerenderTo(diags *diag.List, render renderContext, p *builtPage) ([]byte, bool) {
	// Site data and sidebars are shared by every render (SetShared) and
	// loaded by the client from their own cached files: a page carries
	// only its own data, so its cost does not grow with the site.
	input := RenderInput{Page: p.data, Assets: render.assets, SiteURL: render.siteURL,
		ManifestURL: render.manifestURL, SidebarsURL: render.sidebarsURL}
	inputJSON := mustJSON(input)
	html, logs, err := b.ssr.Render(b.ctx, inputJSON)
	for _, l := range logs {
		diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Warning,
			Message: fmt.Sprintf("prerendering %s logged: %s", p.data.Path, l)})
	}
	if err != nil {
		diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Error,
			Message: fmt.Sprintf("prerender %s: %v", p.data.Path, err), Hint: "the theme failed on this page's data"})
		return nil, false
	}
	// The theme leaves a placeholder where the client's initial data goes;
	// encoding/json has already escaped <, > and & in it, so it cannot end
	// the script element early.
	if !strings.Contains(html, initialDataPlaceholder) {
		diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Error,
			Message: fmt.Sprintf("prerender %s: the theme's document has no initial-data placeholder %s", p.data.Path, initialDataPlaceholder),
			Hint:    "rebuild the theme with `make theme`; the engine and the theme must come from the same version"})
		return nil, false
	}
	return []byte(strings.Replace(html, initialDataPlaceholder, string(initialDataJSON(input)), 1)), true
}

// initialDataPlaceholder is where the theme's document expects the client's
// initial data (theme/src/document.ts DATA_PLACEHOLDER).
const initialDataPlaceholder = "<!--portal:initial-data-->"

// writeHashed stores data under name.<hash><ext> so that browsers and CDNs
// can cache it forever, and returns the file name.
func (b *builder) writeHashed(out *Output, name string, data []byte, ext string) string {
	sum := sha256.Sum256(data)
	file := name + "." + hex.EncodeToString(sum[:])[:10] + ext
	out.add(file, data)
	return file
}

// dataName turns a route path into a readable file-name stem.
func dataName(base, p string) string {
	stem := strings.Trim(strings.TrimPrefix(p, base), "/")
	if stem == "" {
		return "index"
	}
	return strings.ReplaceAll(stem, "/", "--")
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		// Only our own plain data types are marshalled; failure is a programming error.
		panic(fmt.Sprintf("marshal page data: %v", err))
	}
	return data
}

func (b *builder) copyStatic(out *Output) {
	for _, dir := range b.cfg.StaticDirectories {
		_ = fs.WalkDir(b.site, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			data, err := fs.ReadFile(b.site, p)
			if err != nil {
				b.diags.Add(diag.Diagnostic{File: p, Severity: diag.Error, Message: "copy static file: " + err.Error()})
				return nil
			}
			out.add(strings.TrimPrefix(strings.TrimPrefix(p, dir), "/"), data)
			return nil
		})
	}
}

func (b *builder) siteData(nav []ResolvedNavItem) *SiteData {
	cfg := b.cfg
	s := &SiteData{Title: cfg.Title, Tagline: cfg.Tagline, URL: cfg.URL, BaseURL: cfg.BaseURL, Favicon: cfg.Favicon,
		TitleDelimiter: cfg.TitleDelimiter, NoIndex: cfg.NoIndex, BaseURLIssueBanner: *cfg.BaseURLIssueBanner,
		I18n: cfg.I18n, ThemeConfig: cfg.ThemeConfig, Navbar: nav,
		Docs: DocsData{RouteBasePath: cfg.Docs.RouteBasePath, Breadcrumbs: *cfg.Docs.Breadcrumbs}}
	for _, v := range b.content.Versions {
		vd := VersionData{Name: v.Name, Label: v.Label, IsLast: v.IsLast, Path: v.Path, MainDocID: v.MainDocID,
			Banner: v.Banner, Docs: map[string]DocRef{}}
		sb := b.sidebars[v.Name]
		for _, d := range v.Docs {
			vd.Docs[d.ID] = DocRef{Path: d.Permalink, Sidebar: sb.SidebarOf(d.ID)}
		}
		s.Docs.Versions = append(s.Docs.Versions, vd)
	}
	return s
}

// sidebarsData is every version's sidebars: version name → sidebar id → items.
func (b *builder) sidebarsData() map[string]map[string][]*sidebar.Item {
	out := map[string]map[string][]*sidebar.Item{}
	for name, sb := range b.sidebars {
		out[name] = sb.ByID
	}
	return out
}

func (b *builder) notFoundData() *PageData {
	data := b.basePageData(b.cfg.BaseURL+"404.html", route.KindNotFound, "Page Not Found", nil)
	data.NoIndex = true
	// The page's own text, so search engines and link previews show it too.
	data.Description = "We could not find what you were looking for."
	data.Alternates = nil
	return data
}

// redirectHTML is a static-host-friendly redirect: meta refresh, canonical,
// and a script that keeps the query and hash (behaviour reference 2.4).
func redirectHTML(to string) []byte {
	esc := template.HTMLEscapeString(to)
	js, _ := json.Marshal(to)
	keep := "true"
	if strings.ContainsAny(to, "?#") {
		keep = "false"
	}
	return []byte(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="refresh" content="0; url=` + esc + `">
<link rel="canonical" href="` + esc + `">
<title>Redirecting…</title>
<script>window.location.href = ` + string(js) + ` + (` + keep + ` ? window.location.search + window.location.hash : "");</script>
</head>
<body><p>This page has moved to <a href="` + esc + `">` + esc + `</a>.</p></body>
</html>
`)
}

type sitemapURL struct {
	Loc string `xml:"loc"`
}

type sitemapSet struct {
	XMLName xml.Name     `xml:"urlset"`
	XMLNS   string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

// sitemap lists every listed route (not unlisted docs, not the not-found page).
func (b *builder) sitemap(m *route.Manifest) []byte {
	set := sitemapSet{XMLNS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	if !b.cfg.NoIndex {
		for _, r := range m.Routes {
			if !r.Unlisted {
				set.URLs = append(set.URLs, sitemapURL{Loc: b.cfg.URL + r.Path})
			}
		}
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	_ = enc.Encode(set)
	buf.WriteString("\n")
	return buf.Bytes()
}

func (b *builder) robots() []byte {
	if b.cfg.NoIndex {
		return []byte("User-agent: *\nDisallow: /\n")
	}
	return []byte("User-agent: *\nAllow: /\n\nSitemap: " + b.cfg.URL + path.Join(b.cfg.BaseURL, "sitemap.xml") + "\n")
}
