package markdown

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/components"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// mdxComponents maps the components Docusaurus sites use onto Portal's
// constructs, after the JSX is parsed:
//
//   - @theme/Tabs and @theme/TabItem → the engine's tabs (tabs.go), with
//     value, label, default, values, defaultValue, groupId, queryString,
//     lazy and attributes;
//   - @theme/Admonition → an admonition; @theme/CodeBlock → a code block;
//   - @theme/Details (also without import, as in Docusaurus) and <details>
//     → <details>; @docusaurus/Link → <a> with the base URL;
//   - @theme/DocCardList → the cards of the current category, or of the
//     items given, filled in once sidebars are known (Result.DocCardLists);
//   - @theme/TOCInline → the page's table of contents;
//   - a Markdown file imported by relative path → that file rendered in
//     place (a partial), with its headings in the page's TOC;
//   - anything else → nothing, and a warning naming the component.
type mdxComponents struct{}

var _ goldmark.Extender = mdxComponents{}

// Extend implements goldmark.Extender.
func (mdxComponents) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(componentTransformer{}, 10)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(mdxCodeRenderer{}, 100)))
}

type componentTransformer struct{}

// Transform implements parser.ASTTransformer.
func (componentTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	page := pageStateOf(pc)
	if page == nil {
		return
	}
	source := reader.Source()
	// Inline tags become elements first, so paragraphs can be unravelled.
	var paragraphs []*ast.Paragraph
	var parents []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if _, ok := c.(*jsxTagNode); ok {
				parents = append(parents, n)
				break
			}
		}
		if p, ok := n.(*ast.Paragraph); ok {
			paragraphs = append(paragraphs, p)
		}
		return ast.WalkContinue, nil
	})
	for _, parent := range parents {
		pairInlineTags(parent, page)
	}
	for _, p := range paragraphs {
		unravel(p, source)
	}
	// Elements are mapped innermost first, so Tabs sees mapped TabItems'
	// content and a component's children are final.
	var elements []ast.Node
	var expressions []placedExpression
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			if e := expressionOf(n); e != nil {
				expressions = append(expressions, placedExpression{node: n, expr: e})
			}
			return ast.WalkContinue, nil
		}
		if elementOf(n) != nil {
			elements = append(elements, n)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range elements {
		if n.Parent() != nil {
			page.mapElement(n, source, pc)
		}
	}
	// Expressions inside what was left out (an unknown component) or
	// consumed (a CodeBlock's code) are not the page's to show.
	for _, x := range expressions {
		if !isHeadingID(x.expr) && shown(x.node) {
			page.evaluateExpression(x.expr)
		}
	}
}

// shown reports whether a node is still in the document and not inside an
// element left out of the page.
func shown(n ast.Node) bool {
	for ; n != nil; n = n.Parent() {
		if n.Kind() == ast.KindDocument {
			return true
		}
		if el := elementOf(n); el != nil && (el.hidden || (el.site != nil && el.site.textOnly)) {
			return false // left out, or a prop of the page module's element
		}
	}
	return false
}

// placedExpression is an expression with the node holding it.
type placedExpression struct {
	node ast.Node
	expr *mdxExpression
}

// isHeadingID: {#id} is left for the heading's anchor.
func isHeadingID(e *mdxExpression) bool {
	return headingIDExpression.MatchString(e.code)
}

// Components, by the module Docusaurus sites import them from.
var themeComponents = map[string]string{
	"@theme/Tabs":             "Tabs",
	"@theme/TabItem":          "TabItem",
	"@theme/Admonition":       "Admonition",
	"@theme/CodeBlock":        "CodeBlock",
	"@theme/Details":          "Details",
	"@docusaurus/Link":        "Link",
	"@theme/DocCardList":      "DocCardList",
	"@theme/TOCInline":        "TOCInline",
	"@theme/MDXComponents":    "MDXComponents",
	"@docusaurus/Head":        "Head",
	"@docusaurus/BrowserOnly": "BrowserOnly",
}

