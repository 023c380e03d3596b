package server

import (
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	brrr "github.com/molecule-man/go-brrr"

	"github.com/portaldocs/portal/internal/route"
)

func TestEncodingNegotiation(t *testing.T) {
	h := fixture(t, "/", nil)
	for _, tc := range []struct {
		name, target, acceptEncoding, rangeHeader string
		encoding                                  string // "" for the identity
		want                                      string
		noVary                                    bool // the file has no siblings
		page                                      bool // a page's URL also varies by Accept
	}{
		{name: "brotli preferred", target: "/assets/app.3f2a.js", acceptEncoding: "gzip, deflate, br", encoding: "br", want: bigJS},
		{name: "gzip only", target: "/assets/app.3f2a.js", acceptEncoding: "gzip", encoding: "gzip", want: bigJS},
		{name: "q-values honoured", target: "/assets/app.3f2a.js", acceptEncoding: "br;q=0.5, gzip;q=0.8", encoding: "gzip", want: bigJS},
		{name: "equal q: the smaller", target: "/assets/app.3f2a.js", acceptEncoding: "gzip;q=0.8, br;q=0.8", encoding: "br", want: bigJS},
		{name: "star", target: "/assets/app.3f2a.js", acceptEncoding: "*", encoding: "br", want: bigJS},
		{name: "br refused", target: "/assets/app.3f2a.js", acceptEncoding: "br;q=0, *", encoding: "gzip", want: bigJS},
		{name: "identity preferred", target: "/assets/app.3f2a.js", acceptEncoding: "identity, br;q=0.5", want: bigJS},
		{name: "nothing the build wrote", target: "/assets/app.3f2a.js", acceptEncoding: "deflate, zstd", want: bigJS},
		{name: "no header", target: "/assets/app.3f2a.js", want: bigJS},
		{name: "range of the brotli body", target: "/assets/app.3f2a.js", acceptEncoding: "br", rangeHeader: "bytes=0-9", encoding: "br"},
		{name: "only a gzip sibling", target: "/assets/pre.1111.js", acceptEncoding: "br, gzip", encoding: "gzip", want: preJS},
		{name: "no sibling: never compressed here", target: "/assets/big.77aa.js", acceptEncoding: "br, gzip", want: bigJS, noVary: true},
		{name: "tiny body", target: "/assets/style.9c1d.css", acceptEncoding: "br, gzip", want: "body{margin:0}", noVary: true},
		{name: "route page", target: "/docs/x/", acceptEncoding: "br", encoding: "br", want: "<h1>X</h1>", page: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			header := []string{"Accept-Encoding", tc.acceptEncoding}
			if tc.rangeHeader != "" {
				header = append(header, "Range", tc.rangeHeader)
			}
			resp := request(h, http.MethodGet, tc.target, header...)
			raw := body(t, resp)
			want := map[bool]string{false: "Accept-Encoding", true: ""}[tc.noVary]
			if tc.page {
				want = "Accept, Accept-Encoding"
			}
			if resp.Header.Get("Vary") != want {
				t.Errorf("Vary %q, want %q", resp.Header.Get("Vary"), want)
			}
			if got := resp.Header.Get("Content-Length"); got != strconv.Itoa(len(raw)) {
				t.Errorf("Content-Length %q for %d bytes", got, len(raw))
			}
			if got := resp.Header.Get("Content-Encoding"); got != tc.encoding {
				t.Fatalf("Content-Encoding %q, want %q", got, tc.encoding)
			}
			if tc.rangeHeader != "" {
				full := body(t, request(h, http.MethodGet, tc.target, "Accept-Encoding", tc.acceptEncoding))
				if resp.StatusCode != http.StatusPartialContent || raw != full[:10] {
					t.Errorf("range: status %d, %q is not the first bytes of the %s body", resp.StatusCode, raw, tc.encoding)
				}
				return
			}
			if got := decode(t, tc.encoding, raw); got != tc.want {
				t.Errorf("body %q…, want %q…", trim(got), trim(tc.want))
			}
		})
	}
}

