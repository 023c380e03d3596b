package build

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"io/fs"
	"path"
	"strings"
	"sync"

	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/sidebar"
)

// renderContext is how one doc or page file renders: MDX when the config's
// markdown.format says so, with partials, assets and Docusaurus's
// URL-relative links resolved from the file.
func (b *builder) renderContext(j *renderJob, resolver *markdownLinkResolver) markdown.RenderContext {
	ctx := b.fileContext(j.source, j.version, resolver)
	ctx.LineOffset, ctx.FileLines, ctx.ResolveMarkdownLink = j.bodyLine, j.fileLines, j.resolve
	if j.doc != nil {
		ctx.LinkBase = b.docusaurusURL(j.doc)
	}
	return ctx
}

// fileContext is the part of a render context that depends on the file
// alone, which partials share.
func (b *builder) fileContext(file, version string, resolver *markdownLinkResolver) markdown.RenderContext {
	var v *content.Version
	for _, candidate := range b.content.Versions {
		if candidate.Name == version {
			v = candidate
		}
	}
	toc := b.cfg.ThemeConfig.TableOfContents
	return markdown.RenderContext{
		File:                file,
		MDX:                 b.cfg.Markdown.IsMDX(file),
		BaseURL:             b.cfg.BaseURL,
		TOCMinLevel:         toc.MinHeadingLevel,
		TOCMaxLevel:         toc.MaxHeadingLevel,
		ResolveMarkdownLink: resolver.forFile(file, v),
		ResolveAsset:        func(dest string) (string, bool) { return b.assets.resolve(b.site, b.cfg.BaseURL, file, dest) },
		Partial: func(partial string) ([]byte, markdown.RenderContext, error) {
			src, err := fs.ReadFile(b.site, partial)
			if err != nil {
				return nil, markdown.RenderContext{}, err
			}
			body, bodyLine := content.StripFrontMatter(src)
			ctx := b.fileContext(partial, version, resolver)
			ctx.LineOffset = bodyLine
			return body, ctx, nil
		},
	}
}

// docusaurusURL is the URL Docusaurus gives a doc when it differs from
// Portal's: without the trailing slash, unless trailingSlash is true or
// the slug ends with one (a category index). "" when they agree.
func (b *builder) docusaurusURL(d *content.Doc) string {
	if ts := b.cfg.TrailingSlash; ts != nil && *ts {
		return ""
	}
	if strings.HasSuffix(d.Slug, "/") {
		return ""
	}
	return strings.TrimSuffix(d.Permalink, "/")
}

// assetFiles are the files pages link to or show by a relative path (or
// @site/…), served under assets/ with a content hash, as Docusaurus's
// bundler serves them.
type assetFiles struct {
	mu sync.Mutex
	// byURL maps an asset's output path (without the base URL) to its
	// source file.
	byOutput map[string]string
}

// resolve finds dest relative to file (or the site root for @site/) and
// returns the URL it is served at.
func (a *assetFiles) resolve(site fs.FS, baseURL, file, dest string) (string, bool) {
	target := dest
	if i := strings.IndexAny(target, "?#"); i >= 0 {
		target = target[:i]
	}
	if rest, ok := strings.CutPrefix(target, "@site/"); ok {
		target = path.Clean(rest)
	} else {
		target = path.Join(path.Dir(file), target)
	}
	data, err := fs.ReadFile(site, target)
	if err != nil || strings.HasPrefix(target, "../") {
		return "", false
	}
	sum := sha256.Sum256(data)
	ext := path.Ext(target)
	folder := "files"
	if isImage(ext) {
		folder = "images"
	}
	out := "assets/" + folder + "/" + strings.TrimSuffix(path.Base(target), ext) + "-" + hex.EncodeToString(sum[:])[:8] + ext
	a.mu.Lock()
	if a.byOutput == nil {
		a.byOutput = map[string]string{}
	}
	a.byOutput[out] = target
	a.mu.Unlock()
	return baseURL + out, true
}

func isImage(ext string) bool {
	switch strings.ToLower(ext) {
	case ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".ico", ".bmp":
		return true
	}
	return false
}