// componentOf names the component a JSX name stands for: a theme component
// ("Tabs"…), "partial" with its file, or "" when Portal does not know it.
func (p *pageState) componentOf(name string) (kind, file string) {
	imp, imported := p.imports[name]
	if !imported {
		// Docusaurus provides Details to every page; the others must be
		// imported, but mean the same when an author forgot to.
		for _, known := range themeComponents {
			if known == name {
				return name, ""
			}
		}
		return "", ""
	}
	if c, ok := themeComponents[imp.source]; ok && imp.name == "default" {
		return c, ""
	}
	lower := strings.ToLower(imp.source)
	if imp.name == "default" && (strings.HasSuffix(lower, ".md") || strings.HasSuffix(lower, ".mdx")) {
		switch {
		case strings.HasPrefix(imp.source, "./") || strings.HasPrefix(imp.source, "../"):
			return "partial", path.Join(path.Dir(p.ctx.File), imp.source)
		case strings.HasPrefix(imp.source, "@site/"):
			return "partial", path.Clean(strings.TrimPrefix(imp.source, "@site/"))
		}
	}
	return "", ""
}

func (p *pageState) mapElement(n ast.Node, source []byte, pc parser.Context) {
	el := elementOf(n)
	name := el.tag.name
	if el.hidden || name == "" {
		return
	}
	if name == "head" {
		p.mapHead(n, el, source)
		return
	}
	if !isComponentName(name) {
		p.mapHTMLElement(n, el)
		return
	}
	kind, file := p.componentOf(name)
	switch kind {
	case "Head":
		p.mapHead(n, el, source)
	case "BrowserOnly":
		// Its children are a function the browser calls; the server render
		// (Docusaurus's too) shows only the fallback, which Portal leaves out.
		el.hidden = true
		p.warnOnce(el.pos, "browser-only", "<BrowserOnly> shows its content only in the browser, by code Portal does not run; it is left out",
			"write the content as Markdown, or leave it to the browser-only page")
	case "Tabs":
		p.mapTabs(n, el, pc)
	case "TabItem":
		if _, inTabs := n.Parent().(*tabsContainer); !inTabs && !isTabsElement(p, n.Parent()) {
			p.warnAt(el.pos, "<TabItem> outside <Tabs> is shown as it is", "put it inside <Tabs>")
		}
	case "Admonition":
		p.mapAdmonition(n, el)
	case "CodeBlock":
		p.mapCodeBlock(n, el, source)
	case "Details":
		el.tag.name = "details"
		p.mapHTMLElement(n, el)
		if summary, ok := el.tag.attr("summary"); ok && !summary.expr {
			s := &jsxOutput{html: "<summary>" + string(util.EscapeHTML([]byte(summary.value))) + "</summary>\n"}
			n.InsertBefore(n, n.FirstChild(), s)
			el.html = removeAttr(el.html, "summary")
		}
	case "Link":
		p.mapLink(n, el)
	case "DocCardList":
		p.mapDocCardList(n, el)
	case "TOCInline":
		p.mapTOCInline(n, el)
	case "partial":
		p.mapPartial(n, el, file)
	case "MDXComponents":
		p.hide(n, el, fmt.Sprintf("<%s> (MDXComponents) is not supported; it is left out", name), "use the components directly")
	default:
		if p.mapSiteComponent(n, el, source) || p.mapPageComponent(n, el, source) || p.mapImportedComponent(n, el, source) || p.mapElementWithCode(el) || p.unbuilt[name] {
			return
		}
		what := "is not one Portal knows"
		if p.localCode[name] {
			what = "is defined in the page's JavaScript, which Portal does not run"
		} else if imp, ok := p.imports[name]; ok {
			what = fmt.Sprintf("(imported from %q) is not one Portal knows", imp.source)
		}
		// The component's own markup is missing, but what it wraps is the
		// page's text: shown in its place, as a fragment would show it.
		p.warnOnce(el.pos, "unknown-component:"+name, fmt.Sprintf("the component <%s> %s; what it wraps is shown without it", name, what),
			"replace it with Markdown or HTML, or with a component docs/docusaurus-compat.md lists")
	}
}

