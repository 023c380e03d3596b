package mdexport

import (
	"net/url"
	"path"
	"strings"

	"github.com/portaldocs/portal/internal/markdown"
)

// Card is a card the page shows (a generated index's, a <DocCardList>'s):
// a heading that links, as the HTML's card is an h2 inside a link.
type Card struct {
	Label, Href, Description string
}

// Page is what a page's Markdown file is made of.
type Page struct {
	// URL is the page's absolute URL: the site's url, base URL and route.
	URL string
	// Title is the page's h1 when the body has none (Title ""
	// or TitleInBody: none is written).
	Title       string
	TitleInBody bool
	// Lead is what the page shows before its body (a home page's hero and
	// features), Markdown with links marked as Body's.
	Lead string
	// Body is the render's Result.Markdown, links still marked.
	Body string
	// Cards follow the body.
	Cards []Card
}

// Markdown writes the page's file: its title, its body and its cards,
// every link absolute against the page's URL.
func (p Page) Markdown() string {
	var parts []string
	if p.Title != "" && !p.TitleInBody {
		parts = append(parts, "# "+p.Title)
	}
	for _, text := range []string{p.Lead, p.Body} {
		if text = strings.TrimSpace(markdown.ResolveMarkdownLinks(text, p.Absolute)); text != "" {
			parts = append(parts, text)
		}
	}
	if cards := CardsMarkdown(p.Cards, p.Absolute); cards != "" {
		parts = append(parts, cards)
	}
	return strings.Join(parts, "\n\n") + "\n"
}

// CardsMarkdown writes cards as the HTML shows them: each a level-2
// heading linking to the page, then its description.
func CardsMarkdown(cards []Card, absolute func(string) string) string {
	parts := make([]string, 0, len(cards))
	for _, c := range cards {
		card := "## " + c.Label
		if c.Href != "" {
			card = "## [" + escapeLinkText(c.Label) + "](" + absolute(c.Href) + ")"
		}
		if c.Description != "" {
			card += "\n\n" + c.Description
		}
		parts = append(parts, card)
	}
	return strings.Join(parts, "\n\n")
}

// Absolute resolves a destination as the page's HTML writes it against
// the page's URL; what does not parse as a URL is left as written.
func (p Page) Absolute(dest string) string {
	base, err := url.Parse(p.URL)
	if err != nil || dest == "" {
		return dest
	}
	ref, err := url.Parse(dest)
	if err != nil {
		return dest
	}
	return base.ResolveReference(ref).String()
}

// PageURL is a route's absolute URL: the site's url (scheme and host) and
// the route's path, which holds the base URL.
func PageURL(siteURL, routePath string) string {
	return strings.TrimSuffix(siteURL, "/") + routePath
}

// Files names the Markdown files of the page whose HTML file is htmlFile
// (output-relative): index.md beside index.html, and for a page in a
// folder of its own the file named as the folder, so /docs/x/index.md and
// /docs/x.md both answer.
func Files(htmlFile string) []string {
	dir, file := path.Split(htmlFile)
	if file != "index.html" {
		return []string{strings.TrimSuffix(htmlFile, ".html") + ".md"}
	}
	files := []string{dir + "index.md"}
	if dir = strings.TrimSuffix(dir, "/"); dir != "" {
		files = append(files, dir+".md")
	}
	return files
}

var linkTextEscaper = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`)

func escapeLinkText(s string) string { return linkTextEscaper.Replace(s) }
