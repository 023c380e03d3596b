package markdown

import (
	"github.com/portaldocs/portal/internal/components"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// mermaidDiagrams hands ```mermaid fences to the theme's Mermaid
// component (package components) with their source, which the mermaid
// library renders in the browser; Result.HasMermaid tells
// the theme to load it.
type mermaidDiagrams struct{}

var _ goldmark.Extender = mermaidDiagrams{}

// Extend implements goldmark.Extender.
func (mermaidDiagrams) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(mermaidTransformer{}, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(mermaidRenderer{}, 100)))
}

// mermaidLanguage is the fence language that marks a diagram.
const mermaidLanguage = "mermaid"

var kindMermaid = ast.NewNodeKind("Mermaid")

// mermaidDiagram is a diagram; its lines are the diagram source.
type mermaidDiagram struct {
	ast.BaseBlock
}

// Kind implements ast.Node.
func (*mermaidDiagram) Kind() ast.NodeKind { return kindMermaid }

// IsRaw implements ast.Node: the source is not Markdown.
func (*mermaidDiagram) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *mermaidDiagram) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, nil, nil)
}

// mermaidTransformer replaces mermaid fenced code blocks by diagrams.
type mermaidTransformer struct{}

var _ parser.ASTTransformer = mermaidTransformer{}

// Transform implements parser.ASTTransformer.
func (mermaidTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var fences []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fence, ok := n.(*ast.FencedCodeBlock); ok && entering && string(fence.Language(source)) == mermaidLanguage {
			fences = append(fences, fence)
		}
		return ast.WalkContinue, nil
	})
	// Replace after walking: changing siblings mid-walk would end the walk.
	for _, fence := range fences {
		diagram := &mermaidDiagram{}
		diagram.SetLines(fence.Lines())
		diagram.SetPos(fence.Pos())
		fence.Parent().ReplaceChild(fence.Parent(), fence, diagram)
	}
}

type mermaidRenderer struct{}

var _ renderer.NodeRenderer = mermaidRenderer{}

// RegisterFuncs implements renderer.NodeRenderer.
func (mermaidRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindMermaid, renderMermaid)
}

func renderMermaid(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	err := components.Open(w, "Mermaid", struct {
		Source string `json:"source"`
	}{blockText(node, source)})
	if err == nil {
		err = components.Close(w)
	}
	_ = w.WriteByte('\n')
	return ast.WalkSkipChildren, err
}
