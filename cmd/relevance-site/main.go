// Command relevance-site builds the fixture site of the search relevance test
// (theme/src/search/relevance.test.ts) into a folder:
//
//	go run ./cmd/relevance-site -shared ../shared -out theme/.cache/relevance-site
//
// The site is internal/search/testdata/relevance/site (hand-written guide
// pages and a portal.yaml whose FHIR APIs point under fhir/hl7/) plus the real
// HL7 conformance resources of ../shared/testdata/fhir, which its generated
// reference pages are made from. Those files are third-party and are read in
// place, never copied into this repository: this command mounts them at
// fhir/hl7/<ig>/ in an in-memory file system next to the site's own files and
// runs the ordinary build on the result.
//
// It prints the build's diagnostics like portal build, with each file's real
// path, except the warnings about the HL7 files themselves: they reference
// profiles and search parameters the shared test data does not include
// (about 230 warnings), so only their number is printed unless -v is given.
// It exits 1 when the build fails, 2 on bad flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing/fstest"
	"time"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/pipeline"
)

// mounts lists the folders of <shared>/testdata/fhir the site uses and where
// they appear in the site. Plan-Net is mounted in its package form only: its
// top-level source files repeat the package's canonical URLs, which the FHIR
// loader rejects as duplicates.
var mounts = []struct{ from, to string }{
	{"us-core", "fhir/hl7/us-core"},
	{"plan-net/package-1.1.0", "fhir/hl7/plan-net/package-1.1.0"},
	{"carin-bb", "fhir/hl7/carin-bb"},
	{"bulk-data", "fhir/hl7/bulk-data"},
}

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("relevance-site", flag.ContinueOnError)
	flags.SetOutput(stderr)
	site := flags.String("site", "internal/search/testdata/relevance/site", "the fixture site folder")
	shared := flags.String("shared", "../shared", "the shared folder holding testdata/fhir")
	out := flags.String("out", "", "output folder (required); replaced only when the build succeeds")
	verbose := flags.Bool("v", false, "also list the warnings about the mounted HL7 files")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *out == "" || flags.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: relevance-site [-site DIR] [-shared DIR] -out DIR")
		return 2
	}
	start := time.Now()
	fsys, err := compose(*site, filepath.Join(*shared, "testdata", "fhir"))
	if err != nil {
		fmt.Fprintf(stderr, "relevance-site: %v\n", err)
		return 1
	}
	res, err := pipeline.Run(ctx, fsys, pipeline.WithTheme(portal.Theme()))
	if res != nil {
		hidden := 0
		for _, d := range res.Diagnostics {
			if d.Severity != diag.Error && mounted(d.File) && !*verbose {
				hidden++
				continue
			}
			d.File = realPath(d.File, *site, *shared)
			fmt.Fprintln(stderr, d.String())
		}
		if hidden > 0 {
			fmt.Fprintf(stderr, "relevance-site: %d warnings about the shared HL7 files not shown (-v lists them)\n", hidden)
		}
	}
	if err != nil {
		if errors.Is(err, pipeline.ErrFailed) && res != nil {
			fmt.Fprintf(stderr, "relevance-site: build failed with %d error(s)\n", countErrors(res.Diagnostics))
		} else {
			fmt.Fprintf(stderr, "relevance-site: %v\n", err)
		}
		return 1
	}
	defer res.Output.Close()
	if err := res.Output.WriteDir(*out); err != nil {
		fmt.Fprintf(stderr, "relevance-site: write output: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "built %d routes into %s in %s\n", len(res.Output.Manifest.Routes), *out,
		time.Since(start).Round(time.Millisecond))
	return 0
}

// compose reads the site folder and every mount into one in-memory file
// system. A site file at a mounted path is an error: the mounts own fhir/hl7.
func compose(siteDir, fhirDir string) (fstest.MapFS, error) {
	if info, err := os.Stat(fhirDir); err != nil || !info.IsDir() {
		return nil, fmt.Errorf("no HL7 test data at %s: -shared must name the shared folder (../shared from the repository root)", fhirDir)
	}
	fsys := fstest.MapFS{}
	if err := addTree(fsys, os.DirFS(siteDir), "."); err != nil {
		return nil, fmt.Errorf("site folder %s: %w", siteDir, err)
	}
	for name := range fsys {
		if name == "fhir/hl7" || strings.HasPrefix(name, "fhir/hl7/") {
			return nil, fmt.Errorf("site folder %s has %s: fhir/hl7/ is where the shared HL7 files are mounted", siteDir, name)
		}
	}
	for _, m := range mounts {
		src := filepath.Join(fhirDir, filepath.FromSlash(m.from))
		if err := addTree(fsys, os.DirFS(src), m.to); err != nil {
			return nil, fmt.Errorf("HL7 files %s: %w", src, err)
		}
	}
	return fsys, nil
}

// addTree copies every regular file of src into fsys under prefix.
func addTree(fsys fstest.MapFS, src fs.FS, prefix string) error {
	n := 0
	err := fs.WalkDir(src, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := fs.ReadFile(src, name)
		if err != nil {
			return err
		}
		fsys[path.Join(prefix, name)] = &fstest.MapFile{Data: data, Mode: 0o644}
		n++
		return nil
	})
	if err == nil && n == 0 {
		err = errors.New("no files")
	}
	return err
}

// mounted reports whether a file of the composed file system is one of the
// shared HL7 files.
func mounted(name string) bool {
	for _, m := range mounts {
		if strings.HasPrefix(name, m.to+"/") {
			return true
		}
	}
	return false
}

// realPath turns a file name of the composed file system back into the path
// of the file on disk, so that diagnostics can be opened from the terminal.
func realPath(name, siteDir, shared string) string {
	if name == "" {
		return ""
	}
	for _, m := range mounts {
		if rest, ok := strings.CutPrefix(name, m.to+"/"); ok {
			return filepath.ToSlash(filepath.Join(shared, "testdata", "fhir", m.from, rest))
		}
	}
	return filepath.ToSlash(filepath.Join(siteDir, name))
}

func countErrors(ds []diag.Diagnostic) int {
	n := 0
	for _, d := range ds {
		if d.Severity == diag.Error {
			n++
		}
	}
	return n
}
