package refpage_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/fhir/fhirtest"
	"github.com/portaldocs/portal/internal/fhir/refpage"
)

var update = flag.Bool("update", false, "rewrite the golden files from the current output")

// hl7Testdata is the shared folder of real HL7 conformance resources. The
// tests read them from there; they are never copied into the repo.
const hl7Testdata = "../../../../shared/testdata/fhir"

// loadIG loads one guide of hl7Testdata with one API, "ig", for its
// statement.
func loadIG(t *testing.T, dir, statement string) (*fhir.Site, []diag.Diagnostic) {
	t.Helper()
	return fhirtest.LoadIG(t, hl7Testdata, dir, statement)
}

// renderer renders the site's pages as its own renderer does before the
// build links them to routes.
func renderer(s *fhir.Site) *refpage.Renderer { return &refpage.Renderer{Registry: s.Registry} }

func TestCapabilityStatementGolden(t *testing.T) {
	for _, tt := range fhirtest.HL7Guides() {
		t.Run(tt.Name, func(t *testing.T) {
			site, _ := loadIG(t, tt.Dir, tt.Statement)
			md := renderer(site).CapabilityStatement(site.API("ig"))
			assertGolden(t, tt.Name+"-capabilitystatement.md", md)
		})
	}
}

// TestCapabilityStatementTablesHoldTheSource checks, independently of the
// golden files, that every resource, interaction and search parameter of
// each statement appears in its section with the right type.
func TestCapabilityStatementTablesHoldTheSource(t *testing.T) {
	for _, tt := range fhirtest.HL7Guides() {
		t.Run(tt.Name, func(t *testing.T) {
			site, _ := loadIG(t, tt.Dir, tt.Statement)
			api := site.API("ig")
			md := renderer(site).CapabilityStatement(api)
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
		md, ok := renderer(site).Resource(site.API("ig"), typ)
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
		assertGolden(t, tt.golden, renderer(site).Extension(f))
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
		assertGolden(t, tt.golden, renderer(site).Operation(site.API("ig"), f))
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
		t.Errorf("%s differs from the golden file; run go test ./internal/fhir/refpage -update and review the diff\n--- got ---\n%s", name, firstDiff(string(want), got))
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