// mapHead takes a page's <head> (or <Head>) out of its body and into the
// document's head, as Docusaurus does: its <title> is the document's
// title, its <meta> and <link> tags are added to the head (a meta
// description replacing the page's).
func (p *pageState) mapHead(n ast.Node, el *jsxElement, source []byte) {
	el.hidden = true
	if p.head == nil {
		p.head = &Head{}
	}
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		child := elementOf(c)
		if !entering || c == n || child == nil {
			return ast.WalkContinue, nil
		}
		switch name := child.tag.name; name {
		case "title":
			p.head.Title = strings.TrimSpace(plainText(c, source))
			return ast.WalkSkipChildren, nil
		case "meta", "link":
			tag := HeadTag{Name: name, Attrs: []HeadAttr{}}
			for _, a := range p.htmlAttributes(child) {
				tag.Attrs = append(tag.Attrs, HeadAttr{Name: a.name, Value: a.value})
			}
			p.head.Tags = append(p.head.Tags, tag)
		default:
			p.warnAt(child.pos, fmt.Sprintf("<%s> in the page's <head> is left out: Portal adds its <title>, <meta> and <link> tags", name),
				"keep only <title>, <meta> and <link> in <head>")
		}
		return ast.WalkSkipChildren, nil
	})
}

// hide leaves an element out of the page with a warning.
func (p *pageState) hide(n ast.Node, el *jsxElement, message, hint string) {
	el.hidden = true
	p.warnAt(el.pos, message, hint)
}

func isTabsElement(p *pageState, n ast.Node) bool {
	el := elementOf(n)
	if el == nil {
		return false
	}
	kind, _ := p.componentOf(el.tag.name)
	return kind == "Tabs"
}

func removeAttr(attrs []htmlAttr, name string) []htmlAttr {
	out := attrs[:0]
	for _, a := range attrs {
		if a.name != name {
			out = append(out, a)
		}
	}
	return out
}

// mapHTMLElement writes an element's attributes as HTML and records the
// links of <a> elements for the link check, as Docusaurus maps <a> to Link.
func (p *pageState) mapHTMLElement(n ast.Node, el *jsxElement) {
	if p.mapElementWithCode(el) {
		return
	}
	el.html = p.htmlAttributes(el)
	if el.tag.name == "a" {
		for i, a := range el.html {
			if a.name == "href" && !a.bare {
				el.html[i].value = p.linkTarget(a.value)
				p.extraLinks = append(p.extraLinks, Link{Dest: el.html[i].value, Line: p.lines.line(el.pos)})
			}
		}
	}
}

// linkTarget is the href of a JSX link: the base URL added to site paths.
func (p *pageState) linkTarget(to string) string {
	if strings.HasPrefix(to, "/") && !strings.HasPrefix(to, "//") {
		return p.withTrailingSlash(withBaseURL(p.ctx.BaseURL, to))
	}
	// A relative URL, resolved where the browser resolves it on the
	// Docusaurus site (RenderContext.LinkBase).
	if url, ok := p.relativeURL(to); ok {
		return p.withTrailingSlash(url)
	}
	return to
}

func (p *pageState) mapLink(n ast.Node, el *jsxElement) {
	el.tag.name = "a"
	attrs := p.htmlAttributes(el)
	var out []htmlAttr
	external := false
	for _, a := range attrs {
		switch a.name {
		case "to", "href":
			href := a.value
			if rest, ok := strings.CutPrefix(href, "pathname://"); ok {
				href, external = p.linkTarget(rest), true
			} else if urlScheme.MatchString(href) || strings.HasPrefix(href, "//") {
				external = true
			} else {
				href = p.linkTarget(href)
				p.extraLinks = append(p.extraLinks, Link{Dest: href, Line: p.lines.line(el.pos)})
			}
			out = append(out, htmlAttr{name: "href", value: href})
		case "autoaddbaseurl", "isnavlink", "activeclassname":
		default:
			out = append(out, a)
		}
	}
	if external {
		out = append(out, htmlAttr{name: "target", value: "_blank"}, htmlAttr{name: "rel", value: "noopener noreferrer"})
	}
	el.html = out
}

// attrValue evaluates an attribute: its string, or its expression's value.
func (p *pageState) attrValue(el *jsxElement, name string) (any, bool, bool) {
	a, ok := el.tag.attr(name)
	if !ok {
		return nil, false, true
	}
	switch {
	case a.bare:
		return true, true, true
	case !a.expr:
		return a.value, true, true
	}
	v, ok := p.evaluate(a.value)
	return v, true, ok
}

