package pipeline

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html/template"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/search"
	"github.com/portaldocs/portal/internal/sitecss"
	"github.com/portaldocs/portal/internal/ssr"
	"github.com/portaldocs/portal/internal/theme"
	"github.com/portaldocs/portal/internal/themedata"
)

// emit renders every page with the theme and writes every file of the
// output: what the earlier stages decided, nothing more. A lazy build
// (portal dev) leaves the pages' HTML to lazyPages. It returns nil when the
// output folder cannot be made.
func (b *builder) emit(site *loaded, plan *resolved, bundle *theme.Bundle, eng *engines) (*Output, *lazyPages) {
	out, err := newOutput(b.opts.outputDir, b.opts.previous, b.opts.previousKeys, b.spare)
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: err.Error()})
		return nil, nil
	}
	cfg := site.cfg
	base := cfg.BaseURL
	b.copyStatic(out, site.static)
	b.copyAssets(out, plan.assets)
	for _, d := range plan.downloads {
		out.add(d.Path, d.Data)
	}
	m := plan.manifest
	out.add(strings.TrimPrefix(m.SiteData, base), plan.siteData)
	out.add(strings.TrimPrefix(m.SidebarsData, base), plan.sidebarsData)
	siteCSS := append(b.siteStylesheet(out, cfg), b.siteReact.emit(out)...)
	assets, err := emitTheme(out, base, bundle, siteCSS)
	assets.Styles = append(slices.Clone(cfg.Stylesheets), assets.Styles...) // before the theme's, as Docusaurus's head tags are
	if err != nil {                                                         // the build fails; the rest is written as usual and discarded
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: err.Error()})
	}
	input := themedata.RenderInput{Assets: assets, SiteURL: m.SiteData,
		ManifestURL: base + route.ManifestFile, SidebarsURL: m.SidebarsData}
	// The prerender gets stand-ins for the URLs of the site data and
	// sidebars files, which name them by hash and so change with any
	// page's title or any change of the search index; the page's HTML gets
	// the real ones (pageRenderer.finish). A page whose own inputs did not
	// change is then taken from the build cache whatever else changed.
	standIn := input
	standIn.SiteURL, standIn.SidebarsURL = siteDataStandIn, sidebarsStandIn
	pages := &pageRenderer{engines: eng, shared: ssr.NewShared(sharedRenderData(plan, b.opts.renderer, false)),
		withSidebars: sync.OnceValue(func() *ssr.Shared { return ssr.NewShared(sharedRenderData(plan, b.opts.renderer, true)) }),
		input:        renderInputTail(input), renderInput: renderInputTail(standIn), memo: b.memo,
		keep:   b.store.Persistent() && !b.opts.lazy,
		inputs: b.memo.pageRendererKey(bundle.Server, plan.siteData, plan.sidebarsData, b.opts.renderer, renderInputTail(standIn))}
	pages.urls = urlReplacer(input)
	b.pages = pages
	if pages.keep {
		b.recallOutputFiles(out)
	}
	b.emitData(out, plan.notFound, base)
	var lazy *lazyPages
	if b.opts.lazy {
		lazy = &lazyPages{pages: pages, byFile: map[string]*builtPage{route.NotFoundFile: plan.notFound}}
	}
	b.emitPages(out, plan.pages, base, cfg.RouteForm(), pages, lazy)
	if cfg.LLMs.On() {
		b.emitLLMs(out, site, plan)
	}
	// Last of the files that do not depend on the others: the index is
	// made while the pages are.
	emitSearch(out, plan.search.wait())
	if lazy == nil {
		if html, ok := pages.render(b.ctx, &b.diags, plan.notFound); ok {
			out.add(route.NotFoundFile, html)
		}
	}
	for _, rd := range plan.redirects {
		out.add(rd.file, redirectHTML(rd.to))
	}
	for _, f := range plan.feeds {
		out.add(f.Name, f.Data)
	}
	out.add("sitemap.xml", sitemap(cfg, m))
	out.add("robots.txt", robots(cfg))
	out.add(route.ManifestFile, mustJSON(m))
	if lazy == nil {
		b.emitLocales(out, cfg, eng)
	}
	b.emitDeploy(out, cfg, m, lazy)
	out.Manifest = m
	return out, lazy
}

