package markdown

import (
	"bytes"
	"fmt"
	"github.com/portaldocs/portal/internal/components"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// mdxJSX reads JSX in MDX. A line holding only tags is flow: an opening
// tag opens an element whose content, up to the line with its closing tag,
// is Markdown (so blank lines separate paragraphs inside it, and content
// indented inside it is not code); tags in text are inline elements, paired
// with their closing tag in the same paragraph. A paragraph holding nothing
// but elements and expressions is "unravelled" into flow, as MDX does, so
// <summary>Title</summary> is not wrapped in a <p>. HTML comments are
// dropped. Elements render as HTML with JSX's attribute names and values
// turned into HTML's (mdxComponents maps the components first).
type mdxJSX struct{}

var _ goldmark.Extender = mdxJSX{}

// Extend implements goldmark.Extender.
func (mdxJSX) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(jsxBlockParser{}, 880)),
		parser.WithInlineParsers(util.Prioritized(jsxInlineParser{}, 400)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(jsxRenderer{}, 100)))
}

var (
	kindJSXFlow   = ast.NewNodeKind("JSXFlow")
	kindJSXText   = ast.NewNodeKind("JSXText")
	kindJSXTag    = ast.NewNodeKind("JSXTag")
	kindJSXOutput = ast.NewNodeKind("JSXOutput")
)

// jsxElement is what flow and text elements share.
type jsxElement struct {
	tag jsxTag
	// pos is the offset of the opening "<" in the source.
	pos int
	// attrs are the attributes as HTML, once mapped; nil until then.
	html []htmlAttr
	// hidden elements render nothing (unknown components).
	hidden bool
	// site is the theme's request for a component of the site's own
	// modules, which renders in the element's place; nil for others.
	site *siteComponentProps
}

// htmlAttr is one attribute as written in HTML; bare ones have no value.
type htmlAttr struct {
	name, value string
	bare        bool
}

// jsxFlow is an element at block level; its children are blocks, or inline
// nodes when it was unravelled from a paragraph.
type jsxFlow struct {
	ast.BaseBlock
	jsxElement
	// open is true while the parser may still add lines to it.
	open bool
	// closed is true once its closing tag was read.
	closed bool
	// contentIndent is the indentation of its first content line, taken off
	// every content line; -1 until that line is read.
	contentIndent int
}

// Kind implements ast.Node.
func (*jsxFlow) Kind() ast.NodeKind { return kindJSXFlow }

// Dump implements ast.Node.
func (n *jsxFlow) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Name": n.tag.name}, nil)
}

// jsxText is an element inside text.
type jsxText struct {
	ast.BaseInline
	jsxElement
}

// Kind implements ast.Node.
func (*jsxText) Kind() ast.NodeKind { return kindJSXText }

// Dump implements ast.Node.
func (n *jsxText) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Name": n.tag.name}, nil)
}

// jsxTagNode is one inline tag before pairing: the pairing transformer
// turns an opening tag and its closing tag into a jsxText around what lies
// between. A comment is a tag node that renders nothing.
type jsxTagNode struct {
	ast.BaseInline
	tag     jsxTag
	pos     int
	comment bool
}

// Kind implements ast.Node.
func (*jsxTagNode) Kind() ast.NodeKind { return kindJSXTag }

// Dump implements ast.Node.
func (n *jsxTagNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Name": n.tag.name}, nil)
}

// jsxOutput is HTML a component mapping produced (a TOC, a partial's page).
type jsxOutput struct {
	ast.BaseBlock
	html string
}

// Kind implements ast.Node.
func (*jsxOutput) Kind() ast.NodeKind { return kindJSXOutput }

// Dump implements ast.Node.
func (n *jsxOutput) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

func elementOf(n ast.Node) *jsxElement {
	switch n := n.(type) {
	case *jsxFlow:
		return &n.jsxElement
	case *jsxText:
		return &n.jsxElement
	}
	return nil
}

// htmlCommentEnd returns the end of an HTML comment starting at start, or -1.
func htmlCommentEnd(source []byte, start int) int {
	if !bytes.HasPrefix(source[start:], []byte("<!--")) {
		return -1
	}
	end := bytes.Index(source[start+4:], []byte("-->"))
	if end < 0 {
		return -1
	}
	return start + 4 + end + 3
}

