package server

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	brrr "github.com/molecule-man/go-brrr"
)

// largeSite is the fixture site in a folder, with an asset whose identity
// and precompressed siblings are each over 100 KB.
func largeSite(t *testing.T) (dir, identity string) {
	t.Helper()
	dir = t.TempDir()
	if err := os.CopyFS(dir, fixtureFS(t, fixtureManifest("/"))); err != nil {
		t.Fatal(err)
	}
	// Hex of random bytes compresses to about half, so every sibling is
	// large too.
	random := make([]byte, 150<<10)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	identity = hex.EncodeToString(random)
	for name, data := range map[string][]byte{
		"assets/large.0a0a.js":    []byte(identity),
		"assets/large.0a0a.js.gz": gzipBytes(t, []byte(identity)),
		"assets/large.0a0a.js.br": brotliBytes(t, []byte(identity)),
	} {
		if len(data) < 100<<10 {
			t.Fatalf("%s: %d bytes, not a large file", name, len(data))
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, identity
}

// TestLargeFilesOverTCP: large files, held in memory or read from the
// folder on each request (sent with sendfile(2) by net/http), arrive whole
// and in order on a keep-alive connection, concurrently, as HEAD, as
// ranges, and after the file is rewritten in place.
func TestLargeFilesOverTCP(t *testing.T) {
	for _, tc := range []struct {
		name        string
		memoryLimit int64
	}{
		{"held in memory", defaultMemoryLimit},
		{"read from the folder", 0},
	} {
		t.Run(tc.name, func(t *testing.T) { testLargeFilesOverTCP(t, tc.memoryLimit) })
	}
}

func testLargeFilesOverTCP(t *testing.T, memoryLimit int64) {
	dir, identity := largeSite(t)
	src, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	base, done := startServer(t, ctx, New(src, WithMemoryLimit(memoryLimit)))
	url := base + "assets/large.0a0a.js"
	// One connection, so every answer follows the one before on it.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true, MaxConnsPerHost: 1}}

	fetch := func(method, encoding string, header ...string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequestWithContext(ctx, method, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept-Encoding", encoding)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatalf("%s %s: %v", method, encoding, err)
		}
		return resp, b
	}
	decode := map[string]func([]byte) string{
		"":     func(b []byte) string { return string(b) },
		"gzip": func(b []byte) string { return gunzip(t, b) },
		"br": func(b []byte) string {
			out, err := io.ReadAll(brrr.NewReader(bytes.NewReader(b)))
			if err != nil {
				t.Fatalf("brotli: %v", err)
			}
			return string(out)
		},
	}
	for round := range 2 { // the second round is served from the resolved entry
		for _, enc := range []string{"br", "gzip", "identity"} {
			resp, b := fetch("GET", enc)
			got := resp.Header.Get("Content-Encoding")
			if resp.StatusCode != 200 || decode[got](b) != identity {
				t.Fatalf("round %d, %s: status %d, encoding %q, %d bytes do not decode to the file", round, enc, resp.StatusCode, got, len(b))
			}
			if resp.ContentLength != int64(len(b)) {
				t.Errorf("round %d, %s: Content-Length %d for %d bytes", round, enc, resp.ContentLength, len(b))
			}
			head, hb := fetch("HEAD", enc)
			if head.ContentLength != int64(len(b)) || len(hb) != 0 || head.Header.Get("Etag") != resp.Header.Get("Etag") {
				t.Errorf("round %d, HEAD %s: Content-Length %d, %d body bytes, ETag %q against GET's %q",
					round, enc, head.ContentLength, len(hb), head.Header.Get("Etag"), resp.Header.Get("Etag"))
			}
			part, pb := fetch("GET", enc, "Range", "bytes=100-199")
			if part.StatusCode != http.StatusPartialContent || string(pb) != string(b[100:200]) {
				t.Errorf("round %d, %s range: status %d, %d bytes", round, enc, part.StatusCode, len(pb))
			}
		}
	}

	// Many clients at once.
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := range 8 {
		wg.Go(func() {
			c := &http.Client{Transport: &http.Transport{DisableCompression: true}}
			for range 5 {
				req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
				req.Header.Set("Accept-Encoding", []string{"br", "gzip"}[i%2])
				resp, err := c.Do(req)
				if err != nil {
					errs <- err
					return
				}
				b, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil || decode[resp.Header.Get("Content-Encoding")](b) != identity {
					errs <- fmt.Errorf("client %d: %d bytes that do not decode to the file (%v)", i, len(b), err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	// A file edited in place (not what portal build does) is never sent
	// cut to, or padded past, the length it was described with: the answer
	// is the old file whole (held in memory) or the new one.
	edited := identity[:len(identity)/2]
	later := time.Now().Add(time.Minute)
	if err := os.WriteFile(filepath.Join(dir, "assets/large.0a0a.js"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(dir, "assets/large.0a0a.js"), later, later); err != nil {
		t.Fatal(err)
	}
	if resp, b := fetch("GET", "identity"); string(b) != edited && string(b) != identity {
		t.Errorf("after an edit in place: status %d, %d bytes, neither the old %d nor the new %d", resp.StatusCode, len(b), len(identity), len(edited))
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("ListenAndServe: %v", err)
	}
}
