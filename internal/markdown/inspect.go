package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Outline is what a page says, as content checks read it: its code blocks,
// its prose (paragraphs, headings, list items, table cells) and its links,
// each with file lines. It is parsed with the same extensions as Render, so
// a check sees exactly the code blocks and links the reader sees.
type Outline struct {
	CodeBlocks []CodeBlock
	// Prose holds one entry per block of inline content, in page order.
	Prose []Prose
	// Links are every Markdown link, image and autolink, as written.
	Links []OutlineLink
}

// CodeBlock is one fenced or indented code block.
type CodeBlock struct {
	// Language is the info string's first word, "" for none.
	Language string
	// Meta is the rest of the info string (title="…", {1-3}, options).
	Meta string
	// Title is the meta's title="…", "" for none.
	Title string
	// Code is the block's content, each line ending with "\n".
	Code string
	// Line is the file line of the opening fence (of the first line for an
	// indented block); FirstLine is the file line of the first code line.
	Line, FirstLine int
}

// LineOf is the file line of the code line i (0-based).
func (c CodeBlock) LineOf(i int) int { return c.FirstLine + i }

// Prose is the inline content of one block, as runs of text.
type Prose struct {
	Runs []Run
	// InTable is true for a table cell; Header is then the text of its
	// column's header cell ("" for a header cell itself).
	InTable bool
	Header  string
}

// Run is a stretch of inline text on one line.
type Run struct {
	Text string
	Line int
	// Code is true for the content of a code span.
	Code bool
	// Link is the destination of the link the text is in, "" outside links.
	Link string
}

// Text joins the block's runs into one string, code spans as written in
// backticks when withCode is true and as a neutral placeholder otherwise, so
// a sentence split over lines or around a code span reads as one. lineAt
// gives the file line of a byte offset in the text.
func (p Prose) Text(withCode bool) (s string, lineAt func(offset int) int) {
	var b strings.Builder
	starts := make([]int, 0, len(p.Runs))
	lines := make([]int, 0, len(p.Runs))
	for _, r := range p.Runs {
		starts = append(starts, b.Len())
		lines = append(lines, r.Line)
		switch {
		case !r.Code:
			b.WriteString(r.Text)
		case withCode:
			b.WriteString("`" + r.Text + "`")
		default:
			b.WriteString("`code`")
		}
	}
	return b.String(), func(offset int) int {
		line := 0
		for i, start := range starts {
			if start > offset {
				break
			}
			line = lines[i]
		}
		return line
	}
}

// OutlineLink is one link as written.
type OutlineLink struct {
	Dest string
	Line int
	// Auto is true for an autolink (<https://…> or a bare URL).
	Auto bool
}

// Inspect parses a page body without rendering it. ctx.File and
// ctx.LineOffset (or ctx.FileLines) place it in its file, ctx.MDX parses
// it as MDX; links are not resolved and partials are not read.
func (r *Renderer) Inspect(src []byte, ctx RenderContext) *Outline {
	src = normalizeLineEndings(src)
	page := newPageState(RenderContext{File: ctx.File, LineOffset: ctx.LineOffset, FileLines: ctx.FileLines, MDX: ctx.MDX}, src, nil)
	md := r.md
	if ctx.MDX {
		md = r.mdx
	}
	pc := parser.NewContext()
	pc.Set(pageStateKey, page)
	root := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	out := &Outline{}
	lines := page.lines
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			out.CodeBlocks = append(out.CodeBlocks, fencedOutline(n, src, lines))
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			code := blockText(n, src)
			first := lines.nodeLine(n)
			out.CodeBlocks = append(out.CodeBlocks, CodeBlock{Code: code, Line: first, FirstLine: first})
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph, *ast.Heading, *ast.TextBlock, *east.TableCell:
			p := Prose{Runs: inlineRuns(n, src, lines, "")}
			if cell, ok := n.(*east.TableCell); ok {
				p.InTable, p.Header = true, columnHeader(cell, src)
			}
			if len(p.Runs) > 0 {
				out.Prose = append(out.Prose, p)
			}
			collectOutlineLinks(out, n, src, lines)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}

