package markdown

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/portaldocs/portal/internal/diag"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

// Renderer turns Markdown pages into HTML plus the page data the build needs.
// It holds no per-page state, so one Renderer is safe for concurrent use by
// many goroutines.
type Renderer struct {
	md     goldmark.Markdown
	mdx    goldmark.Markdown
	config config
}

// New returns a Renderer for CommonMark + GFM (tables, strikethrough,
// autolinks, task lists, footnotes) with all Portal extensions, and for MDX
// (RenderContext.MDX). Raw HTML is passed through: authors are trusted.
func New(opts ...Option) *Renderer {
	cfg := defaultConfig()
	for _, opt := range opts {
		opt(&cfg)
	}
	md := goldmark.New(
		goldmark.WithExtensions(commonExtensions(cfg)...),
		goldmark.WithRendererOptions(html.WithUnsafe()),
	)
	return &Renderer{md: md, mdx: newMDX(cfg), config: cfg}
}

// RenderContext is what Render needs to know about the page beyond its text.
type RenderContext struct {
	// File is the site-relative source file, for diagnostics.
	File string
	// LineOffset is the number of lines before the body in the file (front
	// matter), so reported lines are file lines.
	LineOffset int
	// FileLines, when not nil, gives the file line of each body line
	// (0-based) instead of LineOffset: for bodies that directives expanded,
	// so a problem in generated text is reported at the directive's line.
	FileLines []int
	// ResolveMarkdownLink maps a link destination whose path ends in .md or
	// .mdx (case-insensitive) to a route URL path; ok is false when the
	// target is unknown. dest is as written in the page after Markdown
	// escapes are applied, and may carry ?query#hash. When the returned URL
	// has neither, Render appends dest's query and fragment. A nil
	// ResolveMarkdownLink resolves nothing.
	ResolveMarkdownLink func(dest string) (url string, ok bool)

	// MDX parses the page as MDX (mdx.go), as Docusaurus's markdown.format
	// decides for the file.
	MDX bool
	// BaseURL is the site's base URL, for useBaseUrl and <Link>.
	BaseURL string
	// TrailingSlash, when set, is the site's trailingSlash rule, which
	// Docusaurus's Link applies to every site path a Markdown or JSX link
	// writes (docusaurus-behaviour.md §2.3); nil leaves them as written.
	TrailingSlash func(url string) string
	// LinkBase, when set, is the URL Docusaurus would serve the page at
	// when that differs from Portal's (no trailing slash): URL-relative
	// links are resolved against it, so they reach the page they reach
	// on the Docusaurus site.
	LinkBase string
	// TOCMinLevel and TOCMaxLevel are <TOCInline>'s default levels
	// (0: 2 and 3).
	TOCMinLevel, TOCMaxLevel int
	// Partial loads a Markdown file a page imports by relative path and
	// uses as a component (a partial): its body without front matter and
	// the context to render it in (its own file, links resolved from it).
	// file is site-relative. Nil: partials are left out with a warning.
	Partial func(file string) (body []byte, ctx RenderContext, err error)
	// ResolveAsset maps a relative link or image to a file next to the
	// page (./img/shot.png, @site/static/file.pdf) onto the URL it is
	// served at and the site-relative file; ok is false when no such file
	// exists. It only answers: Result.Assets lists what the page used.
	ResolveAsset func(dest string) (url, file string, ok bool)
	// ModuleExports evaluates a site's JavaScript module that the page
	// imports (./constants, @site/src/data/x) and returns its exports as
	// JSON (default and named, by name; a function or a package's value as
	// {"$function": …} or {"$package": …}) and the module's file; ok is
	// false when the import names no file of the site or the module cannot
	// be evaluated. Imported values are then usable in attributes and
	// expressions ({constants.languages}). Result.Partials lists the files.
	ModuleExports func(source string) (exports []byte, file string, ok bool)
	// ModuleExpression computes an expression the page writes over the
	// exports of one site module it imports (source as written), such as a
	// tab list a function builds; bindings maps each name the expression
	// uses to the export it is ("default", a named export, "*"). It
	// returns the value as ModuleExports writes values and the module's
	// file; ok is false when the expression cannot be computed.
	ModuleExpression func(source string, bindings map[string]string, expr string) (value []byte, file string, ok bool)
	// SiteComponent makes a component the site's own JavaScript module
	// exports (an import's source, as the page wrote it) renderable by the
	// theme: the module's file and the files it is built from; ok is false
	// when it cannot be (reported by the callee), and the component's
	// children are then shown without it. Nil: no site component renders.
	SiteComponent func(source string) (file string, inputs []string, ok bool)
	// PageModule gives the theme the page's own JavaScript as a module
	// (its imports and exports, and an export for each JSX element whose
	// attributes are code), when the page's components need it: its
	// components are then SiteComponents of module file. Nil: the page's
	// own code does not run, and what it would show is left out, warned.
	PageModule func(file, source string)
	// ComponentPage is what the site's components may ask of the page they
	// are on (the docs version, as useActiveVersion gives it), passed to
	// each as it is; nil for none.
	ComponentPage any

	// partialStack lists the files that include this one, for cycles.
	partialStack []string
	// props are a partial's attributes, as props in its expressions.
	props *jsObject
}

// Asset is a file a page links to or shows, served at URL.
type Asset struct {
	Dest string
	URL  string
	// File is the asset's file in the site folder.
	File string
}

