package server

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/portaldocs/portal/internal/route"
)

func TestGzip(t *testing.T) {
	h := fixture(t, "/", nil)
	for _, tc := range []struct {
		name, target, acceptEncoding, rangeHeader string
		gzipped                                   bool
		want                                      string
	}{
		{name: "compressible and large", target: "/assets/app.3f2a.js", acceptEncoding: "gzip", gzipped: true, want: bigJS},
		{name: "with q and other codings", target: "/assets/app.3f2a.js", acceptEncoding: "br;q=1.0, gzip;q=0.8, *;q=0.1", gzipped: true, want: bigJS},
		{name: "star", target: "/assets/app.3f2a.js", acceptEncoding: "*", gzipped: true, want: bigJS},
		{name: "gzip refused with q=0", target: "/assets/app.3f2a.js", acceptEncoding: "gzip;q=0, *", want: bigJS},
		{name: "not accepted", target: "/assets/app.3f2a.js", acceptEncoding: "br", want: bigJS},
		{name: "no header", target: "/assets/app.3f2a.js", want: bigJS},
		{name: "range request", target: "/assets/app.3f2a.js", acceptEncoding: "gzip", rangeHeader: "bytes=0-9", want: bigJS[:10]},
		{name: "tiny body", target: "/assets/style.9c1d.css", acceptEncoding: "gzip", want: "body{margin:0}"},
		{name: "precompressed sibling", target: "/assets/pre.1111.js", acceptEncoding: "gzip", gzipped: true, want: preJS},
	} {
		t.Run(tc.name, func(t *testing.T) {
			header := []string{"Accept-Encoding", tc.acceptEncoding}
			if tc.rangeHeader != "" {
				header = append(header, "Range", tc.rangeHeader)
			}
			resp := request(h, http.MethodGet, tc.target, header...)
			raw := body(t, resp)
			if resp.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("Vary %q", resp.Header.Get("Vary"))
			}
			if got := resp.Header.Get("Content-Length"); got != strconv.Itoa(len(raw)) {
				t.Errorf("Content-Length %q for %d bytes", got, len(raw))
			}
			got := raw
			if tc.gzipped {
				if resp.Header.Get("Content-Encoding") != "gzip" {
					t.Fatalf("Content-Encoding %q, want gzip", resp.Header.Get("Content-Encoding"))
				}
				got = gunzip(t, []byte(raw))
			} else if ce := resp.Header.Get("Content-Encoding"); ce != "" {
				t.Fatalf("Content-Encoding %q, want none", ce)
			}
			if got != tc.want {
				t.Errorf("body %q…, want %q…", trim(got), trim(tc.want))
			}
			if resp.Header.Get("Content-Type") != "text/javascript; charset=utf-8" && !strings.HasSuffix(tc.target, ".css") {
				t.Errorf("Content-Type %q", resp.Header.Get("Content-Type"))
			}
		})
	}
}

func trim(s string) string { return s[:min(len(s), 30)] }

func TestGzipOnlyForTextTypes(t *testing.T) {
	m := fixtureManifest("/")
	fsys := fixtureFS(t, m)
	big := strings.Repeat("\x89PNG", 1000)
	fsys["img/big.png"] = &fstest.MapFile{Data: []byte(big)}
	h := New(Static(Snapshot{FS: fsys, Manifest: m}))
	resp := request(h, http.MethodGet, "/img/big.png", "Accept-Encoding", "gzip")
	if resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Vary") != "" || body(t, resp) != big {
		t.Errorf("png: Content-Encoding %q, Vary %q", resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
	}
}

// TestGzipRoutePages: route HTML is compressed too, HEAD included.
func TestGzipRoutePages(t *testing.T) {
	m := fixtureManifest("/")
	fsys := fixtureFS(t, m)
	page := "<h1>X</h1>" + strings.Repeat("<p>text</p>", 200)
	fsys["docs/x/index.html"] = &fstest.MapFile{Data: []byte(page)}
	h := New(Static(Snapshot{FS: fsys, Manifest: m}))

	get := request(h, http.MethodGet, "/docs/x/", "Accept-Encoding", "gzip")
	raw := body(t, get)
	if get.Header.Get("Content-Encoding") != "gzip" || gunzip(t, []byte(raw)) != page {
		t.Fatalf("GET: Content-Encoding %q", get.Header.Get("Content-Encoding"))
	}
	head := request(h, http.MethodHead, "/docs/x/", "Accept-Encoding", "gzip")
	if b := body(t, head); b != "" {
		t.Errorf("HEAD body %q", b)
	}
	for _, k := range []string{"Content-Encoding", "Content-Length", "ETag", "Content-Type", "Vary"} {
		if head.Header.Get(k) != get.Header.Get(k) {
			t.Errorf("HEAD %s %q, GET %q", k, head.Header.Get(k), get.Header.Get(k))
		}
	}
}

