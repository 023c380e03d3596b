package ssr

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"modernc.org/quickjs"
)

// shimsJS installs the globals the server bundle needs and QuickJS lacks; see
// the file for what each one does and why.
//
//go:embed shims.js
var shimsJS string

// hostLogName is the global shims.js takes its console sink from, and
// hostParseURLName the one url.js parses with; each deletes its own.
const (
	hostLogName      = "__portalHostLog"
	hostParseURLName = "__portalParseURL"
)

// maxTasks bounds the tasks (timers, channel messages, promise jobs) drained
// after one render. A render that keeps queueing work, such as a timer that
// re-arms itself, would otherwise keep its VM busy until the timeout.
const maxTasks = 1000

// engine is one QuickJS VM with the shims and the server bundle loaded. It is
// used by one goroutine at a time: the pool hands it over under its mutex.
type engine struct {
	vm *quickjs.VM
	// host is the function shims.js evaluates to, __portalHost(op, arg);
	// only Go holds it, so the bundle cannot call into the render wrapper or
	// the task queue.
	host quickjs.Value
	// logs collects console output until take hands it to a caller.
	logs []string
	// spoiled marks a VM whose state cannot be trusted for another render:
	// its render failed, or left work queued.
	spoiled bool
	// shared is the shared data this VM's bundle last took (portalShare).
	shared *Shared
	// scripts are the Keys of the Preloads run in this VM.
	scripts map[string]bool
}

// urlJS gives the site's scripts URL and URLSearchParams (see the file).
//
//go:embed url.js
var urlJS string

// runScripts runs those of scripts this VM has not run yet, after url.js.
// One that throws spoils the VM: its globals may be half made.
func (e *engine) runScripts(scripts []Preload, deadline time.Time) error {
	if len(scripts) > 0 {
		scripts = append([]Preload{{Key: "portal:url.js", Source: urlJS}}, scripts...)
	}
	for _, s := range scripts {
		if e.scripts[s.Key] {
			continue
		}
		if err := e.arm(deadline); err != nil {
			e.spoiled = true
			return err
		}
		if _, err := e.vm.Eval(s.Source, quickjs.EvalGlobal); err != nil {
			e.spoiled = true
			return scriptError(PhaseRender, err)
		}
		if e.scripts == nil {
			e.scripts = map[string]bool{}
		}
		e.scripts[s.Key] = true
	}
	return nil
}

// newEngine creates a VM, installs the shims and runs the bundle in it,
// within timeout. The bundle comes as QuickJS bytecode, which loads in about
// a fifth of the time its source takes to parse (see BenchmarkNewVM); with
// nil bytecode, source is compiled first and the bytecode returned for the
// next VM. It fails with a *ScriptError (PhaseLoad) when the bundle does not
// compile, throws, or does not define portalRender.
func newEngine(source string, bytecode []byte, cfg config) (*engine, []byte, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, nil, fmt.Errorf("ssr: creating a VM: %w", err)
	}
	if cfg.memoryLimit > 0 {
		vm.SetMemoryLimit(cfg.memoryLimit)
	}
	e := &engine{vm: vm}
	bytecode, err = e.load(source, bytecode, cfg.timeout)
	if err != nil {
		e.close()
		return nil, nil, err
	}
	return e, bytecode, nil
}

