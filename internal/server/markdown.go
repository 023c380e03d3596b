package server

import (
	"net/http"
	"strings"
)

// A page's URL also answers with the page's Markdown (the build's
// <page>.md beside <page>.html, docs/agents.md) to a client whose Accept
// prefers text/markdown to text/html; every answer of a page's URL then
// says it depends on Accept.

var (
	varyAccept               = []string{"Accept"}
	varyAcceptAcceptEncoding = []string{"Accept, Accept-Encoding"}
)

// negotiated reports whether a file's URL answers by Accept: a page's HTML,
// or the Markdown given in its place.
func negotiated(name string) bool {
	return strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".md")
}

// markdownSibling is the Markdown file of a page's HTML file.
func markdownSibling(htmlFile string) (string, bool) {
	stem, ok := strings.CutSuffix(htmlFile, ".html")
	return stem + ".md", ok
}

// wantsMarkdown reports whether Accept values name text/markdown with a
// weight above 0. Browsers never name it; a client that does asks for
// Markdown whatever else it lists, the one rule an nginx regex can follow
// as well (deploy's nginx.conf), so both servers answer alike.
func wantsMarkdown(values []string) bool {
	for _, v := range values {
		for v != "" {
			var item string
			item, v, _ = strings.Cut(v, ",")
			if name, q := parseCoding(item); strings.EqualFold(name, "text/markdown") && q > 0 {
				return true
			}
		}
	}
	return false
}

// serveNegotiated serves a page's Markdown in place of its HTML when the
// request prefers it and the build wrote it; else the HTML.
func (h *handler) serveNegotiated(w http.ResponseWriter, r *http.Request, st *snapshotState, e *fileEntry) (served bool, err error) {
	name, isHTML := markdownSibling(e.name)
	if !isHTML || !wantsMarkdown(r.Header["Accept"]) {
		return false, nil
	}
	md := st.entry(name, e.cacheControl[0])
	err = h.serveEntry(w, r, md)
	if isNotFound(err) {
		st.forget(md)
		return false, nil
	}
	return true, err
}

// varyOf is the Vary header of a file's answers: Accept for a page's HTML
// or Markdown, Accept-Encoding when the file has precompressed siblings.
// Each answer names what chose it, as nginx's do: a page's small Markdown
// file without siblings varies by Accept alone.
func varyOf(name string, variants int) []string {
	switch {
	case negotiated(name) && variants > 1:
		return varyAcceptAcceptEncoding
	case negotiated(name):
		return varyAccept
	case variants > 1:
		return varyAcceptEncoding
	}
	return nil
}