// Result is one rendered page.
type Result struct {
	// HTML is the page body.
	HTML string
	// Markdown is the page body as Markdown with MDX resolved (mdwriter.go);
	// its link destinations are marked for ResolveMarkdownLinks.
	Markdown string
	// Title is the plain text of the first level-1 heading, or "" when the
	// page has none (the page then takes its title from front matter).
	Title string
	// Headings lists every heading of level 2 to 6, in document order.
	Headings []Heading
	// Anchors lists every id the HTML defines that a link can target: ids of
	// h2-h6 headings, footnotes and their references, and ids written in raw
	// HTML. Each id appears once, in document order.
	Anchors []string
	// Links lists the destination of every Markdown link, autolink and
	// image, after .md resolution, with its line. Links written in raw HTML
	// are not included: like Docusaurus, Portal checks only Markdown links.
	Links []Link
	// UnresolvedMarkdownLinks lists the .md/.mdx links ResolveMarkdownLink
	// could not resolve; they are left unchanged in HTML.
	UnresolvedMarkdownLinks []Link
	// HasMermaid reports whether the page has a mermaid diagram, so the theme
	// loads the diagram library only where needed.
	HasMermaid bool
	// Description is a plain-text excerpt of the first paragraph, the
	// default page description.
	Description string
	// Diagnostics are problems found in MDX (unknown components, code the
	// page cannot show, partial cycles), located in their file.
	Diagnostics []diag.Diagnostic
	// DocCardLists are the page's <DocCardList>s, whose markers in HTML
	// the build replaces with cards once sidebars are known.
	DocCardLists []DocCardList
	// Partials are the files rendered into the page or read for its values
	// (ModuleExports), so a cache can tell that the page depends on them.
	Partials []string
	// Assets are the files the page links to or shows, with their URLs.
	Assets []Asset
	// Head is what the page's MDX <head> (or <Head>) adds to the document's
	// head; nil when it has none.
	Head *Head
}

// Head is what a page adds to its document's head.
type Head struct {
	// Title replaces the document's title, as written.
	Title string `json:"title,omitempty"`
	// Tags are <meta> and <link> tags, in the page's order.
	Tags []HeadTag `json:"tags,omitempty"`
}

// HeadTag is one <meta> or <link> tag of a page's head.
type HeadTag struct {
	Name  string     `json:"name"`
	Attrs []HeadAttr `json:"attrs" contract:"nonnull"`
}

// HeadAttr is one attribute of a head tag, as HTML writes it.
type HeadAttr struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Heading is one h2-h6 heading of a page.
type Heading struct {
	// Level is 2 to 6.
	Level int
	// ID is the heading's anchor id ("" when its text has no slug characters
	// and no explicit id was given).
	ID string
	// Text is the heading's plain text.
	Text string
	// HTML is the heading content as inline HTML, without the hash link.
	HTML string
}

// Link is one link destination found in a page.
type Link struct {
	// Dest is the destination as the browser sees it, before URL escaping.
	Dest string
	// File is the file the link is written in, when not the page's own
	// (a partial's).
	File string
	// Line is the 1-based line in the file, LineOffset included.
	Line int
}

// Render converts one page. The error reports a failure to write the HTML,
// never a problem in the Markdown: every input renders.
func (r *Renderer) Render(src []byte, ctx RenderContext) (*Result, error) {
	src = normalizeLineEndings(src)
	if ctx.MDX {
		src = unwrapMDXCodeBlocks(src)
	}
	page := newPageState(ctx, src, r)
	if ctx.props != nil {
		page.vars["props"] = ctx.props
	}
	md := r.md
	if ctx.MDX {
		md = r.mdx
	}
	pc := parser.NewContext()
	pc.Set(pageStateKey, page)
	root := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))

	var out bytes.Buffer
	if err := md.Renderer().Render(&out, src, root); err != nil {
		return nil, fmt.Errorf("render %s: %w", ctx.File, err)
	}
	if page.module.used {
		ctx.PageModule(ctx.File, page.module.source())
		// The module's script exists only in a build that renders the page:
		// like a page that reads other files, it is not taken from a cache.
		if !slices.Contains(page.partials, ctx.File) {
			page.partials = append(page.partials, ctx.File)
		}
	}
	res := &Result{
		HTML:                    out.String(),
		Markdown:                pageMarkdown(root, src),
		UnresolvedMarkdownLinks: page.unresolved,
		DocCardLists:            page.docCardLists,
		Partials:                page.partials,
		Assets:                  page.assets,
		Head:                    page.head,
	}
	if err := r.collect(res, root, src, page); err != nil {
		return nil, fmt.Errorf("render %s: %w", ctx.File, err)
	}
	res.Links = append(res.Links, page.extraLinks...)
	for _, t := range page.tocInlines {
		items := BuildTOC(sliceHeadings(res.Headings, t.slice), t.minLevel, t.maxLevel)
		res.HTML = strings.Replace(res.HTML, t.marker, tocInlineHTML(items), 1)
		res.Markdown = strings.Replace(res.Markdown, t.marker, tocMarkdown(items), 1)
	}
	res.Diagnostics = append(res.Diagnostics, page.diags...)
	res.Anchors = HTMLIDs(res.HTML)
	return res, nil
}

// normalizeLineEndings turns CRLF into LF: goldmark keeps a CR at the end of
// lines, which would leak into code blocks and attribute values.
func normalizeLineEndings(src []byte) []byte {
	if !bytes.Contains(src, []byte("\r\n")) {
		return src
	}
	return bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
}