func TestConditionalGet(t *testing.T) {
	h := fixture(t, "/", nil)
	for _, tc := range []struct {
		name, target, acceptEncoding string
	}{
		{"route", "/docs/x/", ""},
		{"asset", "/assets/style.9c1d.css", ""},
		{"asset gzip", "/assets/app.3f2a.js", "gzip"},
		{"precompressed", "/assets/pre.1111.js", "gzip"},
		{"binary", "/img/photo.png", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := request(h, http.MethodGet, tc.target, "Accept-Encoding", tc.acceptEncoding)
			etag := first.Header.Get("ETag")
			if !strings.HasPrefix(etag, `"`) || !strings.HasSuffix(etag, `"`) || len(etag) < 10 {
				t.Fatalf("ETag %q is not a strong validator", etag)
			}
			again := request(h, http.MethodGet, tc.target, "Accept-Encoding", tc.acceptEncoding)
			if again.Header.Get("ETag") != etag {
				t.Errorf("ETag changed: %q then %q", etag, again.Header.Get("ETag"))
			}
			for _, inm := range []string{etag, `"other", ` + etag, "*"} {
				resp := request(h, http.MethodGet, tc.target, "Accept-Encoding", tc.acceptEncoding, "If-None-Match", inm)
				if resp.StatusCode != http.StatusNotModified {
					t.Errorf("If-None-Match %s: status %d, want 304", inm, resp.StatusCode)
				}
				if b := body(t, resp); b != "" {
					t.Errorf("304 with body %q", b)
				}
				if resp.Header.Get("ETag") != etag {
					t.Errorf("304 ETag %q, want %q", resp.Header.Get("ETag"), etag)
				}
			}
			stale := request(h, http.MethodGet, tc.target, "Accept-Encoding", tc.acceptEncoding, "If-None-Match", `"stale"`)
			if stale.StatusCode != http.StatusOK {
				t.Errorf("stale ETag: status %d", stale.StatusCode)
			}
			failed := request(h, http.MethodGet, tc.target, "Accept-Encoding", tc.acceptEncoding, "If-Match", `"stale"`)
			if failed.StatusCode != http.StatusPreconditionFailed {
				t.Errorf("If-Match stale: status %d, want 412", failed.StatusCode)
			}
		})
	}
}

// TestETagPerEncoding: the identity and gzip bodies are different
// representations, so their strong ETags differ and one does not validate
// the other (RFC 9110 §8.8.3).
func TestETagPerEncoding(t *testing.T) {
	h := fixture(t, "/", nil)
	for _, target := range []string{"/assets/app.3f2a.js", "/assets/pre.1111.js"} {
		plain := request(h, http.MethodGet, target).Header.Get("ETag")
		gz := request(h, http.MethodGet, target, "Accept-Encoding", "gzip")
		if gz.Header.Get("ETag") == plain {
			t.Fatalf("%s: same ETag %q for both encodings", target, plain)
		}
		resp := request(h, http.MethodGet, target, "Accept-Encoding", "gzip", "If-None-Match", plain)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("%s: identity ETag validated the gzip body: %d", target, resp.StatusCode)
		}
		resp = request(h, http.MethodGet, target, "If-None-Match", gz.Header.Get("ETag"))
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: gzip ETag validated the identity body: %d", target, resp.StatusCode)
		}
	}
}

