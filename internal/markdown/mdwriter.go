package markdown

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// The page as Markdown (Result.Markdown), written from the same tree the
// HTML is written from, after every MDX transform: partials are their
// Markdown, a mapped component is what it shows (Tabs a heading per tab,
// an admonition a blockquote led by its type, CodeBlock a fence), and what
// the page would not show (imports, exports, hidden components, comments)
// is not written. Expressions are their evaluated text. Link destinations
// are wrapped in linkMark so that ResolveMarkdownLinks can make them
// absolute once the page's URL is known, without parsing the text again.
//
// goldmark has no Markdown renderer, and none is served as a module; the
// writer is a recursive function per node kind rather than a
// renderer.NodeRenderer because containers (quotes, list items) prefix
// every line their children write, which a stream writer cannot do.

// linkMark brackets a link destination in Result.Markdown. goldmark turns
// NUL into U+FFFD, so it never occurs in text.
const linkMark = "\x00"

// mdWriter writes one page's tree as Markdown.
type mdWriter struct {
	source []byte
	// headingLevel is the level of the last heading written, so a tab's
	// heading goes one below the section it is in.
	headingLevel int
}

// pageMarkdown writes the document's blocks.
func pageMarkdown(doc ast.Node, source []byte) string {
	w := &mdWriter{source: source, headingLevel: 1}
	return strings.TrimSpace(w.blocks(doc)) + "\n"
}

// blocks writes a container's block children separated by blank lines;
// a container holding text (an element unravelled from a paragraph) is
// its text.
func (w *mdWriter) blocks(parent ast.Node) string {
	if first := parent.FirstChild(); first != nil && first.Type() == ast.TypeInline {
		return strings.TrimSpace(w.inlines(parent))
	}
	var parts []string
	for c := parent.FirstChild(); c != nil; c = c.NextSibling() {
		if s := strings.Trim(w.block(c), "\n"); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, "\n\n")
}

func (w *mdWriter) block(n ast.Node) string {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return strings.TrimSpace(w.inlines(n))
	case *ast.Heading:
		return w.heading(n.Level, strings.TrimSpace(w.inlines(n)))
	case *ast.ThematicBreak:
		return "---"
	case *ast.FencedCodeBlock:
		return fence(newFencedCodeBlock(n, w.source))
	case *ast.CodeBlock:
		return fence(newIndentedCodeBlock(n, w.source))
	case *mdxCodeBlock:
		return fence(n.block)
	case *mermaidDiagram:
		return fence(codeBlock{language: "mermaid", lines: strings.Split(strings.TrimSuffix(blockText(n, w.source), "\n"), "\n")})
	case *ast.Blockquote:
		return prefixLines(w.blocks(n), "> ", "> ")
	case *ast.List:
		return w.list(n)
	case *ast.HTMLBlock:
		return w.htmlBlock(n)
	case *east.Table:
		return w.table(n)
	case *east.FootnoteList:
		return w.footnotes(n)
	case *admonition:
		return w.admonition(n)
	case *tabsContainer:
		return w.tabs(n)
	case *partialNode:
		return n.result.Markdown
	case *jsxOutput:
		return jsxOutputMarkdown(n.html)
	case *jsxFlow:
		return w.flowElement(n)
	case *expressionBlock:
		return escapeMarkdownText(n.text)
	case *esmBlock:
		return ""
	}
	return w.blocks(n)
}

func (w *mdWriter) heading(level int, text string) string {
	w.headingLevel = level
	return strings.Repeat("#", level) + " " + text
}

// fence writes a code block with a fence longer than any backtick run in
// it; the title stays in the info string, as Docusaurus writes it.
func fence(b codeBlock) string {
	marks := "```"
	code := strings.Join(b.lines, "\n")
	for strings.Contains(code, marks) {
		marks += "`"
	}
	info := b.language
	if b.title != "" {
		info += " title=" + strconv.Quote(b.title)
	}
	return marks + info + "\n" + code + "\n" + marks
}

// prefixLines puts first before the first line and rest before the others;
// blank lines take the prefix without its trailing space.
func prefixLines(s, first, rest string) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		p := rest
		if i == 0 {
			p = first
		}
		if line == "" {
			p = strings.TrimRight(p, " ")
		}
		lines[i] = p + line
	}
	return strings.Join(lines, "\n")
}

func (w *mdWriter) list(n *ast.List) string {
	var items []string
	number := n.Start
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		marker := string(n.Marker) + " "
		if n.IsOrdered() {
			marker = strconv.Itoa(number) + string(n.Marker) + " "
			number++
		}
		body := w.blocks(c)
		if body == "" {
			items = append(items, strings.TrimSpace(marker))
			continue
		}
		items = append(items, prefixLines(body, marker, strings.Repeat(" ", len(marker))))
	}
	if n.IsTight {
		return strings.Join(items, "\n")
	}
	return strings.Join(items, "\n\n")
}

