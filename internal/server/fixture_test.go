package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	brrr "github.com/molecule-man/go-brrr"

	"github.com/portaldocs/portal/internal/route"
)

// bigJS is a compressible asset comfortably above minGzipSize.
var bigJS = strings.Repeat("console.log('portal');\n", 200)

// preJS is an asset with a precompressed sibling.
var preJS = strings.Repeat("export const x = 1;\n", 100)

// fixtureManifest is a small site at base, which ends with "/".
func fixtureManifest(base string) *route.Manifest {
	p := func(rel string) string { return base + rel }
	return &route.Manifest{
		BaseURL: base,
		Routes: []route.Entry{
			{Path: base, Kind: route.KindHome, Title: "Home"},
			{Path: p("blog/"), Kind: route.KindPage, Title: "Blog"},
			{Path: p("docs/certified/service-base-urls/"), Kind: route.KindDoc, Title: "Service base URLs"},
			{Path: p("docs/x/"), Kind: route.KindDoc, Title: "X"},
		},
		Redirects: []route.Redirect{
			{From: p("baseUrls"), To: p("docs/certified/service-base-urls/")},
			{From: p("old-with-query"), To: p("docs/x/?tab=1")},
		},
	}
}

// fixtureFS is the output folder of fixtureManifest; the layout does not
// depend on the base URL.
func fixtureFS(t testing.TB, m *route.Manifest) fstest.MapFS {
	manifest, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	return fstest.MapFS{
		"index.html":              file("<h1>Home</h1>"),
		"blog/index.html":         file("<h1>Blog</h1>"),
		"docs/x/index.html":       file("<h1>X</h1>"),
		"docs/x/index.html.br":    {Data: brotliBytes(t, []byte("<h1>X</h1>"))},
		"docs/x/index.md":         file("# X\n"),
		"docs/x.md":               file("# X\n"),
		"docs/notes.html":         file("<h1>Loose HTML file</h1>"),
		"static/guide/index.html": file("<h1>Static guide</h1>"),
		"baseUrls/index.html":     file(`<meta http-equiv="refresh" content="0; url=/docs/certified/service-base-urls/">`),
		"404.html":                file("<h1>Page Not Found</h1>"),
		"routes.json":             {Data: manifest},
		"sitemap.xml":             file(`<?xml version="1.0"?><urlset/>`),
		"robots.txt":              file("User-agent: *\n"),
		"assets/app.3f2a.js":      file(bigJS),
		"assets/app.3f2a.js.br":   {Data: brotliBytes(t, []byte(bigJS))},
		"assets/app.3f2a.js.gz":   {Data: gzipBytes(t, []byte(bigJS))},
		"assets/big.77aa.js":      file(bigJS),
		"assets/app.3f2a.js.map":  file(`{"version":3}`),
		"assets/style.9c1d.css":   file("body{margin:0}"),
		"assets/pre.1111.js":      file(preJS),
		"assets/pre.1111.js.gz":   {Data: gzipBytes(t, []byte(preJS))},
		"assets/font.aa11.woff2":  file("wOF2"),
		"data/docs-x.5e6f.json":   file(`{"title":"X"}`),
		"img/logo.svg":            file("<svg/>"),
		"img/photo.png":           file("\x89PNG"),
		"img/photo.jpg":           file("\xff\xd8\xff"),
		"img/photo.webp":          file("RIFF"),
		"favicon.ico":             file("\x00\x00\x01\x00"),
		"site.webmanifest":        file(`{"name":"Portal"}`),
		"downloads/archive.bin":   file("\x01\x02"),
		"docs/certified/service-base-urls/index.html": file("<h1>Service base URLs</h1>"),
	}
}

// fixture is the handler over the fixture site at base, logging to logs.
func fixture(t testing.TB, base string, logs *logBuffer) http.Handler {
	m := fixtureManifest(base)
	return New(Static(Snapshot{FS: fixtureFS(t, m), Manifest: m}), WithLogger(logs.logger()))
}

// request runs one request through h; header is name, value pairs.
func request(h http.Handler, method, target string, header ...string) *http.Response {
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t testing.TB, resp *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func gzipBytes(t testing.TB, b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func brotliBytes(t testing.TB, b []byte) []byte {
	var buf bytes.Buffer
	bw, err := brrr.NewWriter(&buf, 6)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := bw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gunzip(t testing.TB, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func unbrotli(t testing.TB, b []byte) string {
	t.Helper()
	out, err := io.ReadAll(brrr.NewReader(bytes.NewReader(b)))
	if err != nil {
		t.Fatalf("brotli: %v", err)
	}
	return string(out)
}

// logBuffer collects JSON log lines; safe for concurrent use. A nil
// *logBuffer discards.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) logger() *slog.Logger {
	if l == nil {
		return nil
	}
	return slog.New(slog.NewJSONHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// records decodes the lines logged so far.
func (l *logBuffer) records(t testing.TB) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for line := range strings.SplitSeq(strings.TrimSpace(l.buf.String()), "\n") {
		if line == "" {
			continue
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		out = append(out, rec)
	}
	return out
}