// emitSearch writes the search index's files. Every file but index.json is
// named by its content (docs/search-index.md), so an unchanged one is the
// previous output's file of the same name.
// A deferred file (search.Index.Deferred) is made only when the previous
// output does not hold it.
func emitSearch(out *Output, ix *search.Index) {
	if ix == nil {
		return
	}
	for name, data := range ix.Files {
		if name == search.MetaFile {
			out.add(search.Dir+name, data)
			continue
		}
		out.addFrom(search.Dir+name, func() ([]byte, error) { return data, nil })
	}
	for name, load := range ix.Deferred {
		out.addFrom(search.Dir+name, load)
	}
}

// emitPages writes every page's data and prerenders its HTML across the
// workers (or hands it to lazy). Of pages with the same path (a duplicate
// route the build warns about) the first one is the route's page.
func (b *builder) emitPages(out *Output, pages []*builtPage, base string, form route.Form, render *pageRenderer, lazy *lazyPages) {
	byFile := map[string]*builtPage{}
	var first []*builtPage
	for _, p := range pages {
		b.emitData(out, p, base)
		file := form.File(p.entry.Path)
		if _, dup := byFile[file]; !dup {
			byFile[file] = p
			first = append(first, p)
			b.emitPageMarkdown(out, file, p)
		}
	}
	if lazy != nil {
		maps.Copy(lazy.byFile, byFile)
		return
	}
	b.parallel(len(first), b.counted(StagePrerender, len(first), func(i int) {
		p := first[i]
		render.emitPage(b, out, form.File(p.entry.Path), p)
	}))
}

// emitData writes a page's data file, from the store; read only when the
// previous output does not hold it (its name carries its hash).
func (b *builder) emitData(out *Output, p *builtPage, base string) {
	out.addFrom(strings.TrimPrefix(p.entry.Data, base), func() ([]byte, error) { return p.pageJSON(b.memo) })
}

// themeDir is where the client bundle is served from, under the base URL.
const themeDir = "assets/theme/"

// siteAssetDir is where the files the site's stylesheets name are served
// from, under the base URL.
const siteAssetDir = "assets/site"

// siteStylesheet bundles the site's own stylesheets (customCss), writes
// the files they name, and returns their rules, which follow the theme's.
func (b *builder) siteStylesheet(out *Output, cfg *config.Site) []byte {
	if len(cfg.CustomCSS) == 0 {
		return nil
	}
	bundle, ds := sitecss.Build(b.ctx, b.site, cfg.CustomCSS, strings.TrimSuffix(themeDir, "/"), siteAssetDir, cfg.File, b.sass)
	b.diags.Add(ds...)
	if bundle == nil {
		return nil
	}
	for name, data := range bundle.Files {
		out.add(name, data)
	}
	return bundle.CSS
}

// emitTheme copies the client bundle and writes the page stylesheet (the
// theme's, the code-highlighting rules and the site's own); it returns the
// URLs every page loads.
func emitTheme(out *Output, base string, bundle *theme.Bundle, siteCSS []byte) (themedata.RenderAssets, error) {
	for _, name := range bundle.Names {
		// Read only when the previous output does not hold the file.
		out.addFrom(themeDir+name, func() ([]byte, error) { return bundle.File(name) })
	}
	assets := themedata.RenderAssets{Scripts: []string{base + themeDir + bundle.Entry}, Styles: []string{}, Preload: []string{}}
	name, css, err := pageStylesheet(bundle, siteCSS)
	if err != nil {
		return assets, err
	}
	out.add(name, css)
	assets.Styles = append(assets.Styles, base+name)
	for _, p := range bundle.Preload {
		assets.Preload = append(assets.Preload, base+themeDir+p)
	}
	return assets, nil
}

