package ssr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

func readBundle(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newTestPool(t testing.TB, bundle string, opts ...Option) *Pool {
	t.Helper()
	p, err := NewPool(readBundle(t, bundle), opts...)
	if err != nil {
		t.Fatalf("NewPool(%s): %v", bundle, err)
	}
	t.Cleanup(func() {
		if err := p.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return p
}

func containsAll(t *testing.T, what, got string, want []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("%s does not contain %q:\n%s", what, w, got)
		}
	}
}

func TestNewPoolRejectsBrokenBundles(t *testing.T) {
	tests := []struct {
		bundle  string
		wantErr []string
	}{
		{"syntax-error.js", []string{"ssr: server bundle: SyntaxError: ", "<eval>:4:"}},
		{"load-throws.js", []string{"ssr: server bundle: ReferenceError: ", "window", "at readLocation (<eval>:4", "(<eval>:9"}},
		{"no-render.js", []string{"ssr: server bundle: TypeError: the bundle must define globalThis.portalRender as a function, found undefined"}},
	}
	for _, tt := range tests {
		t.Run(tt.bundle, func(t *testing.T) {
			p, err := NewPool(readBundle(t, tt.bundle))
			if err == nil {
				p.Close()
				t.Fatal("NewPool succeeded")
			}
			var se *ScriptError
			if !errors.As(err, &se) || se.Phase != PhaseLoad {
				t.Errorf("error %#v is not a *ScriptError of phase %q", err, PhaseLoad)
			}
			containsAll(t, "error", err.Error(), tt.wantErr)
		})
	}
}

func TestNewPoolRejectsBadOptions(t *testing.T) {
	bundle := readBundle(t, "echo.js")
	for _, opt := range []Option{WithSize(0), WithTimeout(0), WithTimeout(-time.Second)} {
		if p, err := NewPool(bundle, opt); err == nil {
			p.Close()
			t.Errorf("NewPool accepted an invalid option")
		}
	}
}

func TestNewPoolTimesOutALoopingBundle(t *testing.T) {
	// Long enough for the shims to load on a slow machine under -race.
	_, err := NewPool([]byte("for (;;) {}"), WithTimeout(time.Second))
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("error = %v, want ErrTimeout", err)
	}
	containsAll(t, "error", err.Error(), []string{"ssr: server bundle: JavaScript timed out after 1s", "at <eval> (<eval>:1"})
}

