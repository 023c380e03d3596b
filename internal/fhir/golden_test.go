package fhir

import (
	"context"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
)

var update = flag.Bool("update", false, "rewrite the golden files from the current output")

// hl7Testdata is the shared folder of real HL7 conformance resources. The
// tests read them from there; they are never copied into the repo.
const hl7Testdata = "../../../shared/testdata/fhir"

// loadIG loads one implementation guide's folder as a site whose FHIR
// folder is that folder, with one API for its CapabilityStatement.
func loadIG(t *testing.T, dir, statement string) (*Site, []diag.Diagnostic) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(hl7Testdata, dir)); err != nil {
		t.Fatalf("the shared HL7 test data (../shared/testdata/fhir beside the repo) is missing: %v", err)
	}
	cfg := config.FHIR{Path: dir, APIs: []config.FHIRAPI{{ID: "ig", CapabilityStatement: statement, BaseURL: "https://fhir.example.org/r4"}}}
	fsys := fs.FS(os.DirFS(hl7Testdata))
	if dir == "plan-net" {
		fsys = withoutNestedPackages{fsys, dir}
	}
	site, diags := Prepare(context.Background(), fsys, cfg, "portal.yaml", BaseSpecs)
	for _, d := range diags {
		if d.Severity == diag.Error {
			t.Errorf("%s: unexpected error: %s", dir, d)
		}
	}
	return site, diags
}

// withoutNestedPackages hides package folders below the IG's own folder:
// the plan-net source folder holds the published package of the same
// guide, whose resources repeat the source ones.
type withoutNestedPackages struct {
	fs.FS
	root string
}

func (w withoutNestedPackages) Open(name string) (fs.File, error) {
	if rel, ok := strings.CutPrefix(name, w.root+"/"); ok && strings.HasPrefix(rel, "package-") {
		return nil, fs.ErrNotExist
	}
	return w.FS.Open(name)
}

func (w withoutNestedPackages) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(w.FS, name)
	if name != w.root {
		return entries, err
	}
	kept := entries[:0]
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "package-") {
			kept = append(kept, e)
		}
	}
	return kept, err
}

var igStatements = []struct {
	name, dir, statement string
}{
	{"us-core", "us-core", "CapabilityStatement-us-core-server.json"},
	{"carin-bb", "carin-bb", "capabilitystatement-c4bb.json"},
	{"plan-net", "plan-net", "capabilitystatement-plan-net.json"},
	{"plan-net-package", "plan-net/package-1.1.0", "CapabilityStatement-plan-net.json"},
	{"bulk-data", "bulk-data", "capabilitystatement-bulk-data.json"},
}

func TestCapabilityStatementGolden(t *testing.T) {
	for _, tt := range igStatements {
		t.Run(tt.name, func(t *testing.T) {
			site, _ := loadIG(t, tt.dir, tt.statement)
			md := site.renderer.CapabilityStatement(site.API("ig"))
			assertGolden(t, tt.name+"-capabilitystatement.md", md)
		})
	}
}

// TestCapabilityStatementTablesHoldTheSource checks, independently of the
// golden files, that every resource, interaction and search parameter of
// each statement appears in its section with the right type.
func TestCapabilityStatementTablesHoldTheSource(t *testing.T) {
	for _, tt := range igStatements {
		t.Run(tt.name, func(t *testing.T) {
			site, _ := loadIG(t, tt.dir, tt.statement)
			api := site.API("ig")
			md := site.renderer.CapabilityStatement(api)
			sections := sectionsByHeading(md, "### ")
			rest := api.Server()
			for _, res := range rest.Resource {
				sec, ok := sections[res.Type]
				if !ok {
					t.Errorf("no section for resource %s", res.Type)
					continue
				}
				for _, in := range res.Interaction {
					if !strings.Contains(sec, "| `"+in.Code+"` |") {
						t.Errorf("%s: interaction %s missing", res.Type, in.Code)
					}
				}
				for _, sp := range res.SearchParam {
					wantType := sp.Type
					if wantType == "" {
						b, ok := api.Spec().SearchParam(res.Type, sp.Name)
						if !ok {
							t.Errorf("%s: search parameter %s has no type in the statement or the base spec", res.Type, sp.Name)
							continue
						}
						wantType = b.Type
					}
					row := regexp.MustCompile(`(?m)^\| \[?` + regexp.QuoteMeta("`"+sp.Name+"`") + `\]?(?:\([^)]*\))? \| ` + wantType + ` \|`)
					if !row.MatchString(sec) {
						t.Errorf("%s: search parameter %s (type %s) missing from its table", res.Type, sp.Name, wantType)
					}
				}
				for _, inc := range append(append([]string{}, res.SearchInclude...), res.SearchRevInclude...) {
					if !strings.Contains(sec, "`"+inc+"`") {
						t.Errorf("%s: include %s missing", res.Type, inc)
					}
				}
				for _, op := range res.Operation {
					if !strings.Contains(sec, "`$"+op.Name+"`") {
						t.Errorf("%s: operation $%s missing", res.Type, op.Name)
					}
				}
			}
		})
	}
}

