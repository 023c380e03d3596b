package parse

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/fhir/base"
)

// siteFHIR is the portal's own FHIR folder: what a warm rebuild parses.
const siteFHIR = "../../../site/fhir"

type jsonInput struct {
	path string
	data []byte
}

// readJSONFiles reads every *.json file under dir, in path order.
func readJSONFiles(tb testing.TB, dir string) []jsonInput {
	tb.Helper()
	var out []jsonInput
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		out = append(out, jsonInput{path: p, data: data})
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatalf("no JSON files under %s", dir)
	}
	return out
}

// BenchmarkParseSiteFiles parses every FHIR file of the portal's own site
// once per iteration: the share of parseFile in a warm rebuild.
func BenchmarkParseSiteFiles(b *testing.B) {
	inputs := readJSONFiles(b, siteFHIR)
	var size int64
	for _, in := range inputs {
		size += int64(len(in.data))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range inputs {
			parseFile(in.path, in.data, base.R4)
		}
	}
}
