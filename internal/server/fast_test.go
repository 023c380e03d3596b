package server

import (
	"net"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"
)

// fastCtx is a fasthttp request for target with the given headers.
func fastCtx(method, target string, header ...string) *fasthttp.RequestCtx {
	var req fasthttp.Request
	req.Header.SetMethod(method)
	req.SetRequestURI(target)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	var ctx fasthttp.RequestCtx
	ctx.Init(&req, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 4321}, nil)
	return &ctx
}

// TestFastPathAnswersLikeTheRules: once a file is resolved, the fast path
// answers plain requests with the headers and body the http.Handler gives,
// and leaves every other request to it.
func TestFastPathAnswersLikeTheRules(t *testing.T) {
	h := fixture(t, "/", nil).(*handler)
	for _, tc := range []struct {
		target, ae string
		status     int
		encoding   string
		location   string
	}{
		{"/docs/x/", "br", 200, "br", ""},
		{"/assets/app.3f2a.js", "gzip;q=1, br;q=0.5", 200, "gzip", ""},
		{"/assets/app.3f2a.js", "", 200, "", ""},
		{"/docs/x", "", 301, "", "/docs/x/"},
		{"/docs/x?tab=2", "", 301, "", "/docs/x/?tab=2"},
		{"/baseUrls", "", 301, "", "/docs/certified/service-base-urls/"},
	} {
		// The first request resolves the file on the full path.
		want := request(h, "GET", tc.target, "Accept-Encoding", tc.ae)
		ctx := fastCtx("GET", tc.target, "Accept-Encoding", tc.ae)
		if !h.serveFast(ctx) {
			t.Errorf("%s: not answered on the fast path", tc.target)
			continue
		}
		resp := &ctx.Response
		if resp.StatusCode() != tc.status || resp.StatusCode() != want.StatusCode {
			t.Errorf("%s: status %d, rules %d", tc.target, resp.StatusCode(), want.StatusCode)
		}
		for _, k := range []string{"Content-Type", "Content-Encoding", "Cache-Control", "Etag", "Vary", "Location",
			"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "Cross-Origin-Opener-Policy", "Permissions-Policy"} {
			if got, rules := string(resp.Header.Peek(k)), want.Header.Get(k); got != rules {
				t.Errorf("%s: %s %q, rules %q", tc.target, k, got, rules)
			}
		}
		if got := string(resp.Header.Peek("Content-Encoding")); got != tc.encoding {
			t.Errorf("%s: Content-Encoding %q, want %q", tc.target, got, tc.encoding)
		}
		if got := string(resp.Body()); got != body(t, want) {
			t.Errorf("%s: body differs from the rules' (%d bytes against %d)", tc.target, len(got), len(body(t, want)))
		}
	}
	for _, tc := range []struct {
		method, target string
		header         []string
	}{
		{"POST", "/docs/x/", nil},
		{"GET", "/docs/%78/", nil},
		{"GET", "/docs/x/", []string{"Range", "bytes=0-1"}},
		{"GET", "/docs/x/", []string{"If-None-Match", `"x"`}},
		{"GET", "/nope/", nil},
		{"GET", "/../etc/passwd", nil},
	} {
		if h.serveFast(fastCtx(tc.method, tc.target, tc.header...)) {
			t.Errorf("%s %s %v was answered on the fast path", tc.method, tc.target, tc.header)
		}
	}
}

func BenchmarkServeFast(b *testing.B) {
	h := fixture(b, "/", nil).(*handler)
	request(h, "GET", "/docs/x/", "Accept-Encoding", "gzip, deflate, br")
	ctx := fastCtx("GET", "/docs/x/", "Accept-Encoding", "gzip, deflate, br")
	b.ReportAllocs()
	for b.Loop() {
		ctx.Response.Reset()
		if !h.serveFast(ctx) {
			b.Fatal("not on the fast path")
		}
	}
	if !strings.Contains(string(ctx.Response.Header.Peek("Content-Encoding")), "br") {
		b.Fatal("not brotli")
	}
}
