package dev

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	portal "github.com/portaldocs/portal"
)

// BenchmarkEditToReload measures portal dev's edit-to-reload latency on
// the benchmark corpus (../shared/bench/gen-corpus, scale 1): from writing
// a one-line change to a doc to the server serving that page's new data,
// over 20 edits. It reports the median and p95.
func BenchmarkEditToReload(b *testing.B) {
	site := corpusSite(b)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := New(ctx, Options{Site: site, Theme: portal.Theme()})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	go func() { _ = s.Watch(ctx) }()
	ts := httptest.NewServer(s)
	defer ts.Close()
	time.Sleep(200 * time.Millisecond) // the watcher's folders are added

	doc := filepath.Join(site, "docs", "api", "patient-image.md")
	original, err := os.ReadFile(doc)
	if err != nil {
		b.Fatal(err)
	}
	const edits = 20
	var latencies []time.Duration
	b.ResetTimer()
	for range b.N {
		latencies = latencies[:0]
		for i := range edits {
			token := fmt.Sprintf("edit-token-%d-%d", time.Now().UnixNano(), i)
			start := time.Now()
			if err := os.WriteFile(doc, append(append([]byte{}, original...), []byte("\n"+token+"\n")...), 0o644); err != nil {
				b.Fatal(err)
			}
			for !pageDataHas(b, ts.URL, "/docs/api/patient-image/", token) {
				if time.Since(start) > 10*time.Second {
					b.Fatalf("edit %d never showed up", i)
				}
				time.Sleep(time.Millisecond)
			}
			latencies = append(latencies, time.Since(start))
		}
	}
	b.StopTimer()
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	b.ReportMetric(float64(latencies[len(latencies)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(latencies[len(latencies)*95/100].Microseconds())/1000, "p95-ms")
}

// pageDataHas fetches the route table and the page's data, as the browser
// does on a refresh, and looks for token.
func pageDataHas(b *testing.B, base, path, token string) bool {
	var m struct {
		Routes []struct{ Path, Data string } `json:"routes"`
	}
	if err := getJSON(base+"/routes.json", &m); err != nil {
		return false
	}
	for _, r := range m.Routes {
		if r.Path == path {
			body, err := get(base + r.Data)
			return err == nil && strings.Contains(body, token)
		}
	}
	return false
}

func get(url string) (string, error) {
	res, err := http.Get(url)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return string(data), err
}

func getJSON(url string, v any) error {
	body, err := get(url)
	if err != nil {
		return err
	}
	return json.Unmarshal([]byte(body), v)
}

func corpusSite(b *testing.B) string {
	b.Helper()
	gen, err := filepath.Abs("../../../shared/bench/gen-corpus")
	if err != nil {
		b.Fatal(err)
	}
	site := b.TempDir()
	if out, err := exec.Command("python3", gen, "--out", filepath.Join(site, "docs"), "--scale", "1").CombinedOutput(); err != nil {
		b.Fatalf("gen-corpus: %v\n%s", err, out)
	}
	// trailingSlash: the corpus's relative links ("../x/y/") are written for
	// pages served at /docs/a/b/ (as make bench's and bench-compare's configs say).
	config := "title: Benchmark corpus\nurl: https://docs.example.org\nbaseUrl: /\ntrailingSlash: true\n"
	if err := os.WriteFile(filepath.Join(site, "portal.yaml"), []byte(config), 0o644); err != nil {
		b.Fatal(err)
	}
	return site
}