func decode(t testing.TB, encoding, raw string) string {
	t.Helper()
	switch encoding {
	case "gzip":
		return gunzip(t, []byte(raw))
	case "br":
		out, err := io.ReadAll(brrr.NewReader(strings.NewReader(raw)))
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	return raw
}

func trim(s string) string { return s[:min(len(s), 30)] }

func TestBinaryTypesHaveNoVary(t *testing.T) {
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

// TestHeadMatchesGet: HEAD gets GET's headers, encodings included, and no body.
func TestHeadMatchesGet(t *testing.T) {
	h := fixture(t, "/", nil)
	for _, ae := range []string{"", "gzip", "br"} {
		get := request(h, http.MethodGet, "/docs/x/", "Accept-Encoding", ae)
		head := request(h, http.MethodHead, "/docs/x/", "Accept-Encoding", ae)
		if b := body(t, head); b != "" {
			t.Errorf("HEAD body %q", b)
		}
		for _, k := range []string{"Content-Encoding", "Content-Length", "ETag", "Content-Type", "Vary", "Content-Security-Policy"} {
			if head.Header.Get(k) != get.Header.Get(k) {
				t.Errorf("%s: HEAD %s %q, GET %q", ae, k, head.Header.Get(k), get.Header.Get(k))
			}
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
		{"asset brotli", "/assets/app.3f2a.js", "br"},
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

// TestETagPerEncoding: the identity, gzip and brotli bodies are different
// representations, so their strong ETags differ and one does not validate
// another (RFC 9110 §8.8.3).
func TestETagPerEncoding(t *testing.T) {
	h := fixture(t, "/", nil)
	target := "/assets/app.3f2a.js"
	etags := map[string]string{}
	for _, ae := range []string{"identity", "gzip", "br"} {
		etags[ae] = request(h, http.MethodGet, target, "Accept-Encoding", ae).Header.Get("ETag")
	}
	if etags["identity"] == etags["gzip"] || etags["gzip"] == etags["br"] || etags["br"] == etags["identity"] {
		t.Fatalf("ETags not distinct: %v", etags)
	}
	for ae, etag := range etags {
		for other := range etags {
			resp := request(h, http.MethodGet, target, "Accept-Encoding", other, "If-None-Match", etag)
			if want := map[bool]int{true: 304, false: 200}[ae == other]; resp.StatusCode != want {
				t.Errorf("%s ETag on a %s request: %d, want %d", ae, other, resp.StatusCode, want)
			}
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

func TestAcceptedQ(t *testing.T) {
	for _, tc := range []struct {
		values []string
		coding string
		want   float64
	}{
		{nil, "gzip", 0},
		{nil, "identity", identityUnlisted},
		{[]string{"gzip"}, "identity", identityUnlisted},
		{[]string{""}, "gzip", 0},
		{[]string{"gzip"}, "gzip", 1},
		{[]string{"GZIP"}, "gzip", 1},
		{[]string{"x-gzip"}, "gzip", 1},
		{[]string{"deflate, gzip"}, "gzip", 1},
		{[]string{"br", "gzip"}, "br", 1},
		{[]string{"gzip;q=0"}, "gzip", 0},
		{[]string{"gzip; q=0.000"}, "gzip", 0},
		{[]string{"gzip;q=0.5"}, "gzip", 0.5},
		{[]string{"br;Q=1"}, "br", 1},
		{[]string{"gzip;q=bogus"}, "gzip", 0},
		{[]string{"*"}, "br", 1},
		{[]string{"*;q=0"}, "gzip", 0},
		{[]string{"*;q=0"}, "identity", 0},
		{[]string{"gzip;q=0, *"}, "gzip", 0},
		{[]string{"identity"}, "br", 0},
		{[]string{"br;q=1, identity;q=0.5"}, "identity", 0.5},
	} {
		if got := acceptedQ(tc.values, tc.coding); got != tc.want {
			t.Errorf("acceptedQ(%q, %s) = %v, want %v", tc.values, tc.coding, got, tc.want)
		}
	}
}

// TestReadFailure: a file that cannot be read is a logged 500, not a
// silent short body.
func TestReadFailure(t *testing.T) {
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

// failingFS has one file whose reads fail.
type failingFS struct{}

func (failingFS) Open(name string) (fs.File, error) {
	if name != "big.js" {
		return nil, fs.ErrNotExist
	}
	return failingFile{}, nil
}

type failingFile struct{}

func (failingFile) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func (failingFile) Stat() (fs.FileInfo, error) {
	return fstest.MapFS{"big.js": {Data: make([]byte, 4096)}}.Stat("big.js")
}

func (failingFile) Close() error { return nil }

func chtimes(name string, t time.Time) error { return os.Chtimes(name, t, t) }
