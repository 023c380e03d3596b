package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	brrr "github.com/molecule-man/go-brrr"

	"github.com/portaldocs/portal/internal/mdexport"
	"github.com/portaldocs/portal/internal/outdir"
	"github.com/portaldocs/portal/internal/policy"
)

// hostCase is one request of the route-behaviour table and what every
// host must answer. Empty strings are not checked, except where noted.
type hostCase struct {
	name     string
	method   string // GET when empty
	path     string
	encoding string // Accept-Encoding sent
	accept   string // Accept sent, when not empty

	status       int
	location     string
	contentType  string
	wantEncoding string // Content-Encoding expected; checked always ("" = none)
	cacheControl string
	vary         bool   // Vary: Accept-Encoding
	page         bool   // Vary: Accept too (a page's URL answers with its Markdown by Accept)
	bodyHas      string // a substring of the (decoded) body
}

// hostSite is a small site with every kind of path the rules know.
var hostSite = map[string]string{
	"portal.yaml": `title: Hosts fixture
url: https://docs.example.org
baseUrl: /
redirects:
  - from: /baseUrls
    to: /docs/service-base-urls/
  - from: /old-guide/
    to: /docs/intro/
`,
	"sidebars.yaml":                "docs:\n  - intro\n  - service-base-urls\n",
	"docs/intro.md":                "# Introduction\n\nRead a Patient with the sandbox base URL.\n",
	"docs/service-base-urls.md":    "# Service base URLs\n\nThe endpoints of every certified API.\n",
	"pages/index.md":               "# Developer portal\n",
	"static/img/logo.svg":          `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>` + "\n",
	"static/guide/index.html":      "<!DOCTYPE html><title>Static guide</title><p>Not a route.</p>\n",
	"static/downloads/sample.json": `{"resourceType":"Patient","id":"example"}` + "\n",
}

