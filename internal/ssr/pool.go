// Package ssr prerenders pages by running the theme's server bundle in an
// embedded JavaScript engine (modernc.org/quickjs, pure Go), so that building
// a site needs no Node.
//
// The server bundle is one self-contained script (an IIFE, ES2017) that
// defines
//
//	globalThis.portalRender = function (inputJSON: string): string
//
// returning a complete HTML document, and may define
//
//	globalThis.portalComponents = function (inputJSON: string): string
//
// returning the markup of the components a page's Markdown asks for, as a
// JSON array of strings (Pool.RenderComponents). Before the bundle runs, each VM gets
// the globals React's server renderer expects and QuickJS lacks (see
// shims.js): console, TextEncoder, TextDecoder, MessageChannel, setTimeout,
// clearTimeout, queueMicrotask, reportError and process.env.NODE_ENV =
// "production". window, self and document stay undefined, so code can tell
// that it runs on the server.
//
// A VM is not safe for concurrent use, so a Pool keeps one per concurrent
// render and lends them out.
//
// What the server bundle must keep to, beyond the contract:
//
//   - Render synchronously. portalRender must return the HTML, not a
//     Promise: use renderToString from react-dom/server.browser, not a
//     streaming renderer. Timers and microtasks the render queues do run, on
//     a virtual clock after portalRender returns, but only to report their
//     errors; they cannot change the HTML.
//   - Use no Intl: QuickJS has none (a ReferenceError), and its
//     toLocaleString and toLocaleDateString ignore their locale and options.
//     Format dates and numbers in Go and pass the strings in.
//   - Expect no other Web or Node API: fetch, URL, URLSearchParams, atob,
//     btoa, performance, structuredClone, setInterval, crypto, Blob,
//     ReadableStream, require and import() are all undefined. (The site's
//     own scripts RenderComponents runs get URL and URLSearchParams: url.js.)
//   - Keep recursion under about 5000 JavaScript frames, the engine's stack
//     limit; React manages about 1200 nested elements within it.
//   - Prefer an unminified bundle: the engine has no source maps, so stacks
//     in errors point at lines and columns of the bundle as loaded, and size
//     costs little here (the React probe unminified, 600 KB, loads into a VM
//     in 12 ms against 11 ms minified, and renders as fast).
package ssr

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Pool renders pages with a set of VMs that each have the server bundle
// loaded. It is safe for concurrent use; each render borrows one VM.
type Pool struct {
	bytecode []byte // the bundle compiled by the first VM, loaded by the others
	cfg      config

	// slots holds one token per render in progress, so it bounds both the
	// renders running at once and the VMs in existence to cfg.size.
	slots chan struct{}
	// done is closed by Close, to wake renders waiting for a slot and to
	// interrupt those in progress.
	done chan struct{}

	mu     sync.Mutex
	idle   []*engine // loaded VMs waiting for a render; the last one returned is lent first, its caches warm
	closed bool
}

// Shared is data every render of one build shares, such as the site's
// config and sidebars: the bundle's portalShare(json) receives it in a VM
// before the first render that passes it, and again only when a render
// passes another Shared. A page's render then parses only its own data.
//
// Each build makes its own Shared and passes it with each of its renders,
// so a pool that outlives builds (portal dev) never renders a page of one
// build with the shared data of another.
type Shared struct {
	json string
}

// NewShared wraps the JSON that portalShare receives. Every call makes a
// distinct Shared, even for equal JSON.
func NewShared(json []byte) *Shared {
	return &Shared{json: string(json)}
}

// Warm creates the VMs a full pool holds now rather than at the first
// renders that need them, so that a build can load them while it does
// other work. Creating one takes about ten milliseconds.
func (p *Pool) Warm(ctx context.Context) error {
	n := cap(p.slots)
	engines := make([]*engine, 0, n)
	var firstErr error
	for range n {
		e, err := p.acquire(ctx)
		if err != nil {
			firstErr = err
			break
		}
		engines = append(engines, e)
	}
	for _, e := range engines {
		p.release(e)
	}
	return firstErr
}

