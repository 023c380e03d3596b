package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestServeBuiltFolder runs `portal build` then `portal serve --dir` on a
// free port and checks the server's rules over real HTTP, then stops it the
// way a signal would (context cancellation) and expects a clean exit.
func TestServeBuiltFolder(t *testing.T) {
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	writeFiles(t, site, map[string]string{
		"portal.yaml":   "title: Fixture\nurl: https://docs.example.org\nbaseUrl: /\nredirects:\n  - from: /baseUrls\n    to: /docs/x/\n",
		"docs/intro.md": "---\nslug: /\n---\n# Intro\n",
		"docs/x.md":     "# X\n",
	})
	out := filepath.Join(dir, "out")
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"build", "--site", site, "--out", out}, io.Discard, &stderr); code != 0 {
		t.Fatalf("build exit %d: %s", code, stderr.String())
	}
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"serve", "--dir", out, "--addr", addr}, io.Discard, io.Discard) }()
	base := "http://" + addr
	waitUp(t, base+"/docs/")

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, c := range []struct {
		method, path string
		status       int
		location     string
	}{
		{"GET", "/docs/x/", 200, ""},
		{"HEAD", "/docs/x/", 200, ""},
		{"GET", "/docs/x", 301, "/docs/x/"},
		{"GET", "/docs/x/index.html", 301, "/docs/x/"},
		{"GET", "/docs/x.html", 301, "/docs/x/"},
		{"GET", "/baseUrls", 301, "/docs/x/"},
		{"GET", "/docs/X/", 404, ""},
		{"GET", "/nope/", 404, ""},
		{"GET", "/%2e%2e/%2e%2e/etc/passwd", 400, ""},
		{"POST", "/docs/x/", 405, ""},
	} {
		req, _ := http.NewRequest(c.method, base+c.path, nil)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status || resp.Header.Get("Location") != c.location {
			t.Errorf("%s %s = %d %q, want %d %q", c.method, c.path, resp.StatusCode, resp.Header.Get("Location"), c.status, c.location)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("serve exit code %d after shutdown", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func waitUp(t *testing.T, url string) {
	t.Helper()
	for i := 0; i < 100; i++ {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("server at %s never came up", url)
}
