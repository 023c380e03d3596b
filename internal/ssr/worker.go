package ssr

import (
	"bufio"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"
)

// Why a VM may live in another process: every malloc and free of the
// engine (QuickJS compiled to Go by ccgo) takes one process-wide mutex in
// modernc.org/libc, so two VMs in one process render 1.5× as fast as one,
// while two processes render 1.97× as fast (docs/performance.md). With
// WithWorkers, the pool's first VM stays in the process and each further
// one runs in a worker: the command given, which must call ServeWorker on
// its standard input and output (portal runs itself again).

// WithWorkers makes the pool run each VM past its first in a worker
// process that start returns, not yet started; start is called once per
// worker. Such a process must call ServeWorker(os.Stdin, os.Stdout).
func WithWorkers(start func() *exec.Cmd) Option {
	return func(c *config) { c.startWorker = start }
}

// workerInit is the first message to a worker: the bundle, and the
// pool's limits.
type workerInit struct {
	Bundle      string
	Bytecode    []byte
	Timeout     time.Duration
	MemoryLimit uintptr
}

// workerRequest is one render. Shared is set when the worker's VM does not
// hold this render's shared data yet.
type workerRequest struct {
	Shared *string
	Input  string
	Left   time.Duration // of the render's time, counted from when the worker reads it
}

// workerReply answers workerInit (Err only) and each workerRequest.
type workerReply struct {
	HTML string
	Logs []string
	Err  *wireError
}

// wireError carries the kinds of error a render returns across the pipe.
type wireError struct {
	Kind                        wireKind
	Phase, Name, Message, Stack string // a ScriptError's fields
	Text                        string // the error's text, for the other kinds
	Timeout                     bool   // ErrTimeout is in the chain
}

type wireKind int

const (
	wireOther wireKind = iota
	wireScript
	wireInterrupt
)

func toWire(err error) *wireError {
	if err == nil {
		return nil
	}
	var se *ScriptError
	var ie *interruptError
	switch {
	case errors.As(err, &se):
		return &wireError{Kind: wireScript, Phase: se.Phase, Name: se.Name, Message: se.Message, Stack: se.Stack}
	case errors.As(err, &ie):
		return &wireError{Kind: wireInterrupt, Stack: ie.stack}
	default:
		return &wireError{Kind: wireOther, Text: err.Error(), Timeout: errors.Is(err, ErrTimeout)}
	}
}

func (w *wireError) err() error {
	switch {
	case w == nil:
		return nil
	case w.Kind == wireScript:
		return &ScriptError{Phase: w.Phase, Name: w.Name, Message: w.Message, Stack: w.Stack}
	case w.Kind == wireInterrupt:
		return &interruptError{stack: w.Stack}
	case w.Timeout:
		return &remoteTimeout{text: w.Text}
	default:
		return errors.New(w.Text)
	}
}

// remoteTimeout is a worker's timeout error: its text as the worker wrote
// it, and errors.Is(err, ErrTimeout) as there.
type remoteTimeout struct{ text string }

func (e *remoteTimeout) Error() string { return e.text }
func (e *remoteTimeout) Unwrap() error { return ErrTimeout }

// ServeWorker runs one VM for a pool in another process (WithWorkers):
// it reads the bundle and then render requests from r, and writes each
// answer to w, until r ends. A VM spoiled by a render is replaced before
// the next one, so the worker outlives a failed page.
func ServeWorker(r io.Reader, w io.Writer) error {
	dec := gob.NewDecoder(bufio.NewReader(r))
	out := bufio.NewWriter(w)
	enc := gob.NewEncoder(out)
	reply := func(m *workerReply) error {
		if err := enc.Encode(m); err != nil {
			return err
		}
		return out.Flush()
	}
	var init workerInit
	if err := dec.Decode(&init); err != nil {
		return fmt.Errorf("ssr worker: reading the bundle: %w", err)
	}
	cfg := defaultConfig()
	cfg.timeout, cfg.memoryLimit = init.Timeout, init.MemoryLimit
	load := func() (*engine, error) {
		e, _, err := newEngine(init.Bundle, init.Bytecode, cfg)
		if err != nil && init.Bytecode != nil {
			e, _, err = newEngine(init.Bundle, nil, cfg)
		}
		if e != nil {
			e.take() // the bundle's load-time output is the pool's first VM's to report
		}
		return e, err
	}
	e, err := load()
	if err := reply(&workerReply{Err: toWire(err)}); err != nil || e == nil {
		return err
	}
	defer func() {
		if e != nil {
			e.close()
		}
	}()
	var shared *Shared
	for {
		var req workerRequest
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("ssr worker: reading a request: %w", err)
		}
		if req.Shared != nil {
			shared = NewShared([]byte(*req.Shared))
		}
		html, err := e.render(context.Background(), nil, shared, req.Input, time.Now().Add(req.Left))
		m := &workerReply{HTML: html, Logs: e.take(), Err: toWire(err)}
		if e.spoiled {
			// A fresh VM takes the shared data again at the next render.
			e.close()
			if e, err = load(); err != nil {
				m.Err = toWire(err)
				_ = reply(m)
				return err
			}
		}
		if err := reply(m); err != nil {
			return err
		}
	}
}