func (w *mdWriter) htmlBlock(n *ast.HTMLBlock) string {
	var b strings.Builder
	lines := n.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		b.Write(seg.Value(w.source))
	}
	if n.HasClosure() {
		b.Write(n.ClosureLine.Value(w.source))
	}
	return b.String()
}

func (w *mdWriter) table(n *east.Table) string {
	var rows []string
	for row := n.FirstChild(); row != nil; row = row.NextSibling() {
		var cells []string
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			text := strings.ReplaceAll(strings.TrimSpace(w.inlines(cell)), "\n", " ")
			cells = append(cells, unescapedPipe.ReplaceAllString(text, `$1\|`))
		}
		rows = append(rows, "| "+strings.Join(cells, " | ")+" |")
		if _, isHeader := row.(*east.TableHeader); isHeader {
			seps := make([]string, len(cells))
			for i := range seps {
				seps[i] = alignmentRule(n.Alignments, i)
			}
			rows = append(rows, "| "+strings.Join(seps, " | ")+" |")
		}
	}
	return strings.Join(rows, "\n")
}

// unescapedPipe is a | that would end a table cell; the page's own text
// has its pipes escaped already.
var unescapedPipe = regexp.MustCompile(`(^|[^\\])\|`)

func alignmentRule(alignments []east.Alignment, column int) string {
	if column >= len(alignments) {
		return "---"
	}
	switch alignments[column] {
	case east.AlignLeft:
		return ":---"
	case east.AlignRight:
		return "---:"
	case east.AlignCenter:
		return ":---:"
	}
	return "---"
}

func (w *mdWriter) footnotes(n *east.FootnoteList) string {
	var notes []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		f, ok := c.(*east.Footnote)
		if !ok {
			continue
		}
		label := "[^" + strconv.Itoa(f.Index) + "]: "
		notes = append(notes, prefixLines(w.blocks(f), label, "    "))
	}
	return strings.Join(notes, "\n")
}

// admonition is a blockquote led by its type in bold, and its title when
// the author gave one: "> **Warning: Read this**".
func (w *mdWriter) admonition(n *admonition) string {
	var head, body string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *admonitionHeading:
			head = strings.TrimSpace(w.inlines(c))
			if head == "" {
				head = c.fallback
			}
		case *admonitionContent:
			body = w.blocks(c)
		}
	}
	text := "**" + capitalize(n.style.kind) + "**"
	if head != "" && !strings.EqualFold(head, n.style.kind) {
		text = "**" + capitalize(n.style.kind) + ":** " + head
	}
	if body != "" {
		text += "\n\n" + body
	}
	return prefixLines(text, "> ", "> ")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// tabs writes each tab as a section headed by its label, one level below
// the heading the tabs are under.
func (w *mdWriter) tabs(n *tabsContainer) string {
	var labels []string
	var parts []string
	level := min(w.headingLevel+1, 6)
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *tabList:
			for l := c.FirstChild(); l != nil; l = l.NextSibling() {
				label := strings.TrimSpace(w.inlines(l))
				if tl, ok := l.(*tabLabel); ok && label == "" {
					label = tl.fallback
				}
				labels = append(labels, label)
			}
		case *tabPanel:
			// Tab indexes count from 1, as the element ids do.
			label := ""
			if i := c.state.index - 1; i >= 0 && i < len(labels) {
				label = labels[i]
			}
			outer := w.headingLevel
			section := w.heading(level, label)
			if body := w.blocks(c); body != "" {
				section += "\n\n" + body
			}
			w.headingLevel = outer
			parts = append(parts, section)
		default:
			if s := w.block(c); s != "" {
				parts = append(parts, s)
			}
		}
	}
	return strings.Join(parts, "\n\n")
}

// flowElement writes a block-level element: a component mapped to its
// children is its children; an HTML element stays HTML around Markdown,
// which the blank lines keep Markdown.
func (w *mdWriter) flowElement(n *jsxFlow) string {
	if n.hidden {
		return ""
	}
	content := w.blocks(n)
	name := n.tag.name
	if name == "" || isComponentName(name) {
		return content
	}
	if voidElements[name] {
		return htmlTag(name, n.html)
	}
	return htmlTag(name, n.html) + "\n\n" + content + "\n\n</" + name + ">"
}