func TestRangeRequests(t *testing.T) {
	h := fixture(t, "/", nil)
	resp := request(h, http.MethodGet, "/assets/app.3f2a.js", "Range", "bytes=10-19")
	if resp.StatusCode != http.StatusPartialContent || body(t, resp) != bigJS[10:20] {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if got := resp.Header.Get("Content-Range"); got != "bytes 10-19/"+strconv.Itoa(len(bigJS)) {
		t.Errorf("Content-Range %q", got)
	}
	etag := resp.Header.Get("ETag")
	// If-Range with the current ETag keeps the range; with another, the
	// whole file comes back (RFC 9110 §13.1.5).
	if r := request(h, http.MethodGet, "/assets/app.3f2a.js", "Range", "bytes=0-4", "If-Range", etag); r.StatusCode != 206 {
		t.Errorf("If-Range current: %d", r.StatusCode)
	}
	if r := request(h, http.MethodGet, "/assets/app.3f2a.js", "Range", "bytes=0-4", "If-Range", `"old"`); r.StatusCode != 200 {
		t.Errorf("If-Range stale: %d", r.StatusCode)
	}
	bad := request(h, http.MethodGet, "/assets/app.3f2a.js", "Range", "bytes=999999-")
	if bad.StatusCode != http.StatusRequestedRangeNotSatisfiable {
		t.Errorf("unsatisfiable: %d", bad.StatusCode)
	}
	if bad.Header.Get("Cache-Control") != "" || bad.Header.Get("ETag") != "" {
		t.Errorf("416 kept success headers: %v", bad.Header)
	}
}

func TestLastModifiedFromDir(t *testing.T) {
	site := secretSite(t)
	mtime := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	if err := chtimes(site+"/robots.txt", mtime); err != nil {
		t.Fatal(err)
	}
	src, err := Dir(site)
	if err != nil {
		t.Fatal(err)
	}
	h := New(src)
	resp := request(h, http.MethodGet, "/robots.txt")
	if got := resp.Header.Get("Last-Modified"); got != mtime.Format(http.TimeFormat) {
		t.Fatalf("Last-Modified %q", got)
	}
	later := mtime.Add(time.Hour).Format(http.TimeFormat)
	if r := request(h, http.MethodGet, "/robots.txt", "If-Modified-Since", later); r.StatusCode != 304 {
		t.Errorf("If-Modified-Since: %d", r.StatusCode)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for _, tc := range []struct {
		values []string
		want   bool
	}{
		{nil, false},
		{[]string{""}, false},
		{[]string{"gzip"}, true},
		{[]string{"GZIP"}, true},
		{[]string{"x-gzip"}, true},
		{[]string{"deflate, gzip"}, true},
		{[]string{"br", "gzip"}, true},
		{[]string{"gzip;q=0"}, false},
		{[]string{"gzip; q=0.000"}, false},
		{[]string{"gzip;q=0.5"}, true},
		{[]string{"gzip;Q=1"}, true},
		{[]string{"gzip;q=bogus"}, false},
		{[]string{"*"}, true},
		{[]string{"*;q=0"}, false},
		{[]string{"gzip;q=0, *"}, false},
		{[]string{"identity"}, false},
		{[]string{"br;q=1, identity;q=0.5"}, false},
	} {
		if got := acceptsGzip(tc.values); got != tc.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", tc.values, got, tc.want)
		}
	}
}

// TestGzipReadFailure: a file that fails while being compressed ends in a
// logged error, not a silent short body.
func TestGzipReadFailure(t *testing.T) {
	m := &route.Manifest{BaseURL: "/"}
	logs := &logBuffer{}
	h := New(Static(Snapshot{FS: failingFS{}, Manifest: m}), WithLogger(logs.logger()))
	resp := request(h, http.MethodGet, "/big.js", "Accept-Encoding", "gzip")
	if resp.StatusCode != http.StatusInternalServerError {
		t.Fatalf("status %d", resp.StatusCode)
	}
	var logged bool
	for _, rec := range logs.records(t) {
		if rec["level"] == "ERROR" && strings.Contains(rec["error"].(string), "disk on fire") {
			logged = true
		}
	}
	if !logged {
		t.Errorf("no error logged: %v", logs.records(t))
	}
}

// failingFS has one large file whose reads fail once it has been read
// through and rewound: hashing works, compressing then fails.
type failingFS struct{}

func (failingFS) Open(name string) (fs.File, error) {
	if name != "big.js" {
		return nil, fs.ErrNotExist
	}
	return &failingFile{r: strings.NewReader(strings.Repeat("x", 4096))}, nil
}

// failingFile wraps rather than embeds its reader, so io.Copy cannot bypass
// Read through strings.Reader's WriteTo.
type failingFile struct {
	r       *strings.Reader
	rewound bool
}

func (f *failingFile) Read(p []byte) (int, error) {
	if f.rewound {
		return 0, errors.New("disk on fire")
	}
	return f.r.Read(p)
}

func (f *failingFile) Seek(offset int64, whence int) (int64, error) {
	f.rewound = true
	return f.r.Seek(offset, whence)
}

func (f *failingFile) Stat() (fs.FileInfo, error) {
	return fstest.MapFS{"big.js": {Data: make([]byte, f.r.Size())}}.Stat("big.js")
}

func (f *failingFile) Close() error { return nil }

func chtimes(name string, t time.Time) error { return os.Chtimes(name, t, t) }
