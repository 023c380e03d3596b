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
	// Group names one problem of the site that many places share (the
	// same unknown component used on many pages): Merge reports a group
	// once, at its first place, with how many there are. Empty for a
	// problem of its own place.
	Group string
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

// Merge reports each group (Diagnostic.Group) once: at its first place in
// ds, its message followed by how many places share it and in how many
// files. ds is in the order List.Items gives; the others keep theirs.
func Merge(ds []Diagnostic) []Diagnostic {
	type group struct {
		first int
		uses  int
		files map[string]bool
	}
	groups := map[string]*group{}
	out := make([]Diagnostic, 0, len(ds))
	for _, d := range ds {
		if d.Group == "" {
			out = append(out, d)
			continue
		}
		g := groups[d.Group]
		if g == nil {
			g = &group{first: len(out), files: map[string]bool{}}
			groups[d.Group] = g
			out = append(out, d)
		}
		g.uses++
		g.files[d.File] = true
	}
	for _, g := range groups {
		if g.uses > 1 {
			out[g.first].Message += fmt.Sprintf(" (%d uses in %d files; this is the first)", g.uses, len(g.files))
		}
	}
	return out
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

// PerKindLimit is how many diagnostics of one kind in one file Cap keeps.
const PerKindLimit = 20

// Cap keeps, of each kind of diagnostic in each file, the first limit (in
// the order given) and replaces the rest by one diagnostic saying how many
// were left out, placed after the last one kept. A page with 200,000 links
// to one missing anchor then prints 21 lines, not 400,000. Diagnostics are
// of one kind when they share the severity, the hint and the message's
// fixed opening (the text before its first quoted, numbered or path-like
// part), which is how the build words one kind of problem.
func Cap(ds []Diagnostic, limit int) []Diagnostic {
	type group struct {
		kept, dropped int
		summary       int // index in out of the summary, once needed
		sample        Diagnostic
	}
	groups := map[string]*group{}
	out := make([]Diagnostic, 0, min(len(ds), 1024))
	for _, d := range ds {
		key := d.File + "\x00" + d.Severity.String() + "\x00" + d.Hint + "\x00" + messageStem(d.Message)
		g := groups[key]
		if g == nil {
			g = &group{summary: -1, sample: d}
			groups[key] = g
		}
		if g.kept < limit {
			g.kept++
			out = append(out, d)
			continue
		}
		if g.summary < 0 {
			g.summary = len(out)
			out = append(out, Diagnostic{})
		}
		g.dropped++
	}
	for _, g := range groups {
		if g.summary >= 0 {
			out[g.summary] = Diagnostic{File: g.sample.File, Severity: g.sample.Severity,
				Message: fmt.Sprintf("%d more like %q not shown (only the first %d of one kind per file are listed)",
					g.dropped, firstLine(g.sample.Message), limit)}
		}
	}
	return out
}

// messageStem is the fixed opening of a message: up to the first character
// that starts a value (a quote, a digit, a path, an equals sign or a colon).
func messageStem(msg string) string {
	if i := strings.IndexAny(msg, "\"'`=:/0123456789\n("); i >= 0 {
		return msg[:i]
	}
	return msg
}

func firstLine(msg string) string {
	line, _, _ := strings.Cut(msg, "\n")
	if len(line) > 80 {
		line = line[:77] + "..."
	}
	return line
}
