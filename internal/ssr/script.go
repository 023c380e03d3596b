package ssr

import (
	"context"
	"fmt"
	"sync"
	"time"

	"modernc.org/quickjs"
)

// HostFile reads one file for a script: its text, or a problem ("" when
// there is none) that the script sees as a thrown error.
type HostFile func(path string) (text, problem string)

// hostFileName is the global a Script's source reads files with.
const hostFileName = "__portalReadFile"

// Script is one QuickJS VM kept for many calls: its source defines
// functions, and each Call evaluates an expression against them. Its only
// way out of the VM is the file reader it was given. It is safe for
// concurrent use; calls take turns.
type Script struct {
	mu sync.Mutex
	e  *engine
}

// NewScript runs source in a new VM, within timeout, with read installed as
// the global __portalReadFile(path), which returns [text, problem].
func NewScript(source string, read HostFile, timeout time.Duration) (*Script, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, fmt.Errorf("ssr: creating a VM: %w", err)
	}
	vm.SetMemoryLimit(defaultMemoryLimit)
	e := &engine{vm: vm}
	if read != nil {
		if err := vm.RegisterFunc(hostFileName, func(path string) (string, string) { return read(path) }, false); err != nil {
			_ = vm.Close()
			return nil, fmt.Errorf("ssr: installing the file reader: %w", err)
		}
	}
	if err := e.arm(time.Now().Add(timeout)); err != nil {
		_ = vm.Close()
		return nil, timeoutError(PhaseLoad, timeout, "")
	}
	if _, err := vm.Eval(source, quickjs.EvalGlobal); err != nil {
		_ = vm.Close()
		return nil, loadError(err, timeout)
	}
	return &Script{e: e}, nil
}

// Call evaluates expression in the script's VM and returns its value as
// JSON, a promise awaited, within timeout; ctx stops it early. A thrown
// error comes back as a *ScriptError with PhaseEval.
func (s *Script) Call(ctx context.Context, expression string, timeout time.Duration) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.e.watch(ctx.Done(), nil)()
	return s.e.evalJSON(ctx, expression, timeout)
}

// Close frees the VM.
func (s *Script) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.e.vm.Close()
}

// evalJSON evaluates expression and returns its settled value as JSON.
// The value is settled in JavaScript and stored, so a promise needs nothing
// from Go but draining the job queue.
func (e *engine) evalJSON(ctx context.Context, expression string, timeout time.Duration) (string, error) {
	vm := e.vm
	deadline := time.Now().Add(timeout)
	if err := e.arm(deadline); err != nil {
		return "", timeoutError(PhaseEval, timeout, "")
	}
	wrapped := "globalThis.__portalEvalState = {done: false};\n" +
		"Promise.resolve((0, eval)(" + quoteJS(expression) + ")).then(\n" +
		"  (v) => { globalThis.__portalEvalState = {done: true, json: JSON.stringify(v === undefined ? null : v)}; },\n" +
		"  (e) => { globalThis.__portalEvalState = {done: true, error: e}; });\n"
	if _, err := vm.Eval(wrapped, quickjs.EvalGlobal); err != nil {
		return "", evalError(ctx, err, timeout)
	}
	for range maxTasks {
		if err := e.arm(deadline); err != nil {
			return "", timeoutError(PhaseEval, timeout, "")
		}
		n, err := vm.ExecutePendingJobs()
		if err != nil {
			return "", evalError(ctx, err, timeout)
		}
		if n == 0 {
			break
		}
	}
	done, err := vm.Eval("globalThis.__portalEvalState.done", quickjs.EvalGlobal)
	if err != nil {
		return "", evalError(ctx, err, timeout)
	}
	if done != true {
		return "", &ScriptError{Phase: PhaseEval, Message: "the script's promise never settled"}
	}
	if _, err := vm.Eval("if ('error' in globalThis.__portalEvalState) throw globalThis.__portalEvalState.error", quickjs.EvalGlobal); err != nil {
		return "", evalError(ctx, err, timeout)
	}
	out, err := vm.Eval("globalThis.__portalEvalState.json", quickjs.EvalGlobal)
	if err != nil {
		return "", evalError(ctx, err, timeout)
	}
	s, ok := out.(string)
	if !ok {
		return "", &ScriptError{Phase: PhaseEval, Message: "the script's value cannot be written as JSON"}
	}
	return s, nil
}