// remote is a VM in a worker process, used as an engine is: by one
// goroutine at a time.
type remote struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	out     *bufio.Writer
	enc     *gob.Encoder
	dec     *gob.Decoder
	logs    []string
	spoiled bool
	shared  *Shared // what the worker's VM last took
	killed  sync.Once
}

// startRemote starts a worker and loads the bundle in it.
func startRemote(start func() *exec.Cmd, source string, bytecode []byte, cfg config) (*remote, error) {
	cmd := start()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("ssr: starting a render worker: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("ssr: starting a render worker: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("ssr: starting a render worker: %w", err)
	}
	out := bufio.NewWriter(stdin)
	r := &remote{cmd: cmd, stdin: stdin, out: out, enc: gob.NewEncoder(out), dec: gob.NewDecoder(bufio.NewReader(stdout))}
	// A process that never answers (not a render worker at all) is killed.
	overdue := time.AfterFunc(cfg.timeout+workerGrace, r.kill)
	defer overdue.Stop()
	var reply workerReply
	if err := r.exchange(&workerInit{Bundle: source, Bytecode: bytecode, Timeout: cfg.timeout, MemoryLimit: cfg.memoryLimit}, &reply); err != nil {
		r.close()
		return nil, err
	}
	if err := reply.Err.err(); err != nil {
		r.close()
		if isInterrupt(err) {
			return nil, timeoutError(PhaseLoad, cfg.timeout, "")
		}
		return nil, err
	}
	return r, nil
}

// exchange sends m and reads the answer into reply.
func (r *remote) exchange(m any, reply *workerReply) error {
	if err := r.enc.Encode(m); err != nil {
		return fmt.Errorf("ssr: render worker: %w", err)
	}
	if err := r.out.Flush(); err != nil {
		return fmt.Errorf("ssr: render worker: %w", err)
	}
	if err := r.dec.Decode(reply); err != nil {
		return fmt.Errorf("ssr: render worker: %w", err)
	}
	return nil
}

// render is engine.render in the worker. A cancelled ctx or a closed abort
// kills the worker, which then reads as an interrupt.
func (r *remote) render(ctx context.Context, abort <-chan struct{}, shared *Shared, input string, deadline time.Time) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	stopped := make(chan struct{})
	watched := make(chan bool, 1)
	go func() {
		select {
		case <-stopped:
			watched <- false
		case <-ctx.Done():
			r.kill()
			watched <- true
		case <-abort:
			r.kill()
			watched <- true
		}
	}()
	// The worker keeps the deadline itself; one that does not answer well
	// after it (hung, or not a worker) is killed, and the render times out.
	var late atomic.Bool
	overdue := time.AfterFunc(time.Until(deadline)+workerGrace, func() {
		late.Store(true)
		r.kill()
	})
	defer overdue.Stop()
	req := workerRequest{Input: input, Left: time.Until(deadline)}
	if shared != nil && shared != r.shared {
		req.Shared = &shared.json
	}
	var reply workerReply
	err := r.exchange(&req, &reply)
	close(stopped)
	if <-watched || late.Load() {
		r.spoiled = true
		return "", &interruptError{}
	}
	if err != nil {
		r.spoiled = true
		return "", err
	}
	r.logs = append(r.logs, reply.Logs...)
	if req.Shared != nil {
		r.shared = shared
	}
	// A render that failed in the worker spoiled only its VM, which the
	// worker has replaced: the process stays in the pool.
	return reply.HTML, reply.Err.err()
}

func (r *remote) take() []string {
	logs := r.logs
	r.logs = nil
	return logs
}

func (r *remote) isSpoiled() bool { return r.spoiled }

func (r *remote) kill() {
	r.killed.Do(func() { _ = r.cmd.Process.Kill() })
}

// close ends the worker: its standard input closes, so ServeWorker returns.
func (r *remote) close() error {
	_ = r.stdin.Close()
	done := make(chan error, 1)
	go func() { done <- r.cmd.Wait() }()
	select {
	case err := <-done:
		if r.spoiled {
			return nil // killed on purpose, or already broken and reported
		}
		if err != nil {
			return fmt.Errorf("ssr: render worker: %w", err)
		}
		return nil
	case <-time.After(workerStopWait):
		r.kill()
		return fmt.Errorf("ssr: a render worker still ran %s after its input closed, and was killed: %w", workerStopWait, <-done)
	}
}

// workerStopWait is how long a worker may take to end once told to.
const workerStopWait = 2 * time.Second

// workerGrace is how long past a deadline the pool waits for a worker's
// answer before it kills the worker: the worker stops the script itself
// at the deadline, so this only ends one that hangs.
const workerGrace = 5 * time.Second
