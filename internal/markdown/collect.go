package markdown

import (
	"bytes"
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// collect fills the page data of res from the parsed document.
func (r *Renderer) collect(res *Result, root ast.Node, source []byte, page *pageState) error {
	lines := page.lines
	return ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			return ast.WalkContinue, r.collectHeading(res, n, source, page.ctx.MDX)
		case *partialNode:
			res.mergePartial(n)
		case *ast.Link:
			if page.unchecked[n] {
				return ast.WalkContinue, nil
			}
			res.Links = append(res.Links, Link{Dest: linkDestination(n.Destination), Line: lines.nodeLine(n)})
		case *ast.Image:
			res.Links = append(res.Links, Link{Dest: linkDestination(n.Destination), Line: lines.nodeLine(n)})
		case *ast.AutoLink:
			res.Links = append(res.Links, Link{Dest: autoLinkDestination(n, source), Line: lines.nodeLine(n)})
		case *mermaidDiagram:
			res.HasMermaid = true
		case *ast.Paragraph:
			if res.Description == "" {
				res.Description = excerpt(plainText(n, source), r.config.descriptionLimit)
			}
		}
		return ast.WalkContinue, nil
	})
}

// mergePartial adds what a partial's page holds to the page including it:
// its headings join the table of contents where the partial stands.
func (res *Result) mergePartial(n *partialNode) {
	sub := n.result
	res.Headings = append(res.Headings, sub.Headings...)
	for _, l := range sub.Links {
		if l.File == "" {
			l.File = n.file
		}
		res.Links = append(res.Links, l)
	}
	for _, l := range sub.UnresolvedMarkdownLinks {
		if l.File == "" {
			l.File = n.file
		}
		res.UnresolvedMarkdownLinks = append(res.UnresolvedMarkdownLinks, l)
	}
	res.HasMermaid = res.HasMermaid || sub.HasMermaid
	res.Diagnostics = append(res.Diagnostics, sub.Diagnostics...)
	res.Assets = append(res.Assets, sub.Assets...)
	res.DocCardLists = append(res.DocCardLists, sub.DocCardLists...)
	if res.Description == "" {
		res.Description = sub.Description
	}
	if res.Head == nil {
		res.Head = sub.Head
	}
}

// collectHeading records the first h1 as the title and every h2-h6.
func (r *Renderer) collectHeading(res *Result, heading *ast.Heading, source []byte, mdx bool) error {
	text := strings.TrimSpace(plainText(heading, source))
	if heading.Level == 1 {
		if res.Title == "" {
			res.Title = text
		}
		return nil
	}
	content, err := r.renderInline(heading, source, mdx)
	if err != nil {
		return err
	}
	var id string
	if value, ok := heading.AttributeString("id"); ok {
		id = string(value.([]byte))
	}
	res.Headings = append(res.Headings, Heading{Level: heading.Level, ID: id, Text: text, HTML: content})
	return nil
}

// renderInline renders the inline content of a block for places such as
// the table of contents. The hash link and footnote references are left out:
// they belong to the heading on the page, and a copy of a footnote reference
// would repeat its id.
func (r *Renderer) renderInline(block ast.Node, source []byte, mdx bool) (string, error) {
	md := r.md
	if mdx {
		md = r.mdx
	}
	var b bytes.Buffer
	for c := block.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Kind() == kindHashLink || c.Kind() == east.KindFootnoteLink {
			continue
		}
		if err := md.Renderer().Render(&b, source, c); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// autoLinkDestination is where an autolink goes: e-mail addresses get the
// mailto: scheme the HTML adds.
func autoLinkDestination(n *ast.AutoLink, source []byte) string {
	url := string(n.URL(source))
	if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(url), "mailto:") {
		return "mailto:" + url
	}
	return url
}

// excerpt collapses whitespace and shortens text to at most limit
// characters, cutting at a word boundary and marking the cut with "…".
func excerpt(text string, limit int) string {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= limit {
		return text
	}
	runes := []rune(text)
	cut := string(runes[:limit-1])
	if i := strings.LastIndexByte(cut, ' '); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:.") + "…"
}

// idAttribute matches an id attribute in a start tag, after any number of
// other well-formed attributes, so an "id=" inside another attribute's value
// does not count.
var idAttribute = regexp.MustCompile(
	`^<[A-Za-z][A-Za-z0-9-]*` +
		`(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>` + "`" + `]+))?)*?` +
		`\s+id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>` + "`" + `]+))`)

// headingMarkerID is the id of an anchored heading the theme will write,
// from its component marker (renderHeading).
func headingMarkerID(tag string) (string, bool) {
	props, ok := strings.CutPrefix(tag, `<portal-component name="Heading" props="`)
	if !ok {
		return "", false
	}
	props, _, _ = strings.Cut(props, `"`)
	var heading headingProps
	if json.Unmarshal([]byte(html.UnescapeString(props)), &heading) != nil || heading.ID == "" {
		return "", false
	}
	return heading.ID, true
}

// HTMLIDs returns the ids defined in the HTML, each once, in order; an
// anchored heading's id comes from its marker, before the theme writes it. Scanning
// the output, rather than the tree, also finds ids authors wrote in raw HTML.
// Text never holds a literal "<" (it is escaped), so every "<" followed by a
// letter starts a tag.
func HTMLIDs(page string) []string {
	var ids []string
	seen := map[string]bool{}
	for _, tag := range startTags(page) {
		// Most tags have no id; skip the regular expression for them.
		if !strings.Contains(tag, "id") {
			continue
		}
		if id, ok := headingMarkerID(tag); ok {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
			continue
		}
		match := idAttribute.FindStringSubmatch(tag)
		if match == nil {
			continue
		}
		// A clone: a substring would keep the whole page's HTML alive for as
		// long as the anchors are (a build keeps them, not the HTML).
		id := strings.Clone(html.UnescapeString(match[1] + match[2] + match[3]))
		if id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids
}

// startTags returns each "<name …>" in page, up to its first ">".
func startTags(page string) []string {
	var tags []string
	for i := 0; i < len(page); {
		open := strings.IndexByte(page[i:], '<')
		if open < 0 {
			break
		}
		open += i
		end := strings.IndexByte(page[open:], '>')
		if end < 0 {
			break
		}
		end += open
		if open+1 < len(page) && isASCIILetter(page[open+1]) {
			tags = append(tags, page[open:end+1])
		}
		i = open + 1
	}
	return tags
}

func isASCIILetter(b byte) bool {
	return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
}
