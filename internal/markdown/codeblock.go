package markdown

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/portaldocs/portal/internal/components"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// codeBlocks renders fenced and indented code (reference 10.7), highlighted
// at build time into chroma CSS classes (see HighlightCSS), as the theme's
// CodeBlock component (package components): its props are the language,
// the title and which lines are highlighted or numbered; the lines' tokens
// are the repeated slot line, the highlighter's spans ending with the
// line's newline, so the code's text content is exactly the source.
type codeBlocks struct {
	highlight bool
	memo      HighlightMemo // nil: every block is lexed
}

var _ goldmark.Extender = codeBlocks{}

// Extend implements goldmark.Extender.
func (e codeBlocks) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(codeBlockRenderer(e), 100)))
}

// codeBlock is a code block ready to write.
type codeBlock struct {
	language string
	title    string
	// lines are the code lines without their line endings.
	lines []string
	// endsWithNewline is false only for an indented block that ends the
	// file without a newline.
	endsWithNewline bool
	// highlighted has one entry per line; nil when none is highlighted.
	highlighted     []bool
	lineNumbers     bool
	firstLineNumber int
}

// newFencedCodeBlock reads a fenced block: language and meta from the info
// string, then highlighted lines from the meta range or, when there is none,
// from magic comments.
func newFencedCodeBlock(n *ast.FencedCodeBlock, source []byte) codeBlock {
	var info string
	if n.Info != nil {
		info = string(resolveEscapes(n.Info.Segment.Value(source)))
	}
	language, metaText := splitInfo(info)
	meta := parseCodeMeta(metaText)
	block := codeBlock{
		language:        language,
		title:           meta.title,
		lineNumbers:     meta.lineNumbers,
		firstLineNumber: meta.firstLineNumber,
	}
	block.lines, block.endsWithNewline = splitCodeLines(blockText(n, source))
	switch {
	case meta.hasRange:
		block.highlighted = highlightedLines(meta.highlightRanges, len(block.lines))
	case language != "" && hasMagicComment(block.lines):
		// Docusaurus only looks for magic comments when the language is
		// known, since the comment syntax depends on it.
		block.lines, block.highlighted = applyMagicComments(language, block.lines)
	}
	return block
}

// splitInfo splits an info string into the language, its first word
// (CommonMark 4.5), and the meta string after it.
func splitInfo(info string) (language, meta string) {
	if i := strings.IndexAny(info, " \t"); i >= 0 {
		return info[:i], info[i+1:]
	}
	return info, ""
}

// newIndentedCodeBlock reads an indented block, which has no info string.
func newIndentedCodeBlock(n *ast.CodeBlock, source []byte) codeBlock {
	var block codeBlock
	block.lines, block.endsWithNewline = splitCodeLines(blockText(n, source))
	return block
}

func blockText(n ast.Node, source []byte) string {
	var b strings.Builder
	lines := n.Lines()
	for i := range lines.Len() {
		segment := lines.At(i)
		b.Write(segment.Value(source))
	}
	return b.String()
}

// splitCodeLines splits code into lines without their "\n".
func splitCodeLines(code string) (lines []string, endsWithNewline bool) {
	if code == "" {
		return nil, true
	}
	endsWithNewline = strings.HasSuffix(code, "\n")
	return strings.Split(strings.TrimSuffix(code, "\n"), "\n"), endsWithNewline
}

func hasMagicComment(lines []string) bool {
	for _, line := range lines {
		if strings.Contains(line, "highlight-") {
			return true
		}
	}
	return false
}

// code is the block's text as the reader gets it.
func (b codeBlock) code() string {
	if len(b.lines) == 0 {
		return ""
	}
	code := strings.Join(b.lines, "\n")
	if b.endsWithNewline {
		code += "\n"
	}
	return code
}

// tokenLines returns the tokens of each line, each line ending with its
// newline: chroma's when highlighting applies, else one plain text token.
func (b codeBlock) tokenLines(highlight bool, memo HighlightMemo) [][]chroma.Token {
	code := b.code()
	if highlight {
		if lines := highlightLines(b.language, code, len(b.lines), memo); lines != nil {
			return lines
		}
	}
	lines := make([][]chroma.Token, len(b.lines))
	for i, line := range b.lines {
		if i < len(b.lines)-1 || b.endsWithNewline {
			line += "\n"
		}
		lines[i] = []chroma.Token{{Type: chroma.Text, Value: line}}
	}
	return lines
}

// codeBlockRenderer replaces goldmark's renderers for both code block kinds.
type codeBlockRenderer struct {
	highlight bool
	memo      HighlightMemo
}

var _ renderer.NodeRenderer = codeBlockRenderer{}

// RegisterFuncs implements renderer.NodeRenderer.
func (r codeBlockRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, r.renderFenced)
	reg.Register(ast.KindCodeBlock, r.renderIndented)
	reg.Register(kindMDXCodeBlock, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			r.write(w, node.(*mdxCodeBlock).block)
		}
		return ast.WalkSkipChildren, nil
	})
}

func (r codeBlockRenderer) renderFenced(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		r.write(w, newFencedCodeBlock(node.(*ast.FencedCodeBlock), source))
	}
	return ast.WalkSkipChildren, nil
}

func (r codeBlockRenderer) renderIndented(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		r.write(w, newIndentedCodeBlock(node.(*ast.CodeBlock), source))
	}
	return ast.WalkSkipChildren, nil
}

func (r codeBlockRenderer) write(w util.BufWriter, block codeBlock) {
	lines := block.tokenLines(r.highlight, r.memo)
	props := codeBlockProps{Language: block.language, Title: block.title, Lines: len(lines)}
	for i := range lines {
		if i < len(block.highlighted) && block.highlighted[i] {
			props.Highlighted = append(props.Highlighted, i+1)
		}
	}
	if block.lineNumbers {
		props.FirstLineNumber = &block.firstLineNumber
	}
	_ = components.Open(w, "CodeBlock", props)
	for _, tokens := range lines {
		_ = components.Slot(w, "line")
		writeTokens(w, tokens)
		_ = components.CloseSlot(w)
	}
	_ = components.Close(w)
	_ = w.WriteByte('\n')
}

// codeBlockProps are the theme's CodeBlock props.
type codeBlockProps struct {
	Language string `json:"language,omitempty"`
	Title    string `json:"title,omitempty"`
	// Lines is the number of lines, each a slot line in turn.
	Lines int `json:"lines"`
	// Highlighted are the highlighted lines' numbers, from 1.
	Highlighted []int `json:"highlighted,omitempty"`
	// FirstLineNumber is the first line's number when lines are numbered.
	FirstLineNumber *int `json:"firstLineNumber,omitempty"`
}

// writeTokens writes a line's tokens as the highlighter classed them.
func writeTokens(w util.BufWriter, tokens []chroma.Token) {
	for _, token := range tokens {
		class := tokenClass(token.Type)
		if class == "" {
			_, _ = w.WriteString(escapeHTMLString(token.Value))
			continue
		}
		_, _ = w.WriteString(`<span class="` + class + `">` + escapeHTMLString(token.Value) + `</span>`)
	}
}

// htmlEscaper escapes text and attribute values; the same four characters
// goldmark escapes, so code reads the same whether highlighted or not.
var htmlEscaper = strings.NewReplacer(`&`, "&amp;", `<`, "&lt;", `>`, "&gt;", `"`, "&quot;")

func escapeHTMLString(s string) string {
	return htmlEscaper.Replace(s)
}
