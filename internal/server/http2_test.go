package server

import (
	"context"
	"crypto/tls"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/testcert"
)

// h2Case is one request over HTTP/2 and what a user sees of its answer.
type h2Case struct {
	target, acceptEncoding string
	status                 int
	encoding, location     string
	body                   string
}

var h2Cases = []h2Case{
	{target: "docs/x/", acceptEncoding: "br", status: 200, encoding: "br", body: "<h1>X</h1>"},
	{target: "assets/app.3f2a.js", acceptEncoding: "gzip", status: 200, encoding: "gzip", body: bigJS},
	{target: "assets/app.3f2a.js", acceptEncoding: "identity", status: 200, body: bigJS},
	{target: "docs/x", status: 301, location: "/docs/x/"},
	{target: "nope/", status: 404, body: "<h1>Page Not Found</h1>"},
}

// checkHTTP2 sends every h2Case to base, served by h, with client and
// checks that each was answered over HTTP/2 with the status, headers and
// body the rules give.
func checkHTTP2(t *testing.T, client *http.Client, base string, h http.Handler) {
	t.Helper()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	for _, tc := range h2Cases {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, base+tc.target, nil)
		if err != nil {
			t.Fatal(err)
		}
		if tc.acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", tc.acceptEncoding)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", tc.target, err)
		}
		raw, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("GET %s: %v", tc.target, err)
		}
		if resp.Proto != "HTTP/2.0" {
			t.Errorf("GET %s: answered over %s, want HTTP/2.0", tc.target, resp.Proto)
		}
		if resp.StatusCode != tc.status || resp.Header.Get("Location") != tc.location {
			t.Errorf("GET %s: %d %q, want %d %q", tc.target, resp.StatusCode, resp.Header.Get("Location"), tc.status, tc.location)
		}
		if got := resp.Header.Get("Content-Encoding"); got != tc.encoding {
			t.Errorf("GET %s: Content-Encoding %q, want %q", tc.target, got, tc.encoding)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: security headers missing: %v", tc.target, resp.Header)
		}
		rules := request(h, http.MethodGet, "/"+tc.target, "Accept-Encoding", tc.acceptEncoding)
		for _, k := range []string{"Content-Type", "Cache-Control", "Etag", "Vary",
			"X-Content-Type-Options", "Referrer-Policy", "Cross-Origin-Opener-Policy", "Permissions-Policy", "X-Frame-Options"} {
			if got, want := resp.Header.Get(k), rules.Header.Get(k); got != want {
				t.Errorf("GET %s: %s %q over HTTP/2, %q from the rules", tc.target, k, got, want)
			}
		}
		if tc.status == 200 {
			if resp.ContentLength != int64(len(raw)) || resp.Header.Get("Etag") == "" {
				t.Errorf("GET %s: Content-Length %d for %d bytes, ETag %q", tc.target, resp.ContentLength, len(raw), resp.Header.Get("Etag"))
			}
		}
		got := string(raw)
		switch tc.encoding {
		case "br":
			got = unbrotli(t, raw)
		case "gzip":
			got = gunzip(t, raw)
		}
		if tc.body != "" && !strings.Contains(got, tc.body) {
			t.Errorf("GET %s: body %.40q…, want %.40q…", tc.target, got, tc.body)
		}
	}
}

// TestServesHTTP2WithoutTLS: a proxy that speaks HTTP/2 to the server in
// clear text (prior knowledge, as h2c upstreams do) gets the same answers
// as over HTTP/1.1.
func TestServesHTTP2WithoutTLS(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	h := fixture(t, "/", nil)
	base, done := startServer(t, ctx, h)
	var h2c http.Protocols
	h2c.SetUnencryptedHTTP2(true)
	transport := &http.Transport{Protocols: &h2c, DisableCompression: true}
	defer transport.CloseIdleConnections()
	checkHTTP2(t, &http.Client{Transport: transport}, base, h)

	// An HTTP/1.1 client on the same port is still answered in HTTP/1.1.
	resp, err := http.Get(base + "docs/x/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Proto != "HTTP/1.1" || resp.StatusCode != 200 {
		t.Errorf("HTTP/1.1 client: %s %d", resp.Proto, resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("ListenAndServe: %v", err)
	}
}

// TestServesHTTPSWithHTTP2: given a certificate, the server speaks HTTPS,
// logs an https URL, and offers HTTP/2 through ALPN; a client that only
// speaks HTTP/1.1 is still served.
func TestServesHTTPSWithHTTP2(t *testing.T) {
	certFile, keyFile, pool := testcert.Write(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	cert, err := LoadCertificate(certFile, keyFile)
	if err != nil {
		t.Fatal(err)
	}
	h := fixture(t, "/", nil)
	base, done := startServer(t, ctx, h, WithTLS(cert))
	if !strings.HasPrefix(base, "https://127.0.0.1:") {
		t.Fatalf("logged URL %q, want https://127.0.0.1:PORT/", base)
	}
	transport := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, ForceAttemptHTTP2: true, DisableCompression: true}
	defer transport.CloseIdleConnections()
	checkHTTP2(t, &http.Client{Transport: transport}, base, h)

	var http1 http.Protocols
	http1.SetHTTP1(true)
	old := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, Protocols: &http1}
	defer old.CloseIdleConnections()
	resp, err := (&http.Client{Transport: old}).Get(base + "docs/x/")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.Proto != "HTTP/1.1" || resp.StatusCode != 200 || string(b) != "<h1>X</h1>" {
		t.Errorf("HTTP/1.1 client over TLS: %s %d %q", resp.Proto, resp.StatusCode, b)
	}
	// Plain HTTP on the TLS port is refused, not served.
	if resp, err := http.Get("http" + strings.TrimPrefix(base, "https") + "docs/x/"); err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("plain HTTP on the TLS port: %d, want 400", resp.StatusCode)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("ListenAndServe: %v", err)
	}
}

// TestTLSFilesThatCannotBeUsed: a missing, unreadable or malformed
// certificate or key is an error naming the file.
func TestTLSFilesThatCannotBeUsed(t *testing.T) {
	certFile, keyFile, _ := testcert.Write(t)
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.pem")
	garbage := filepath.Join(dir, "garbage.pem")
	if err := os.WriteFile(garbage, []byte("not a PEM file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, cert, key string
		want            []string
	}{
		{"missing certificate", missing, keyFile, []string{"certificate", missing, "no such file"}},
		{"missing key", certFile, missing, []string{"key", missing, "no such file"}},
		{"a certificate that is no PEM", garbage, keyFile, []string{garbage, "certificate"}},
		{"a key that is no PEM", certFile, garbage, []string{garbage, "key"}},
		{"the key as the certificate", keyFile, keyFile, []string{keyFile, "certificate"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadCertificate(tc.cert, tc.key)
			if err == nil {
				t.Fatal("no error")
			}
			for _, want := range tc.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not mention %q", err, want)
				}
			}
		})
	}
}
