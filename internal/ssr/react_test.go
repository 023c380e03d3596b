package ssr

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"modernc.org/quickjs"
)

// reactInput is a page like the ones the theme will render: a sidebar of 300
// links and about 40 KB of content HTML.
func reactInput(t testing.TB, fail string) (input []byte, content string) {
	t.Helper()
	type link struct {
		Href  string `json:"href"`
		Label string `json:"label"`
	}
	links := make([]link, 300)
	for i := range links {
		links[i] = link{Href: fmt.Sprintf("/docs/section-%d/page-%d/", i/20, i), Label: fmt.Sprintf("Page %d", i)}
	}
	content = strings.Repeat(`<p>FHIR <code>Patient</code> resources are read with <a href="/docs/fhir/read/">GET</a> &amp; searched.</p>`+"\n", 400)
	input, err := json.Marshal(map[string]any{
		"title": "Patient <read> & search",
		"links": links,
		"html":  content,
		"fail":  fail,
	})
	if err != nil {
		t.Fatal(err)
	}
	return input, content
}

// TestReact proves that the shims are enough for React 19's
// react-dom/server.browser, bundled as the theme's server bundle will be
// (testdata/react-probe.entry.jsx says how react-probe.js was built).
func TestReact(t *testing.T) {
	p := newTestPool(t, "react-probe.js", WithSize(1))

	t.Run("renderToString", func(t *testing.T) {
		input, content := reactInput(t, "")
		html, logs, err := p.Render(context.Background(), nil, input)
		if err != nil {
			t.Fatal(err)
		}
		if len(logs) != 0 {
			t.Errorf("unexpected console output: %q", logs)
		}
		containsAll(t, "html", html, []string{
			`<!doctype html><html lang="en"><head><meta charSet="utf-8"/><title>Patient &lt;read&gt; &amp; search</title>`,
			`<li><a href="/docs/section-0/page-0/">Page 0</a></li>`,
			`<li><a href="/docs/section-14/page-299/">Page 299</a></li></ul></nav>`,
			"<article>" + content + "</article>",
		})
		if n := strings.Count(html, `<a href="/docs/section-`); n != 300 {
			t.Errorf("html has %d sidebar links, want 300", n)
		}
		if len(content) < 40_000 {
			t.Errorf("the content is %d bytes, want a 40 KB page", len(content))
		}
	})

	t.Run("a component's error carries its stack", func(t *testing.T) {
		input, _ := reactInput(t, "the component broke")
		_, _, err := p.Render(context.Background(), nil, input)
		if err == nil {
			t.Fatal("render succeeded")
		}
		containsAll(t, "error", err.Error(), []string{"ssr: render: Error: the component broke", "\n    at "})
	})
}

// BenchmarkRenderReact renders one 300-link, 40 KB page per iteration in one
// warm VM; ms/render is the number to compare with the 12.5 ms prototype.
func BenchmarkRenderReact(b *testing.B) {
	p := newTestPool(b, "react-probe.js", WithSize(1))
	input, _ := reactInput(b, "")
	ctx := context.Background()
	for b.Loop() {
		if _, _, err := p.Render(ctx, nil, input); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/render")
}

// BenchmarkRenderReactParallel renders with one VM per GOMAXPROCS, as a
// build does; ms/render is wall time per page over all VMs.
func BenchmarkRenderReactParallel(b *testing.B) {
	p := newTestPool(b, "react-probe.js")
	input, _ := reactInput(b, "")
	// Load every VM before timing: a build pays that once per worker.
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			if _, _, err := p.Render(context.Background(), nil, input); err != nil {
				b.Error(err)
			}
		})
	}
	wg.Wait()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, _, err := p.Render(context.Background(), nil, input); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/render")
}

// BenchmarkNewVM measures what a pool pays for each VM past the first: a
// fresh VM with the shims and the React bundle loaded from bytecode. The
// "source" variant is what the first VM pays, compiling the bundle too.
func BenchmarkNewVM(b *testing.B) {
	bundle := string(readBundle(b, "react-probe.js"))
	cfg := defaultConfig()
	first, bytecode, err := newEngine(bundle, nil, cfg)
	if err != nil {
		b.Fatal(err)
	}
	first.close()
	for _, bc := range []struct {
		name     string
		bytecode []byte
	}{{"bytecode", bytecode}, {"source", nil}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				e, _, err := newEngine(bundle, bc.bytecode, cfg)
				if err != nil {
					b.Fatal(err)
				}
				e.close()
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/vm")
		})
	}
}

// BenchmarkPassInput compares the two safe ways of handing the page data to
// JavaScript: as a string argument of the call (what Render does) and as a
// JSON-escaped string literal in evaluated source.
func BenchmarkPassInput(b *testing.B) {
	e, _, err := newEngine("globalThis.portalRender = function (s) { return String(s.length) }", nil, defaultConfig())
	if err != nil {
		b.Fatal(err)
	}
	defer e.close()
	input, _ := reactInput(b, "")
	deadline := time.Now().Add(time.Hour)
	b.Run("argument", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.call(deadline, "render", string(input)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("literal", func(b *testing.B) {
		for b.Loop() {
			lit, err := json.Marshal(string(input)) // escapes U+2028 and U+2029 too
			if err != nil {
				b.Fatal(err)
			}
			if _, err := e.vm.Eval("portalRender("+string(lit)+")", quickjs.EvalGlobal); err != nil {
				b.Fatal(err)
			}
		}
	})
}
