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

// TestWorkersRenderWhatTheProcessRenders: pages come back whole from
// either VM, and two renders at once run one here and one in the worker.
func TestWorkersRenderWhatTheProcessRenders(t *testing.T) {
	withWorkers, _ := workers(t)
	p := newTestPool(t, "echo.js", WithSize(2), withWorkers)
	var wg sync.WaitGroup
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
			}
		})
	}
	wg.Wait()

	// Two renders that overlap hold both VMs.
	slow, err := NewPool([]byte(`
var vm = Math.random().toString(36).slice(2);
globalThis.portalRender = function (input) {
  var end = Date.now() + JSON.parse(input).ms;
  while (Date.now() < end) {}
  return vm;
};`), WithSize(2), withWorkers)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	vms := make([]string, 2)
	for i := range vms {
		wg.Go(func() {
			html, _, err := slow.Render(context.Background(), nil, []byte(`{"ms":300}`))
			if err != nil {
				t.Error(err)
			}
			vms[i] = html
		})
	}
	wg.Wait()
	if vms[0] == vms[1] || slow.Workers() != 1 {
		t.Errorf("two renders at once ran in VMs %q with %d workers started; want two VMs, one of them a worker's", vms, slow.Workers())
	}
}

// TestWorkerSharedData: the worker's VM takes each build's shared data
// once, and only its renders see it.
func TestWorkerSharedData(t *testing.T) {
	checkSharedData(t, remotePool(t, []byte(sharingBundle)))
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

// TestWorkerThatCannotStart: the pool renders with a VM here instead,
// whether the worker's command does not exist or never answers.
func TestWorkerThatCannotStart(t *testing.T) {
	for _, tt := range []struct {
		name    string
		command []string
	}{
		{"missing", []string{"/nonexistent/portal-render-worker"}},
		{"never answers", []string{"sleep", "60"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := newTestPool(t, "echo.js", WithSize(2), WithTimeout(time.Second), WithWorkers(func() *exec.Cmd {
				return exec.Command(tt.command[0], tt.command[1:]...)
			}))
			start := time.Now()
			if err := p.Warm(context.Background()); err != nil {
				t.Fatal(err)
			}
			if d := time.Since(start); d > workerGrace+5*time.Second {
				t.Errorf("Warm took %s", d)
			}
			for _, e := range p.idle {
				if _, local := e.(*engine); !local {
					t.Errorf("VM %T, want one of this process", e)
				}
			}
			if p.Workers() != 0 {
				t.Errorf("%d workers counted", p.Workers())
			}
			if _, _, err := p.Render(context.Background(), nil, []byte(`{"title":"t","body":""}`)); err != nil {
				t.Fatal(err)
			}
		})
	}
}
