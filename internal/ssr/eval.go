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
	return e.evalJSON(ctx, script, timeout)
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