type jsxBlockParser struct{}

var _ parser.BlockParser = jsxBlockParser{}

// Trigger implements parser.BlockParser.
func (jsxBlockParser) Trigger() []byte { return []byte{'<'} }

// Open implements parser.BlockParser. A line of tags opens the first; the
// parser then offers the rest of the line to the element's children, so
// "<Tabs><TabItem value="a">" nests. A self-closing tag or an element closed
// on its own line is complete at once.
func (jsxBlockParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	_, segment := reader.PeekLine()
	source := reader.Source()
	start := segment.Start - segment.Padding + max(pc.BlockOffset(), 0)
	if start >= len(source) || source[start] != '<' {
		return nil, parser.NoChildren
	}
	if end := htmlCommentEnd(source, start); end >= 0 {
		if !restOfLineBlank(source, end) {
			return nil, parser.NoChildren
		}
		advanceTo(reader, end)
		return &jsxFlow{jsxElement: jsxElement{hidden: true, pos: start}, closed: true, contentIndent: -1}, parser.NoChildren
	}
	tag, ok := parseJSXTag(source, start)
	if !ok || !tagsOnlyRest(source, tag.end) {
		return nil, parser.NoChildren
	}
	node := &jsxFlow{jsxElement: jsxElement{tag: tag, pos: start}, contentIndent: -1}
	if tag.closing {
		// A closing tag nothing opened: MDX would fail; Portal drops it.
		if page := pageStateOf(pc); page != nil {
			page.warnAt(start, fmt.Sprintf("closing tag </%s> has no opening tag; it is left out", tag.name),
				"remove it, or add the opening tag")
		}
		node.hidden, node.closed = true, true
		advanceTo(reader, tag.end)
		return node, parser.NoChildren
	}
	if tag.selfClosing {
		if !restOfLineBlank(source, tag.end) {
			// "<A /><B />": the rest would be lost; let the paragraph take the line.
			return nil, parser.NoChildren
		}
		node.closed = true
		advanceTo(reader, tag.end)
		return node, parser.NoChildren
	}
	node.open = true
	// Continue after the tag on its line, which may span several lines.
	line, seg := reader.PeekLine()
	for line != nil && tag.end > seg.Stop {
		reader.AdvanceLine()
		line, seg = reader.PeekLine()
	}
	if line != nil {
		reader.Advance(tag.end - seg.Start)
	}
	rest := tag.end
	for rest < len(source) && (source[rest] == ' ' || source[rest] == '\t') {
		rest++
	}
	if kids, ok := selfClosingRun(source, rest, tag.name); ok {
		// "<center><img … /></center>": the element and its children on
		// one line.
		for _, kid := range kids {
			node.AppendChild(node, &jsxFlow{jsxElement: kid, closed: true, contentIndent: -1})
		}
		node.open, node.closed = false, true
		reader.AdvanceToEOL()
		return node, parser.NoChildren
	}
	return node, parser.HasChildren
}

// selfClosingRun reads, from offset, self-closing elements (none or more)
// and then the closing tag of name with nothing after it on the line. It
// reports the elements and whether the line is that.
func selfClosingRun(source []byte, offset int, name string) ([]jsxElement, bool) {
	var kids []jsxElement
	for i := offset; ; {
		for i < len(source) && (source[i] == ' ' || source[i] == '\t') {
			i++
		}
		t, ok := parseJSXTag(source, i)
		switch {
		case !ok:
			return nil, false
		case t.closing:
			return kids, t.name == name && restOfLineBlank(source, t.end)
		case !t.selfClosing:
			return nil, false
		}
		kids = append(kids, jsxElement{tag: t, pos: i})
		i = t.end
	}
}

// tagsOnlyRest reports whether the rest of the line after offset holds only
// tags, comments and spaces: what makes a line flow rather than text.
func tagsOnlyRest(source []byte, offset int) bool {
	for i := offset; i < len(source); {
		switch source[i] {
		case ' ', '\t', '\r':
			i++
		case '\n':
			return true
		case '<':
			if end := htmlCommentEnd(source, i); end >= 0 {
				i = end
				continue
			}
			t, ok := parseJSXTag(source, i)
			if !ok {
				return false
			}
			i = t.end
		default:
			return false
		}
	}
	return true
}

