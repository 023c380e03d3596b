// Package csp makes the site's Content-Security-Policy: it finds the inline
// scripts and style elements in the pages a build writes and allows exactly
// those by their hash, so the policy needs neither 'unsafe-inline' nor
// 'unsafe-eval'. The theme's colour-mode script runs before first paint and
// must stay inline; the page's initial data is a JSON script element
// (type="application/json"), which browsers never execute and CSP ignores.
package csp

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	stdhtml "html"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Hashes are the CSP hash sources ('sha256-…') of inline code.
type Hashes struct {
	Scripts []string
	Styles  []string
	// StyleAttrs are the hashes of style attributes' values (an MDX
	// style={{…}}, a site component's), allowed with 'unsafe-hashes': the
	// client inserts pages' HTML with them when it navigates.
	StyleAttrs []string `json:",omitempty"`
}

// HashSource is the CSP hash source of an inline script's or style
// element's text (CSP Level 3 §2.3.1): the SHA-256 of its exact bytes.
func HashSource(text []byte) string {
	sum := sha256.Sum256(text)
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// Policy is the site's policy: everything from the site itself, inline
// code only when its hash is listed, no plugins, no framing. Images may
// also come from data: URLs (the theme's CSS icons) and any https: origin
// (Markdown may show images hosted elsewhere).
func Policy(h Hashes) string {
	directives := []string{
		"default-src 'self'",
		"script-src " + sources(h.Scripts),
		"style-src " + sources(h.Styles),
	}
	if len(h.StyleAttrs) > 0 {
		directives = append(directives, "style-src-attr 'unsafe-hashes' "+strings.Join(h.StyleAttrs, " "))
	}
	return strings.Join(append(directives,
		"img-src 'self' data: https:",
		"font-src 'self' data:",
		"connect-src 'self'",
		"manifest-src 'self'",
		"worker-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'"), "; ")
}

func sources(hashes []string) string {
	return strings.Join(append([]string{"'self'"}, hashes...), " ")
}

// Collector gathers the hashes of the inline code of every HTML file it is
// shown. Safe for concurrent use.
type Collector struct {
	mu         sync.Mutex
	scripts    map[string]bool
	styles     map[string]bool
	styleAttrs map[string]bool
}

// NewCollector returns an empty collector.
func NewCollector() *Collector {
	return &Collector{scripts: map[string]bool{}, styles: map[string]bool{}, styleAttrs: map[string]bool{}}
}

// Scan records the inline scripts and style elements of one HTML document.
// Pages are written by the theme (React escapes every "<" in text, so the
// tags found are real elements) and by authors' raw HTML, which the site
// trusts; the scan is a plain byte search, cheap enough to run over every
// page of a build.
func (c *Collector) Scan(html []byte) { c.Add(ScanPage(html)) }

// ScanPage is what Scan records of one HTML document, for a build that
// keeps it with the page and adds it again when the page is unchanged.
func ScanPage(html []byte) Hashes {
	var h Hashes
	for _, s := range inlineElements(html, "script", executableScript) {
		h.Scripts = append(h.Scripts, HashSource(s))
	}
	for _, s := range inlineElements(html, "style", func([]byte) bool { return true }) {
		h.Styles = append(h.Styles, HashSource(s))
	}
	for _, m := range styleAttr.FindAllSubmatch(html, -1) {
		h.StyleAttrs = append(h.StyleAttrs, HashSource([]byte(stdhtml.UnescapeString(string(m[1])))))
	}
	return h
}

// styleAttr is a style attribute as React and the Markdown renderer write
// it (double quotes, quotes inside escaped).
var styleAttr = regexp.MustCompile(`\sstyle="([^"]*)"`)

// Add records hashes ScanPage found.
func (c *Collector) Add(h Hashes) {
	if len(h.Scripts) == 0 && len(h.Styles) == 0 && len(h.StyleAttrs) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range h.Scripts {
		c.scripts[s] = true
	}
	for _, s := range h.Styles {
		c.styles[s] = true
	}
	for _, s := range h.StyleAttrs {
		c.styleAttrs[s] = true
	}
}

// Hashes returns what was collected, sorted so the policy is stable.
func (c *Collector) Hashes() Hashes {
	c.mu.Lock()
	defer c.mu.Unlock()
	return Hashes{Scripts: sortedKeys(c.scripts), Styles: sortedKeys(c.styles), StyleAttrs: sortedKeys(c.styleAttrs)}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// inlineElements returns the text of each <tag …>…</tag> element without a
// src attribute whose opening tag passes keep.
func inlineElements(html []byte, tag string, keep func(openTag []byte) bool) [][]byte {
	var out [][]byte
	open := []byte("<" + tag)
	end := []byte("</" + tag)
	for rest := html; ; {
		i := indexFold(rest, open)
		if i < 0 {
			return out
		}
		rest = rest[i+len(open):]
		// "<scripts" or "<style-x" are other elements.
		if len(rest) == 0 || !isTagNameEnd(rest[0]) {
			continue
		}
		gt := bytes.IndexByte(rest, '>')
		if gt < 0 {
			return out
		}
		attrs := rest[:gt]
		rest = rest[gt+1:]
		closing := indexFold(rest, end)
		if closing < 0 {
			return out
		}
		text := rest[:closing]
		rest = rest[closing:]
		if hasAttr(attrs, "src") || !keep(attrs) {
			continue
		}
		out = append(out, text)
	}
}

// executableScript reports whether a script element with these attributes
// runs: no type, a JavaScript MIME type or "module". Data blocks such as
// application/json and application/ld+json are never executed, and CSP
// does not apply to them.
func executableScript(attrs []byte) bool {
	t, ok := attrValue(attrs, "type")
	if !ok {
		return true
	}
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript":
		return true
	}
	return false
}

func isTagNameEnd(b byte) bool {
	return b == '>' || b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '/'
}

// hasAttr reports whether the attribute list of an opening tag has name.
func hasAttr(attrs []byte, name string) bool {
	_, ok := attrValue(attrs, name)
	return ok
}

// attrValue finds name="value", name='value', name=value or a bare name in
// the attribute list of an opening tag.
func attrValue(attrs []byte, name string) (string, bool) {
	s := string(attrs)
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f' || s[i] == '/') {
			i++
		}
		start := i
		for i < len(s) && s[i] != '=' && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' && s[i] != '\f' && s[i] != '/' {
			i++
		}
		key := s[start:i]
		value := ""
		if i < len(s) && s[i] == '=' {
			i++
			switch {
			case i < len(s) && (s[i] == '"' || s[i] == '\''):
				q := s[i]
				j := strings.IndexByte(s[i+1:], q)
				if j < 0 {
					value, i = s[i+1:], len(s)
				} else {
					value, i = s[i+1:i+1+j], i+2+j
				}
			default:
				j := i
				for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' {
					j++
				}
				value, i = s[i:j], j
			}
		}
		if key != "" && strings.EqualFold(key, name) {
			return value, true
		}
		if i == start {
			i++
		}
	}
	return "", false
}

// indexFold is bytes.Index ignoring ASCII case; sep starts with '<' and
// is lower-case.
func indexFold(s, sep []byte) int {
	for off := 0; ; {
		i := bytes.IndexByte(s[off:], '<')
		if i < 0 {
			return -1
		}
		i += off
		if len(s)-i >= len(sep) && bytes.EqualFold(s[i:i+len(sep)], sep) {
			return i
		}
		off = i + 1
	}
}
