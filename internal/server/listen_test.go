package server

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// startServer runs ListenAndServe in the background and returns the URL it
// logged and a channel with its result.
func startServer(t *testing.T, ctx context.Context, h http.Handler, opts ...ListenOption) (string, <-chan error) {
	t.Helper()
	logs := &logBuffer{}
	result := make(chan error, 1)
	go func() { result <- ListenAndServe(ctx, "127.0.0.1:0", h, logs.logger(), opts...) }()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for _, rec := range logs.records(t) {
			if url, _ := rec["url"].(string); url != "" {
				if rec["msg"] != "serving "+url {
					t.Errorf("message %q", rec["msg"])
				}
				return url, result
			}
		}
		select {
		case err := <-result:
			t.Fatalf("ListenAndServe returned early: %v", err)
		case <-time.After(5 * time.Millisecond):
		}
	}
	t.Fatal("no serving line logged")
	return "", nil
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func TestListenAndServe(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	url, result := startServer(t, ctx, fixture(t, "/portal/", nil))
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/portal/") {
		t.Fatalf("logged URL %q: want http://127.0.0.1:PORT/portal/", url)
	}
	if status, b := get(t, url+"docs/x/"); status != 200 || b != "<h1>X</h1>" {
		t.Errorf("GET: %d %q", status, b)
	}
	cancel()
	select {
	case err := <-result:
		if err != nil {
			t.Fatalf("ListenAndServe: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("did not stop after cancel")
	}
	if _, err := http.Get(url); err == nil {
		t.Error("still serving after stop")
	}
}

// TestListenAndServeIsGraceful: a request in flight when ctx is cancelled
// completes; ListenAndServe returns only after it.
func TestListenAndServeIsGraceful(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
		_, _ = io.WriteString(w, "done")
	})
	ctx, cancel := context.WithCancel(t.Context())
	url, result := startServer(t, ctx, slow)

	type reply struct {
		status int
		body   string
		err    error
	}
	replied := make(chan reply, 1)
	go func() {
		resp, err := http.Get(url)
		if err != nil {
			replied <- reply{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		replied <- reply{resp.StatusCode, string(b), err}
	}()
	<-started
	cancel()
	select {
	case err := <-result:
		t.Fatalf("returned with a request in flight: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if r := <-replied; r.err != nil || r.status != 200 || r.body != "done" {
		t.Errorf("in-flight request: %+v", r)
	}
	if err := <-result; err != nil {
		t.Errorf("ListenAndServe: %v", err)
	}
}

func TestListenAndServePortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	err = ListenAndServe(t.Context(), addr, http.NotFoundHandler(), nil)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{addr, "address already in use"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
	var opErr *net.OpError
	if !errors.As(err, &opErr) {
		t.Errorf("error %v does not wrap the *net.OpError", err)
	}
}

func TestListenURL(t *testing.T) {
	h := fixture(t, "/portal/", nil)
	for _, tc := range []struct {
		scheme string
		addr   *net.TCPAddr
		h      http.Handler
		want   string
	}{
		{"http", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 3000}, http.NotFoundHandler(), "http://127.0.0.1:3000/"},
		{"http", &net.TCPAddr{IP: net.IPv4zero, Port: 3000}, http.NotFoundHandler(), "http://localhost:3000/"},
		{"http", &net.TCPAddr{IP: net.IPv6unspecified, Port: 80}, h, "http://localhost:80/portal/"},
		{"http", &net.TCPAddr{IP: net.IPv6loopback, Port: 8080}, h, "http://[::1]:8080/portal/"},
		{"https", &net.TCPAddr{IP: net.IPv4zero, Port: 8443}, h, "https://localhost:8443/portal/"},
	} {
		if got := listenURL(tc.scheme, tc.addr, tc.h); got != tc.want {
			t.Errorf("listenURL(%v) = %q, want %q", tc.addr, got, tc.want)
		}
	}
}