// stringAttr returns a string attribute; it warns and reports false when
// the value is code Portal cannot compute.
func (p *pageState) stringAttr(el *jsxElement, name string) (string, bool) {
	v, present, ok := p.attrValue(el, name)
	if !present {
		return "", false
	}
	if s, isString := jsString(v); ok && isString {
		return s, true
	}
	p.warnAt(el.pos, fmt.Sprintf("the %s attribute of <%s> is JavaScript, which Portal does not run; it is ignored", name, el.tag.name),
		"write it as a string")
	return "", false
}

func (p *pageState) boolAttr(el *jsxElement, name string) bool {
	v, present, ok := p.attrValue(el, name)
	b, isBool := v.(bool)
	return present && ok && isBool && b
}

func (p *pageState) mapAdmonition(n ast.Node, el *jsxElement) {
	kind, _ := p.stringAttr(el, "type")
	if kind == "" {
		kind = "note"
	}
	style, known := admonitionStyles[strings.ToLower(kind)]
	if !known {
		style = unknownAdmonitionStyle
	}
	title, hasTitle := p.stringAttr(el, "title")
	if !hasTitle {
		title = strings.ToLower(kind)
	}
	adm := &admonition{style: style, keyword: strings.ToLower(kind)}
	adm.AppendChild(adm, &admonitionHeading{fallback: title})
	content := &admonitionContent{}
	moveChildren(content, n)
	adm.AppendChild(adm, content)
	replaceElement(n, adm)
}

// replaceElement puts a block in an element's place. An inline element
// (unravelled ones are flow already) keeps its place inside text.
func replaceElement(n ast.Node, block ast.Node) {
	n.Parent().ReplaceChild(n.Parent(), n, block)
}

// mdxCodeBlock is a <CodeBlock>, rendered by the code block renderer.
type mdxCodeBlock struct {
	ast.BaseBlock
	block codeBlock
}

var kindMDXCodeBlock = ast.NewNodeKind("MDXCodeBlock")

// Kind implements ast.Node.
func (*mdxCodeBlock) Kind() ast.NodeKind { return kindMDXCodeBlock }

// Dump implements ast.Node.
func (n *mdxCodeBlock) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

func (p *pageState) mapCodeBlock(n ast.Node, el *jsxElement, source []byte) {
	code, ok := codeBlockText(n, source)
	if !ok {
		if p.mapWholeElement(el) {
			return // the page module computes its content, as Docusaurus does
		}
		p.hide(n, el, "the content of <CodeBlock> is JavaScript, which Portal does not run; the code block is left out",
			"give the code as a template literal: {`…`}")
		return
	}
	language, _ := p.stringAttr(el, "language")
	if language == "" {
		if class, ok := p.stringAttr(el, "className"); ok {
			language = strings.TrimPrefix(class, "language-")
		}
	}
	meta, _ := p.stringAttr(el, "metastring")
	parsed := parseCodeMeta(meta)
	title, hasTitle := p.stringAttr(el, "title")
	if !hasTitle {
		title = parsed.title
	}
	block := codeBlock{language: language, title: title, lineNumbers: parsed.lineNumbers, firstLineNumber: parsed.firstLineNumber}
	if v, present, ok := p.attrValue(el, "showLineNumbers"); present && ok {
		switch v := v.(type) {
		case bool:
			block.lineNumbers = v
		case float64:
			block.lineNumbers, block.firstLineNumber = true, int(v)
		}
	}
	if block.lineNumbers && block.firstLineNumber == 0 {
		block.firstLineNumber = 1
	}
	block.lines, block.endsWithNewline = splitCodeLines(strings.TrimSuffix(code, "\n") + "\n")
	switch {
	case parsed.hasRange:
		block.highlighted = highlightedLines(parsed.highlightRanges, len(block.lines))
	case language != "" && hasMagicComment(block.lines):
		block.lines, block.highlighted = applyMagicComments(language, block.lines)
	}
	replaceElement(n, &mdxCodeBlock{block: block})
}

// codeBlockText is a <CodeBlock>'s code: a string expression, or its text.
func codeBlockText(n ast.Node, source []byte) (string, bool) {
	var b strings.Builder
	ok := true
	var walk func(ast.Node)
	walk = func(parent ast.Node) {
		for c := parent.FirstChild(); c != nil; c = c.NextSibling() {
			if e := expressionOf(c); e != nil {
				v, isValue := evalExpression(e.code, jsScope{})
				s, isString := v.(string)
				if !isValue || !isString {
					ok = false
					return
				}
				b.WriteString(s)
				continue
			}
			switch c := c.(type) {
			case *ast.Text:
				b.Write(c.Segment.Value(source))
				if c.SoftLineBreak() || c.HardLineBreak() {
					b.WriteByte('\n')
				}
			case *ast.String:
				b.Write(c.Value)
			default:
				walk(c)
				if c.Type() == ast.TypeBlock {
					b.WriteByte('\n')
				}
			}
		}
	}
	walk(n)
	return b.String(), ok
}

type mdxCodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer; the code block renderer
// writes the node (see codeBlockRenderer).
func (mdxCodeRenderer) RegisterFuncs(renderer.NodeRendererFuncRegisterer) {}

// DocCardList is one <DocCardList> of a page: its cards are the current
// category's items (Items nil) or the items given.
type DocCardList struct {
	// Marker is the HTML comment in Result.HTML to replace with the cards.
	Marker string
	// Items are the items given in the items attribute; nil for the
	// current category's.
	Items []CardItem
	// Line locates it, for diagnostics.
	Line int
}

// CardItem is a sidebar item given to <DocCardList items={[…]}>.
type CardItem struct {
	Type, Label, Href, DocID, Description string
}

func (p *pageState) mapDocCardList(n ast.Node, el *jsxElement) {
	list := DocCardList{Marker: "<!--portal:doc-card-list:" + p.ctx.File + ":" + strconv.Itoa(len(p.docCardLists)) + "-->", Line: p.lines.line(el.pos)}
	if a, ok := el.tag.attr("items"); ok {
		code := strings.Join(strings.Fields(a.value), "")
		if code != "useCurrentSidebarCategory().items" {
			v, ok := p.evaluate(a.value)
			items, isList := v.([]any)
			if !ok || !isList {
				p.hide(n, el, "the items of <DocCardList> are JavaScript, which Portal does not run; the cards are left out",
					"leave items out for the current category's cards, or give a literal list of items")
				return
			}
			list.Items = []CardItem{}
			for _, it := range items {
				obj, _ := it.(*jsObject)
				str := func(key string) string { v, _ := obj.get(key); s, _ := v.(string); return s }
				list.Items = append(list.Items, CardItem{Type: str("type"), Label: str("label"), Href: str("href"),
					DocID: firstOf(str("docId"), str("id")), Description: str("description")})
			}
		}
	}
	p.docCardLists = append(p.docCardLists, list)
	replaceElement(n, &jsxOutput{html: list.Marker + "\n"})
}

