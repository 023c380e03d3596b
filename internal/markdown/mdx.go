package markdown

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/portaldocs/portal/internal/components"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// MDX, as Docusaurus sites write it, parsed in Go: the CommonMark + GFM
// pipeline with MDX's changes (mdxjs.com/docs/what-is-mdx):
//
//   - HTML is JSX: a line of tags opens an element whose content is
//     Markdown (blank lines separate flow content), and tags inside text
//     are inline elements; className, style objects and {expression}
//     attributes are written as HTML (mdxjsx.go).
//   - {expressions} in text and attributes: comments are dropped, literals
//     and exported constants shown, anything else warned about and left out
//     (mdxexpr.go, jsliteral.go).
//   - import/export blocks are code, never text (mdxesm.go).
//   - Indented code does not exist, so content indented inside JSX reads as
//     Markdown; HTML blocks and raw inline HTML give way to JSX.
//
// Components are then mapped onto Portal's own constructs (Tabs, Admonition,
// CodeBlock, Details, Link, DocCardList, TOCInline, partials) or, when
// unknown, left out with a warning (mdxcomponents.go).
func newMDX(cfg config) goldmark.Markdown {
	p := parser.NewParser(
		parser.WithBlockParsers(mdxBlockParsers()...),
		parser.WithInlineParsers(mdxInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
	return goldmark.New(
		goldmark.WithParser(p),
		goldmark.WithExtensions(append(commonExtensions(cfg), mdxESM{}, mdxJSX{}, mdxExpressions{}, mdxComponents{})...),
		goldmark.WithRendererOptions(html.WithUnsafe()),
	)
}

// mdxBlockParsers are goldmark's block parsers less indented code and HTML
// blocks; paragraphs and ATX headings may be indented, as in MDX.
func mdxBlockParsers() []util.PrioritizedValue {
	return []util.PrioritizedValue{
		util.Prioritized(parser.NewSetextHeadingParser(), 100),
		util.Prioritized(parser.NewThematicBreakParser(), 200),
		util.Prioritized(parser.NewListParser(), 300),
		util.Prioritized(parser.NewListItemParser(), 400),
		util.Prioritized(indentTolerant{parser.NewATXHeadingParser()}, 600),
		util.Prioritized(parser.NewFencedCodeBlockParser(), 700),
		util.Prioritized(parser.NewBlockquoteParser(), 800),
		util.Prioritized(indentTolerant{parser.NewParagraphParser()}, 1000),
	}
}

// mdxInlineParsers are goldmark's inline parsers less raw HTML, which JSX
// replaces.
func mdxInlineParsers() []util.PrioritizedValue {
	return []util.PrioritizedValue{
		util.Prioritized(parser.NewCodeSpanParser(), 100),
		util.Prioritized(parser.NewLinkParser(), 200),
		util.Prioritized(parser.NewAutoLinkParser(), 300),
		util.Prioritized(parser.NewEmphasisParser(), 500),
	}
}

// indentTolerant lets a block parser open at any indentation: without
// indented code, MDX reads "    text" as a paragraph.
type indentTolerant struct{ parser.BlockParser }

// CanAcceptIndentedLine implements parser.BlockParser.
func (indentTolerant) CanAcceptIndentedLine() bool { return true }

// protocolAutolink is goldmark's literal-URL pattern without its demand for
// a dot in the host: GFM (remark-gfm in MDX, and GitHub) links
// http://localhost:3000/x as it links any other host, and a `{` in such a
// URL is part of it, not an MDX expression.
var protocolAutolink = regexp.MustCompile(`^(?:http|https|ftp)://[-a-zA-Z0-9@:%._\+~#=]{1,256}(?:[/#?][-a-zA-Z0-9@:%_+.~#$!?&/=\(\);,'">\^{}\[\]` + "`" + `]*)?`)

// commonExtensions are the extensions both pipelines share.
func commonExtensions(cfg config) []goldmark.Extender {
	return []goldmark.Extender{
		// The align attribute, not a style attribute, so pages work under
		// a Content-Security-Policy without 'unsafe-inline' styles.
		extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
		extension.Strikethrough,
		extension.NewLinkify(extension.WithLinkifyURLRegexp(protocolAutolink)),
		extension.TaskList,
		extension.Footnote,
		headingAnchors{},
		admonitions{},
		tabs{},
		mermaidDiagrams{},
		codeBlocks{highlight: cfg.highlight, memo: cfg.highlightMemo},
		markdownLinks{},
		hardBreakSpaces{},
	}
}

// mdxState is what the MDX extensions learn about the page being parsed.
type mdxState struct {
	// imports maps each imported local name to its module.
	imports map[string]mdxImport
	// vars are `export const` values Portal can compute (and a partial's
	// props).
	vars map[string]any
	// localCode names exports that are code (components, functions).
	localCode map[string]bool
	// unbuilt names components whose site module could not be built,
	// which the build has reported: their uses say nothing more.
	unbuilt map[string]bool
	diags   []diag.Diagnostic
}

func newMDXState() mdxState {
	return mdxState{imports: map[string]mdxImport{}, vars: map[string]any{}, localCode: map[string]bool{}, unbuilt: map[string]bool{}}
}

// scope is what expressions on the page may refer to.
func (p *pageState) scope() jsScope {
	return jsScope{vars: p.vars, baseURL: p.ctx.BaseURL, asset: p.resolveAsset}
}

// position returns the file line and 1-based column of a body offset.
func (p *pageState) position(pos int) (int, int) {
	line := p.lines.line(pos)
	n := 0
	for i, start := range p.lines.starts {
		if start > pos {
			break
		}
		n = i
	}
	return line, pos - p.lines.starts[n] + 1
}

func (p *pageState) report(sev diag.Severity, pos int, message, hint string) {
	d := diag.Diagnostic{File: p.ctx.File, Severity: sev, Message: message, Hint: hint}
	if pos >= 0 {
		d.Line, d.Col = p.position(pos)
	}
	p.diags = append(p.diags, d)
}

func (p *pageState) warnAt(pos int, message, hint string) { p.report(diag.Warning, pos, message, hint) }

// warnOnce warns of a problem the site may have in many places, which the
// build reports once per group (diag.Merge).
func (p *pageState) warnOnce(pos int, group, message, hint string) {
	p.report(diag.Warning, pos, message, hint)
	p.diags[len(p.diags)-1].Group = group
}

func (p *pageState) errorAt(pos int, message, hint string) { p.report(diag.Error, pos, message, hint) }

// mdxExpressions adds {expressions}: a block of its own line, or inline.
type mdxExpressions struct{}

var _ goldmark.Extender = mdxExpressions{}

// Extend implements goldmark.Extender.
func (mdxExpressions) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(expressionBlockParser{}, 890)),
		parser.WithInlineParsers(util.Prioritized(expressionInlineParser{}, 450)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(expressionRenderer{}, 100)))
}

