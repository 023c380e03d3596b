package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/url"
	"path"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/markdown"
)

// What the Markdown stage needs for Docusaurus's MDX: how each file
// renders (MDX or CommonMark, partials, assets, URL-relative links), and
// the asset files the pages use, which it hands on for the output.

// renderContext is how one doc or page file renders: MDX when the config's
// markdown.format says so, with partials, assets and Docusaurus's
// URL-relative links resolved from the file.
func (b *builder) renderContext(site *loaded, j *renderJob, resolver *markdownLinkResolver) markdown.RenderContext {
	ctx := b.fileContext(site, j.source, j.versionOf, resolver)
	ctx.LineOffset, ctx.FileLines, ctx.ResolveMarkdownLink = j.bodyLine, j.fileLines, j.resolve
	if j.doc != nil {
		ctx.LinkBase = docusaurusURL(site.cfg, j.doc)
	}
	if j.linkBase != "" {
		ctx.LinkBase = j.linkBase
	}
	return ctx
}

// fileContext is the part of a render context that depends on the file
// alone, which partials share: a partial's links resolve from its own file.
func (b *builder) fileContext(site *loaded, file string, v *content.Version, resolver *markdownLinkResolver) markdown.RenderContext {
	cfg := site.cfg
	toc := cfg.ThemeConfig.TableOfContents
	trailingSlash := linkSlashRule(cfg)
	return markdown.RenderContext{
		File:                file,
		MDX:                 cfg.Markdown.IsMDX(file),
		BaseURL:             cfg.BaseURL,
		TrailingSlash:       trailingSlash,
		TOCMinLevel:         toc.MinHeadingLevel,
		TOCMaxLevel:         toc.MaxHeadingLevel,
		ResolveMarkdownLink: resolver.forFile(file, v),
		ResolveAsset: func(dest string) (string, string, bool) {
			return assetURL(b.site, cfg, file, dest)
		},
		ModuleExports: func(source string) ([]byte, string, bool) {
			if site.modules == nil {
				return nil, "", false
			}
			return site.modules.exports(file, source)
		},
		ModuleExpression: func(source string, bindings map[string]string, expr string) ([]byte, string, bool) {
			return site.modules.expression(file, source, bindings, expr)
		},
		SiteComponent: func(source string) (string, []string, bool) {
			if b.siteReact == nil {
				return "", nil, false
			}
			return b.siteReact.component(file, source)
		},
		ComponentPage: componentPage(v),
		PageModule: func(file, source string) {
			if b.siteReact != nil {
				b.siteReact.pageModule(file, source)
			}
		},
		Partial: func(partial string) ([]byte, markdown.RenderContext, error) {
			src, err := fs.ReadFile(b.site, partial)
			if err != nil {
				return nil, markdown.RenderContext{}, err
			}
			body, bodyLine := content.StripFrontMatter(src)
			ctx := b.fileContext(site, partial, v, resolver)
			ctx.LineOffset = bodyLine
			return body, ctx, nil
		},
	}
}

// linkSlashRule is the trailingSlash rule Docusaurus's Link applies to the
// site paths a Docusaurus site's Markdown, JSX and navbar write, when the
// config sets one; nil leaves them as written, as on a portal.yaml site,
// whose links have always been kept as their authors wrote them (a link
// to a download must not gain a slash).
func linkSlashRule(cfg *config.Site) func(string) string {
	if cfg.TrailingSlash == nil || !cfg.FromDocusaurus() {
		return nil
	}
	return cfg.RouteForm().Apply
}

// docusaurusURL is the URL a doc's URL-relative links resolve from, when
// it differs from its route path: its URL on the Docusaurus site, without
// the trailing slash unless trailingSlash is true or (trailingSlash not
// false) the slug ends with one (a category index). "" when they agree.
// A portal.yaml site without trailingSlash, whose routes end with "/",
// resolves them so too, as it always has.
func docusaurusURL(cfg *config.Site, d *content.Doc) string {
	switch ts := cfg.TrailingSlash; {
	case ts != nil && *ts:
		return ""
	case ts == nil && strings.HasSuffix(d.Slug, "/"):
		return ""
	}
	return strings.TrimSuffix(d.Permalink, "/")
}

// assetURL finds dest relative to file (or the site root for @site/, or,
// on a Docusaurus site, in a static folder for a path from the site's
// root, /img/x.png) and returns the URL it is served at, under assets/ with
// a content hash as Docusaurus's bundler serves it, and the file it is
// copied from. A portal.yaml site keeps a path from the site's root as the
// static file's own URL (with the base URL), so that download links stay
// stable.
func assetURL(site fs.FS, cfg *config.Site, file, dest string) (servedURL, source string, ok bool) {
	target := dest
	if i := strings.IndexAny(target, "?#"); i >= 0 {
		target = target[:i]
	}
	// Docusaurus decodes the path (decodeURIComponent) before it looks for
	// the file: ![](./%E6%9E%B6%E6%9E%84.png) names the file 架构.png, and
	// a%20b.png the file "a b.png". A path that does not decode is looked
	// for as written.
	if decoded, err := url.PathUnescape(target); err == nil {
		target = decoded
	}
	var candidates []string
	switch rest, fromSite := strings.CutPrefix(target, "@site/"); {
	case fromSite:
		candidates = []string{path.Clean(rest)}
	case strings.HasPrefix(target, "/"):
		if !cfg.FromDocusaurus() {
			return "", "", false
		}
		// Docusaurus looks for a site path in the static folders, in order.
		for _, dir := range cfg.StaticDirectories {
			candidates = append(candidates, path.Join(dir, target))
		}
	default:
		candidates = []string{path.Join(path.Dir(file), target)}
	}
	// A folder outside the site is read only when the config names it
	// (sitefs.WithOutside): the site refuses any other.
	for _, c := range candidates {
		if data, err := fs.ReadFile(site, c); err == nil {
			return cfg.BaseURL + assetName(c, data), c, true
		}
	}
	return "", "", false
}

// assetName is an asset's output name: images under assets/images, other
// files under assets/files, each named with its content's hash.
func assetName(file string, data []byte) string {
	sum := sha256.Sum256(data)
	ext := path.Ext(file)
	folder := "files"
	if isImage(ext) {
		folder = "images"
	}
	return "assets/" + folder + "/" + strings.TrimSuffix(path.Base(file), ext) + "-" + hex.EncodeToString(sum[:])[:8] + ext
}

func isImage(ext string) bool {
	switch strings.ToLower(ext) {
	case ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".ico", ".bmp":
		return true
	}
	return false
}

// assetFiles are the asset files every page used, by output name (without
// the base URL) → site file.
func assetFiles(results []*markdown.Result, baseURL string) map[string]string {
	files := map[string]string{}
	for _, res := range results {
		if res == nil {
			continue
		}
		for _, a := range res.Assets {
			files[strings.TrimPrefix(a.URL, baseURL)] = a.File
		}
	}
	return files
}

// componentPage is what a site's components read of the page they are on
// (markdown.RenderContext.ComponentPage; PageContextData in
// theme/src/site/provided.tsx): its docs version, for a doc.
func componentPage(v *content.Version) any {
	if v == nil {
		return nil
	}
	type version struct {
		Name   string `json:"name"`
		Label  string `json:"label"`
		Path   string `json:"path"`
		IsLast bool   `json:"isLast"`
	}
	return struct {
		PluginID string  `json:"pluginId"`
		Version  version `json:"version"`
	}{PluginID: firstNonEmpty(pluginID(v), "default"), Version: version{Name: v.Name, Label: v.Label, Path: v.Path, IsLast: v.IsLast}}
}
