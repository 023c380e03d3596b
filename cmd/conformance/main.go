// Command conformance runs the CommonMark and GFM spec examples through
// Portal's Markdown renderer and prints one line per suite:
//
//	commonmark: P/T passed
//	gfm: P/T passed
//
// It exits with status 1 when an example fails that
// internal/markdown/conformance/allowlist.txt does not list. With -v it lists
// those failures, and allow-listed examples that pass now, on stderr.
//
// Run it from the repository root (make conformance); the default spec paths
// are relative to it.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/markdown/conformance"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("conformance", flag.ContinueOnError)
	flags.SetOutput(stderr)
	commonmarkPath := flags.String("commonmark", "../shared/testdata/commonmark/spec-0.31.2.json", "CommonMark spec examples (JSON)")
	gfmPath := flags.String("gfm", "../shared/testdata/gfm/spec.json", "GFM spec examples (JSON)")
	verbose := flags.Bool("v", false, "list failures that are not allow-listed on stderr")
	if err := flags.Parse(args); err != nil {
		return 2
	}

	allowlist, err := conformance.DefaultAllowlist()
	if err != nil {
		fmt.Fprintln(stderr, "conformance:", err)
		return 2
	}
	renderer := markdown.New()
	var all []conformance.Result
	for _, suite := range []struct{ name, path string }{
		{conformance.CommonMark, *commonmarkPath},
		{conformance.GFM, *gfmPath},
	} {
		examples, err := conformance.LoadExamples(suite.path)
		if err != nil {
			fmt.Fprintln(stderr, "conformance:", err)
			return 2
		}
		results, err := conformance.Run(renderer, suite.name, examples)
		if err != nil {
			fmt.Fprintln(stderr, "conformance:", err)
			return 2
		}
		fmt.Fprintf(stdout, "%s: %d/%d passed\n", suite.name, conformance.Passed(results), len(results))
		all = append(all, results...)
	}

	verdict := allowlist.Check(all)
	if *verbose {
		for _, r := range verdict.Unexpected {
			fmt.Fprintf(stderr, "FAIL %s", conformance.Describe(r))
		}
		for _, key := range verdict.Fixed {
			fmt.Fprintf(stderr, "PASS %s is allow-listed but passes now; remove it from allowlist.txt\n", key)
		}
	}
	if len(verdict.Unexpected) > 0 {
		return 1
	}
	return 0
}
