package docmain

import (
	"regexp"
	"strings"

	"github.com/portaldocs/portal/internal/links"
)

// reactEscaper escapes text and attribute values as React's server
// renderer does (escapeTextForBrowser).
var reactEscaper = strings.NewReplacer(`&`, `&amp;`, `<`, `&lt;`, `>`, `&gt;`, `"`, `&quot;`, `'`, `&#x27;`)

func escapeText(s string) string {
	if !strings.ContainsAny(s, `&<>"'`) {
		return s
	}
	return reactEscaper.Replace(s)
}

// themeEscaper is the theme's own escapeHtml (theme/src/head.ts), which the
// sidebar's string renderer uses: the apostrophe stays.
var themeEscaper = strings.NewReplacer(`&`, `&amp;`, `<`, `&lt;`, `>`, `&gt;`, `"`, `&quot;`)

func escapeHTML(s string) string {
	if !strings.ContainsAny(s, `&<>"`) {
		return s
	}
	return themeEscaper.Replace(s)
}

// javascriptURL is React's pattern for the URLs it blocks.
var javascriptURL = regexp.MustCompile(`(?i)^[\x00-\x1F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:`)

// url writes a URL attribute's value; React rewrites javascript: URLs,
// which are left to the theme.
func (p *pageWriter) url(u string) {
	if javascriptURL.MatchString(u) {
		p.unsupported()
		return
	}
	p.w(escapeText(u))
}

const pathnameProtocol = "pathname://"

// link writes the anchor the theme's Link renders (theme/src/app/Link.tsx):
// site paths get the base URL, external URLs open in a new tab. attrs are
// the element's other attributes, in the order the caller passes them.
func (p *pageWriter) link(to, attrs, inner string) {
	target := to
	forcedExternal := false
	if strings.HasPrefix(target, pathnameProtocol) {
		target = target[len(pathnameProtocol):]
		forcedExternal = true
	}
	external := forcedExternal || hasProtocol(target)
	u := target
	if !hasProtocol(target) && strings.HasPrefix(target, "/") {
		u = withBaseURL(p.r.site.BaseURL, target)
	}
	p.w(`<a`)
	if u != "" {
		p.w(` href="`)
		p.url(u)
		p.w(`"`)
	}
	if external {
		p.w(` target="_blank" rel="noopener noreferrer"`)
	}
	p.w(` `, attrs, `>`, inner, `</a>`)
}

// hasProtocol: the URL starts with "scheme:" (any word characters) or "//",
// the theme's test (theme/src/utils/links.ts), which the link checker
// shares.
func hasProtocol(u string) bool { return links.IsExternal(u) }

// withBaseURL prefixes a site path with the base URL, as the theme does.
func withBaseURL(baseURL, u string) string {
	if u == "" || strings.HasPrefix(u, "#") || hasProtocol(u) {
		return u
	}
	if u == strings.TrimSuffix(baseURL, "/") {
		return baseURL
	}
	if strings.HasPrefix(u, baseURL) {
		return u
	}
	return baseURL + strings.TrimPrefix(u, "/")
}
