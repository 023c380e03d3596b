package markdown

import (
	"html"
	"regexp"
	"strings"
)

// ResolveMarkdownLinks writes the final destination of every link that
// Result.Markdown marks: resolve maps a destination as the page's HTML has
// it (a route path, a relative URL, #anchor) to the URL a reader outside
// the site follows. A destination with spaces or unbalanced parentheses is
// written between angle brackets, as CommonMark allows.
func ResolveMarkdownLinks(markdown string, resolve func(dest string) string) string {
	var b strings.Builder
	b.Grow(len(markdown) + len(markdown)/8)
	for {
		start := strings.Index(markdown, linkMark)
		if start < 0 {
			b.WriteString(markdown)
			return b.String()
		}
		end := strings.Index(markdown[start+1:], linkMark)
		if end < 0 {
			b.WriteString(markdown)
			return b.String()
		}
		b.WriteString(markdown[:start])
		b.WriteString(destinationText(resolve(markdown[start+1 : start+1+end])))
		markdown = markdown[start+1+end+1:]
	}
}

func destinationText(dest string) string {
	if strings.ContainsAny(dest, " <>\n") || strings.Count(dest, "(") != strings.Count(dest, ")") {
		return "<" + strings.NewReplacer("<", "%3C", ">", "%3E", "\n", "").Replace(dest) + ">"
	}
	return dest
}

var htmlTags = regexp.MustCompile(`<[^>]*>`)

// tocMarkdown writes a <TOCInline>'s entries as a nested list of links to
// the headings.
func tocMarkdown(items []TOCItem) string {
	var b strings.Builder
	var write func(items []TOCItem, indent string)
	write = func(items []TOCItem, indent string) {
		for _, it := range items {
			text := escapeMarkdownText(html.UnescapeString(htmlTags.ReplaceAllString(it.Value, "")))
			b.WriteString(indent + "- [" + text + "](" + markDestination("#"+it.ID) + ")\n")
			write(it.Children, indent+"  ")
		}
	}
	write(items, "")
	return strings.TrimSuffix(b.String(), "\n")
}