// load installs the shims, runs the bundle and checks the contract.
func (e *engine) load(source string, bytecode []byte, timeout time.Duration) ([]byte, error) {
	if err := e.vm.RegisterFunc(hostLogName, e.log, false); err != nil {
		return nil, fmt.Errorf("ssr: installing the console: %w", err)
	}
	if err := e.vm.RegisterFunc(hostParseURLName, parseURL, false); err != nil {
		return nil, fmt.Errorf("ssr: installing URL: %w", err)
	}
	_ = e.vm.SetEvalTimeout(timeout)
	host, err := e.vm.EvalValue(shimsJS, quickjs.EvalGlobal)
	if err != nil {
		if isInterrupt(scriptError(PhaseLoad, err)) {
			return nil, timeoutError(PhaseLoad, timeout, "")
		}
		return nil, fmt.Errorf("ssr: installing the shims: %w", err)
	}
	e.host = host
	if bytecode == nil {
		// Bytecode is only ever read by the engine that wrote it, in this
		// process, which is what QuickJS requires of it.
		if bytecode, err = e.vm.Compile(source, quickjs.EvalGlobal); err != nil {
			return nil, loadError(err, timeout)
		}
	}
	if _, err := e.vm.EvalBytecode(bytecode); err != nil {
		return nil, loadError(err, timeout)
	}
	kind, err := e.host.Call(quickjs.UndefinedValue, "ready")
	if err != nil {
		return nil, loadError(err, timeout)
	}
	if kind != "function" {
		return nil, &ScriptError{
			Phase:   PhaseLoad,
			Name:    "TypeError",
			Message: fmt.Sprintf("the bundle must define globalThis.portalRender as a function, found %v", kind),
		}
	}
	return bytecode, nil
}

// loadError converts an error from loading the bundle; no context reaches
// the load, so an interrupt there can only be the timeout.
func loadError(err error, timeout time.Duration) error {
	err = scriptError(PhaseLoad, err)
	var ie *interruptError
	if errors.As(err, &ie) {
		return timeoutError(PhaseLoad, timeout, ie.stack)
	}
	return err
}

// log is the Go side of console: each call is one line, prefixed with its
// method so that callers can tell a React warning from a debug print.
func (e *engine) log(level, message string) {
	e.logs = append(e.logs, "console."+level+": "+message)
}

// take returns the console output collected so far and starts afresh.
func (e *engine) take() []string {
	logs := e.logs
	e.logs = nil
	return logs
}

// invoke hands the bundle shared (when it holds other shared data), calls
// the host operation op ("render": portalRender(input); "components":
// portalComponents(input)) and then drains the tasks it queued, all before
// deadline. It is interrupted when ctx is done or abort is closed. A
// failed call spoils the engine.
func (e *engine) invoke(ctx context.Context, abort <-chan struct{}, shared *Shared, op, input string, deadline time.Time) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err // before touching the VM, which stays usable
	}
	defer e.watch(ctx.Done(), abort)()

	if shared != nil && shared != e.shared {
		if _, err := e.call(deadline, "share", shared.json); err != nil {
			e.spoiled = true
			return "", err
		}
		e.shared = shared
	}
	html, err := e.call(deadline, op, input)
	if err == nil {
		err = e.settle(deadline)
	}
	if err != nil {
		e.spoiled = true
		return "", err
	}
	s, ok := html.(string)
	if !ok {
		// The render wrapper in shims.js guarantees a string.
		e.spoiled = true
		return "", fmt.Errorf("ssr: %s: the render wrapper returned %T", PhaseRender, html)
	}
	return s, nil
}

// reinterruptEvery is how often watch repeats an interrupt.
const reinterruptEvery = 10 * time.Millisecond

