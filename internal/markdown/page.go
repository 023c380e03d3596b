package markdown

import (
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
)

// pageState is what the extensions need to know about the page being
// rendered. It travels in the goldmark parser.Context of one Render call,
// which keeps the shared goldmark instance free of per-page state.
type pageState struct {
	ctx        RenderContext
	lines      lineIndex
	unresolved []Link

	// The rest serves MDX pages (mdx*.go) and assets.
	mdxState
	renderer *Renderer
	// extraLinks are links written in JSX (<a href>, <Link to>).
	extraLinks   []Link
	partials     []string
	assets       []Asset
	docCardLists []DocCardList
	head         *Head
	tocInlines   []tocInline
	// unchecked are links the check skips (pathname:// links).
	unchecked map[*ast.Link]bool
	// src is the text parsed; module is the page's own JavaScript for the
	// theme to run (mdxsite.go), when its JSX needs it.
	src    []byte
	module pageModule
}

// newPageState is the state of one page about to be parsed from src.
func newPageState(ctx RenderContext, src []byte, r *Renderer) *pageState {
	return &pageState{ctx: ctx, lines: newLineIndex(src, ctx.LineOffset, ctx.FileLines), renderer: r,
		mdxState: newMDXState(), unchecked: map[*ast.Link]bool{}, src: src}
}

// pageStateKey finds the pageState in a parser.Context. goldmark context keys
// are allocated once, at package initialisation.
var pageStateKey = parser.NewContextKey()

// pageStateOf returns the page being rendered, or nil when the extension runs
// outside Render (a goldmark instance built without it).
func pageStateOf(pc parser.Context) *pageState {
	page, _ := pc.Get(pageStateKey).(*pageState)
	return page
}

// lineIndex maps byte offsets in the page body to line numbers in the file.
// goldmark nodes record byte offsets, not lines.
type lineIndex struct {
	// starts holds the offset of the first byte of each line.
	starts []int
	// offset is the number of file lines before the body (front matter).
	offset int
	// fileLines, when set, maps each body line (0-based) to its file line,
	// for bodies whose lines are not the file's one for one.
	fileLines []int
}

func newLineIndex(src []byte, offset int, fileLines []int) lineIndex {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return lineIndex{starts: starts, offset: offset, fileLines: fileLines}
}

// line returns the 1-based file line holding the byte at pos.
func (l lineIndex) line(pos int) int {
	// The number of lines starting at or before pos is the 1-based line.
	n := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > pos })
	if l.fileLines != nil && n >= 1 && n <= len(l.fileLines) {
		return l.fileLines[n-1]
	}
	return n + l.offset
}

// nodeLine returns the file line where n starts. Inline nodes that carry no
// position of their own take the line of the nearest ancestor that does.
func (l lineIndex) nodeLine(n ast.Node) int {
	for ; n != nil; n = n.Parent() {
		if pos := n.Pos(); pos >= 0 {
			return l.line(pos)
		}
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			return l.line(n.Lines().At(0).Start)
		}
	}
	return l.offset + 1
}
