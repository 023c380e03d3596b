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

// A problem the site has in many places is reported once, at the first,
// with how many places and files share it; the others are left as they are.
func TestMergeReportsAGroupOnce(t *testing.T) {
	ds := []Diagnostic{
		{File: "a.mdx", Line: 3, Severity: Warning, Message: "the component <X> is unknown", Group: "c:X"},
		{File: "a.mdx", Line: 4, Severity: Warning, Message: "a broken link"},
		{File: "a.mdx", Line: 9, Severity: Warning, Message: "the component <X> is unknown", Group: "c:X"},
		{File: "b.mdx", Line: 1, Severity: Warning, Message: "the component <Y> is unknown", Group: "c:Y"},
		{File: "c.mdx", Line: 2, Severity: Warning, Message: "the component <X> is unknown", Group: "c:X"},
	}
	got := Merge(ds)
	want := []string{
		"a.mdx:3: warning: the component <X> is unknown (3 uses in 2 files; this is the first)",
		"a.mdx:4: warning: a broken link",
		"b.mdx:1: warning: the component <Y> is unknown",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics, want %d: %v", len(got), len(want), got)
	}
	for i, d := range got {
		if d.String() != want[i] {
			t.Errorf("diagnostic %d = %q, want %q", i, d.String(), want[i])
		}
	}
}
