package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/contract"
)

func TestWritesThenChecks(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sub", "contract.gen.ts")
	var stderr bytes.Buffer
	if err := run([]string{"-check", "-out", out}, &stderr); err == nil || !strings.Contains(err.Error(), "out of date") {
		t.Fatalf("-check on a missing file: err = %v", err)
	}
	if err := run([]string{"-out", out}, &stderr); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	res, err := contract.Contract()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, res.Code) {
		t.Error("written file differs from the generated contract")
	}
	if err := run([]string{"-check", "-out", out}, &stderr); err != nil {
		t.Errorf("-check on a fresh file: %v", err)
	}
	if err := os.WriteFile(out, append(got, "// edited\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-check", "-out", out}, &stderr); err == nil {
		t.Error("-check accepted an edited file")
	}
}

func TestRejectsArguments(t *testing.T) {
	var stderr bytes.Buffer
	if err := run([]string{"extra"}, &stderr); err == nil {
		t.Error("accepted a stray argument")
	}
}