// pageStylesheet is the one stylesheet every page links: the theme's styles
// and the code-highlighting rules in one file, since each stylesheet blocks
// the first paint and a phone pays a round trip for each (Lighthouse counted
// the second one at 300 ms of a 1.8 s first paint, issue 16); the site's
// own stylesheets come last, so that their rules win, as Docusaurus orders
// customCss after its theme's. It sits with the theme's files, so a
// relative url() in the theme's CSS still resolves (the site's are made
// relative to it), and is named by its content as Vite names them.
func pageStylesheet(bundle *theme.Bundle, siteCSS []byte) (name string, css []byte, err error) {
	for _, style := range bundle.Styles {
		data, err := bundle.File(style)
		if err != nil {
			return "", nil, err
		}
		css = append(css, data...)
		if len(css) > 0 && css[len(css)-1] != '\n' {
			css = append(css, '\n')
		}
	}
	css = append(css, markdown.HighlightCSS()...)
	css = append(css, siteCSS...)
	sum := sha256.Sum256(css)
	return themeDir + "style-" + hex.EncodeToString(sum[:])[:8] + ".css", css, nil
}

// sharedRenderData is SharedRenderData's JSON, made of the site data (and,
// with sidebars, the sidebars) as their files hold them rather than
// marshalled again, and the server renderer asked for (WithRenderer).
func sharedRenderData(plan *resolved, renderer string, sidebars bool) []byte {
	data := struct {
		Site         json.RawMessage `json:"site"`
		SidebarsJSON string          `json:"sidebarsJson,omitempty"`
		Renderer     string          `json:"renderer,omitempty"`
	}{Site: plan.siteData, Renderer: renderer}
	if sidebars {
		data.SidebarsJSON = string(plan.sidebarsData)
	}
	return mustJSON(data)
}

// Stand-ins the prerender gets for URLs that name files by their hash
// (pageRenderer.renderInput, emit): no site can link to them, since
// route.FileFor never makes a name with "::".
const (
	siteDataStandIn = "/::portal-site-data::.json"
	sidebarsStandIn = "/::portal-sidebars-data::.json"
)

// urlReplacer puts the real URLs where the prerender wrote the stand-ins,
// in attributes (the document's preload links), escaped as the theme
// escapes attributes (theme/src/head.ts escapeHtml); escaping leaves the
// stand-ins themselves unchanged.
func urlReplacer(real themedata.RenderInput) *strings.Replacer {
	return strings.NewReplacer(`"`+siteDataStandIn+`"`, `"`+escapeAttribute(real.SiteURL)+`"`,
		`"`+sidebarsStandIn+`"`, `"`+escapeAttribute(real.SidebarsURL)+`"`)
}

// attributeEscaper is the theme's escapeHtml: &, <, > and ".
var attributeEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func escapeAttribute(s string) string { return attributeEscaper.Replace(s) }

// leftStandIn reports whether html still holds a stand-in URL.
func leftStandIn(html string) bool {
	return strings.Contains(html, siteDataStandIn) || strings.Contains(html, sidebarsStandIn)
}

// renderInputTail is what follows the page in every RenderInput's JSON:
// `,"assets":…}`. Page is RenderInput's first field, so a page's input is
// `{"page":` + its data file's JSON + this tail, and its data is never
// marshalled twice.
func renderInputTail(in themedata.RenderInput) []byte {
	const head = `{"page":null`
	full := mustJSON(in)
	if !bytes.HasPrefix(full, []byte(head)) {
		panic("RenderInput's first field must be page")
	}
	return full[len(head):]
}

// pageRenderer prerenders the pages of one build with the data that build
// shares: no page renders with another build's site data or sidebars.
type pageRenderer struct {
	engines *engines
	// shared is the build's shared data without the sidebars, which only
	// pages the theme renders whole need; withSidebars makes the shared
	// data with them, once, when the first such page with a sidebar comes
	// (from then on every page gets it, so that no engine parses the site
	// data again and again). On a 50,000-page site the sidebars were 34 MB
	// of JSON, held by every engine.
	shared       *ssr.Shared
	withSidebars func() *ssr.Shared
	sidebarsUsed atomic.Bool
	// input is the RenderInput JSON after the page (renderInputTail), as
	// the page's initial data carries it; renderInput is the one the
	// prerender gets, with stand-ins for hashed URLs, which urls replaces.
	input, renderInput []byte
	urls               *strings.Replacer
	// memo holds the pages' data; with keep, rendered pages are kept in it
	// and taken from it (memos.pageHTML), under the key of inputs
	// (memos.pageRendererKey) and the page's data.
	memo   *memos
	keep   bool
	inputs buildcache.Key
}

