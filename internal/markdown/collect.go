package markdown

import (
	"bytes"
	"html"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
)

// collect fills the page data of res from the parsed document.
func (r *Renderer) collect(res *Result, root ast.Node, source []byte, lines lineIndex) error {
	return ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			return ast.WalkContinue, r.collectHeading(res, n, source)
		case *ast.Link:
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

// collectHeading records the first h1 as the title and every h2-h6.
func (r *Renderer) collectHeading(res *Result, heading *ast.Heading, source []byte) error {
	text := strings.TrimSpace(plainText(heading, source))
	if heading.Level == 1 {
		if res.Title == "" {
			res.Title = text
		}
		return nil
	}
	content, err := r.renderInline(heading, source)
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

// renderInline renders the inline content of a block, leaving out the hash
// link, for places such as the table of contents that show it elsewhere.
func (r *Renderer) renderInline(block ast.Node, source []byte) (string, error) {
	var b bytes.Buffer
	for c := block.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Kind() == kindHashLink {
			continue
		}
		if err := r.md.Renderer().Render(&b, source, c); err != nil {
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
// or in text does not count.
var idAttribute = regexp.MustCompile(
	`<[A-Za-z][A-Za-z0-9-]*` +
		`(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>` + "`" + `]+))?)*?` +
		`\s+id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>` + "`" + `]+))`)

// htmlIDs returns the ids defined in the HTML, each once, in order. Scanning
// the output, rather than the tree, also finds ids authors wrote in raw HTML.
func htmlIDs(page string) []string {
	var ids []string
	seen := map[string]bool{}
	for _, match := range idAttribute.FindAllStringSubmatch(page, -1) {
		id := html.UnescapeString(match[1] + match[2] + match[3])
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		ids = append(ids, id)
	}
	return ids
}