var (
	kindExpressionBlock  = ast.NewNodeKind("MDXExpressionBlock")
	kindExpressionInline = ast.NewNodeKind("MDXExpression")
)

// mdxExpression is what both expression nodes hold: the code between the
// braces, where it starts, and, once evaluated, the text it shows.
type mdxExpression struct {
	code string
	pos  int
	text string
	// site renders an expression Portal cannot compute from the page
	// module (mapExpression).
	site *siteComponentProps
}

// expressionBlock is an expression on lines of its own.
type expressionBlock struct {
	ast.BaseBlock
	mdxExpression
}

// Kind implements ast.Node.
func (*expressionBlock) Kind() ast.NodeKind { return kindExpressionBlock }

// Dump implements ast.Node.
func (n *expressionBlock) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Code": n.code}, nil)
}

// expressionInline is an expression inside text.
type expressionInline struct {
	ast.BaseInline
	mdxExpression
}

// Kind implements ast.Node.
func (*expressionInline) Kind() ast.NodeKind { return kindExpressionInline }

// Dump implements ast.Node.
func (n *expressionInline) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Code": n.code}, nil)
}

// expressionOf returns the expression a node holds, or nil.
func expressionOf(n ast.Node) *mdxExpression {
	switch n := n.(type) {
	case *expressionBlock:
		return &n.mdxExpression
	case *expressionInline:
		return &n.mdxExpression
	}
	return nil
}

type expressionBlockParser struct{}

// Trigger implements parser.BlockParser.
func (expressionBlockParser) Trigger() []byte { return []byte{'{'} }

// Open implements parser.BlockParser: a "{" at the start of a line whose
// balanced "}" ends a line.
func (expressionBlockParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	_, segment := reader.PeekLine()
	start := segment.Start - segment.Padding + max(pc.BlockOffset(), 0)
	source := reader.Source()
	end, ok := scanBalanced(source, start)
	if !ok || !restOfLineBlank(source, end) {
		return nil, parser.NoChildren
	}
	node := &expressionBlock{mdxExpression: mdxExpression{code: string(source[start+1 : end-1]), pos: start}}
	advanceTo(reader, end)
	return node, parser.NoChildren
}