// render runs the theme's server bundle for one page, or takes the page
// from the build cache when the same engine rendered the same data with the
// same theme before. Script errors and anything the render logged (React
// warns through console.error) are reported against the page's source file;
// a render that logged is not kept, so a later build reports it again. The
// cache keeps the render as the theme wrote it; finish completes it.
func (pr *pageRenderer) render(ctx context.Context, diags *diag.List, p *builtPage) ([]byte, bool) {
	html, _, ok := pr.renderPage(ctx, diags, p)
	return html, ok
}

// renderPage is render, also saying whether the page rendered clean: taken
// from the cache, or rendered without logging anything.
func (pr *pageRenderer) renderPage(ctx context.Context, diags *diag.List, p *builtPage) (page []byte, clean, ok bool) {
	parts, ok := pr.memo.pageRender.Get(p.dataKey)
	if !ok {
		diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Error,
			Message: fmt.Sprintf("the build store lost the data of %s (%s/%s)", p.entry.Path, pr.memo.pageRender.Kind(), p.dataKey)})
		return nil, false, false
	}
	var content string
	if parts.HasContent {
		html, err := p.contentHTML(pr.memo)
		if err != nil {
			diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Error, Message: err.Error()})
			return nil, false, false
		}
		content = asDataHolds(html)
	}
	var key buildcache.Key
	if pr.keep {
		// By the input the theme gets: a page whose content alone changed
		// is not rendered again.
		key = pr.memo.pageHTMLKey(pr.inputs, parts.Render)
		if html, ok := pr.memo.pageHTML.Get(key); ok {
			page, ok := pr.finish(diags, p, string(html), parts, content)
			return page, true, ok
		}
	}
	pool := pr.engines.get()
	if pool == nil {
		return nil, false, false // reported when the engines failed to load
	}
	input := pageInput(parts.Render, pr.renderInput)
	html, logs, err := pool.Render(ctx, pr.sharedFor(parts.Render), input)
	for _, l := range logs {
		diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Warning,
			Message: fmt.Sprintf("prerendering %s logged: %s", p.entry.Path, l)})
	}
	if err != nil {
		diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Error,
			Message: fmt.Sprintf("prerender %s: %v", p.entry.Path, err), Hint: "the theme failed on this page's data"})
		return nil, false, false
	}
	page, ok = pr.finish(diags, p, html, parts, content)
	if ok && pr.keep && len(logs) == 0 {
		if err := pr.memo.pageHTML.Put(key, []byte(html)); err != nil {
			diags.Add(diag.Diagnostic{Severity: diag.Warning, Message: err.Error(), Hint: "the page is built; only the cache missed it"})
		}
	}
	return page, len(logs) == 0, ok
}

// sharedFor is the shared data a page's render gets: with the sidebars
// once a page has one.
func (pr *pageRenderer) sharedFor(data []byte) *ssr.Shared {
	if !pr.sidebarsUsed.Load() && hasSidebar(data) {
		pr.sidebarsUsed.Store(true)
	}
	if pr.sidebarsUsed.Load() {
		return pr.withSidebars()
	}
	return pr.shared
}

// hasSidebar says whether a page's data names a docs sidebar.
func hasSidebar(data []byte) bool {
	var page struct {
		Doc *struct {
			Sidebar string `json:"sidebar"`
		} `json:"doc"`
	}
	return json.Unmarshal(data, &page) == nil && page.Doc != nil && page.Doc.Sidebar != ""
}

// pageInput is a page's RenderInput JSON: `{"page":` + its data file's JSON
// + tail.
func pageInput(json, tail []byte) []byte {
	input := make([]byte, 0, len(`{"page":`)+len(json)+len(tail))
	return append(append(append(input, `{"page":`...), json...), tail...)
}