func fencedOutline(n *ast.FencedCodeBlock, src []byte, lines lineIndex) CodeBlock {
	var info string
	if n.Info != nil {
		info = string(resolveEscapes(n.Info.Segment.Value(src)))
	}
	language, meta := splitInfo(info)
	block := CodeBlock{Language: language, Meta: meta, Title: parseCodeMeta(meta).title, Code: blockText(n, src)}
	if n.Lines().Len() > 0 {
		block.FirstLine = lines.line(n.Lines().At(0).Start)
		block.Line = block.FirstLine - 1
	} else {
		block.Line = lines.nodeLine(n)
		block.FirstLine = block.Line + 1
	}
	if n.Info != nil {
		block.Line = lines.line(n.Info.Segment.Start)
	}
	return block
}

// inlineRuns flattens the inline content of a block into runs.
func inlineRuns(block ast.Node, src []byte, lines lineIndex, link string) []Run {
	var runs []Run
	for c := block.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			seg := c.Segment
			t := string(seg.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				t += " "
			}
			runs = append(runs, Run{Text: t, Line: lines.line(seg.Start), Link: link})
		case *ast.String:
			runs = append(runs, Run{Text: string(c.Value), Line: lines.nodeLine(c), Link: link})
		case *ast.CodeSpan:
			var b strings.Builder
			line := 0
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				if tn, ok := t.(*ast.Text); ok {
					if line == 0 {
						line = lines.line(tn.Segment.Start)
					}
					b.Write(tn.Segment.Value(src))
					if tn.SoftLineBreak() {
						b.WriteByte(' ')
					}
				}
			}
			if line == 0 {
				line = lines.nodeLine(c)
			}
			runs = append(runs, Run{Text: b.String(), Line: line, Code: true, Link: link})
		case *ast.Link:
			runs = append(runs, inlineRuns(c, src, lines, string(c.Destination))...)
		case *ast.AutoLink:
			runs = append(runs, Run{Text: string(c.URL(src)), Line: lines.nodeLine(c), Link: string(c.URL(src))})
		case *ast.RawHTML:
			continue
		default:
			runs = append(runs, inlineRuns(c, src, lines, link)...)
		}
	}
	return runs
}

func collectOutlineLinks(out *Outline, block ast.Node, src []byte, lines lineIndex) {
	_ = ast.Walk(block, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			out.Links = append(out.Links, OutlineLink{Dest: string(n.Destination), Line: lines.nodeLine(n)})
		case *ast.Image:
			out.Links = append(out.Links, OutlineLink{Dest: string(n.Destination), Line: lines.nodeLine(n)})
		case *ast.AutoLink:
			out.Links = append(out.Links, OutlineLink{Dest: string(n.URL(src)), Line: lines.nodeLine(n), Auto: true})
		}
		return ast.WalkContinue, nil
	})
}

// columnHeader is the text of the header cell above a body cell, "" for a
// header cell.
func columnHeader(cell *east.TableCell, src []byte) string {
	row := cell.Parent()
	if row == nil || row.Kind() == east.KindTableHeader {
		return ""
	}
	column := 0
	for c := row.FirstChild(); c != nil && c != ast.Node(cell); c = c.NextSibling() {
		column++
	}
	table := row.Parent()
	if table == nil {
		return ""
	}
	for r := table.FirstChild(); r != nil; r = r.NextSibling() {
		if r.Kind() != east.KindTableHeader {
			continue
		}
		i := 0
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			if i == column {
				return string(plainTextOf(c, src))
			}
			i++
		}
	}
	return ""
}

// plainTextOf joins the text of a node's descendants.
func plainTextOf(n ast.Node, src []byte) []byte {
	var out []byte
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			out = append(out, t.Segment.Value(src)...)
		}
		return ast.WalkContinue, nil
	})
	return out
}