// TestRender covers one render's outcomes. Where the render fails, a second
// render with next must succeed in a fresh VM: wantNext shows state that a
// reused VM would not have.
func TestRender(t *testing.T) {
	tests := []struct {
		name     string
		bundle   string
		opts     []Option
		setup    string // rendered first, to prepare the VM
		input    string
		wantHTML []string
		wantLogs []string
		wantErr  []string
		wantIs   error
		next     string
		wantNext string
	}{
		{
			name:     "echoes input fields",
			bundle:   "echo.js",
			input:    `{"title":"Getting started","body":"<p>Install the binary.</p>"}`,
			wantHTML: []string{"<title>Getting started</title>", "<main><p>Install the binary.</p></main>", `data-renders="1"`},
		},
		{
			name:     "a throw becomes an error with message and stack",
			bundle:   "throws.js",
			input:    `{"fail":true,"route":"/docs/intro/"}`,
			wantErr:  []string{"ssr: render: Error: cannot render /docs/intro/", "at renderPage (<eval>:9:", "(<eval>:14:"},
			next:     `{"route":"/docs/next/"}`,
			wantNext: "<p>/docs/next/ clean</p>",
		},
		{
			name:   "an endless loop times out",
			bundle: "loops.js",
			// The timeout covers loading too: long enough for that under -race.
			opts:     []Option{WithTimeout(500 * time.Millisecond)},
			input:    `{"loop":true}`,
			wantErr:  []string{"ssr: render: JavaScript timed out after 500ms", "at spin"},
			wantIs:   ErrTimeout,
			next:     `{}`,
			wantNext: "<p>render 1</p>",
		},
		{
			name:     "memory past the limit fails the render",
			bundle:   "hog.js",
			opts:     []Option{WithMemoryLimit(8 << 20)},
			input:    `{"hog":true}`,
			wantErr:  []string{"ssr: render: ", "out of memory"},
			next:     `{}`,
			wantNext: "<p>small</p>",
		},
		{
			name:     "console output is returned, load-time output with the first render",
			bundle:   "console.js",
			input:    `{"route":"/docs/a/"}`,
			wantHTML: []string{"<p>/docs/a/</p>"},
			wantLogs: []string{
				"console.warn: loaded console.js",
				`console.error: Warning: Each child in a list should have a unique "key" prop. See /docs/a/`,
				`console.log: rendered /docs/a/ {"items":2}`,
			},
		},
		{
			name:     "a result that is not a string is an error",
			bundle:   "eval.js",
			setup:    `globalThis.portalRender = function () { return Promise.resolve("late") }; "replaced"`,
			input:    `{}`,
			wantErr:  []string{"ssr: render: TypeError: portalRender returned a Promise (portalRender must return the HTML synchronously), want a string"},
			next:     `"fresh VM, " + typeof portalRender`,
			wantNext: "fresh VM, function",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newTestPool(t, tt.bundle, append([]Option{WithSize(1)}, tt.opts...)...)
			if tt.setup != "" {
				if _, _, err := p.Render(context.Background(), nil, []byte(tt.setup)); err != nil {
					t.Fatalf("setup: %v", err)
				}
			}
			html, logs, err := p.Render(context.Background(), nil, []byte(tt.input))
			checkLogs(t, logs, tt.wantLogs)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("render: %v", err)
				}
				containsAll(t, "html", html, tt.wantHTML)
				return
			}
			if err == nil {
				t.Fatalf("render succeeded with %q", html)
			}
			containsAll(t, "error", err.Error(), tt.wantErr)
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("error %v is not %v", err, tt.wantIs)
			}
			html, _, err = p.Render(context.Background(), nil, []byte(tt.next))
			if err != nil || html != tt.wantNext {
				t.Errorf("next render = %q, %v; want %q", html, err, tt.wantNext)
			}
		})
	}
}

