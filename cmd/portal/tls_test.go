package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/portaldocs/portal/internal/testcert"
)

// TestServeHTTPS: with --tls-cert and --tls-key, portal serve answers
// HTTPS over HTTP/2, and logs the https URL.
func TestServeHTTPS(t *testing.T) {
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	writeFiles(t, site, map[string]string{
		"portal.yaml":   "title: Fixture\nurl: https://docs.example.org\nbaseUrl: /\n",
		"docs/intro.md": "---\nslug: /\n---\n# Intro\n",
		"docs/x.md":     "# X\n",
	})
	out := filepath.Join(dir, "out")
	buildInto(t, site, out)
	certFile, keyFile, pool := testcert.Write(t)

	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	var stderr syncBuffer
	go func() {
		done <- run(ctx, []string{"serve", "--dir", out, "--addr", addr, "--tls-cert", certFile, "--tls-key", keyFile}, io.Discard, &stderr)
	}()
	transport := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, ForceAttemptHTTP2: true}
	defer transport.CloseIdleConnections()
	client := &http.Client{Transport: transport}
	base := "https://" + addr
	var resp *http.Response
	var err error
	for range 100 {
		if resp, err = client.Get(base + "/docs/x/"); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("GET over HTTPS: %v", err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.Proto != "HTTP/2.0" || resp.StatusCode != 200 || !strings.Contains(string(b), "X") {
		t.Errorf("GET /docs/x/ over HTTPS: %s %d, %d bytes", resp.Proto, resp.StatusCode, len(b))
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("serve exit code %d after shutdown; stderr:\n%s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if want := "serving " + base + "/"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, stderr.String())
	}
}

// TestServeTLSFlagMistakes: a certificate without its key (or the other way
// round) is a usage error, and a file that cannot be read is named before
// anything is built.
func TestServeTLSFlagMistakes(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile, _ := testcert.Write(t)
	missing := filepath.Join(dir, "missing.pem")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"certificate without key", []string{"--tls-cert", certFile}, 2, "--tls-cert needs --tls-key"},
		{"key without certificate", []string{"--tls-key", keyFile}, 2, "--tls-key needs --tls-cert"},
		{"missing certificate", []string{"--tls-cert", missing, "--tls-key", keyFile}, 1, missing},
		{"missing key", []string{"--tls-cert", certFile, "--tls-key", missing}, 1, missing},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			// No --dir: the embedded portal would be built first, so a quick
			// exit shows the flags were checked before the build.
			start := time.Now()
			code := run(context.Background(), append([]string{"serve", "--addr", "127.0.0.1:0"}, tc.args...), io.Discard, &stderr)
			if code != tc.code || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr.String(), tc.code, tc.want)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("took %s: checked after a build?", took)
			}
		})
	}
}

// syncBuffer is a bytes.Buffer safe for a server writing its log while a
// test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
