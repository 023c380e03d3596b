package markdown

import (
	"bytes"
	"fmt"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

// Renderer turns Markdown pages into HTML plus the page data the build needs.
// It holds no per-page state, so one Renderer is safe for concurrent use by
// many goroutines.
type Renderer struct {
	md     goldmark.Markdown
	config config
}

// New returns a Renderer for CommonMark + GFM (tables, strikethrough,
// autolinks, task lists, footnotes) with all Portal extensions. Raw HTML is
// passed through: authors are trusted.
func New(opts ...Option) *Renderer {
	cfg := defaultConfig()
	for _, opt := range opts {
		opt(&cfg)
	}
	md := goldmark.New(
		goldmark.WithExtensions(
			// The align attribute, not a style attribute, so pages work under
			// a Content-Security-Policy without 'unsafe-inline' styles.
			extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
			extension.Strikethrough,
			extension.Linkify,
			extension.TaskList,
			extension.Footnote,
			headingAnchors{},
			admonitions{},
			tabs{},
			mermaidDiagrams{},
			codeBlocks{highlight: cfg.highlight},
			markdownLinks{},
			hardBreakSpaces{},
		),
		goldmark.WithRendererOptions(html.WithUnsafe()),
	)
	return &Renderer{md: md, config: cfg}
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
}

// Result is one rendered page.
type Result struct {
	// HTML is the page body.
	HTML string
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
	// Line is the 1-based line in the file, LineOffset included.
	Line int
}

// Render converts one page. The error reports a failure to write the HTML,
// never a problem in the Markdown: every input renders.
func (r *Renderer) Render(src []byte, ctx RenderContext) (*Result, error) {
	src = normalizeLineEndings(src)
	page := &pageState{ctx: ctx, lines: newLineIndex(src, ctx.LineOffset, ctx.FileLines)}
	pc := parser.NewContext()
	pc.Set(pageStateKey, page)
	root := r.md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))

	var out bytes.Buffer
	if err := r.md.Renderer().Render(&out, src, root); err != nil {
		return nil, fmt.Errorf("render %s: %w", ctx.File, err)
	}
	res := &Result{
		HTML:                    out.String(),
		UnresolvedMarkdownLinks: page.unresolved,
	}
	if err := r.collect(res, root, src, page.lines); err != nil {
		return nil, fmt.Errorf("render %s: %w", ctx.File, err)
	}
	res.Anchors = htmlIDs(res.HTML)
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