func firstOf(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

// tocInline is a <TOCInline> waiting for the page's headings.
type tocInline struct {
	marker             string
	minLevel, maxLevel int
	// slice is toc.slice(…)'s arguments, when the page gives them: the
	// headings listed are those of the page's toc (h2 to h6, in order)
	// that the slice keeps.
	slice []int
}

// tocSlice matches toc={toc.slice(a)} and toc={toc.slice(a, b)}.
var tocSlice = regexp.MustCompile(`^toc\.slice\(\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?\)$`)

// sliceHeadings is JavaScript's Array.prototype.slice of the headings.
func sliceHeadings(headings []Heading, args []int) []Heading {
	if args == nil {
		return headings
	}
	n := len(headings)
	clamp := func(i int) int {
		if i < 0 {
			i += n
		}
		return min(max(i, 0), n)
	}
	from, to := clamp(args[0]), n
	if len(args) > 1 {
		to = clamp(args[1])
	}
	if from >= to {
		return nil
	}
	return headings[from:to]
}

func (p *pageState) mapTOCInline(n ast.Node, el *jsxElement) {
	t := tocInline{marker: "<!--portal:toc-inline:" + strconv.Itoa(len(p.tocInlines)) + "-->",
		minLevel: p.ctx.TOCMinLevel, maxLevel: p.ctx.TOCMaxLevel}
	if t.minLevel == 0 {
		t.minLevel, t.maxLevel = 2, 3
	}
	for _, level := range []struct {
		name string
		into *int
	}{{"minHeadingLevel", &t.minLevel}, {"maxHeadingLevel", &t.maxLevel}} {
		if v, present, ok := p.attrValue(el, level.name); present && ok {
			if f, isNumber := v.(float64); isNumber {
				*level.into = int(f)
			}
		}
	}
	if a, ok := el.tag.attr("toc"); ok && strings.TrimSpace(a.value) != "toc" {
		if m := tocSlice.FindStringSubmatch(strings.TrimSpace(a.value)); m != nil {
			from, _ := strconv.Atoi(m[1])
			t.slice = []int{from}
			if m[2] != "" {
				to, _ := strconv.Atoi(m[2])
				t.slice = append(t.slice, to)
			}
		} else {
			p.warnAt(el.pos, "the toc attribute of <TOCInline> is JavaScript ({"+abbreviate(a.value)+"}); the page's own headings are listed instead",
				"write toc={toc}, or toc={toc.slice(1)}")
		}
	}
	p.tocInlines = append(p.tocInlines, t)
	replaceElement(n, &jsxOutput{html: t.marker + "\n"})
}

// tocInlineHTML is the marker of the theme's TOCInline with the headings
// it lists (package components).
func tocInlineHTML(items []TOCItem) string {
	var b strings.Builder
	if items == nil {
		items = []TOCItem{}
	}
	_ = components.Open(&b, "TOCInline", struct {
		TOC []TOCItem `json:"toc"`
	}{items})
	_ = components.Close(&b)
	return b.String()
}

// mapPartial renders an imported Markdown file in the element's place.
func (p *pageState) mapPartial(n ast.Node, el *jsxElement, file string) {
	for _, f := range append(p.ctx.partialStack, p.ctx.File) {
		if f == file {
			p.errorAt(el.pos, fmt.Sprintf("the partial %s includes itself (%s → %s)", file,
				strings.Join(append(p.ctx.partialStack, p.ctx.File), " → "), file), "remove the import that closes the cycle")
			el.hidden = true
			return
		}
	}
	if p.ctx.Partial == nil || p.renderer == nil {
		p.hide(n, el, fmt.Sprintf("<%s> is a partial (%s), which cannot be read here", el.tag.name, file), "")
		return
	}
	body, ctx, err := p.ctx.Partial(file)
	if err != nil {
		p.errorAt(el.pos, fmt.Sprintf("cannot read the partial %s imported as <%s>: %v", file, el.tag.name, err),
			"fix the import's path; it is relative to this file")
		el.hidden = true
		return
	}
	ctx.partialStack = append(append([]string{}, p.ctx.partialStack...), p.ctx.File)
	// The partial's text is the page's: a URL-relative link in it resolves
	// against the page's URL, as the browser resolves it.
	ctx.LinkBase = p.ctx.LinkBase
	ctx.props = &jsObject{values: map[string]any{}}
	for _, a := range el.tag.attrs {
		if a.spread {
			continue
		}
		v, _, ok := p.attrValue(el, a.name)
		if ok {
			ctx.props.keys = append(ctx.props.keys, a.name)
			ctx.props.values[a.name] = v
		}
	}
	res, err := p.renderer.Render(body, ctx)
	if err != nil {
		p.errorAt(el.pos, fmt.Sprintf("render the partial %s: %v", file, err), "")
		el.hidden = true
		return
	}
	// The partial's own problems are reported by mergePartial, with its file.
	p.partials = append(p.partials, file)
	p.partials = append(p.partials, res.Partials...)
	replaceElement(n, &partialNode{result: res, file: file})
}

// partialNode is a partial's rendered page in its place.
type partialNode struct {
	ast.BaseBlock
	result *Result
	file   string
}

var kindPartial = ast.NewNodeKind("MDXPartial")

// Kind implements ast.Node.
func (*partialNode) Kind() ast.NodeKind { return kindPartial }

// Dump implements ast.Node.
func (n *partialNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"File": n.file}, nil)
}

