package deploy

import (
	"fmt"
	"strings"

	"github.com/portaldocs/portal/internal/policy"
)

// redirectsFile is the _redirects file of Netlify and Cloudflare Pages:
// one "from to status" line per redirect. Both hosts pass the query string
// on. The not-found page needs no line: both serve 404.html with status 404
// for any path without a file.
func redirectsFile(redirects []Redirect) []byte {
	var b strings.Builder
	b.WriteString("# Written by portal build: the 301s portal serve answers, for static hosts that\n")
	b.WriteString("# read _redirects (Netlify, Cloudflare Pages). See docs/deploy.md.\n")
	for _, r := range redirects {
		fmt.Fprintf(&b, "%s %s 301\n", escapePath(r.From), r.To)
	}
	return []byte(b.String())
}

// headersFile is the _headers file of Netlify and Cloudflare Pages: the
// security headers on every path, and a year's caching for the
// content-hashed folders. Other paths keep the hosts' default, which makes
// browsers revalidate (max-age=0, must-revalidate), like portal serve's
// no-cache; setting it on "/*" too would merge two Cache-Control values on
// the immutable folders.
func headersFile(s Site) []byte {
	base := s.Manifest.BaseURL
	var b strings.Builder
	b.WriteString("# Written by portal build: the headers portal serve sends, for static hosts that\n")
	b.WriteString("# read _headers (Netlify, Cloudflare Pages). See docs/deploy.md.\n")
	b.WriteString(base + "*\n")
	for _, h := range s.Headers {
		fmt.Fprintf(&b, "  %s: %s\n", h.Name, h.Value)
	}
	for _, dir := range policy.ImmutableDirs {
		fmt.Fprintf(&b, "%s%s*\n  Cache-Control: %s\n", base, dir, policy.CacheImmutable)
	}
	return []byte(b.String())
}
