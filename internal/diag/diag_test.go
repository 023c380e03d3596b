package diag

import (
	"fmt"
	"strings"
	"testing"
)

func anchor(file string, line int) Diagnostic {
	return Diagnostic{File: file, Line: line, Severity: Warning,
		Message: fmt.Sprintf("Broken anchor on source page path = /docs/a/:\n   -> linking to /docs/b/#x%d", line),
		Hint:    "link to a heading id that exists on the target page"}
}

func TestCapKeepsTheFirstOfEachKindPerFile(t *testing.T) {
	var ds []Diagnostic
	for i := 1; i <= 200_000; i++ {
		ds = append(ds, anchor("docs/a.md", i))
	}
	ds = append(ds, Diagnostic{File: "docs/a.md", Line: 3, Severity: Error, Message: `unknown doc id "x"`})
	for i := 1; i <= 25; i++ {
		ds = append(ds, anchor("docs/b.md", i))
	}
	got := Cap(ds, 20)
	if len(got) != 20+1+1+20+1 {
		t.Fatalf("got %d diagnostics, want 43", len(got))
	}
	summary := got[20]
	if summary.File != "docs/a.md" || !strings.Contains(summary.Message, "199980 more like") ||
		!strings.Contains(summary.Message, "Broken anchor on source page path") {
		t.Errorf("summary after the 20th: %+v", summary)
	}
	if got[21].Severity != Error {
		t.Errorf("the other kind of problem in the same file is kept: %+v", got[21])
	}
	if last := got[len(got)-1]; last.File != "docs/b.md" || !strings.Contains(last.Message, "5 more like") {
		t.Errorf("docs/b.md's summary: %+v", last)
	}
	var printed strings.Builder
	for _, d := range got {
		printed.WriteString(d.String() + "\n")
	}
	if lines := strings.Count(printed.String(), "\n"); lines > 150 {
		t.Errorf("printing 200,025 warnings takes %d lines", lines)
	}
}

func TestCapLeavesFewDiagnosticsAlone(t *testing.T) {
	ds := []Diagnostic{anchor("a.md", 1), anchor("a.md", 2), {File: "b.md", Message: "x"}}
	got := Cap(ds, 20)
	if len(got) != 3 {
		t.Fatalf("got %v", got)
	}
}