// hostCases is the table every host answers alike.
func hostCases(mainScript, dataFile string) []hostCase {
	const (
		html    = "text/html; charset=utf-8"
		md      = "text/markdown; charset=utf-8"
		reval   = policy.CacheRevalidate
		forever = policy.CacheImmutable
	)
	notFound := func(name, path string) hostCase {
		return hostCase{name: name, path: path, status: 404, contentType: html, cacheControl: reval, bodyHas: "Page Not Found"}
	}
	return []hostCase{
		{name: "home", page: true, path: "/", status: 200, contentType: html, cacheControl: reval, vary: true, bodyHas: "Developer portal"},
		{name: "doc, brotli", page: true, path: "/docs/intro/", encoding: "gzip, deflate, br", status: 200, contentType: html,
			wantEncoding: "br", cacheControl: reval, vary: true, bodyHas: "Read a Patient"},
		{name: "doc, gzip", page: true, path: "/docs/intro/", encoding: "gzip", status: 200, contentType: html,
			wantEncoding: "gzip", cacheControl: reval, vary: true, bodyHas: "Read a Patient"},
		{name: "doc, brotli refused", page: true, path: "/docs/intro/", encoding: "br;q=0, gzip", status: 200, contentType: html,
			wantEncoding: "gzip", cacheControl: reval, vary: true},
		{name: "doc, no encoding", page: true, path: "/docs/intro/", status: 200, contentType: html, cacheControl: reval, vary: true, bodyHas: "Read a Patient"},
		{name: "doc, HEAD", page: true, method: "HEAD", path: "/docs/intro/", encoding: "br", status: 200, contentType: html,
			wantEncoding: "br", cacheControl: reval, vary: true},
		{name: "missing slash", path: "/docs/intro", status: 301, location: "/docs/intro/", cacheControl: reval},
		{name: "missing slash keeps the query", path: "/docs/intro?lang=en", status: 301, location: "/docs/intro/?lang=en"},
		{name: "index.html", path: "/docs/intro/index.html", status: 301, location: "/docs/intro/"},
		{name: ".html", path: "/docs/intro.html", status: 301, location: "/docs/intro/"},
		{name: "config redirect", path: "/baseUrls", status: 301, location: "/docs/service-base-urls/", cacheControl: reval},
		{name: "config redirect with slash", path: "/baseUrls/", status: 301, location: "/docs/service-base-urls/"},
		{name: "config redirect's page", path: "/baseUrls/index.html", status: 301, location: "/docs/service-base-urls/"},
		{name: "config redirect keeps the query", path: "/baseUrls?x=1", status: 301, location: "/docs/service-base-urls/?x=1"},
		{name: "config redirect without slash", path: "/old-guide", status: 301, location: "/docs/intro/"},
		notFound("not found", "/nope/"),
		notFound("not found without slash", "/nope"),
		notFound("wrong case", "/docs/Intro/"),
		notFound("folder", "/assets/"),
		notFound("folder without slash", "/img"),
		notFound("static folder is not a route", "/guide/"),
		notFound("_redirects", "/_redirects"),
		notFound("_headers", "/_headers"),
		notFound("nginx config", "/_deploy/nginx.conf"),
		notFound("headers file", "/_deploy/headers.json"),
		{name: "static html file", path: "/guide/index.html", status: 200, contentType: html, cacheControl: reval, bodyHas: "Not a route"},
		{name: "main script, brotli", path: mainScript, encoding: "br", status: 200, contentType: "text/javascript; charset=utf-8",
			wantEncoding: "br", cacheControl: forever, vary: true},
		{name: "main script, gzip", path: mainScript, encoding: "gzip", status: 200, contentType: "text/javascript; charset=utf-8",
			wantEncoding: "gzip", cacheControl: forever, vary: true},
		{name: "page data", path: dataFile, status: 200, contentType: "application/json", cacheControl: forever},
		{name: "svg", path: "/img/logo.svg", status: 200, contentType: "image/svg+xml", cacheControl: reval},
		{name: "static json", path: "/downloads/sample.json", status: 200, contentType: "application/json", cacheControl: reval, bodyHas: "Patient"},
		{name: "robots.txt", path: "/robots.txt", status: 200, contentType: "text/plain; charset=utf-8", cacheControl: reval},
		{name: "sitemap", path: "/sitemap.xml", encoding: "br", status: 200, contentType: "application/xml; charset=utf-8", cacheControl: reval},
		// The fixture's Markdown files are too small to be precompressed.
		{name: "doc as Markdown", page: true, path: "/docs/intro/", accept: "text/markdown", status: 200, contentType: md,
			cacheControl: reval, bodyHas: "# Introduction"},
		{name: "doc as Markdown, brotli asked", page: true, path: "/docs/intro/", accept: "text/markdown, text/html;q=0.9", encoding: "br",
			status: 200, contentType: md, cacheControl: reval, bodyHas: "Read a Patient"},
		{name: "Markdown refused", page: true, path: "/docs/intro/", accept: "text/markdown;q=0, text/html", status: 200,
			contentType: html, cacheControl: reval, vary: true, bodyHas: "Read a Patient"},
		{name: "doc's Markdown file", path: "/docs/intro.md", status: 200, contentType: md, cacheControl: reval, bodyHas: "# Introduction"},
		{name: "doc's index.md", path: "/docs/intro/index.md", status: 200, contentType: md, cacheControl: reval, bodyHas: "# Introduction"},
		{name: "llms.txt", path: "/llms.txt", status: 200, contentType: "text/plain; charset=utf-8", cacheControl: reval, bodyHas: "# Hosts fixture"},
		{name: "llms-full.txt", path: "/llms-full.txt", status: 200, contentType: "text/plain; charset=utf-8", cacheControl: reval, bodyHas: "Read a Patient"},
		{name: "not-found page itself", path: "/404.html", status: 200, contentType: html, cacheControl: reval, bodyHas: "Page Not Found"},
	}
}

