package shall

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the guide statements' extracts in site/fhir-guides from the published material")

const (
	published  = "../../../../shared/testdata/fhir/published"
	siteGuides = "../../../site/fhir-guides"
)

// guideStatement is one guide statement the portal's APIs instantiate and
// where its published form is read: a built package's file, or the
// guide's FSH source at its release tag where no built package of that
// version is here.
type guideStatement struct {
	folder, file string // the extract in site/fhir-guides
	pkg, member  string // a package under packages/ and its file
	fsh, id      string // or a FSH file under sources/ and its Instance
	// or a guide's source file in the shared FHIR test data, where that is
	// the nearest to the release that is here, and the commit it is from
	testdata, commit string
}

var guideStatements = []guideStatement{
	{folder: "hl7.fhir.us.core-3.1.1", file: "CapabilityStatement-us-core-server.json", pkg: "hl7.fhir.us.core-3.1.1.tgz", member: "package/CapabilityStatement-us-core-server.json"},
	{folder: "hl7.fhir.us.core-6.1.0", file: "CapabilityStatement-us-core-server.json", pkg: "hl7.fhir.us.core-6.1.0.tgz", member: "package/CapabilityStatement-us-core-server.json"},
	{folder: "hl7.fhir.us.davinci-pdex-plan-net-1.1.0", file: "CapabilityStatement-plan-net.json", pkg: "hl7.fhir.us.davinci-pdex-plan-net-1.1.0.tgz", member: "package/CapabilityStatement-plan-net.json"},
	{folder: "hl7.fhir.us.davinci-pdex-2.1.0", file: "CapabilityStatement-pdex-provider-access-server.json",
		fsh: "sources/davinci-pdex-2.1.0/input/fsh/pdex-provider-access-server-capability-statement.fsh", id: "pdex-provider-access-server"},
	// HL7/bulk-data@43be82e: version 2.0.0 with later technical corrections
	// (../shared/testdata/fhir/README.md); no 2.0.0 package is here.
	{folder: "hl7.fhir.uv.bulkdata-2.0.0", file: "CapabilityStatement-bulk-data.json", testdata: "bulk-data/capabilitystatement-bulk-data.json", commit: "HL7/bulk-data@43be82e"},
}

func readPackageMember(pkg, member string) ([]byte, error) {
	var data []byte
	err := eachPackageFile(pkg, func(name string, r io.Reader) (bool, error) {
		if name != member {
			return false, nil
		}
		var err error
		data, err = io.ReadAll(r)
		return true, err
	})
	if err == nil && data == nil {
		err = fmt.Errorf("%s has no %s", pkg, member)
	}
	return data, err
}

// eachPackageFile calls fn with each file of a package under packages/,
// until fn says it is done.
func eachPackageFile(pkg string, fn func(name string, r io.Reader) (done bool, err error)) error {
	f, err := os.Open(filepath.Join(published, "packages", pkg))
	if err != nil {
		return err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if done, err := fn(h.Name, tr); done || err != nil {
			return err
		}
	}
}

// publishedStatement reads g's statement from the published material, and
// names where it was read.
func publishedStatement(t *testing.T, g guideStatement) (data []byte, source string) {
	t.Helper()
	if _, err := os.Stat(published); err != nil {
		t.Skipf("the published FHIR material is not beside the repository: %v", err)
	}
	if g.testdata != "" {
		data, err := os.ReadFile(filepath.Join(published, "..", g.testdata))
		if err != nil {
			t.Fatal(err)
		}
		return data, "testdata/fhir/" + g.testdata + " (" + g.commit + ")"
	}
	if g.pkg != "" {
		data, err := readPackageMember(g.pkg, g.member)
		if err != nil {
			t.Fatal(err)
		}
		return data, g.pkg + "#" + g.member
	}
	src, err := os.ReadFile(filepath.Join(published, g.fsh))
	if err != nil {
		t.Fatal(err)
	}
	res, err := fshInstance(string(src), g.id)
	if err != nil {
		t.Fatalf("%s: %v", g.fsh, err)
	}
	res["resourceType"] = "CapabilityStatement"
	res["id"] = g.id
	data, err = json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return data, g.fsh + "#" + g.id
}

