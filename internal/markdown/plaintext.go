package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"
)

// plainText returns the text a reader sees in n's inline content: text,
// code, image descriptions and link labels, without markup. Raw HTML tags
// carry no text (the text between tags is kept), matching how Docusaurus
// builds heading slugs from the Markdown tree.
func plainText(n ast.Node, source []byte) string {
	var b strings.Builder
	writePlainText(&b, n, source)
	return b.String()
}

func writePlainText(b *strings.Builder, n ast.Node, source []byte) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			// Text segments point into the source, where backslash escapes
			// and entity references are still unresolved.
			value := c.Segment.Value(source)
			if !c.IsRaw() {
				value = resolveEscapes(value)
			}
			b.Write(value)
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			writeCodeSpanText(b, c, source)
		case *ast.AutoLink:
			b.Write(c.Label(source))
		case *expressionInline:
			b.WriteString(c.text)
		case *ast.RawHTML, *east.FootnoteLink, *east.TaskCheckBox, *hashLink, *jsxTagNode:
			// No visible text of their own.
		default:
			if el := elementOf(c); el != nil && el.hidden {
				continue
			}
			writePlainText(b, c, source)
		}
	}
}

// writeCodeSpanText writes code span content verbatim: escapes are literal
// inside code, and line endings become spaces (CommonMark 6.1).
func writeCodeSpanText(b *strings.Builder, code *ast.CodeSpan, source []byte) {
	for c := code.FirstChild(); c != nil; c = c.NextSibling() {
		var value []byte
		switch c := c.(type) {
		case *ast.Text:
			value = c.Segment.Value(source)
		case *ast.String:
			value = c.Value
		}
		b.WriteString(strings.ReplaceAll(string(value), "\n", " "))
	}
}

// resolveEscapes applies backslash escapes and character references, the way
// goldmark's HTML writer does when it writes text.
func resolveEscapes(v []byte) []byte {
	return util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
}