// finish completes the theme's document: the real URLs for the stand-ins,
// the page's content and its initial data where the theme left their
// placeholders.
func (pr *pageRenderer) finish(diags *diag.List, p *builtPage, html string, parts pageParts, content string) ([]byte, bool) {
	// The theme leaves a placeholder where the client's initial data goes:
	// the input without the content HTML, which the client reads back from
	// the DOM (theme/src/content/contentFromDom.ts), so a page ships its
	// content once; encoding/json has already escaped <, > and & so it
	// cannot end the script element early.
	if !strings.Contains(html, initialDataPlaceholder) {
		diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Error,
			Message: fmt.Sprintf("prerender %s: the theme's document has no initial-data placeholder %s", p.entry.Path, initialDataPlaceholder),
			Hint:    "rebuild the theme with `make theme`; the engine and the theme must come from the same version"})
		return nil, false
	}
	// The stand-ins are in the document's head, which is short: only it is
	// rewritten (a page's body can be megabytes).
	head := max(strings.Index(html, "</head>"), 0)
	top, rest := pr.urls.Replace(html[:head]), html[head:]
	at := strings.Index(rest, initialDataPlaceholder)
	if at < 0 || leftStandIn(top) || leftStandIn(rest) {
		diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Error,
			Message: fmt.Sprintf("prerender %s: the theme wrote a data file's URL or its initial data where the engine does not expect them", p.entry.Path),
			Hint:    "the theme writes the site data and sidebars URLs only in the head's attributes, the initial data in the body; see pipeline.urlReplacer"})
		return nil, false
	}
	// The content comes before the initial data, in the body.
	body, tail := rest[:at], rest[at+len(initialDataPlaceholder):]
	contentAt := len(body)
	if content != "" {
		contentAt = strings.Index(body, contentPlaceholder)
		if contentAt < 0 || strings.Contains(body[contentAt+len(contentPlaceholder):], contentPlaceholder) {
			diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Error,
				Message: fmt.Sprintf("prerender %s: the theme did not write the page's content placeholder %s exactly once", p.entry.Path, contentPlaceholder),
				Hint:    "the theme writes page.html once, as it is (theme/src/content/Content.tsx)"})
			return nil, false
		}
	}
	input := pageInput(parts.Initial, pr.input)
	page := make([]byte, 0, len(top)+len(rest)+len(content)+len(input))
	page = append(append(page, top...), body[:contentAt]...)
	if content != "" {
		page = append(page, content...)
		page = append(page, body[contentAt+len(contentPlaceholder):]...)
	}
	page = append(page, input...)
	return append(page, tail...), true
}

// initialDataPlaceholder is where the theme's document expects the client's
// initial data (theme/src/document.ts DATA_PLACEHOLDER).
const initialDataPlaceholder = "<!--portal:initial-data-->"

func (b *builder) copyStatic(out *Output, files []staticFile) {
	for _, f := range files {
		data, err := fs.ReadFile(b.site, f.path)
		if err != nil {
			b.diags.Add(diag.Diagnostic{File: f.path, Severity: diag.Error, Message: "copy static file: " + err.Error()})
			continue
		}
		out.add(f.name, data)
	}
}

// copyAssets copies the files pages use by a relative path (MDX) to the
// names the pages link them by.
func (b *builder) copyAssets(out *Output, assets map[string]string) {
	for name, file := range assets {
		data, err := fs.ReadFile(b.site, file)
		if err != nil {
			b.diags.Add(diag.Diagnostic{File: file, Severity: diag.Error, Message: "copy asset: " + err.Error()})
			continue
		}
		out.add(name, data)
	}
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
func sitemap(cfg *config.Site, m *route.Manifest) []byte {
	set := sitemapSet{XMLNS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	if !cfg.NoIndex {
		for _, r := range m.Routes {
			if !r.Unlisted {
				set.URLs = append(set.URLs, sitemapURL{Loc: cfg.URL + r.Path})
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

func robots(cfg *config.Site) []byte {
	if cfg.NoIndex {
		return []byte("User-agent: *\nDisallow: /\n")
	}
	return []byte("User-agent: *\nAllow: /\n\nSitemap: " + cfg.URL + path.Join(cfg.BaseURL, "sitemap.xml") + "\n")
}