// watch interrupts the VM once done or abort is closed, until the returned
// stop is called; stop returns after the last interrupt, so none reaches a
// later render. The interrupt is repeated because the engine clears a
// pending one each time Go calls into JavaScript: one that lands just before
// such a call would be lost, and the render would run on to the timeout.
func (e *engine) watch(done <-chan struct{}, abort <-chan struct{}) (stop func()) {
	stopped := make(chan struct{})
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		select {
		case <-stopped:
			return
		case <-done:
		case <-abort:
		}
		tick := time.NewTicker(reinterruptEvery)
		defer tick.Stop()
		for {
			e.vm.Interrupt() // the one VM method safe from another goroutine
			select {
			case <-stopped:
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		close(stopped)
		<-exited
	}
}

// call runs host(op, arg) with what is left of the time before deadline.
func (e *engine) call(deadline time.Time, op string, arg any) (any, error) {
	if err := e.arm(deadline); err != nil {
		return nil, err
	}
	r, err := e.host.Call(quickjs.UndefinedValue, op, arg)
	if err != nil {
		return nil, scriptError(PhaseRender, err)
	}
	return r, nil
}

// arm sets the engine's eval timeout to the time left before deadline. The
// engine re-arms its timeout on every call from Go, so a render that enters
// JavaScript several times would otherwise get the full timeout each time.
func (e *engine) arm(deadline time.Time) error {
	left := time.Until(deadline)
	if left <= 0 {
		return &interruptError{}
	}
	return e.vm.SetEvalTimeout(left)
}

// settle runs the work portalRender left queued: promise jobs (and
// queueMicrotask callbacks, which are promise jobs) first, then one task
// (timer or channel message), until both queues are empty. Errors the tasks
// throw are logged by the shims, not returned: the HTML is already complete.
// A VM still busy after maxTasks is spoiled, so its queue cannot leak into
// the next render.
func (e *engine) settle(deadline time.Time) error {
	for range maxTasks {
		if err := e.arm(deadline); err != nil {
			return err
		}
		jobs, err := e.vm.ExecutePendingJobs()
		if err != nil {
			err = scriptError(PhaseRender, err)
			var se *ScriptError
			switch {
			case isInterrupt(err):
				return err
			case errors.As(err, &se):
				e.log("error", "Uncaught (in promise job) "+se.text())
			default:
				e.log("error", "Uncaught (in promise job) "+err.Error())
			}
		}
		ran, err := e.call(deadline, "runTask", nil)
		if err != nil {
			return err
		}
		if ranTask, _ := ran.(bool); jobs == 0 && !ranTask {
			return nil
		}
	}
	e.log("warn", fmt.Sprintf("ssr: still busy after %d queued tasks; the remaining ones were dropped with the VM", maxTasks))
	e.spoiled = true
	return nil
}

func isInterrupt(err error) bool {
	var ie *interruptError
	return errors.As(err, &ie)
}

func (e *engine) isSpoiled() bool { return e.spoiled }

// close frees the VM. The host function must be freed first: a Value must
// not outlive its VM.
func (e *engine) close() error {
	if e.host.VM() != nil {
		e.host.Free()
	}
	return e.vm.Close()
}

// parseURL is the Go side of shims.js's URL: the parts of input, resolved
// against base when given, as JSON; {"error": …} when it is not a URL.
func parseURL(input, base string) string {
	var u *url.URL
	var err error
	if base != "" {
		var b *url.URL
		if b, err = url.Parse(base); err == nil && b.Scheme != "" {
			u, err = b.Parse(input)
		} else if err == nil {
			err = errors.New("the base is not absolute")
		}
	} else if u, err = url.Parse(input); err == nil && u.Scheme == "" {
		err = errors.New("not absolute")
	}
	if err != nil {
		data, _ := json.Marshal(map[string]string{"error": err.Error()})
		return string(data)
	}
	special := u.Scheme == "http" || u.Scheme == "https"
	if special {
		u.Host = strings.ToLower(u.Host) // as the URL Standard's host parser
		if u.Path == "" {
			u.Path = "/"
		}
	}
	port := u.Port()
	if (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		port = ""
		u.Host = u.Hostname()
	}
	parts := map[string]string{"href": u.String(), "protocol": u.Scheme + ":", "username": u.User.Username(),
		"host": u.Host, "hostname": u.Hostname(), "port": port, "pathname": u.EscapedPath(), "origin": "null",
		"password": "", "search": "", "hash": ""}
	if u.Opaque != "" {
		parts["pathname"] = u.Opaque
	}
	if pw, ok := u.User.Password(); ok {
		parts["password"] = pw
	}
	if u.RawQuery != "" {
		parts["search"] = "?" + u.RawQuery
	}
	if u.Fragment != "" {
		parts["hash"] = "#" + u.EscapedFragment()
	}
	if special {
		parts["origin"] = u.Scheme + "://" + u.Host
	}
	data, _ := json.Marshal(parts)
	return string(data)
}
