package ssr

import (
	"context"
	"errors"
	"fmt"
	"time"

	"modernc.org/quickjs"
)

// PhaseEval names a ScriptError thrown by a script run with EvalJSON.
const PhaseEval = "evaluate"

// EvalJSON runs script in a fresh VM of its own and returns, as JSON, the
// value the script's last expression evaluates to; a promise is awaited.
// The VM has only the language's built-ins: no file system, network,
// timers or module loader, so a script can compute but not reach outside.
// The whole run, promise jobs included, is bounded by timeout and by the
// default memory limit of a render VM; ctx stops it early. A thrown error
// comes back as a *ScriptError with PhaseEval.
func EvalJSON(ctx context.Context, script string, timeout time.Duration) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	vm, err := quickjs.NewVM()
	if err != nil {
		return "", fmt.Errorf("ssr: creating a VM: %w", err)
	}
	defer vm.Close()
	vm.SetMemoryLimit(defaultMemoryLimit)
	e := &engine{vm: vm}
	defer e.watch(ctx.Done(), nil)()
	deadline := time.Now().Add(timeout)
	if err := e.arm(deadline); err != nil {
		return "", timeoutError(PhaseEval, timeout, "")
	}
	// The script's value is settled in JavaScript and stored, so a promise
	// needs nothing from Go but draining the job queue.
	wrapped := "globalThis.__portalEvalState = {done: false};\n" +
		"Promise.resolve((0, eval)(" + quoteJS(script) + ")).then(\n" +
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

// evalError converts an engine error: an interrupt is the context's error
// when it was cancelled, else the timeout.
func evalError(ctx context.Context, err error, timeout time.Duration) error {
	err = scriptError(PhaseEval, err)
	var ie *interruptError
	if errors.As(err, &ie) {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		return timeoutError(PhaseEval, timeout, ie.stack)
	}
	return err
}

// quoteJS writes s as a JavaScript string literal. JSON string syntax is
// valid JavaScript once U+2028 and U+2029 are escaped, which JSON allows raw.
func quoteJS(s string) string {
	b := make([]byte, 0, len(s)+16)
	b = append(b, '"')
	for _, r := range s {
		switch r {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\u2028':
			b = append(b, `\u2028`...)
		case '\u2029':
			b = append(b, `\u2029`...)
		default:
			if r < 0x20 {
				b = append(b, fmt.Sprintf(`\u%04x`, r)...)
				continue
			}
			b = append(b, string(r)...)
		}
	}
	return string(append(b, '"'))
}
