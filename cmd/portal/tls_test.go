package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
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
	certFile, keyFile, pool := writeCertificate(t, dir)

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
	certFile, keyFile, _ := writeCertificate(t, dir)
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

// writeCertificate writes a self-signed certificate for 127.0.0.1 and its
// key into dir and returns their paths with a pool that trusts it.
func writeCertificate(t *testing.T, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "portal test"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
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
