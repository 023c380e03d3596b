package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// hardBreakSpaces removes the spaces before a hard line break, which
// CommonMark says are not rendered (spec 6.7, examples 633 and 635).
// goldmark drops them itself, except when the linkify inline parser, which
// is triggered by spaces, has already split them into their own text
// segment; then "foo   \nbar" rendered as "foo  <br>".
type hardBreakSpaces struct{}

var _ goldmark.Extender = hardBreakSpaces{}

// Extend implements goldmark.Extender.
func (hardBreakSpaces) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(hardBreakTransformer{}, 100)))
}

type hardBreakTransformer struct{}

var _ parser.ASTTransformer = hardBreakTransformer{}

// Transform implements parser.ASTTransformer.
func (hardBreakTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := n.(*ast.Text); ok && entering && t.HardLineBreak() {
			trimBeforeBreak(t, source)
		}
		return ast.WalkContinue, nil
	})
}

// trimBeforeBreak trims trailing spaces from t and, while what is left is
// empty, from the text nodes before it on the same line.
func trimBeforeBreak(t *ast.Text, source []byte) {
	for t != nil && !t.IsRaw() {
		t.Segment = t.Segment.TrimRightSpace(source)
		if !t.Segment.IsEmpty() {
			return
		}
		previous, ok := t.PreviousSibling().(*ast.Text)
		if !ok || previous.SoftLineBreak() || previous.HardLineBreak() {
			return
		}
		t = previous
	}
}