// Continue implements parser.BlockParser: a line of closing tags closes the
// open elements it names, innermost first; other lines lose the content
// indentation and go to the children.
func (jsxBlockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*jsxFlow)
	if !n.open {
		return parser.Close
	}
	line, segment := reader.PeekLine()
	source := reader.Source()
	if closers := closingTags(source, segment.Start-segment.Padding); len(closers) > 0 && !inOpenFence(n, pc) {
		chain := openChain(n)
		depth := len(chain) - 1 // n's distance from the innermost open element
		if len(closers) > depth {
			match := true
			for i := 0; i <= depth; i++ {
				if closers[i] != chain[len(chain)-1-i].tag.name {
					match = false
					break
				}
			}
			if match {
				n.open, n.closed = false, true
				reader.AdvanceToEOL()
				return parser.Close
			}
		}
	}
	if util.IsBlank(line) {
		return parser.Continue | parser.HasChildren
	}
	indent, _ := util.IndentWidth(line, reader.LineOffset())
	if n.contentIndent < 0 {
		n.contentIndent = indent
	}
	take := min(indent, n.contentIndent)
	if take > 0 {
		pos, padding := util.IndentPosition(line, reader.LineOffset(), take)
		if pos >= 0 {
			reader.AdvanceAndSetPadding(pos, padding)
		}
	}
	return parser.Continue | parser.HasChildren
}

// inOpenFence reports whether a fenced code block inside n is open: its
// lines are code, so "</div>" in a JSX example does not close n.
func inOpenFence(n *jsxFlow, pc parser.Context) bool {
	inside := false
	for _, b := range pc.OpenedBlocks() {
		if b.Node == ast.Node(n) {
			inside = true
			continue
		}
		if inside && b.Node.Kind() == ast.KindFencedCodeBlock {
			return true
		}
	}
	return false
}

// closingTags returns the names of the closing tags a line consists of, or
// nil when it holds anything else.
func closingTags(source []byte, lineStart int) []string {
	var names []string
	i := lineStart
	for i < len(source) && source[i] != '\n' {
		if source[i] == ' ' || source[i] == '\t' || source[i] == '\r' {
			i++
			continue
		}
		if source[i] != '<' {
			return nil
		}
		t, ok := parseJSXTag(source, i)
		if !ok || !t.closing {
			return nil
		}
		names = append(names, t.name)
		i = t.end
	}
	return names
}

// openChain is n followed by its open descendant elements, outermost first.
func openChain(n *jsxFlow) []*jsxFlow {
	chain := []*jsxFlow{n}
	for c := n.LastChild(); c != nil; c = c.LastChild() {
		if f, ok := c.(*jsxFlow); ok && f.open {
			chain = append(chain, f)
		}
	}
	return chain
}

// Close implements parser.BlockParser. An element still open at the end of
// its container never had its closing tag.
func (jsxBlockParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	n := node.(*jsxFlow)
	if n.open && !n.closed {
		if page := pageStateOf(pc); page != nil {
			page.warnAt(n.pos, fmt.Sprintf("<%s> is not closed: everything after it, to the end of its container, is inside it", n.tag.name),
				fmt.Sprintf("add </%s> on a line of its own", n.tag.name))
		}
	}
	n.open = false
}

