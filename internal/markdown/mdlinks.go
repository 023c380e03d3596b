package markdown

import (
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
		if link, ok := n.(*ast.Link); ok && entering {
			page.resolveLink(link)
		}
		return ast.WalkContinue, nil
	})
}

// resolveLink rewrites link when it points to a Markdown file.
func (p *pageState) resolveLink(link *ast.Link) {
	dest := linkDestination(link.Destination)
	if !isMarkdownFileLink(dest) {
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