// emit copies every asset into the output.
func (b *builder) emitAssets(out *Output) {
	for name, source := range b.assets.byOutput {
		data, err := fs.ReadFile(b.site, source)
		if err == nil {
			out.add(name, data)
		}
	}
}

// fillDocCards replaces each <DocCardList> marker of a doc with its cards:
// the items of the sidebar category the doc is the index of, or the items
// the page gave.
func (b *builder) fillDocCards(v *content.Version, sb *sidebar.Sidebars, sidebarID string, d *content.Doc, res *markdown.Result, html string) string {
	for _, list := range res.DocCardLists {
		var items []*sidebar.Item
		if list.Items == nil {
			category := categoryOf(sb.ByID[sidebarID], d.ID)
			if category == nil {
				b.diags.Add(diag.Diagnostic{File: d.Source, Line: list.Line, Severity: diag.Error,
					Message: fmt.Sprintf("%s is not associated with a category. useCurrentSidebarCategory() should only be used on category index pages.", d.Permalink),
					Hint:    "give <DocCardList> its items, or use it on a category's index doc"})
			} else {
				items = category.Items
			}
		} else {
			for _, it := range list.Items {
				item := &sidebar.Item{Type: sidebar.TypeLink, Label: it.Label, Href: it.Href, DocID: it.DocID, Description: it.Description}
				if doc := v.DocByID(it.DocID); doc != nil && item.Href == "" {
					item.Href = doc.Permalink
					if item.Label == "" {
						item.Label = doc.Title
					}
				}
				items = append(items, item)
			}
		}
		html = strings.Replace(html, list.Marker, docCardsHTML(b.cardItems(v, items)), 1)
	}
	return html
}

// categoryOf finds the category whose link is the doc.
func categoryOf(items []*sidebar.Item, docID string) *sidebar.Item {
	for _, item := range items {
		if item.Type == sidebar.TypeCategory && item.DocID == docID {
			return item
		}
		if found := categoryOf(item.Items, docID); found != nil {
			return found
		}
	}
	return nil
}

// docCardsHTML writes the cards with the markup of the theme's generated
// index (theme/src/pages/GeneratedIndex.tsx), so they look the same.
func docCardsHTML(items []*sidebar.Item) string {
	var b strings.Builder
	b.WriteString(`<ul class="generated-index doc-card-list">`)
	for _, item := range items {
		href, icon, description := cardOf(item)
		if href == "" {
			continue
		}
		label := html.EscapeString(item.Label)
		b.WriteString(`<li class="generated-index__item"><a href="` + html.EscapeString(href) + `" class="card padding--lg doc-card"`)
		if item.External {
			b.WriteString(` target="_blank" rel="noopener noreferrer"`)
		}
		b.WriteString(`><h2 class="text--truncate doc-card__title" title="` + label + `"><span aria-hidden="true">` + icon + `</span> ` + label + `</h2>`)
		if description != "" {
			d := html.EscapeString(description)
			b.WriteString(`<p class="text--truncate doc-card__description" title="` + d + `">` + d + `</p>`)
		}
		b.WriteString("</a></li>")
	}
	b.WriteString("</ul>\n")
	return b.String()
}

// cardOf is the theme's cardOf: where a card goes, its icon and text.
func cardOf(item *sidebar.Item) (href, icon, description string) {
	switch {
	case item.Type == sidebar.TypeHTML:
		return "", "", ""
	case item.Type == sidebar.TypeCategory:
		description = item.Description
		if description == "" {
			if n := len(item.Items); n == 1 {
				description = "1 item"
			} else {
				description = fmt.Sprintf("%d items", n)
			}
		}
		return firstHref(item), "🗃️", description
	case item.Href == "" || item.Unlisted:
		return "", "", ""
	case item.External:
		return item.Href, "🔗", item.Description
	}
	return item.Href, "📄️", item.Description
}

// firstHref is a category's own link, else its first item's.
func firstHref(item *sidebar.Item) string {
	if item.Href != "" {
		return item.Href
	}
	for _, child := range item.Items {
		if href := firstHref(child); href != "" && child.Type != sidebar.TypeHTML {
			return href
		}
	}
	return ""
}
