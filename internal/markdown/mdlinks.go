package markdown

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdownLinks rewrites links to Markdown files, such as
// [Setup](../guides/setup.md#install), to the route URL of the target page
// through RenderContext.ResolveMarkdownLink, keeping ?query#hash (reference
// 8.3). Links it cannot resolve stay as written and are reported in
// Result.UnresolvedMarkdownLinks.
type markdownLinks struct{}

var _ goldmark.Extender = markdownLinks{}

// Extend implements goldmark.Extender.
func (markdownLinks) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(markdownLinkTransformer{}, 100)))
}

type markdownLinkTransformer struct{}

var _ parser.ASTTransformer = markdownLinkTransformer{}

// Transform implements parser.ASTTransformer. It does nothing outside
// Render, where there is no page to resolve against.
func (markdownLinkTransformer) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	page := pageStateOf(pc)
	if page == nil {
		return
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			page.resolveLink(n)
		case *ast.Image:
			dest := linkDestination(n.Destination)
			if url, ok := page.assetURL(dest); ok {
				n.Destination = []byte(url)
			} else if strings.HasPrefix(dest, "/") && !strings.HasPrefix(dest, "//") {
				// A static file by its path from the site's root, under the
				// base URL the site is served at.
				n.Destination = []byte(withBaseURL(page.ctx.BaseURL, dest))
			}
		}
		return ast.WalkContinue, nil
	})
}

// assetURL maps a destination naming a file of the site (relative to the
// page, @site/…, or a path from the site's root that a static folder
// holds) to the URL the file is served at.
func (p *pageState) assetURL(dest string) (string, bool) {
	if p.ctx.ResolveAsset == nil || dest == "" || dest[0] == '#' || dest[0] == '?' ||
		urlScheme.MatchString(dest) || strings.HasPrefix(dest, "//") {
		return "", false
	}
	url, file, ok := p.ctx.ResolveAsset(dest)
	if ok {
		p.assets = append(p.assets, Asset{Dest: dest, URL: url, File: file})
	}
	return url, ok
}

// resolveAsset is require('…') in expressions.
func (p *pageState) resolveAsset(dest string) (string, bool) {
	return p.assetURL(dest)
}

// relativeURL resolves a URL-relative link against the URL the page has on
// the Docusaurus site (RenderContext.LinkBase), as the browser would there.
func (p *pageState) relativeURL(dest string) (string, bool) {
	if p.ctx.LinkBase == "" || dest == "" || dest[0] == '#' || dest[0] == '/' || dest[0] == '?' ||
		urlScheme.MatchString(dest) || strings.HasPrefix(dest, "//") {
		return "", false
	}
	base, err := url.Parse(p.ctx.LinkBase)
	if err != nil {
		return "", false
	}
	ref, err := url.Parse(dest)
	if err != nil {
		return "", false
	}
	return base.ResolveReference(ref).String(), true
}

// withTrailingSlash applies the site's trailingSlash rule to a site path,
// as Docusaurus's Link does, when the site sets one.
func (p *pageState) withTrailingSlash(url string) string {
	if p.ctx.TrailingSlash == nil {
		return url
	}
	return p.ctx.TrailingSlash(url)
}

// resolveLink rewrites link when it points to a Markdown file.
func (p *pageState) resolveLink(link *ast.Link) {
	dest := linkDestination(link.Destination)
	if rest, ok := strings.CutPrefix(dest, "pathname://"); ok {
		// Docusaurus: a plain link that leaves the single-page app, never
		// checked; the base URL is still added to site paths.
		if strings.HasPrefix(rest, "/") {
			rest = withBaseURL(p.ctx.BaseURL, rest)
		}
		link.Destination = []byte(rest)
		link.SetAttributeString("target", []byte("_blank"))
		p.unchecked[link] = true
		return
	}
	if !isMarkdownFileLink(dest) {
		if url, ok := p.assetURL(dest); ok {
			link.Destination = []byte(url)
		} else if url, ok := p.relativeURL(dest); ok {
			link.Destination = []byte(p.withTrailingSlash(url))
		} else if strings.HasPrefix(dest, "/") && !strings.HasPrefix(dest, "//") {
			// Docusaurus writes a Markdown link with its Link, which adds
			// the base URL to a path from the site's root.
			link.Destination = []byte(p.withTrailingSlash(withBaseURL(p.ctx.BaseURL, dest)))
		}
		return
	}
	if p.ctx.ResolveMarkdownLink != nil {
		if url, ok := p.ctx.ResolveMarkdownLink(dest); ok {
			link.Destination = []byte(withQueryAndFragment(url, dest))
			return
		}
	}
	p.unresolved = append(p.unresolved, Link{Dest: dest, Line: p.lines.nodeLine(link)})
}

// linkDestination is a destination as the browser sees it: goldmark keeps
// backslash escapes and character references until it writes the HTML.
func linkDestination(raw []byte) string {
	return string(resolveEscapes(raw))
}

// urlScheme matches the scheme of an absolute URL (RFC 3986 section 3.1).
var urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// isMarkdownFileLink reports whether dest is a local link (no scheme, not
// protocol-relative) whose path ends in .md or .mdx, in any letter case.
func isMarkdownFileLink(dest string) bool {
	if urlScheme.MatchString(dest) || strings.HasPrefix(dest, "//") {
		return false
	}
	path := dest
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	path = strings.ToLower(path)
	return strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".mdx")
}

// withQueryAndFragment appends dest's ?query#hash to url, unless the
// resolver already put a query or fragment there.
func withQueryAndFragment(url, dest string) string {
	i := strings.IndexAny(dest, "?#")
	if i < 0 || strings.ContainsAny(url, "?#") {
		return url
	}
	return url + dest[i:]
}
