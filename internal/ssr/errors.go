package ssr

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"modernc.org/quickjs"
)

// ErrTimeout is wrapped by the error of a render, or of loading the bundle,
// that ran past the pool's timeout (see WithTimeout); test for it with
// errors.Is.
var ErrTimeout = errors.New("JavaScript timed out")

// ErrClosed is returned by Render once Close has been called.
var ErrClosed = errors.New("ssr: pool is closed")

// Where a ScriptError was thrown, as ScriptError.Phase names it.
const (
	PhaseLoad   = "server bundle" // evaluating the bundle, or checking that it defined portalRender
	PhaseRender = "render"        // a call of portalRender, or draining the work it queued
)

// ScriptError is a JavaScript exception thrown by the server bundle. Its
// Error text carries the phase, the JavaScript message and the stack, so that
// a build log shows where in the bundle it was thrown.
type ScriptError struct {
	Phase   string // PhaseLoad or PhaseRender
	Name    string // the error's name, such as "TypeError"; empty when the script threw a value that is not an Error
	Message string // the error's message, or the thrown value as a string
	Stack   string // one "    at function (<eval>:line:column)" line per frame, innermost first; lines are the bundle's
}

// Error returns "ssr: <phase>: <name>: <message>" followed by the stack.
func (e *ScriptError) Error() string {
	return "ssr: " + e.Phase + ": " + e.text()
}

// text is the error as JavaScript would print it: name, message and stack.
func (e *ScriptError) text() string {
	var b strings.Builder
	if e.Name != "" {
		b.WriteString(e.Name)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	if stack := strings.TrimRight(e.Stack, "\n"); stack != "" {
		b.WriteString("\n")
		b.WriteString(stack)
	}
	return b.String()
}

// interruptError is how an engine reports that its JavaScript was stopped,
// by the eval timeout, a cancelled context or Close, before the pool, which
// knows which of the three it was, turns it into the error Render returns.
type interruptError struct {
	stack string // where the script was when it stopped, if known
}

func (e *interruptError) Error() string { return "ssr: JavaScript interrupted" }

// scriptError converts an error from the engine: an interrupt becomes an
// *interruptError, an exception a *ScriptError, and anything else (the
// engine's own failures, such as an allocation outside the JS heap) is
// wrapped with the phase.
func scriptError(phase string, err error) error {
	var jsErr *quickjs.Error
	if !errors.As(err, &jsErr) {
		return fmt.Errorf("ssr: %s: %w", phase, err)
	}
	// The engine throws this uncatchable error when Interrupt or the eval
	// timeout stops a script (QuickJS's JS_ThrowInterrupted).
	if jsErr.Name == "InternalError" && jsErr.Message == "interrupted" {
		return &interruptError{stack: trimStack(jsErr.Stack)}
	}
	msg := jsErr.Message
	if jsErr.Name == "" && msg == "" {
		msg = jsErr.Error() // a thrown string or number: its string form
	}
	return &ScriptError{Phase: phase, Name: jsErr.Name, Message: msg, Stack: trimStack(jsErr.Stack)}
}

// trimStack cuts a stack where the frames of shims.js begin: the functions
// Go calls there are named __portal*, every render has them, and their line
// numbers would read as the bundle's, as both are "<eval>" to the engine.
func trimStack(stack string) string {
	if i := strings.Index(stack, "    at __portal"); i >= 0 {
		return stack[:i]
	}
	return stack
}

// timeoutError describes a render stopped by the timeout, with the stack at
// the point it was stopped, which is usually the loop that did not end.
func timeoutError(phase string, d time.Duration, stack string) error {
	if stack = strings.TrimRight(stack, "\n"); stack != "" {
		return fmt.Errorf("ssr: %s: %w after %s; the script was stopped at\n%s", phase, ErrTimeout, d, stack)
	}
	return fmt.Errorf("ssr: %s: %w after %s", phase, ErrTimeout, d)
}
