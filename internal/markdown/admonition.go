package markdown

import (
	"bytes"
	"strings"

	"github.com/portaldocs/portal/internal/components"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// admonitions adds Docusaurus callouts (reference 10.6):
//
//	:::tip[Optional title with **markdown**]
//	Content, parsed as Markdown.
//	:::
//
// The legacy title form ":::tip Title text" and a title attribute
// ":::tip{title="Title"}" work too. An admonition closes at a line of at
// least as many colons as it opened with, so nesting uses more colons on the
// outer fence (::::note ... :::tip ... ::: ... ::::). It renders as the
// theme's Admonition component (package components), with its keyword as
// the type, a written title as the title slot and the body as its
// children; the theme writes the markup.
type admonitions struct{}

var _ goldmark.Extender = admonitions{}

// Extend implements goldmark.Extender.
func (admonitions) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(admonitionParser{}, 150)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(admonitionRenderer{}, 100)))
}

// admonitionStyle is what the engine itself needs of a keyword: the
// canonical type, which the page's Markdown export names (mdwriter.go).
// The theme's Admonition styles and titles it on the page.
type admonitionStyle struct {
	kind string
}

// admonitionStyles maps each keyword to its type; aliases keep their own
// name as the default title.
var admonitionStyles = map[string]admonitionStyle{
	"note":      {kind: "note"},
	"tip":       {kind: "tip"},
	"info":      {kind: "info"},
	"warning":   {kind: "warning"},
	"danger":    {kind: "danger"},
	"caution":   {kind: "caution"},
	"secondary": {kind: "note"},
	"important": {kind: "info"},
	"success":   {kind: "tip"},
}

// unknownAdmonitionStyle is used for keywords Portal does not know, as
// Docusaurus falls back to info. The author's keyword stays the title, so a
// typo such as ":::waring" is visible on the page.
var unknownAdmonitionStyle = admonitionStyle{kind: "info"}

var (
	kindAdmonition        = ast.NewNodeKind("Admonition")
	kindAdmonitionHeading = ast.NewNodeKind("AdmonitionHeading")
	kindAdmonitionContent = ast.NewNodeKind("AdmonitionContent")
)

// admonition is the container. Its first child is an admonitionHeading and,
// once closed, its second and last an admonitionContent holding the body.
type admonition struct {
	ast.BaseBlock
	style admonitionStyle
	// keyword is the type as written (note, success, waring), which the
	// theme styles and titles.
	keyword string
	// fence is the number of colons of the opening line.
	fence int
}

// Kind implements ast.Node.
func (*admonition) Kind() ast.NodeKind { return kindAdmonition }

// Dump implements ast.Node.
func (n *admonition) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Kind": n.style.kind}, nil)
}

// admonitionHeading holds the title. An explicit title is a one-line block
// that goldmark parses as inline Markdown; otherwise fallback is shown.
type admonitionHeading struct {
	ast.BaseBlock
	fallback string
}

// Kind implements ast.Node.
func (*admonitionHeading) Kind() ast.NodeKind { return kindAdmonitionHeading }

// Dump implements ast.Node.
func (n *admonitionHeading) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Fallback": n.fallback}, nil)
}

// admonitionContent holds the admonition's body blocks.
type admonitionContent struct {
	ast.BaseBlock
}

// Kind implements ast.Node.
func (*admonitionContent) Kind() ast.NodeKind { return kindAdmonitionContent }

// Dump implements ast.Node.
func (n *admonitionContent) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, nil, nil)
}

// admonitionOpening is a parsed opening line.
type admonitionOpening struct {
	fence   int
	keyword string
	// titleStart and titleStop delimit an explicit title in the line;
	// equal when there is none.
	titleStart, titleStop int
}

const minAdmonitionFence = 3

// parseAdmonitionOpening reads ":::keyword[title]", ":::keyword{title="…"}"
// or ":::keyword legacy title" from line, which starts at the first colon.
func parseAdmonitionOpening(line []byte) (admonitionOpening, bool) {
	line = bytes.TrimRight(line, "\n")
	fence := countLeading(line, ':')
	if fence < minAdmonitionFence {
		return admonitionOpening{}, false
	}
	end := fence
	for end < len(line) && isKeywordByte(line[end], end == fence) {
		end++
	}
	if end == fence {
		return admonitionOpening{}, false
	}
	open := admonitionOpening{fence: fence, keyword: strings.ToLower(string(line[fence:end]))}
	rest := line[end:]
	switch {
	case len(rest) == 0:
	case rest[0] == '[':
		if stop := closingBracket(rest); stop > 0 {
			open.titleStart, open.titleStop = trimSpan(line, end+1, end+stop)
		}
	case rest[0] == '{':
		if start, stop, ok := titleAttribute(rest); ok {
			open.titleStart, open.titleStop = end+start, end+stop
		}
	case rest[0] == ' ' || rest[0] == '\t':
		open.titleStart, open.titleStop = trimSpan(line, end, len(line))
	default:
		// ":::note!" is not an admonition keyword.
		return admonitionOpening{}, false
	}
	return open, true
}

