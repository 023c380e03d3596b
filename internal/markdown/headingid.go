package markdown

import (
	"slices"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/components"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// headingAnchors gives every h2-h6 heading an id and a trailing hash link
// (reference 2.11 and 10.5), written by the theme's Heading component
// (package components) from the level, the id and the heading's text:
//
//	<h2 id="x" class="anchor">Text<a href="#x" class="hash-link"
//	    aria-label="Direct link to Text" title="Direct link to Text">​</a></h2>
//
// The id is the GitHub slug of the heading text, or the explicit id of a
// trailing "{#custom-id}", which is removed from the text. h1 never gets an
// id, but its slug is still counted, so a later "## Intro" under "# Intro"
// becomes "intro-1" exactly as in Docusaurus.
type headingAnchors struct{}

var _ goldmark.Extender = headingAnchors{}

// Extend implements goldmark.Extender.
func (headingAnchors) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(headingAnchorTransformer{}, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(hashLinkRenderer{}, 100)))
	// Before goldmark's own heading renderer (1000), which writes the
	// headings without an anchor.
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(anchoredHeadingRenderer{}, 99)))
}

// kindHashLink is the node kind of hashLink.
var kindHashLink = ast.NewNodeKind("HashLink")

// hashLink is the "#" link appended to an anchored heading.
type hashLink struct {
	ast.BaseInline
	// id is the heading id the link points to.
	id string
	// label is the heading's plain text, for the accessible name.
	label string
}

// Kind implements ast.Node.
func (*hashLink) Kind() ast.NodeKind { return kindHashLink }

// Dump implements ast.Node.
func (n *hashLink) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"ID": n.id}, nil)
}

type headingAnchorTransformer struct{}

var _ parser.ASTTransformer = headingAnchorTransformer{}

// Transform implements parser.ASTTransformer. The slugger lives for one
// document, so duplicate numbering restarts on every page.
func (headingAnchorTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	slugs := newSlugger()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		heading, ok := n.(*ast.Heading)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		anchorHeading(heading, source, slugs)
		return ast.WalkSkipChildren, nil
	})
}

func anchorHeading(heading *ast.Heading, source []byte, slugs *slugger) {
	id, explicit := takeExplicitID(heading, source)
	text := plainText(heading, source)
	if !explicit {
		// Docusaurus does not register explicit ids with the slugger. The
		// slug keeps edge spaces ("a " is "a-"), as github-slugger does.
		id = slugs.slug(text)
	}
	if heading.Level == 1 || id == "" {
		return
	}
	heading.SetAttributeString("id", []byte(id))
	label := strings.TrimSpace(text)
	if label == "" {
		// "## {#only-an-id}": name the link by its target, as Docusaurus
		// does for headings that are not plain text.
		label = id
	}
	heading.AppendChild(heading, &hashLink{id: id, label: label})
}

// takeExplicitID removes a trailing "{#custom-id}" from the heading and
// returns the id verbatim. goldmark may split the suffix over several text
// nodes (an "_" in the id is a delimiter run of its own), so the trailing run
// of text nodes is read as one string and then cut back.
func takeExplicitID(heading *ast.Heading, source []byte) (string, bool) {
	if id, ok := expressionHeadingID(heading, source); ok {
		return id, true
	}
	run := trailingTextRun(heading)
	if len(run) == 0 {
		return "", false
	}
	var raw strings.Builder
	for _, t := range run {
		raw.Write(t.Segment.Value(source))
	}
	keep, id, ok := splitExplicitID(raw.String())
	if !ok {
		return "", false
	}
	cutTextRun(heading, run, len(keep))
	return string(resolveEscapes([]byte(id))), true
}

// trailingTextRun returns the text nodes at the end of the heading, in
// document order, stopping at any other node or at a line break.
func trailingTextRun(heading *ast.Heading) []*ast.Text {
	var run []*ast.Text
	for c := heading.LastChild(); c != nil; c = c.PreviousSibling() {
		t, ok := c.(*ast.Text)
		if !ok || t.IsRaw() || (len(run) > 0 && (t.SoftLineBreak() || t.HardLineBreak())) {
			break
		}
		run = append(run, t)
	}
	slices.Reverse(run)
	return run
}

// splitExplicitID splits "Heading text {#id}" into "Heading text" and "id".
// The id runs from the last "{#" to the final "}" and may not contain "}";
// an escaped "\{#" is literal text.
func splitExplicitID(s string) (keep, id string, ok bool) {
	if !strings.HasSuffix(s, "}") {
		return "", "", false
	}
	open := strings.LastIndex(s, "{#")
	if open < 0 || (open > 0 && s[open-1] == '\\') {
		return "", "", false
	}
	id = s[open+2 : len(s)-1]
	if id == "" || strings.Contains(id, "}") {
		return "", "", false
	}
	return strings.TrimRight(s[:open], " \t"), id, true
}

// cutTextRun shortens the run of text nodes to its first keep bytes,
// removing nodes that fall entirely after the cut.
func cutTextRun(heading *ast.Heading, run []*ast.Text, keep int) {
	offset := 0
	for _, t := range run {
		length := t.Segment.Len()
		switch {
		case offset >= keep:
			heading.RemoveChild(heading, t)
		case offset+length > keep:
			t.Segment = t.Segment.WithStop(t.Segment.Start + keep - offset)
		}
		offset += length
	}
}

// hashLinkRenderer writes hashLink nodes: nothing, since the Heading
// component writes the link.
type hashLinkRenderer struct{}

var _ renderer.NodeRenderer = hashLinkRenderer{}

// RegisterFuncs implements renderer.NodeRenderer.
func (hashLinkRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindHashLink, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkSkipChildren, nil
	})
}

// anchoredHeadingRenderer writes a heading with a hash link as the theme's
// Heading, its content the children; other headings as goldmark does.
type anchoredHeadingRenderer struct{}

var _ renderer.NodeRenderer = anchoredHeadingRenderer{}

// RegisterFuncs implements renderer.NodeRenderer.
func (anchoredHeadingRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, renderHeading)
}

// headingProps are the theme's Heading props.
type headingProps struct {
	As string `json:"as"`
	ID string `json:"id"`
	// Label is the heading's text, which names its hash link.
	Label string `json:"label"`
}

func renderHeading(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	heading := node.(*ast.Heading)
	link, anchored := heading.LastChild().(*hashLink)
	tag := "h" + strconv.Itoa(heading.Level)
	switch {
	case anchored && entering:
		return ast.WalkContinue, components.Open(w, "Heading", headingProps{As: tag, ID: link.id, Label: link.label})
	case anchored:
		err := components.Close(w)
		_ = w.WriteByte('\n')
		return ast.WalkContinue, err
	case entering:
		_, _ = w.WriteString("<" + tag)
		if heading.Attributes() != nil {
			html.RenderAttributes(w, heading, html.HeadingAttributeFilter)
		}
		_ = w.WriteByte('>')
	default:
		_, _ = w.WriteString("</" + tag + ">\n")
	}
	return ast.WalkContinue, nil
}