// NewPool loads bundle, the theme's server bundle, into a first VM and checks
// that it defines portalRender as a function, so that a broken bundle fails
// here, once, rather than in every render. An exception while the bundle is
// evaluated is returned as a *ScriptError whose text names the server bundle
// and carries the JavaScript message and stack. The remaining VMs, up to
// WithSize, are created when concurrent renders need them.
func NewPool(bundle []byte, opts ...Option) (*Pool, error) {
	cfg := defaultConfig()
	for _, opt := range opts {
		opt(&cfg)
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	first, bytecode, err := newEngine(string(bundle), cfg.bytecode, cfg)
	if err != nil && cfg.bytecode != nil {
		// Bytecode another engine wrote, or damaged: compile the source.
		first, bytecode, err = newEngine(string(bundle), nil, cfg)
	}
	if err != nil {
		return nil, err
	}
	p := &Pool{
		bytecode: bytecode,
		cfg:      cfg,
		slots:    make(chan struct{}, cfg.size),
		done:     make(chan struct{}),
	}
	// Whatever the bundle logged while it loaded stays in the first VM and
	// is returned by the first render that borrows it. VMs created later
	// drop theirs, which would only repeat it.
	p.idle = append(p.idle, first)
	return p, nil
}

// Bytecode is the bundle compiled by the pool's engine, for WithBytecode:
// a later pool of the same engine loads it in a fraction of the time.
func (p *Pool) Bytecode() []byte { return p.bytecode }

// Render borrows a VM, calls portalRender(inputJSON) in it and returns the
// HTML. When shared is not nil and is not the Shared the VM last took,
// portalShare receives it first (see Shared). inputJSON reaches JavaScript as a string argument, never as source
// text, so no content of it can be evaluated; invalid UTF-8 in it becomes
// U+FFFD.
//
// logs holds what the bundle wrote to the console during the render, one
// entry per call, prefixed with the method ("console.error: ", "console.warn:
// ", "console.log: " ...), together with errors thrown by timers and
// microtasks it queued ("console.error: Uncaught ..."). It is returned also
// with an error, as it often explains the error.
//
// An exception thrown by portalRender is returned as a *ScriptError with the
// JavaScript message and stack. A render that runs past the timeout returns an
// error wrapping ErrTimeout. Either way the VM is discarded, as its state may
// be corrupt, and a new one is created when a render needs it. If ctx is
// cancelled while Render waits for a VM, or during the render, which it then
// interrupts, Render returns ctx.Err(). After Close, Render returns ErrClosed.
func (p *Pool) Render(ctx context.Context, shared *Shared, inputJSON []byte) (html string, logs []string, err error) {
	return p.run(ctx, shared, "render", inputJSON)
}

// RenderComponents is Render for the components a page's Markdown asks
// for: it calls portalComponents(inputJSON) in a VM, which returns a JSON
// array with each component's HTML (see package components).
//
// scripts are run in the VM first, each once per VM (by its Key): the
// site's own modules the components use (package sitereact).
func (p *Pool) RenderComponents(ctx context.Context, inputJSON []byte, scripts ...Preload) (result string, logs []string, err error) {
	return p.run(ctx, nil, "components", inputJSON, scripts...)
}

// Preload is a script a render needs run in its VM beforehand, once: Key
// names its content.
type Preload struct {
	Key, Source string
}

// run borrows a VM and calls the host operation op with input in it.
func (p *Pool) run(ctx context.Context, shared *Shared, op string, input []byte, scripts ...Preload) (string, []string, error) {
	e, err := p.acquire(ctx)
	if err != nil {
		return "", nil, err
	}
	deadline := time.Now().Add(p.cfg.timeout)
	if err := e.runScripts(scripts, deadline); err != nil {
		logs := e.take()
		p.release(e)
		return "", logs, p.explain(ctx, err)
	}
	out, err := e.invoke(ctx, p.done, shared, op, string(input), deadline)
	logs := e.take()
	p.release(e)
	return out, logs, p.explain(ctx, err)
}

// explain turns an interrupt into the error that says why it happened.
func (p *Pool) explain(ctx context.Context, err error) error {
	var ie *interruptError
	if !errors.As(err, &ie) {
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if p.isClosed() {
		return ErrClosed
	}
	return timeoutError(PhaseRender, p.cfg.timeout, ie.stack)
}

// acquire waits for a slot, then lends an idle VM or creates one.
func (p *Pool) acquire(ctx context.Context) (*engine, error) {
	// select picks at random among ready cases: check first so that a
	// cancelled context never starts a render.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-p.done:
		return nil, ErrClosed
	}
	e, err := p.lend()
	if err != nil {
		<-p.slots
		return nil, err
	}
	return e, nil
}

// lend returns an idle VM, or a new one when none is idle. The caller holds a
// slot, so every existing VM not idle is busy with another slot and a new one
// keeps the count within cfg.size.
func (p *Pool) lend() (*engine, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, ErrClosed
	}
	if n := len(p.idle); n > 0 {
		e := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return e, nil
	}
	p.mu.Unlock()

	// Loading takes about ten milliseconds: do it outside the lock.
	e, _, err := newEngine("", p.bytecode, p.cfg)
	if err != nil {
		return nil, err
	}
	e.take() // see NewPool
	return e, nil
}

// release takes a VM back after a render: idle again if it is sound and the
// pool open, closed otherwise. The VM is closed before the slot is freed, so
// that Close, which waits for every slot, returns only once all VMs are gone.
func (p *Pool) release(e *engine) {
	p.mu.Lock()
	keep := !e.isSpoiled() && !p.closed
	if keep {
		p.idle = append(p.idle, e)
	}
	p.mu.Unlock()
	if !keep {
		_ = e.close() // a spoiled VM's error was the render's to report
	}
	<-p.slots
}

func (p *Pool) isClosed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}

// Close interrupts the renders in progress, which then fail with ErrClosed,
// waits for them to end and frees every VM. Renders waiting for a VM, and any
// later ones, return ErrClosed. Calling Close again does nothing.
func (p *Pool) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	close(p.done) // interrupts the renders in progress
	idle := p.idle
	p.idle = nil
	p.mu.Unlock()

	var errs []error
	for _, e := range idle {
		errs = append(errs, e.close())
	}
	// Each render in progress holds a slot until its VM is closed.
	for range cap(p.slots) {
		p.slots <- struct{}{}
	}
	return errors.Join(errs...)
}
