package ssr

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// workerEnv makes the test binary a render worker (TestMain).
const workerEnv = "PORTAL_SSR_TEST_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		if err := ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// workers returns a WithWorkers option that runs this test binary as the
// worker, and the count of workers it started.
func workers(t testing.TB) (Option, *atomic.Int32) {
	t.Helper()
	var started atomic.Int32
	return WithWorkers(func() *exec.Cmd {
		started.Add(1)
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), workerEnv+"=1")
		cmd.Stderr = os.Stderr
		return cmd
	}), &started
}

// remotePool is a pool of two VMs, one in a worker, whose next render runs
// in the worker: Warm loads both, and the last VM given back is lent first.
func remotePool(t *testing.T, bundle []byte, opts ...Option) *Pool {
	t.Helper()
	withWorkers, started := workers(t)
	p, err := NewPool(bundle, append([]Option{WithSize(2), withWorkers}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	if err := p.Warm(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := started.Load(); n != 1 {
		t.Fatalf("started %d workers, want 1", n)
	}
	if _, remote := p.idle[len(p.idle)-1].(*remote); !remote {
		t.Fatalf("the next VM lent is %T, want the worker's", p.idle[len(p.idle)-1])
	}
	return p
}

// TestWorkersRenderWhatTheProcessRenders: renders spread over the VM here
// and the worker's, and each page comes back whole.
func TestWorkersRenderWhatTheProcessRenders(t *testing.T) {
	withWorkers, started := workers(t)
	p := newTestPool(t, "echo.js", WithSize(2), withWorkers)
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		vms = map[string]int{}
	)
	for g := range 8 {
		wg.Go(func() {
			for r := range 10 {
				title := fmt.Sprintf("page %d.%d <é> \u2028", g, r)
				html, _, err := p.Render(context.Background(), nil, fmt.Appendf(nil, `{"title":%q,"body":"<p>x</p>"}`, title))
				if err != nil {
					t.Errorf("%s: %v", title, err)
					return
				}
				if !strings.Contains(html, "<title>"+title+"</title><") || !strings.Contains(html, "<main><p>x</p></main>") {
					t.Errorf("%s: got %s", title, html)
				}
				_, rest, _ := strings.Cut(html, `data-vm="`)
				vm, _, _ := strings.Cut(rest, `"`)
				mu.Lock()
				vms[vm]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(vms) != 2 || started.Load() != 1 {
		t.Errorf("renders ran in VMs %v with %d workers started; want two VMs, one of them a worker's", vms, started.Load())
	}
}

// TestWorkerSharedData: the worker's VM takes each build's shared data
// once, and only its renders see it.
func TestWorkerSharedData(t *testing.T) {
	p := remotePool(t, []byte(`
var shared = "none", shares = 0;
globalThis.portalShare = function (json) { shared = JSON.parse(json).build; shares++; };
globalThis.portalRender = function (input) { return JSON.parse(input).page + " of build " + shared + " after " + shares + " shares"; };
`))
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
	} {
		// One render at a time takes the worker's VM, the last one given back.
		html, _, err := p.Render(context.Background(), tt.shared, []byte(tt.input))
		if err != nil {
			t.Fatal(err)
		}
		if html != tt.want {
			t.Errorf("Render(%s) = %q, want %q", tt.input, html, tt.want)
		}
	}
}

// TestWorkerErrors: a script error, a timeout and a cancelled render come
// back from the worker as they do from a VM here, and the worker renders
// the next page with a fresh VM.
func TestWorkerErrors(t *testing.T) {
	t.Run("a throw", func(t *testing.T) {
		p := remotePool(t, readBundle(t, "throws.js"))
		_, _, err := p.Render(context.Background(), nil, []byte(`{"fail":true,"route":"/docs/intro/"}`))
		var se *ScriptError
		if !errors.As(err, &se) {
			t.Fatalf("error %v (%T), want a *ScriptError", err, err)
		}
		containsAll(t, "error", err.Error(), []string{"ssr: render: Error: cannot render /docs/intro/", "at renderPage (<eval>:9:"})
		html, _, err := p.Render(context.Background(), nil, []byte(`{"route":"/docs/next/"}`))
		if err != nil || html != "<p>/docs/next/ clean</p>" {
			t.Errorf("next render = %q, %v; want a clean VM's", html, err)
		}
	})
	t.Run("a timeout", func(t *testing.T) {
		p := remotePool(t, readBundle(t, "loops.js"), WithTimeout(500*time.Millisecond))
		_, _, err := p.Render(context.Background(), nil, []byte(`{"loop":true}`))
		if !errors.Is(err, ErrTimeout) {
			t.Fatalf("error %v, want ErrTimeout", err)
		}
		containsAll(t, "error", err.Error(), []string{"ssr: render: JavaScript timed out after 500ms", "at spin"})
	})
	t.Run("a cancelled render", func(t *testing.T) {
		p := remotePool(t, readBundle(t, "loops.js"), WithTimeout(time.Minute))
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		start := time.Now()
		if _, _, err := p.Render(ctx, nil, []byte(`{"loop":true}`)); err != context.Canceled {
			t.Errorf("error %v, want context.Canceled", err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("the cancelled render took %s to end", d)
		}
		html, _, err := p.Render(context.Background(), nil, []byte(`{}`))
		if err != nil || !strings.HasPrefix(html, "<p>render ") {
			t.Errorf("render after the cancel = %q, %v", html, err)
		}
	})
}

// TestWorkerThatCannotStart: the pool renders with a VM here instead.
func TestWorkerThatCannotStart(t *testing.T) {
	p := newTestPool(t, "echo.js", WithSize(2), WithWorkers(func() *exec.Cmd {
		return exec.Command("/nonexistent/portal-render-worker")
	}))
	if err := p.Warm(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, e := range p.idle {
		if _, local := e.(*engine); !local {
			t.Errorf("VM %T, want one of this process", e)
		}
	}
	if _, _, err := p.Render(context.Background(), nil, []byte(`{"title":"t","body":""}`)); err != nil {
		t.Fatal(err)
	}
}