// Continue implements parser.BlockParser: the expression is complete.
func (expressionBlockParser) Continue(ast.Node, text.Reader, parser.Context) parser.State {
	return parser.Close
}

// Close implements parser.BlockParser.
func (expressionBlockParser) Close(ast.Node, text.Reader, parser.Context) {}

// CanInterruptParagraph implements parser.BlockParser.
func (expressionBlockParser) CanInterruptParagraph() bool { return false }

// CanAcceptIndentedLine implements parser.BlockParser.
func (expressionBlockParser) CanAcceptIndentedLine() bool { return true }

// restOfLineBlank reports whether only spaces follow offset on its line.
func restOfLineBlank(source []byte, offset int) bool {
	for i := offset; i < len(source) && source[i] != '\n'; i++ {
		if source[i] != ' ' && source[i] != '\t' && source[i] != '\r' {
			return false
		}
	}
	return true
}

// advanceTo moves a block reader to offset, which is on the current line or
// a later one, leaving it at that line's end when offset ends the line.
func advanceTo(reader text.Reader, offset int) {
	for {
		line, segment := reader.PeekLine()
		if line == nil {
			return
		}
		if offset <= segment.Stop || segment.Stop >= len(reader.Source()) {
			reader.AdvanceToEOL()
			return
		}
		reader.AdvanceLine()
	}
}

type expressionInlineParser struct{}

// Trigger implements parser.InlineParser.
func (expressionInlineParser) Trigger() []byte { return []byte{'{'} }

// Parse implements parser.InlineParser.
func (expressionInlineParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	_, segment := block.PeekLine()
	start := segment.Start
	source := block.Source()
	end, ok := scanBalanced(source, start)
	if !ok {
		return nil
	}
	node := &expressionInline{mdxExpression: mdxExpression{code: string(source[start+1 : end-1]), pos: start}}
	advanceInline(block, end)
	return node
}

// advanceInline moves an inline reader to offset, across lines if needed.
func advanceInline(block text.Reader, offset int) {
	for {
		line, segment := block.PeekLine()
		if line == nil {
			return
		}
		if offset <= segment.Stop {
			block.Advance(offset - segment.Start)
			return
		}
		block.AdvanceLine()
	}
}

type expressionRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (expressionRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	render := func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		e := expressionOf(n)
		if e.site != nil {
			if err := components.Open(w, SiteComponentName, e.site); err != nil {
				return ast.WalkStop, err
			}
			return ast.WalkSkipChildren, components.Close(w)
		}
		_, _ = w.Write(util.EscapeHTML([]byte(e.text)))
		return ast.WalkSkipChildren, nil
	}
	reg.Register(kindExpressionBlock, render)
	reg.Register(kindExpressionInline, render)
}

// headingIDExpression matches MDX's ways to write an explicit heading id:
// {#custom-id} and {/* #custom-id */}.
var headingIDExpression = regexp.MustCompile(`^\s*(?:#([^\s{}]+)|/\*\s*#([^\s*]+)\s*\*/)\s*$`)

// expressionHeadingID takes a trailing {#id} or {/* #id */} expression off
// a heading and returns the id.
func expressionHeadingID(heading *ast.Heading, source []byte) (string, bool) {
	last := heading.LastChild()
	expr, ok := last.(*expressionInline)
	if !ok {
		return "", false
	}
	m := headingIDExpression.FindStringSubmatch(expr.code)
	if m == nil {
		return "", false
	}
	heading.RemoveChild(heading, last)
	// The space before the id is not part of the heading's text.
	if t, isText := heading.LastChild().(*ast.Text); isText {
		t.Segment = t.Segment.TrimRightSpace(source)
	}
	return m[1] + m[2], true
}

// evaluateExpression fills an expression's text, or warns that the page
// cannot show it.
func (p *pageState) evaluateExpression(e *mdxExpression) {
	if isComment(e.code) {
		return
	}
	v, ok := p.evaluate(e.code)
	if ok {
		if s, isText := jsText(v); isText {
			e.text = s
			return
		}
	}
	if p.mapExpression(e) {
		return
	}
	p.warnAt(e.pos, fmt.Sprintf("the expression {%s} is JavaScript, which Portal does not run; it is left out of the page", abbreviate(e.code)),
		"write the text itself, or a string literal such as {'text'}")
}

// abbreviate shortens code for a message.
func abbreviate(code string) string {
	code = strings.Join(strings.Fields(code), " ")
	if len(code) > 60 {
		return code[:57] + "…"
	}
	return code
}
