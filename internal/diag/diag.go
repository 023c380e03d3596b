// Package diag holds build diagnostics: located errors and warnings that are
// collected across a whole build and reported together, never one at a time.
package diag

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Severity says whether a diagnostic fails the build.
type Severity int

const (
	// Error fails the build.
	Error Severity = iota
	// Warning is reported but does not fail the build.
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem found in the site, located in a file.
// File is relative to the site folder; Line and Col are 1-based, 0 when unknown.
type Diagnostic struct {
	File     string
	Line     int
	Col      int
	Severity Severity
	Message  string
	// Hint tells the author how to fix it; optional.
	Hint string
}

// String formats the diagnostic as "file:line: message" (the form editors and
// CI annotate), with the severity for warnings and the hint on a following line.
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.Location())
	b.WriteString(": ")
	if d.Severity == Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(d.Message)
	if d.Hint != "" {
		b.WriteString("\n  hint: ")
		b.WriteString(d.Hint)
	}
	return b.String()
}

// Location is "file:line" (or "file" when the line is unknown).
func (d Diagnostic) Location() string {
	file := d.File
	if file == "" {
		file = "<site>"
	}
	if d.Line > 0 {
		return fmt.Sprintf("%s:%d", file, d.Line)
	}
	return file
}

// List collects diagnostics; it is safe for concurrent use because pages are
// rendered in parallel.
type List struct {
	mu    sync.Mutex
	items []Diagnostic
}

// Add appends diagnostics.
func (l *List) Add(ds ...Diagnostic) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.items = append(l.items, ds...)
}

// HasErrors reports whether any diagnostic is an error.
func (l *List) HasErrors() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, d := range l.items {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Items returns the diagnostics sorted by file, line and message, so that
// output is stable whatever order parallel work finished in.
func (l *List) Items() []Diagnostic {
	l.mu.Lock()
	out := append([]Diagnostic(nil), l.items...)
	l.mu.Unlock()
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Message < b.Message
	})
	return out
}