// TestHostsAnswerAlike builds a site with portal build, then sends the same
// table of requests to portal serve --dir and to nginx running the emitted
// config as an unprivileged worker, and expects the same answers: status,
// Location, the 404 page, content types, encodings, cache and security
// headers, and conditional requests. nginx is skipped only outside CI when
// it is not installed (.ci/run installs it).
func TestHostsAnswerAlike(t *testing.T) {
	// Not t.TempDir: its folders are 0700, and nginx's worker runs as
	// another user that must reach the output.
	work, err := outdir.MkdirTemp(os.TempDir(), "portal-hosts-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	site, out := filepath.Join(work, "site"), filepath.Join(work, "www")
	writeFiles(t, site, hostSite)
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"build", "--site", site, "--out", out}, io.Discard, &stderr); code != 0 {
		t.Fatalf("build exit %d: %s", code, stderr.String())
	}
	assertReadableByOthers(t, out)
	headers, err := policy.ReadHeaders(os.DirFS(out))
	if err != nil {
		t.Fatal(err)
	}
	scripts, _ := filepath.Glob(filepath.Join(out, "assets/theme/entry-client-*.js"))
	data, _ := filepath.Glob(filepath.Join(out, "data/pages/docs--intro.*.json"))
	if len(scripts) != 1 || len(data) != 1 {
		t.Fatalf("main script %v, page data %v", scripts, data)
	}
	rel := func(p string) string { r, _ := filepath.Rel(out, p); return "/" + filepath.ToSlash(r) }
	cases := append(hostCases(rel(scripts[0]), rel(data[0])), llmsLinkCases(t, out, "https://docs.example.org")...)

	t.Run("portal serve --dir", func(t *testing.T) {
		addr := freeAddr(t)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		go func() { done <- run(ctx, []string{"serve", "--dir", out, "--addr", addr}, io.Discard, io.Discard) }()
		defer func() {
			cancel()
			<-done
		}()
		waitUp(t, "http://"+addr+"/")
		checkHost(t, "http://"+addr, cases, headers)
	})
	t.Run("nginx", func(t *testing.T) {
		base := startNginx(t, work, out)
		checkHost(t, base, cases, headers)
	})
}

// llmsLinkCases: every page llms.txt links answers 200, on every host.
func llmsLinkCases(t *testing.T, out, siteURL string) []hostCase {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(out, "llms.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ix, err := mdexport.ReadIndex(string(text))
	if err != nil {
		t.Fatalf("llms.txt: %v", err)
	}
	var cases []hostCase
	for _, s := range ix.Sections {
		for _, l := range s.Links {
			path, ok := strings.CutPrefix(l.URL, siteURL)
			if !ok {
				t.Fatalf("llms.txt links %s, outside %s", l.URL, siteURL)
			}
			cases = append(cases, hostCase{name: "llms.txt links " + path, path: path, status: 200})
		}
	}
	if len(cases) == 0 {
		t.Fatal("llms.txt links no page")
	}
	return cases
}

// assertReadableByOthers: every folder of the output is 0755 and every
// file 0644 (with the usual umask 022), so a web server's own user reads it.
func assertReadableByOthers(t *testing.T, out string) {
	t.Helper()
	umask := syscall.Umask(0)
	syscall.Umask(umask)
	err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		want := os.FileMode(0o644) &^ os.FileMode(umask)
		if d.IsDir() {
			want = 0o755 &^ os.FileMode(umask)
		}
		if info.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, info.Mode().Perm(), want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// checkHost sends every case to base and checks the answers, then
// replays each 200 with its ETag and expects 304. Each case is sent twice:
// portal serve answers a file's first request on its full path and later
// ones from what it resolved (fast.go), and both must be right.
func checkHost(t *testing.T, base string, cases []hostCase, security []policy.Header) {
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, c := range cases {
		for _, round := range []string{"first", "again"} {
			checkCase(t, client, base, c, round, security)
		}
	}
}

func checkCase(t *testing.T, client *http.Client, base string, c hostCase, round string, security []policy.Header) {
	{
		t.Run(c.name+" ("+round+")", func(t *testing.T) {
			method := c.method
			if method == "" {
				method = http.MethodGet
			}
			req, _ := http.NewRequest(method, base+c.path, nil)
			// Go's transport asks for gzip by itself unless told otherwise.
			req.Header.Set("Accept-Encoding", c.encoding)
			if c.encoding == "" {
				req.Header.Set("Accept-Encoding", "identity")
			}
			if c.accept != "" {
				req.Header.Set("Accept", c.accept)
			}
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			h := resp.Header
			if resp.StatusCode != c.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, c.status)
			}
			check := func(name, got, want string) {
				if want != "" && got != want {
					t.Errorf("%s %q, want %q", name, got, want)
				}
			}
			check("Location", h.Get("Location"), c.location)
			check("Content-Type", h.Get("Content-Type"), c.contentType)
			check("Cache-Control", h.Get("Cache-Control"), c.cacheControl)
			if got := h.Get("Content-Encoding"); got != c.wantEncoding {
				t.Errorf("Content-Encoding %q, want %q", got, c.wantEncoding)
			}
			checkVary(t, h, c)
			for _, sh := range security {
				if got := h.Get(sh.Name); got != sh.Value {
					t.Errorf("%s %q, want %q", sh.Name, got, sh.Value)
				}
			}
			if method == http.MethodHead {
				if len(raw) != 0 {
					t.Errorf("HEAD has a body of %d bytes", len(raw))
				}
				return
			}
			if c.status == 200 {
				if n, _ := strconv.Atoi(h.Get("Content-Length")); n != len(raw) {
					t.Errorf("Content-Length %q for %d bytes", h.Get("Content-Length"), len(raw))
				}
				checkConditional(t, client, req, h.Get("ETag"))
			}
			if c.bodyHas != "" {
				if body := decodeBody(t, c.wantEncoding, raw); !strings.Contains(body, c.bodyHas) {
					t.Errorf("body lacks %q", c.bodyHas)
				}
			}
		})
	}
}

