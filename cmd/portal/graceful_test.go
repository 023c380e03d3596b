package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// runMainEnv makes the test binary run the real main (signals included),
// so a test can send SIGTERM to a portal process.
const runMainEnv = "PORTAL_TEST_RUN_MAIN"

// gracefulSite has pages and one large file, sent with sendfile, that a
// slow client can still be downloading when the server is told to stop.
func gracefulSite(t *testing.T) (site string, big []byte) {
	t.Helper()
	big = bytes.Repeat([]byte("Quillmoor bulk export NDJSON line\n"), 16<<20/34)
	site = filepath.Join(t.TempDir(), "site")
	writeFiles(t, site, map[string]string{
		"portal.yaml":    "title: Graceful\nurl: https://docs.example.org\nbaseUrl: /\n",
		"sidebars.yaml":  "docs:\n  - intro\n",
		"docs/intro.md":  "# Introduction\n\nversion one\n",
		"pages/index.md": "# Graceful\n",
	})
	if err := os.MkdirAll(filepath.Join(site, "static", "downloads"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(site, "static", "downloads", "export.bin"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	return site, big
}

func buildInto(t *testing.T, site, out string) {
	t.Helper()
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"build", "--site", site, "--out", out}, io.Discard, &stderr); code != 0 {
		t.Fatalf("build exit %d: %s", code, stderr.String())
	}
}

// hammer sends GETs to the paths in turn on a few connections until stop
// is closed, and counts the answers. Every answer must be complete: a
// status line followed by exactly Content-Length bytes. A request the
// server never read (connection refused or closed before an answer, once
// it is going away) is counted apart.
type hammer struct {
	ok, refused atomic.Int64
	mu          sync.Mutex
	failures    []string
}

func (h *hammer) run(base string, paths []string, workers int, stop <-chan struct{}, want func(path string, status int, body []byte) error) *sync.WaitGroup {
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableCompression: true},
				CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			for i := w; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				path := paths[i%len(paths)]
				resp, err := client.Get(base + path)
				if err != nil {
					h.refused.Add(1)
					time.Sleep(5 * time.Millisecond)
					continue
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err == nil && resp.ContentLength >= 0 && int64(len(body)) != resp.ContentLength {
					err = errors.New("short body: " + strconv.Itoa(len(body)) + " of " + strconv.FormatInt(resp.ContentLength, 10))
				}
				if err == nil {
					err = want(path, resp.StatusCode, body)
				}
				if err != nil {
					h.mu.Lock()
					h.failures = append(h.failures, path+": "+err.Error())
					h.mu.Unlock()
					continue
				}
				h.ok.Add(1)
			}
		}()
	}
	return &wg
}

// TestServeStopsGracefullyOnSIGTERM: a portal serve process gets SIGTERM
// while requests keep coming and a 16 MB download is half read; every
// answer that started is complete, the download included, and the process
// exits 0.
func TestServeStopsGracefullyOnSIGTERM(t *testing.T) {
	site, big := gracefulSite(t)
	out := filepath.Join(t.TempDir(), "www")
	buildInto(t, site, out)
	addr := freeAddr(t)
	cmd := exec.Command(os.Args[0], "serve", "--dir", out, "--addr", addr)
	cmd.Env = append(os.Environ(), runMainEnv+"=1")
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	var exitErr error
	go func() { exitErr = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	base := "http://" + addr
	waitUp(t, base+"/")

	// The slow download: read a megabyte, then let SIGTERM arrive.
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Get(base + "/downloads/export.bin")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	first := make([]byte, 1<<20)
	if _, err := io.ReadFull(resp.Body, first); err != nil {
		t.Fatal(err)
	}

	stop := make(chan struct{})
	var h hammer
	wg := h.run(base, []string{"/docs/intro/", "/", "/robots.txt"}, 4, stop, func(path string, status int, body []byte) error {
		if status != 200 {
			return errors.New("status " + strconv.Itoa(status))
		}
		return nil
	})
	time.Sleep(300 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// Finish the download slowly, after the signal.
	rest := new(bytes.Buffer)
	for {
		n, err := io.CopyN(rest, resp.Body, 256<<10)
		if err == io.EOF || (err == nil && n == 0) {
			break
		}
		if err != nil {
			t.Fatalf("download cut after %d bytes: %v", len(first)+rest.Len(), err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	got := append(first, rest.Bytes()...)
	if sha256.Sum256(got) != sha256.Sum256(big) {
		t.Errorf("download: %d bytes, want the whole %d-byte file", len(got), len(big))
	}
	select {
	case <-exited:
	case <-time.After(15 * time.Second):
		t.Fatal("portal serve did not exit after SIGTERM")
	}
	close(stop)
	wg.Wait()
	if exitErr != nil {
		t.Errorf("exit: %v\n%s", exitErr, logs.String())
	}
	if !strings.Contains(logs.String(), "stopped serving") {
		t.Errorf("no clean stop in the log:\n%s", logs.String())
	}
	for _, f := range h.failures {
		t.Errorf("request broken by the shutdown: %s", f)
	}
	if h.ok.Load() == 0 {
		t.Error("no request was answered while the server ran")
	}
	t.Logf("%d requests answered, %d not accepted once the server was stopping", h.ok.Load(), h.refused.Load())
}

// TestServeDirFollowsNewBuilds: portal serve --dir keeps answering while
// portal build swaps a new output into its folder, three times; no request
// fails, and each new build is served within a second.
func TestServeDirFollowsNewBuilds(t *testing.T) {
	site, _ := gracefulSite(t)
	out := filepath.Join(t.TempDir(), "www")
	buildInto(t, site, out)
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"serve", "--dir", out, "--addr", addr}, io.Discard, io.Discard) }()
	defer func() {
		cancel()
		<-done
	}()
	base := "http://" + addr
	waitUp(t, base+"/")

	stop := make(chan struct{})
	var h hammer
	// The 16 MB file is read from disk on every request (too large to
	// hold), so requests on the replaced folder reach its deleted files.
	wg := h.run(base, []string{"/docs/intro/", "/docs/intro", "/", "/downloads/export.bin", "/robots.txt", "/sitemap.xml"}, 4, stop, func(path string, status int, body []byte) error {
		want := 200
		if path == "/docs/intro" {
			want = 301
		}
		if status != want {
			return errors.New("status " + strconv.Itoa(status))
		}
		return nil
	})
	for _, version := range []string{"version two", "version three", "version four"} {
		writeFiles(t, site, map[string]string{"docs/intro.md": "# Introduction\n\n" + version + "\n"})
		buildInto(t, site, out)
		deadline := time.Now().Add(time.Second)
		for {
			resp, err := http.Get(base + "/docs/intro/")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if bytes.Contains(body, []byte(version)) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%q not served a second after the build", version)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	close(stop)
	wg.Wait()
	for _, f := range h.failures {
		t.Errorf("request failed across a build: %s", f)
	}
	if h.refused.Load() > 0 {
		t.Errorf("%d requests were refused", h.refused.Load())
	}
	t.Logf("%d requests answered across three builds", h.ok.Load())
}
