package search

import (
	"net/url"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// A page's names are what a reader calls it: its title, its sidebar label,
// the labels of the categories above it (its breadcrumb) and the last
// segment of its URL. They are indexed in the page's section 0 and weigh
// most; a page whose title or label is the query itself ranks first
// (docs/search-index.md, "What is indexed" and "Query").

// pathText is the text of the fields the breadcrumb and the URL slug give:
// the labels of the categories above the page, then the slug.
func pathText(p Page) string {
	parts := append([]string{}, p.Trail...)
	if slug := urlSlug(p.URL); slug != "" {
		parts = append(parts, slug)
	}
	return norm.NFC.String(strings.Join(parts, " "))
}

// urlSlug is the last non-empty segment of a route path, unescaped:
// "ip-allow-list" for "/docs/getting-started/ip-allow-list/".
func urlSlug(path string) string {
	segments := strings.Split(strings.Trim(path, "/"), "/")
	last := segments[len(segments)-1]
	if unescaped, err := url.PathUnescape(last); err == nil {
		return unescaped
	}
	return last
}

// nameTokens counts the raw tokens of a name that give at least one term:
// the length the query is compared with when it may equal the name
// (stop words and lone characters do not count on either side).
func (a *analyzer) nameTokens(name string) int {
	n := 0
	for token := range rawTokens(norm.NFC.String(name)) {
		if len(a.tokenTerms(token)) > 0 {
			n++
		}
	}
	return n
}