// checkConditional replays req with the ETag it got: 304, no body.
// checkVary: the Vary tokens of an answer (nginx sends Accept and
// Accept-Encoding as two headers, portal serve as one) are those the case
// expects; other answers are not checked.
func checkVary(t *testing.T, h http.Header, c hostCase) {
	t.Helper()
	var want []string
	if c.page {
		want = append(want, "Accept")
	}
	if c.vary {
		want = append(want, "Accept-Encoding")
	}
	if len(want) == 0 {
		return
	}
	var got []string
	for _, v := range h.Values("Vary") {
		for _, token := range strings.Split(v, ",") {
			got = append(got, strings.TrimSpace(token))
		}
	}
	sort.Strings(got)
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("Vary %q, want %q", got, want)
	}
}

func checkConditional(t *testing.T, client *http.Client, req *http.Request, etag string) {
	t.Helper()
	if !strings.HasPrefix(etag, `"`) {
		t.Errorf("ETag %q is not a strong validator", etag)
		return
	}
	again := req.Clone(context.Background())
	again.Header.Set("If-None-Match", etag)
	resp, err := client.Do(again)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match %s: status %d, want 304", etag, resp.StatusCode)
	}
}

func decodeBody(t *testing.T, encoding string, raw []byte) string {
	t.Helper()
	switch encoding {
	case "br":
		return decodeBrotli(t, raw)
	case "gzip":
		return decodeGzip(t, raw)
	}
	return string(raw)
}

// nginxModule is Debian's Brotli module for precompressed files
// (libnginx-mod-http-brotli-static).
const nginxModule = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"