// CanInterruptParagraph implements parser.BlockParser.
func (jsxBlockParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (jsxBlockParser) CanAcceptIndentedLine() bool { return true }

type jsxInlineParser struct{}

// Trigger implements parser.InlineParser.
func (jsxInlineParser) Trigger() []byte { return []byte{'<'} }

// Parse implements parser.InlineParser.
func (jsxInlineParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	_, segment := block.PeekLine()
	source := block.Source()
	start := segment.Start
	if end := htmlCommentEnd(source, start); end >= 0 {
		advanceInline(block, end)
		return &jsxTagNode{pos: start, comment: true}
	}
	tag, ok := parseJSXTag(source, start)
	if !ok {
		return nil
	}
	advanceInline(block, tag.end)
	return &jsxTagNode{tag: tag, pos: start}
}

// pairInlineTags turns each opening tag and its closing tag among the
// children of parent into one jsxText around the nodes between them.
// Self-closing tags become empty elements; a tag without its partner is
// dropped with a warning. It returns whether parent holds any JSX.
func pairInlineTags(parent ast.Node, page *pageState) bool {
	found := false
	var stack []*jsxTagNode
	for c := parent.FirstChild(); c != nil; {
		next := c.NextSibling()
		tn, ok := c.(*jsxTagNode)
		if !ok {
			c = next
			continue
		}
		found = true
		switch {
		case tn.comment:
		case tn.tag.selfClosing:
			el := &jsxText{jsxElement: jsxElement{tag: tn.tag, pos: tn.pos}}
			parent.ReplaceChild(parent, tn, el)
		case !tn.tag.closing:
			stack = append(stack, tn)
		default:
			open := -1
			for i := len(stack) - 1; i >= 0; i-- {
				if stack[i].tag.name == tn.tag.name {
					open = i
					break
				}
			}
			if open < 0 {
				page.warnAt(tn.pos, fmt.Sprintf("closing tag </%s> has no opening tag; it is left out", tn.tag.name),
					"remove it, or add the opening tag in the same paragraph")
				parent.RemoveChild(parent, tn)
				c = next
				continue
			}
			opener := stack[open]
			for _, unclosed := range stack[open+1:] {
				page.warnAt(unclosed.pos, fmt.Sprintf("<%s> is not closed in its paragraph; the tag is left out", unclosed.tag.name),
					fmt.Sprintf("close it with </%s> in the same paragraph", unclosed.tag.name))
			}
			stack = stack[:open]
			el := &jsxText{jsxElement: jsxElement{tag: opener.tag, pos: opener.pos}}
			for m := opener.NextSibling(); m != nil && m != ast.Node(tn); {
				after := m.NextSibling()
				el.AppendChild(el, m)
				m = after
			}
			parent.ReplaceChild(parent, opener, el)
			parent.RemoveChild(parent, tn)
		}
		c = next
	}
	for _, unclosed := range stack {
		page.warnAt(unclosed.pos, fmt.Sprintf("<%s> is not closed in its paragraph; the tag is left out", unclosed.tag.name),
			fmt.Sprintf("close it with </%s> in the same paragraph", unclosed.tag.name))
	}
	return found
}

// unravel replaces a paragraph that holds only elements, expressions and
// spaces by flow elements, as MDX does.
func unravel(p *ast.Paragraph, source []byte) {
	var keep []ast.Node
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *jsxText, *expressionInline:
			keep = append(keep, c)
		case *jsxTagNode:
			if !c.comment {
				return
			}
		case *ast.Text:
			if len(bytes.TrimSpace(c.Segment.Value(source))) > 0 {
				return
			}
		default:
			return
		}
	}
	if len(keep) == 0 {
		return
	}
	parent := p.Parent()
	for _, c := range keep {
		var flow ast.Node
		switch c := c.(type) {
		case *jsxText:
			f := &jsxFlow{jsxElement: c.jsxElement, closed: true, contentIndent: -1}
			moveChildren(f, c)
			flow = f
		case *expressionInline:
			flow = &expressionBlock{mdxExpression: c.mdxExpression}
		}
		parent.InsertBefore(parent, p, flow)
	}
	parent.RemoveChild(parent, p)
}