// sectionsByHeading splits Markdown at headings with the given prefix.
func sectionsByHeading(md, prefix string) map[string]string {
	out := map[string]string{}
	var name string
	var b strings.Builder
	flush := func() {
		if name != "" {
			out[name] = b.String()
		}
		b.Reset()
	}
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, prefix) {
			flush()
			name = strings.TrimPrefix(line, prefix)
			continue
		}
		if strings.HasPrefix(line, "## ") || (strings.HasPrefix(line, "# ") && prefix != "# ") {
			flush()
			name = ""
		}
		b.WriteString(line + "\n")
	}
	flush()
	return out
}

func TestResourcePageGolden(t *testing.T) {
	site, _ := loadIG(t, "us-core", "CapabilityStatement-us-core-server.json")
	for _, typ := range []string{"Patient", "Practitioner", "Organization"} {
		md, ok := site.renderer.Resource(site.API("ig"), typ)
		if !ok {
			t.Fatalf("US Core supports no %s", typ)
		}
		assertGolden(t, "us-core-"+strings.ToLower(typ)+".md", md)
	}
}

func TestExtensionPageGolden(t *testing.T) {
	tests := []struct{ dir, statement, url, golden string }{
		{"us-core", "CapabilityStatement-us-core-server.json", "http://hl7.org/fhir/us/core/StructureDefinition/us-core-race", "us-core-race.md"},
		{"us-core", "CapabilityStatement-us-core-server.json", "http://hl7.org/fhir/us/core/StructureDefinition/us-core-birthsex", "us-core-birthsex.md"},
		{"plan-net/package-1.1.0", "CapabilityStatement-plan-net.json", "http://hl7.org/fhir/us/davinci-pdex-plan-net/StructureDefinition/newpatients", "plan-net-newpatients.md"},
	}
	for _, tt := range tests {
		site, _ := loadIG(t, tt.dir, tt.statement)
		f := site.Registry.ByURL(tt.url)
		if f == nil {
			t.Fatalf("%s not loaded", tt.url)
		}
		assertGolden(t, tt.golden, site.renderer.Extension(f))
	}
}

func TestOperationPageGolden(t *testing.T) {
	tests := []struct{ dir, statement, url, golden string }{
		{"bulk-data", "capabilitystatement-bulk-data.json", "http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export", "bulk-data-group-export.md"},
		{"bulk-data", "capabilitystatement-bulk-data.json", "http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export", "bulk-data-export.md"},
		{"us-core", "CapabilityStatement-us-core-server.json", "http://hl7.org/fhir/us/core/OperationDefinition/docref", "us-core-docref.md"},
	}
	for _, tt := range tests {
		site, _ := loadIG(t, tt.dir, tt.statement)
		f := site.Registry.ByURL(tt.url)
		if f == nil {
			t.Fatalf("%s not loaded", tt.url)
		}
		assertGolden(t, tt.golden, site.renderer.Operation(site.API("ig"), f))
	}
}

func assertGolden(t *testing.T, name, got string) {
	t.Helper()
	p := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("read golden file (run go test -update to create it): %v", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file; run go test ./internal/fhir -update and review the diff\n--- got ---\n%s", name, firstDiff(string(want), got))
	}
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\nwant: " + w + "\ngot:  " + g
		}
	}
	return ""
}
