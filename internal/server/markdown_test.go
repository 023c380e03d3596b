package server

import (
	"net/http"
	"testing"
)

// A page's URL answers with its Markdown to a client that asks for it, and
// every answer of a page's URL varies by Accept.
func TestPageAnswersMarkdownByAccept(t *testing.T) {
	h := fixture(t, "/", nil)
	for _, tc := range []struct {
		name, target, accept string
		contentType, body    string
		vary                 string
	}{
		{name: "an agent", target: "/docs/x/", accept: "text/markdown", contentType: "text/markdown; charset=utf-8", body: "# X\n", vary: "Accept"},
		{name: "markdown first", target: "/docs/x/", accept: "text/markdown, text/html;q=0.9", contentType: "text/markdown; charset=utf-8", body: "# X\n", vary: "Accept"},
		{name: "markdown refused", target: "/docs/x/", accept: "text/markdown;q=0, text/html", contentType: "text/html; charset=utf-8", body: "<h1>X</h1>", vary: "Accept, Accept-Encoding"},
		{name: "a browser", target: "/docs/x/", accept: "text/html,application/xhtml+xml,*/*;q=0.8", contentType: "text/html; charset=utf-8", body: "<h1>X</h1>", vary: "Accept, Accept-Encoding"},
		{name: "no Markdown written", target: "/blog/", accept: "text/markdown", contentType: "text/html; charset=utf-8", body: "<h1>Blog</h1>", vary: "Accept"},
		{name: "the Markdown file", target: "/docs/x.md", contentType: "text/markdown; charset=utf-8", body: "# X\n", vary: "Accept"},
		{name: "not a page", target: "/robots.txt", accept: "text/markdown", contentType: "text/plain; charset=utf-8", body: "User-agent: *\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := request(h, http.MethodGet, tc.target, "Accept", tc.accept)
			got := body(t, resp)
			if resp.StatusCode != http.StatusOK || got != tc.body {
				t.Fatalf("%d %q, want 200 %q", resp.StatusCode, got, tc.body)
			}
			if ct := resp.Header.Get("Content-Type"); ct != tc.contentType {
				t.Errorf("Content-Type %q, want %q", ct, tc.contentType)
			}
			if v := resp.Header.Get("Vary"); v != tc.vary {
				t.Errorf("Vary %q, want %q", v, tc.vary)
			}
		})
	}
}

// The fast path leaves a request for a page's Markdown to the rules, which
// negotiate, and answers a page's HTML with the same Vary.
func TestFastPathLeavesMarkdownToTheRules(t *testing.T) {
	h := fixture(t, "/", nil).(*handler)
	request(h, http.MethodGet, "/docs/x/") // resolves the entry
	if h.serveFast(fastCtx(http.MethodGet, "/docs/x/", "Accept", "text/markdown")) {
		t.Error("a request for Markdown was answered on the fast path")
	}
	ctx := fastCtx(http.MethodGet, "/docs/x/", "Accept", "text/html")
	if !h.serveFast(ctx) {
		t.Fatal("the page's HTML was not answered on the fast path")
	}
	if v := string(ctx.Response.Header.Peek("Vary")); v != "Accept, Accept-Encoding" {
		t.Errorf("Vary %q", v)
	}
}
