// Command contractgen writes the theme's TypeScript data contract,
// theme/src/contract.gen.ts, from the Go types that are its source of
// truth (see internal/contract).
//
// Usage:
//
//	go run ./cmd/contractgen [-out file] [-check]
//
// With -check it writes nothing and exits with status 1 when the file is
// out of date, for CI.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/portaldocs/portal/internal/contract"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "contractgen:", err)
		os.Exit(1)
	}
}

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("contractgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "file to write (default: "+contract.GeneratedFile+" under the module root)")
	check := fs.Bool("check", false, "write nothing; fail if the file is not up to date")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *out == "" {
		root, err := moduleRoot()
		if err != nil {
			return err
		}
		*out = filepath.Join(root, filepath.FromSlash(contract.GeneratedFile))
	}
	res, err := contract.Contract()
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(stderr, "contractgen: warning:", w)
	}
	old, err := os.ReadFile(*out)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if bytes.Equal(old, res.Code) {
		return nil
	}
	if *check {
		return fmt.Errorf("%s is out of date; run go run ./cmd/contractgen", *out)
	}
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(*out, res.Code, 0o644)
}

// moduleRoot is the directory of the nearest go.mod above the working
// directory, so the command works from anywhere in the repository.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory; pass -out")
		}
		dir = parent
	}
}
