package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestRunPrintsOneLinePerSuite(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{
		"-commonmark", "../../../shared/testdata/commonmark/spec-0.31.2.json",
		"-gfm", "../../../shared/testdata/gfm/spec.json",
	}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit code %d, stderr:\n%s", code, stderr.String())
	}
	want := regexp.MustCompile(`^commonmark: \d+/652 passed\ngfm: \d+/672 passed\n$`)
	if !want.MatchString(stdout.String()) {
		t.Errorf("stdout = %q, want two summary lines", stdout.String())
	}
}

func TestRunFailsOnFailuresNotAllowListed(t *testing.T) {
	dir := t.TempDir()
	failing := filepath.Join(dir, "failing.json")
	empty := filepath.Join(dir, "empty.json")
	writeFile(t, failing, `[{"markdown": "a\n", "html": "<p>b</p>\n", "example": 1, "section": "Made up"}]`)
	writeFile(t, empty, `[]`)

	var stdout, stderr bytes.Buffer
	code := run([]string{"-v", "-commonmark", failing, "-gfm", empty}, &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	if stdout.String() != "commonmark: 0/1 passed\ngfm: 0/0 passed\n" {
		t.Errorf("stdout = %q", stdout.String())
	}
	if !strings.Contains(stderr.String(), "FAIL commonmark 1 (Made up)") {
		t.Errorf("stderr does not list the failure:\n%s", stderr.String())
	}
}

func TestRunReportsUnreadableSpec(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-commonmark", "does-not-exist.json"}, &stdout, &stderr); code != 2 {
		t.Errorf("exit code %d, want 2", code)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