func TestRenderConcurrently(t *testing.T) {
	p := newTestPool(t, "echo.js", WithSize(2))
	const goroutines, renders = 12, 6
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		vms = map[string]bool{}
	)
	for g := range goroutines {
		wg.Go(func() {
			for r := range renders {
				title := fmt.Sprintf("page %d.%d", g, r)
				html, _, err := p.Render(context.Background(), nil, fmt.Appendf(nil, `{"title":%q,"body":""}`, title))
				if err != nil {
					t.Errorf("%s: %v", title, err)
					return
				}
				if !strings.Contains(html, "<title>"+title+"</title>") {
					t.Errorf("%s: got %s", title, html)
				}
				_, rest, _ := strings.Cut(html, `data-vm="`)
				vm, _, _ := strings.Cut(rest, `"`)
				mu.Lock()
				vms[vm] = true
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(vms) == 0 || len(vms) > 2 {
		t.Errorf("renders ran in %d VMs, want 1 or 2", len(vms))
	}
}

// startBusyRender starts a render that loops until its context is cancelled
// and waits until it holds the pool's only VM.
func startBusyRender(t *testing.T, p *Pool) (cancel func(), result <-chan error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, _, err := p.Render(ctx, nil, []byte(`{"loop":true}`))
		done <- err
	}()
	for len(p.slots) < cap(p.slots) {
		time.Sleep(time.Millisecond)
	}
	return cancel, done
}

func TestRenderContextCancellation(t *testing.T) {
	p := newTestPool(t, "loops.js", WithSize(1), WithTimeout(time.Minute))
	cancelBusy, busy := startBusyRender(t, p)

	// Waiting for the busy VM: the deadline ends the wait.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, _, err := p.Render(ctx, nil, []byte(`{}`)); err != context.DeadlineExceeded {
		t.Errorf("waiting render: error = %v, want context.DeadlineExceeded", err)
	}

	// Cancelling a render in progress interrupts it.
	start := time.Now()
	cancelBusy()
	if err := <-busy; err != context.Canceled {
		t.Errorf("busy render: error = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the interrupted render took %s to end", d)
	}

	// A context cancelled beforehand starts nothing.
	if _, _, err := p.Render(ctx, nil, []byte(`{}`)); err != context.DeadlineExceeded {
		t.Errorf("cancelled render: error = %v", err)
	}
	html, _, err := p.Render(context.Background(), nil, []byte(`{}`))
	if err != nil || html != "<p>render 1</p>" {
		t.Errorf("render after the interrupt = %q, %v; want a fresh VM's first render", html, err)
	}
}

func TestClose(t *testing.T) {
	p, err := NewPool(readBundle(t, "loops.js"), WithSize(1), WithTimeout(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	cancelBusy, busy := startBusyRender(t, p)
	defer cancelBusy()
	if err := p.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := <-busy; err != ErrClosed {
		t.Errorf("render in progress: error = %v, want ErrClosed", err)
	}
	if _, _, err := p.Render(context.Background(), nil, []byte(`{}`)); err != ErrClosed {
		t.Errorf("render after Close: error = %v, want ErrClosed", err)
	}
	if err := p.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if len(p.idle) != 0 {
		t.Errorf("%d VMs left after Close", len(p.idle))
	}
}

func TestUnicodeRoundTrip(t *testing.T) {
	titles := []string{
		"emoji 😀👩🏽‍💻",
		"line\u2028separator\u2029paragraph",
		"</script><script>alert(1)</script>",
		`quotes " ' and \ backslash`,
		"nul \x00 inside",
		"日本語 e\u0301 ﬁ",
	}
	p := newTestPool(t, "echo.js", WithSize(1))
	for _, title := range titles {
		// encoding/json escapes <, >, &, U+2028 and U+2029; the raw form
		// sends them as they are, which JSON allows.
		escaped, err := json.Marshal(map[string]string{"title": title, "body": ""})
		if err != nil {
			t.Fatal(err)
		}
		raw := strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u2028`, "\u2028", `\u2029`, "\u2029").Replace(string(escaped))
		for _, input := range []string{string(escaped), raw} {
			html, _, err := p.Render(context.Background(), nil, []byte(input))
			if err != nil {
				t.Fatalf("%q: %v", title, err)
			}
			if !strings.Contains(html, "<title>"+title+"</title>") {
				t.Errorf("%q did not survive the round trip through %q: %q", title, input, html)
			}
		}
	}

	// Strings are UTF-8 in Go and UTF-16 in JavaScript: what has no
	// counterpart becomes U+FFFD either way.
	p = newTestPool(t, "eval.js", WithSize(1))
	for _, tc := range []struct{ input, want string }{
		{"'\xff' + 'ok'", "\uFFFDok"},
		{`"\ud800" + "lone"`, "\uFFFDlone"},
	} {
		html, _, err := p.Render(context.Background(), nil, []byte(tc.input))
		if err != nil || html != tc.want {
			t.Errorf("%q: got %q, %v; want %q", tc.input, html, err, tc.want)
		}
	}
}

// sharingBundle reports, with each page, the build whose shared data it
// holds and how many times it took some.
const sharingBundle = `
var shared = "none", shares = 0;
globalThis.portalShare = function (json) { shared = JSON.parse(json).build; shares++; };
globalThis.portalRender = function (input) { return JSON.parse(input).page + " of build " + shared + " after " + shares + " shares"; };
`

// TestSharedBelongsToItsRenders: two builds' shared data, alternating on
// one VM, each reach only their own renders, and a VM takes a Shared once.
func TestSharedBelongsToItsRenders(t *testing.T) {
	p, err := NewPool([]byte(sharingBundle), WithSize(1))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	checkSharedData(t, p)
}

// checkSharedData renders pages of two builds, alternating, one at a time
// in p's VM that was given back last, with a pool made of sharingBundle.
func checkSharedData(t *testing.T, p *Pool) {
	t.Helper()
	first, second := NewShared([]byte(`{"build":"one"}`)), NewShared([]byte(`{"build":"two"}`))
	for _, tt := range []struct {
		shared *Shared
		input  string
		want   string
	}{
		{first, `{"page":"a"}`, "a of build one after 1 shares"},
		{first, `{"page":"b"}`, "b of build one after 1 shares"},
		{second, `{"page":"a"}`, "a of build two after 2 shares"},
		{first, `{"page":"c"}`, "c of build one after 3 shares"},
		{nil, `{"page":"d"}`, "d of build one after 3 shares"},
	} {
		html, _, err := p.Render(context.Background(), tt.shared, []byte(tt.input))
		if err != nil {
			t.Fatal(err)
		}
		if html != tt.want {
			t.Errorf("Render(%s) = %q, want %q", tt.input, html, tt.want)
		}
	}
}

// TestWithBytecode: a pool given an earlier pool's bytecode renders what
// the source renders, and bytecode that does not load (damaged, or from
// another bundle's engine) falls back to compiling the source.
func TestWithBytecode(t *testing.T) {
	const input = `{"title":"Getting started","body":"<p>Install the binary.</p>"}`
	source := newTestPool(t, "echo.js")
	want, _, err := source.Render(context.Background(), nil, []byte(input))
	if err != nil {
		t.Fatal(err)
	}
	bytecode := source.Bytecode()
	if len(bytecode) == 0 {
		t.Fatal("the pool kept no bytecode")
	}
	damaged := append([]byte(nil), bytecode[:len(bytecode)/2]...)
	for _, tt := range []struct {
		name     string
		bytecode []byte
	}{
		{"its own", bytecode},
		{"damaged", damaged},
		{"not bytecode", []byte("function portalRender() { return 'from the wrong bundle' }")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := newTestPool(t, "echo.js", WithBytecode(tt.bytecode))
			got, _, err := p.Render(context.Background(), nil, []byte(input))
			if err != nil {
				t.Fatal(err)
			}
			// echo.js names each VM at random (data-vm): the rest must match.
			vm := regexp.MustCompile(` data-vm="[^"]*"`)
			if vm.ReplaceAllString(got, "") != vm.ReplaceAllString(want, "") {
				t.Errorf("rendered %q, the source renders %q", got, want)
			}
		})
	}
}

func TestRenderComponents(t *testing.T) {
	const bundle = `globalThis.portalRender = function () { return ""; };
globalThis.portalComponents = function (input) {
  console.warn("rendering");
  return JSON.stringify(JSON.parse(input).map(function (c) { return "<b>" + c + "</b>"; }));
};`
	p, err := NewPool([]byte(bundle), WithSize(1))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	got, logs, err := p.RenderComponents(context.Background(), []byte(`["a","b"]`))
	if err != nil {
		t.Fatal(err)
	}
	if got != `["<b>a</b>","<b>b</b>"]` || len(logs) != 1 || !strings.Contains(logs[0], "rendering") {
		t.Errorf("RenderComponents = %s, logs %q", got, logs)
	}

	without, err := NewPool([]byte(`globalThis.portalRender = function () { return ""; };`), WithSize(1))
	if err != nil {
		t.Fatal(err)
	}
	defer without.Close()
	if _, _, err := without.RenderComponents(context.Background(), []byte(`[]`)); err == nil || !strings.Contains(err.Error(), "portalComponents is not a function") {
		t.Errorf("a bundle without portalComponents: err = %v", err)
	}
}