func isKeywordByte(b byte, first bool) bool {
	letter := (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
	if first {
		return letter
	}
	return letter || (b >= '0' && b <= '9') || b == '-' || b == '_'
}

func countLeading(line []byte, c byte) int {
	n := 0
	for n < len(line) && line[n] == c {
		n++
	}
	return n
}

// closingBracket returns the index of the "]" matching the "[" at s[0],
// honouring nested brackets and backslash escapes, or -1.
func closingBracket(s []byte) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// titleAttribute finds title="…" or title='…' inside a "{…}" attribute list
// at the start of s and returns the bounds of the value.
func titleAttribute(s []byte) (start, stop int, ok bool) {
	end := bytes.IndexByte(s, '}')
	if end < 0 {
		return 0, 0, false
	}
	attrs := s[:end]
	at := bytes.Index(attrs, []byte("title="))
	if at < 0 || at+len("title=") >= len(attrs) {
		return 0, 0, false
	}
	start = at + len("title=")
	quote := attrs[start]
	if quote != '"' && quote != '\'' {
		return 0, 0, false
	}
	closing := bytes.IndexByte(attrs[start+1:], quote)
	if closing < 0 {
		return 0, 0, false
	}
	return start + 1, start + 1 + closing, true
}

// trimSpan narrows [start, stop) of line to exclude surrounding blanks.
func trimSpan(line []byte, start, stop int) (int, int) {
	for start < stop && util.IsSpace(line[start]) {
		start++
	}
	for stop > start && util.IsSpace(line[stop-1]) {
		stop--
	}
	return start, stop
}

// closesAdmonition reports whether line is a closing fence for an admonition
// opened with fence colons: at least that many colons and nothing else.
func closesAdmonition(line []byte, fence int) bool {
	n := countLeading(line, ':')
	return n >= fence && util.IsBlank(line[n:])
}

type admonitionParser struct{}

var _ parser.BlockParser = admonitionParser{}

// Trigger implements parser.BlockParser.
func (admonitionParser) Trigger() []byte { return []byte{':'} }

// Open implements parser.BlockParser.
func (admonitionParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, segment := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 {
		return nil, parser.NoChildren
	}
	opening, ok := parseAdmonitionOpening(line[pos:])
	if !ok {
		return nil, parser.NoChildren
	}
	style, known := admonitionStyles[opening.keyword]
	if !known {
		style = unknownAdmonitionStyle
	}
	node := &admonition{style: style, keyword: opening.keyword, fence: opening.fence}
	heading := &admonitionHeading{fallback: opening.keyword}
	if opening.titleStop > opening.titleStart {
		// line[i] is source[segment.Start-segment.Padding+i], as in goldmark's
		// own fenced code parser.
		lineStart := segment.Start - segment.Padding + pos
		heading.Lines().Append(text.NewSegment(lineStart+opening.titleStart, lineStart+opening.titleStop))
	}
	node.AppendChild(node, heading)
	// The rest of the line is the title, not content.
	reader.AdvanceToEOL()
	return node, parser.HasChildren
}

// Continue implements parser.BlockParser.
func (admonitionParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	line, _ := reader.PeekLine()
	indent, pos := util.IndentWidth(line, reader.LineOffset())
	if indent < 4 && closesAdmonition(line[pos:], node.(*admonition).fence) {
		reader.AdvanceToEOL()
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

// Close implements parser.BlockParser. It moves the body blocks, which
// goldmark appended to the admonition itself, into an admonitionContent so
// the tree mirrors the HTML.
func (admonitionParser) Close(node ast.Node, _ text.Reader, _ parser.Context) {
	content := &admonitionContent{}
	for c := node.FirstChild().NextSibling(); c != nil; {
		next := c.NextSibling()
		content.AppendChild(content, c)
		c = next
	}
	node.AppendChild(node, content)
}

// CanInterruptParagraph implements parser.BlockParser.
func (admonitionParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (admonitionParser) CanAcceptIndentedLine() bool { return false }

// admonitionRenderer writes the three admonition nodes.
type admonitionRenderer struct{}

var _ renderer.NodeRenderer = admonitionRenderer{}

// RegisterFuncs implements renderer.NodeRenderer.
func (admonitionRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindAdmonition, renderAdmonition)
	reg.Register(kindAdmonitionHeading, renderAdmonitionHeading)
	reg.Register(kindAdmonitionContent, renderAdmonitionContent)
}

func renderAdmonition(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		err := components.Close(w)
		_ = w.WriteByte('\n')
		return ast.WalkContinue, err
	}
	adm := node.(*admonition)
	props := admonitionProps{Type: adm.keyword}
	if heading, ok := adm.FirstChild().(*admonitionHeading); ok && !heading.HasChildren() && heading.fallback != adm.keyword {
		props.Title = heading.fallback
	}
	return ast.WalkContinue, components.Open(w, "Admonition", props)
}

// admonitionProps are the theme's Admonition props the engine gives; a
// title written in Markdown is the title slot instead.
type admonitionProps struct {
	Type  string `json:"type"`
	Title string `json:"title,omitempty"`
}

func renderAdmonitionHeading(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !node.HasChildren() {
		return ast.WalkSkipChildren, nil
	}
	if entering {
		return ast.WalkContinue, components.Slot(w, "title")
	}
	return ast.WalkContinue, components.CloseSlot(w)
}

// renderAdmonitionContent writes nothing: the body is the component's
// children.
func renderAdmonitionContent(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
	return ast.WalkContinue, nil
}
