package shall

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// packagedGuides are the site/fhir-guides folders whose guide version a
// built package under ../shared/testdata/fhir/published/packages holds.
var packagedGuides = map[string]string{
	"hl7.fhir.us.core-3.1.1":                  "hl7.fhir.us.core-3.1.1.tgz",
	"hl7.fhir.us.core-6.1.0":                  "hl7.fhir.us.core-6.1.0.tgz",
	"hl7.fhir.us.davinci-pdex-plan-net-1.1.0": "hl7.fhir.us.davinci-pdex-plan-net-1.1.0.tgz",
}

// TestNotVerifiableOnlyWhatNoPackageHolds: a canonical a folder's
// not-verifiable.txt lists must be one no published package here holds;
// go test -update writes the extract of each one a package holds (the
// elements the checks read) and takes it off the list.
func TestNotVerifiableOnlyWhatNoPackageHolds(t *testing.T) {
	if _, err := os.Stat(published); err != nil {
		t.Skipf("the published FHIR material is not beside the repository: %v", err)
	}
	for folder, pkg := range packagedGuides {
		t.Run(folder, func(t *testing.T) {
			listFile := filepath.Join(siteGuides, folder, "not-verifiable.txt")
			list, err := os.ReadFile(listFile)
			if errors.Is(err, os.ErrNotExist) {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			resources, err := packageResources(pkg)
			if err != nil {
				t.Fatal(err)
			}
			kept := keepUnpublished(t, string(list), func(canonical string) bool {
				res, ok := resources[canonical]
				if !ok {
					return false
				}
				if !*update {
					t.Errorf("%s lists %s, which %s holds: run go test ./internal/fhir/shall -run TestNotVerifiableOnlyWhatNoPackageHolds -update and review the diff", listFile, canonical, pkg)
					return true
				}
				writeDefinitionExtract(t, filepath.Join(siteGuides, folder), res)
				return true
			})
			if *update {
				if err := os.WriteFile(listFile, []byte(kept), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// keepUnpublished is a not-verifiable.txt without the entries (a
// canonical and the reason on the comment line above it) that published
// takes.
func keepUnpublished(t *testing.T, list string, published func(canonical string) bool) string {
	t.Helper()
	lines := strings.SplitAfter(list, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		reason := strings.HasPrefix(line, "# ") && i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "http")
		if reason && published(strings.TrimSpace(lines[i+1])) {
			i++ // the reason and its canonical
			continue
		}
		out = append(out, lines[i])
	}
	return strings.Join(out, "")
}

// definitionElements are what an extract of a definition keeps, by type:
// the elements site/fhir-guides/README.md names.
var definitionElements = map[string][]string{
	"SearchParameter": {"resourceType", "id", "url", "version", "name", "status", "code", "base", "type", "expression"},
}

func writeDefinitionExtract(t *testing.T, dir string, res map[string]any) {
	t.Helper()
	kind, _ := res["resourceType"].(string)
	keep, ok := definitionElements[kind]
	if !ok {
		t.Fatalf("%s is a %s, which has no extract rule here", res["url"], kind)
	}
	out := map[string]any{}
	for _, k := range keep {
		if v, ok := res[k]; ok {
			out[k] = v
		}
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, kind+"-"+res["id"].(string)+".json"), append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// packageResources are a package's conformance resources by canonical.
func packageResources(pkg string) (map[string]map[string]any, error) {
	out := map[string]map[string]any{}
	err := eachPackageFile(pkg, func(name string, r io.Reader) (bool, error) {
		if !strings.HasPrefix(name, "package/") || strings.Count(name, "/") != 1 || !strings.HasSuffix(name, ".json") {
			return false, nil
		}
		data, err := io.ReadAll(r)
		if err != nil {
			return true, err
		}
		var res map[string]any
		if json.Unmarshal(data, &res) == nil {
			if url, ok := res["url"].(string); ok {
				out[url] = res
			}
		}
		return false, nil
	})
	return out, err
}