func (p *pageState) mapTabs(n ast.Node, el *jsxElement, pc parser.Context) {
	type tabSpec struct {
		value, label, class, labelClass string
		isDefault                       bool
		panel                           ast.Node
		pos                             int
	}
	var specs []tabSpec
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		child := elementOf(c)
		if child == nil {
			if t, ok := c.(*ast.Text); ok && t.Segment.Len() >= 0 {
				continue
			}
			if e := expressionOf(c); e != nil && e.text == "" {
				continue
			}
			p.errorAt(el.pos, "Docusaurus error: Bad <Tabs> child: all children of the <Tabs> component should be <TabItem>, and every <TabItem> should have a unique \"value\" prop.",
				"move the content into a <TabItem>")
			continue
		}
		if child.hidden {
			continue
		}
		if kind, _ := p.componentOf(child.tag.name); kind != "TabItem" {
			p.errorAt(child.pos, fmt.Sprintf("Docusaurus error: Bad <Tabs> child <%s>: all children of the <Tabs> component should be <TabItem>, and every <TabItem> should have a unique \"value\" prop.", child.tag.name),
				"wrap it in a <TabItem>")
			continue
		}
		spec := tabSpec{panel: c, pos: child.pos}
		spec.value, _ = p.stringAttr(child, "value")
		spec.label, _ = p.stringAttr(child, "label")
		spec.class, _ = p.stringAttr(child, "className")
		spec.isDefault = p.boolAttr(child, "default")
		if v, present, ok := p.attrValue(child, "attributes"); present && ok {
			if obj, isObj := v.(*jsObject); isObj {
				cls, _ := obj.get("className")
				spec.labelClass, _ = cls.(string)
			}
		}
		specs = append(specs, spec)
	}
	// values={[{value, label}]} gives the labels (and order) of the tabs.
	if v, present, ok := p.attrValue(el, "values"); present {
		list, isList := v.([]any)
		if !ok || !isList {
			p.warnAt(el.pos, "the values attribute of <Tabs> is JavaScript, which Portal does not run; the TabItems' own labels are used",
				"write values as a literal list, or give each TabItem a label")
		} else {
			labels := map[string]string{}
			for _, item := range list {
				obj, _ := item.(*jsObject)
				value, _ := obj.get("value")
				label, _ := obj.get("label")
				vs, _ := jsString(value)
				ls, _ := jsString(label)
				labels[vs] = ls
			}
			for i := range specs {
				if l, ok := labels[specs[i].value]; ok && l != "" && specs[i].label == "" {
					specs[i].label = l
				}
			}
		}
	}
	seen := map[string]bool{}
	for _, s := range specs {
		if s.value == "" {
			p.errorAt(s.pos, "Docusaurus error: <TabItem> needs a value: every <TabItem> should have a unique \"value\" prop.", `add value="…"`)
		}
		if seen[s.value] {
			p.errorAt(s.pos, fmt.Sprintf("Docusaurus error: Duplicate values %q found in <Tabs>. Every value needs to be unique.", s.value),
				"give each TabItem its own value")
		}
		seen[s.value] = true
	}
	selected := 0
	for i, s := range specs {
		if s.isDefault {
			selected = i
			break
		}
	}
	if v, present, ok := p.attrValue(el, "defaultValue"); present && ok {
		switch dv := v.(type) {
		case nil:
			selected = -1
		case string:
			found := false
			for i, s := range specs {
				if s.value == dv {
					selected, found = i, true
				}
			}
			if !found {
				p.errorAt(el.pos, fmt.Sprintf("Docusaurus error: The <Tabs> has a defaultValue %q but none of its children has the corresponding value.", dv),
					"use one of the TabItems' values")
			}
		}
	}
	groupID, _ := p.stringAttr(el, "groupId")
	queryKey := ""
	if v, present, ok := p.attrValue(el, "queryString"); present && ok {
		switch q := v.(type) {
		case bool:
			if q {
				if groupID == "" {
					p.errorAt(el.pos, `Docusaurus error: The <Tabs> component groupId prop is required if queryString=true, because this value is used as the search param name.`,
						`add groupId="…", or give queryString a name`)
				}
				queryKey = groupID
			}
		case string:
			queryKey = q
		}
	}
	seq, _ := pc.Get(tabsSeqKey).(int)
	seq++
	pc.Set(tabsSeqKey, seq)
	container := &tabsContainer{groupID: groupID, queryString: queryKey, seq: seq, hasTabs: len(specs) > 0}
	list := &tabList{}
	container.AppendChild(container, list)
	for i, s := range specs {
		label := s.label
		if label == "" {
			label = s.value
		}
		state := tabState{seq: seq, index: i + 1, value: s.value, selected: i == selected}
		list.AppendChild(list, &tabLabel{state: state, fallback: label, class: s.labelClass})
		panel := &tabPanel{state: state, class: s.class}
		moveChildren(panel, s.panel)
		container.AppendChild(container, panel)
	}
	replaceElement(n, container)
}