// startNginx runs nginx on a free loopback port with the output's config
// in a server block whose root is out, its workers as nobody when the test
// runs as root, and stops it when the test ends. It returns the base URL.
func startNginx(t *testing.T, work, out string) string {
	t.Helper()
	bin, err := exec.LookPath("nginx")
	if err != nil {
		bin, err = exec.LookPath("/usr/sbin/nginx")
	}
	for _, missing := range []struct {
		what string
		ok   bool
	}{{"nginx", err == nil}, {"its Brotli module " + nginxModule, fileExists(nginxModule)}} {
		if !missing.ok {
			msg := missing.what + " is not installed (apt-get install nginx-light libnginx-mod-http-brotli-static)"
			if os.Getenv("CI") != "" {
				t.Fatal(msg + "; .ci/run installs it")
			}
			t.Skip(msg)
		}
	}
	prefix := filepath.Join(work, "nginx")
	if err := os.MkdirAll(filepath.Join(prefix, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	user := ""
	if os.Geteuid() == 0 {
		user = "user nobody " + nobodyGroup() + ";"
	}
	conf := fmt.Sprintf(`load_module %[1]s;
%[2]s
worker_processes 1;
daemon off;
pid %[3]s/nginx.pid;
error_log %[3]s/error.log warn;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path %[3]s/tmp/body;
    proxy_temp_path %[3]s/tmp/proxy;
    fastcgi_temp_path %[3]s/tmp/fastcgi;
    uwsgi_temp_path %[3]s/tmp/uwsgi;
    scgi_temp_path %[3]s/tmp/scgi;
    server {
        listen %[4]s;
        root %[5]s;
        include %[5]s/_deploy/nginx.conf;
    }
}
`, nginxModule, user, prefix, addr, out)
	confPath := filepath.Join(prefix, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	errorLog := filepath.Join(prefix, "error.log")
	cmd := exec.Command(bin, "-p", prefix, "-c", confPath, "-e", errorLog)
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// exited is closed when nginx has exited, with its error in exitErr.
	exited := make(chan struct{})
	var exitErr error
	go func() { exitErr = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGQUIT) // graceful stop
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			log, _ := os.ReadFile(errorLog)
			// Written before exit: the goroutine has returned.
			t.Logf("nginx output:\n%s\nerror log:\n%s", output.String(), log)
		}
	})
	for i := 0; ; i++ {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			conn.Close()
			break
		}
		select {
		case <-exited:
			t.Fatalf("nginx exited: %v", exitErr)
		default:
		}
		if i > 100 {
			t.Fatal("nginx did not start listening")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if os.Geteuid() == 0 {
		assertWorkersUnprivileged(t, cmd.Process.Pid)
	}
	return "http://" + addr
}

// nobodyGroup is Debian's group for nobody, nogroup, or nobody elsewhere.
func nobodyGroup() string {
	f, err := os.Open("/etc/group")
	if err != nil {
		return "nobody"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "nogroup:") {
			return "nogroup"
		}
	}
	return "nobody"
}

// assertWorkersUnprivileged: nginx's workers (children of the master)
// run as a user other than root, so the output's modes are what let them
// read it. The master listens before it forks its workers, and a worker is
// root for the moment between its fork and its setuid: the check waits up
// to two seconds for the workers to have dropped root.
func assertWorkersUnprivileged(t *testing.T, master int) {
	t.Helper()
	var workers, root []int
	for deadline := time.Now().Add(2 * time.Second); ; {
		workers, root = nginxWorkers(master)
		if (len(workers) > 0 && len(root) == 0) || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(workers) == 0 {
		t.Error("no nginx worker found")
	}
	for _, pid := range root {
		t.Errorf("nginx worker %d runs as root", pid)
	}
}

// nginxWorkers lists the master's children and those of them running as
// root.
func nginxWorkers(master int) (workers, root []int) {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		status, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil || !strings.Contains(string(status), "\nPPid:\t"+strconv.Itoa(master)+"\n") {
			continue
		}
		workers = append(workers, pid)
		for _, line := range strings.Split(string(status), "\n") {
			if uid, ok := strings.CutPrefix(line, "Uid:\t"); ok && strings.HasPrefix(uid, "0\t") {
				root = append(root, pid)
			}
		}
	}
	return workers, root
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func decodeBrotli(t *testing.T, raw []byte) string {
	t.Helper()
	out, err := io.ReadAll(brrr.NewReader(bytes.NewReader(raw)))
	if err != nil {
		t.Fatalf("brotli body: %v", err)
	}
	return string(out)
}

func decodeGzip(t *testing.T, raw []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("gzip body: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gzip body: %v", err)
	}
	return string(out)
}