// htmlTag writes an element's opening tag as the HTML renderer does.
func htmlTag(name string, attrs []htmlAttr) string {
	var b strings.Builder
	b.WriteString("<" + name)
	for _, a := range attrs {
		b.WriteString(" " + a.name)
		if !a.bare {
			b.WriteString(`="` + escapeHTMLString(a.value) + `"`)
		}
	}
	b.WriteString(">")
	return b.String()
}

// jsxOutputMarkdown keeps what a component mapping wrote that Markdown can
// hold: the markers Render and the build replace (TOCInline, DocCardList)
// and a Details summary, which stays HTML inside its <details>.
func jsxOutputMarkdown(html string) string {
	return strings.TrimSpace(html)
}

// inlines writes a node's inline children.
func (w *mdWriter) inlines(parent ast.Node) string {
	var b strings.Builder
	for c := parent.FirstChild(); c != nil; c = c.NextSibling() {
		w.inline(&b, c)
	}
	return b.String()
}

func (w *mdWriter) inline(b *strings.Builder, n ast.Node) {
	switch n := n.(type) {
	case *ast.Text:
		b.Write(n.Segment.Value(w.source))
		switch {
		case n.HardLineBreak():
			b.WriteString("\\\n")
		case n.SoftLineBreak():
			b.WriteString("\n")
		}
	case *ast.String:
		if n.IsCode() || n.IsRaw() {
			b.Write(n.Value)
		} else {
			b.WriteString(escapeMarkdownText(string(n.Value)))
		}
	case *ast.CodeSpan:
		b.WriteString(codeSpan(plainText(n, w.source)))
	case *ast.Emphasis:
		marks := strings.Repeat("*", n.Level)
		b.WriteString(marks + w.inlines(n) + marks)
	case *east.Strikethrough:
		b.WriteString("~~" + w.inlines(n) + "~~")
	case *ast.Link:
		b.WriteString("[" + w.inlines(n) + "](" + markDestination(string(n.Destination)) + linkTitle(n.Title) + ")")
	case *ast.Image:
		b.WriteString("![" + strings.ReplaceAll(plainText(n, w.source), "]", `\]`) + "](" + markDestination(string(n.Destination)) + linkTitle(n.Title) + ")")
	case *ast.AutoLink:
		url := string(n.URL(w.source))
		if n.AutoLinkType == ast.AutoLinkEmail {
			b.WriteString("<" + url + ">")
			return
		}
		b.WriteString("[" + escapeMarkdownText(string(n.Label(w.source))) + "](" + markDestination(autoLinkDestination(n, w.source)) + ")")
	case *ast.RawHTML:
		for i := range n.Segments.Len() {
			seg := n.Segments.At(i)
			b.Write(seg.Value(w.source))
		}
	case *east.TaskCheckBox:
		if n.IsChecked {
			b.WriteString("[x] ")
		} else {
			b.WriteString("[ ] ")
		}
	case *east.FootnoteLink:
		b.WriteString("[^" + strconv.Itoa(n.Index) + "]")
	case *east.FootnoteBacklink, *hashLink, *jsxTagNode:
	case *expressionInline:
		if !isHeadingID(&n.mdxExpression) {
			b.WriteString(escapeMarkdownText(n.text))
		}
	case *jsxText:
		w.inlineElement(b, n)
	default:
		b.WriteString(w.inlines(n))
	}
}

// inlineElement writes an element in text as flowElement writes one in
// flow.
func (w *mdWriter) inlineElement(b *strings.Builder, n *jsxText) {
	if n.hidden {
		return
	}
	name := n.tag.name
	if name == "" || isComponentName(name) {
		b.WriteString(w.inlines(n))
		return
	}
	b.WriteString(htmlTag(name, n.html))
	if !voidElements[name] {
		b.WriteString(w.inlines(n) + "</" + name + ">")
	}
}

// codeSpan writes code with enough backticks around it.
func codeSpan(code string) string {
	marks := "`"
	for strings.Contains(code, marks) {
		marks += "`"
	}
	if strings.HasPrefix(code, "`") || strings.HasSuffix(code, "`") {
		return marks + " " + code + " " + marks
	}
	return marks + code + marks
}

func markDestination(dest string) string { return linkMark + dest + linkMark }

// MarkLink marks a destination in Markdown the build adds to a render's
// (doc cards), for ResolveMarkdownLinks.
func MarkLink(dest string) string { return markDestination(dest) }

func linkTitle(title []byte) string {
	if len(title) == 0 {
		return ""
	}
	return " " + strconv.Quote(string(title))
}

// markdownEscaper escapes what would read as Markdown or as MDX in text
// that came from an expression's value, not from the page's Markdown.
var markdownEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`,
	"<", "&lt;", "{", `\{`, "}", `\}`)

func escapeMarkdownText(s string) string { return markdownEscaper.Replace(s) }