// TestGuideStatementExtracts: each extract in site/fhir-guides of a guide
// statement the APIs instantiate holds exactly the SHALLs of the
// published statement (go test -update rewrites it).
func TestGuideStatementExtracts(t *testing.T) {
	for _, g := range guideStatements {
		t.Run(g.folder, func(t *testing.T) {
			data, source := publishedStatement(t, g)
			want, err := Extract(data, source)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(siteGuides, g.folder, g.file)
			if *update {
				if err := os.WriteFile(file, want, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			got, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the SHALLs of %s: run go test ./internal/fhir/shall -run TestGuideStatementExtracts -update and review the diff", file, source)
			}
		})
	}
}

// Extract is the part of a published statement that the comparison reads:
// its identity, where it was read (meta.source), and each item of its
// server blocks rated SHALL, with only the elements that name it.
func Extract(data []byte, source string) ([]byte, error) {
	var cs map[string]any
	if err := json.Unmarshal(data, &cs); err != nil {
		return nil, err
	}
	out := map[string]any{"meta": map[string]any{"source": source}}
	for _, k := range []string{"resourceType", "id", "url", "version", "name", "title", "status", "kind", "fhirVersion"} {
		if v, ok := cs[k]; ok {
			out[k] = v
		}
	}
	var rests []any
	for _, r := range items(cs["rest"]) {
		if r["mode"] != "server" {
			continue
		}
		rest := map[string]any{"mode": "server"}
		var resources []any
		for _, res := range items(r["resource"]) {
			kept := map[string]any{"type": res["type"]}
			var exts []any
			for _, e := range items(res["extension"]) {
				if e["url"] == expectationURL && e["valueCode"] == "SHALL" || e["url"] == combinationURL && shallExtension(e) {
					exts = append(exts, e)
				}
			}
			setNonEmpty(kept, "extension", exts)
			setNonEmpty(kept, "interaction", shallItems(res["interaction"], "code"))
			setNonEmpty(kept, "searchParam", shallItems(res["searchParam"], "name", "type"))
			setNonEmpty(kept, "operation", shallItems(res["operation"], "name"))
			if len(kept) > 1 {
				resources = append(resources, kept)
			}
		}
		setNonEmpty(rest, "resource", resources)
		setNonEmpty(rest, "interaction", shallItems(r["interaction"], "code"))
		setNonEmpty(rest, "operation", shallItems(r["operation"], "name"))
		rests = append(rests, rest)
	}
	setNonEmpty(out, "rest", rests)
	b, err := json.MarshalIndent(out, "", "  ")
	return append(b, '\n'), err
}

func items(v any) []map[string]any {
	var out []map[string]any
	list, _ := v.([]any)
	for _, item := range list {
		if m, ok := item.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func shallExtension(item map[string]any) bool {
	for _, e := range items(item["extension"]) {
		if e["url"] == expectationURL {
			return e["valueCode"] == "SHALL"
		}
	}
	return false
}

// shallItems are the SHALL items of a list, each with its expectation and
// the named elements.
func shallItems(v any, keys ...string) []any {
	var out []any
	for _, item := range items(v) {
		if !shallExtension(item) {
			continue
		}
		kept := map[string]any{"extension": []any{map[string]any{"url": expectationURL, "valueCode": "SHALL"}}}
		for _, k := range keys {
			if val, ok := item[k]; ok {
				kept[k] = val
			}
		}
		out = append(out, kept)
	}
	return out
}

func setNonEmpty(m map[string]any, key string, list []any) {
	if len(list) > 0 {
		m[key] = list
	}
}