// htmlAttributes turns an element's JSX attributes into HTML ones:
// className → class, htmlFor → for, style objects → CSS text, expressions
// evaluated when Portal can; any other expression is dropped with a warning.
func (p *pageState) htmlAttributes(el *jsxElement) []htmlAttr {
	var out []htmlAttr
	for _, a := range el.tag.attrs {
		if a.spread {
			p.warnAt(el.pos, fmt.Sprintf("the attributes {...%s} of <%s> are JavaScript, which Portal does not run; they are left out", abbreviate(a.value), el.tag.name),
				"write the attributes out")
			continue
		}
		name := htmlAttrName(a.name)
		switch {
		case a.bare:
			out = append(out, htmlAttr{name: name, bare: true})
		case !a.expr:
			out = append(out, htmlAttr{name: name, value: a.value})
		default:
			v, ok := p.evaluate(a.value)
			if ok && name == "style" {
				if obj, isObj := v.(*jsObject); isObj {
					if css, cssOK := cssText(obj); cssOK {
						out = append(out, htmlAttr{name: name, value: css})
						continue
					}
				}
			}
			if ok {
				if b, isBool := v.(bool); isBool {
					if b {
						out = append(out, htmlAttr{name: name, bare: true})
					}
					continue
				}
				if s, isString := jsString(v); isString {
					out = append(out, htmlAttr{name: name, value: s})
					continue
				}
				if v == nil || v == (jsUndefined{}) {
					continue
				}
			}
			p.warnAt(el.pos, fmt.Sprintf("the %s attribute of <%s> is JavaScript ({%s}), which Portal does not run; it is left out",
				a.name, el.tag.name, abbreviate(a.value)), "write the value as a string")
		}
	}
	return out
}

// htmlAttrName is the HTML name of a JSX (React) attribute.
func htmlAttrName(name string) string {
	switch name {
	case "className":
		return "class"
	case "htmlFor":
		return "for"
	}
	if strings.HasPrefix(name, "aria-") || strings.HasPrefix(name, "data-") {
		return name
	}
	if special, ok := reactAttrNames[name]; ok {
		return special
	}
	return strings.ToLower(name)
}

// reactAttrNames are React's camelCase names whose HTML form is not just
// lower case.
var reactAttrNames = map[string]string{
	"acceptCharset": "accept-charset", "httpEquiv": "http-equiv", "strokeWidth": "stroke-width",
	"strokeLinecap": "stroke-linecap", "strokeLinejoin": "stroke-linejoin", "fillRule": "fill-rule",
	"clipRule": "clip-rule", "viewBox": "viewBox", "xlinkHref": "xlink:href", "strokeDasharray": "stroke-dasharray",
}

type jsxRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (jsxRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindJSXFlow, renderJSXElement)
	reg.Register(kindJSXText, renderJSXElement)
	reg.Register(kindJSXTag, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkSkipChildren, nil
	})
	reg.Register(kindPartial, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(n.(*partialNode).result.HTML)
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(kindJSXOutput, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(n.(*jsxOutput).html)
		}
		return ast.WalkSkipChildren, nil
	})
}

func renderJSXElement(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	el := elementOf(n)
	if el.hidden {
		return ast.WalkSkipChildren, nil
	}
	if el.site != nil {
		if !entering {
			return ast.WalkContinue, components.Close(w)
		}
		status := ast.WalkContinue
		if el.site.textOnly {
			status = ast.WalkSkipChildren // its text is a prop
		}
		return status, components.Open(w, SiteComponentName, el.site)
	}
	name := el.tag.name
	if name == "" || isComponentName(name) {
		// A fragment, or a component mapped to its children.
		return ast.WalkContinue, nil
	}
	_, isFlow := n.(*jsxFlow)
	if !entering {
		if !voidElements[name] {
			_, _ = w.WriteString("</" + name + ">")
			if isFlow {
				_ = w.WriteByte('\n')
			}
		}
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString("<" + name)
	writeHTMLAttrs(w, el.html)
	_ = w.WriteByte('>')
	if isFlow && n.HasChildren() && n.FirstChild().Type() == ast.TypeBlock {
		_ = w.WriteByte('\n')
	}
	if voidElements[name] {
		if isFlow {
			_ = w.WriteByte('\n')
		}
		return ast.WalkSkipChildren, nil
	}
	return ast.WalkContinue, nil
}

func writeHTMLAttrs(w util.BufWriter, attrs []htmlAttr) {
	for _, a := range attrs {
		_, _ = w.WriteString(" " + a.name)
		if !a.bare {
			_, _ = w.WriteString(`="`)
			_, _ = w.Write(util.EscapeHTML([]byte(a.value)))
			_ = w.WriteByte('"')
		}
	}
}