// TestHostsAnswerEachTrailingSlashAlike builds the Docusaurus fixture
// internal/pipeline/testdata/trailing-slash under each trailingSlash value
// and sends portal serve --dir and nginx the same requests: each page
// answers at the URL its links write, from the file Docusaurus writes for
// it, and the other slash (and the .html forms) answer a 301 to it, as a
// static host with "pretty URLs" normalises them (docs/deploy.md).
func TestHostsAnswerEachTrailingSlashAlike(t *testing.T) {
	const (
		html  = "text/html; charset=utf-8"
		md    = "text/markdown; charset=utf-8"
		reval = policy.CacheRevalidate
	)
	page := func(path, body string) hostCase {
		return hostCase{name: "page " + path, page: true, path: path, status: 200, contentType: html, cacheControl: reval, vary: true, bodyHas: body}
	}
	moved := func(path, location string) hostCase {
		return hostCase{name: "other form " + path, path: path, status: 301, location: location, cacheControl: reval}
	}
	markdown := func(path string) hostCase {
		return hostCase{name: "Markdown of " + path, page: true, path: path, accept: "text/markdown", status: 200, contentType: md,
			cacheControl: reval, bodyHas: "# Install"}
	}
	markdownFile := func(path string) hostCase {
		return hostCase{name: "Markdown file " + path, path: path, status: 200, contentType: md, cacheControl: reval, bodyHas: "# Install"}
	}
	for _, tc := range []struct {
		setting string
		cases   []hostCase
	}{
		{"undefined", []hostCase{
			page("/", "Read the"), page("/docs/install", "Install it"), page("/docs/guide/", "The guide"), page("/docs/", "Start with"),
			moved("/docs/install/", "/docs/install"), moved("/docs/install.html", "/docs/install"),
			moved("/docs/install/index.html", "/docs/install"), moved("/docs/guide", "/docs/guide/"), moved("/docs", "/docs/"),
			markdown("/docs/install"), markdownFile("/docs/install.md"),
		}},
		{"false", []hostCase{
			page("/", "Read the"), page("/docs/install", "Install it"), page("/docs/guide", "The guide"), page("/docs", "Start with"),
			moved("/docs/install/", "/docs/install"), moved("/docs/install.html", "/docs/install"),
			moved("/docs/guide/", "/docs/guide"), moved("/docs/", "/docs"),
			markdown("/docs/install"), markdownFile("/docs/install.md"),
		}},
		{"true", []hostCase{
			page("/", "Read the"), page("/docs/install/", "Install it"), page("/docs/guide/", "The guide"), page("/docs/", "Start with"),
			moved("/docs/install", "/docs/install/"), moved("/docs/install.html", "/docs/install/"), moved("/docs", "/docs/"),
			markdown("/docs/install/"), markdownFile("/docs/install/index.md"),
		}},
	} {
		t.Run(tc.setting, func(t *testing.T) {
			work, err := outdir.MkdirTemp(os.TempDir(), "portal-slash-")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(work) })
			site, out := filepath.Join(work, "site"), filepath.Join(work, "www")
			if err := os.CopyFS(site, os.DirFS("../../internal/pipeline/testdata/trailing-slash")); err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			args := []string{"build", "--site", site, "--out", out, "--env", "TRAILING_SLASH=" + tc.setting}
			if code := run(context.Background(), args, io.Discard, &stderr); code != 0 {
				t.Fatalf("build exit %d: %s", code, stderr.String())
			}
			headers, err := policy.ReadHeaders(os.DirFS(out))
			if err != nil {
				t.Fatal(err)
			}
			t.Run("portal serve --dir", func(t *testing.T) {
				addr := freeAddr(t)
				ctx, cancel := context.WithCancel(context.Background())
				done := make(chan int, 1)
				go func() { done <- run(ctx, []string{"serve", "--dir", out, "--addr", addr}, io.Discard, io.Discard) }()
				defer func() {
					cancel()
					<-done
				}()
				waitUp(t, "http://"+addr+"/")
				checkHost(t, "http://"+addr, tc.cases, headers)
			})
			t.Run("nginx", func(t *testing.T) {
				checkHost(t, startNginx(t, work, out), tc.cases, headers)
			})
		})
	}
}
