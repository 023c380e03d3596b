package conform

import (
	"context"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/diag"
)

// copyFHIRFolder reads the portal's own FHIR folder into memory, for a
// test to plant an error in one file of a copy.
func copyFHIRFolder(t *testing.T) fstest.MapFS {
	t.Helper()
	src := os.DirFS("../../../site")
	copied := fstest.MapFS{}
	err := fs.WalkDir(src, "fhir", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(src, p)
		copied[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return copied
}

// TestSiteCopyPlanted runs the validator over a copy of the portal's FHIR
// folder: unchanged it has no error; with one error planted in a real
// example (a class the issue names) the finding is at that file.
func TestSiteCopyPlanted(t *testing.T) {
	pkgs := loadPublished(t)
	cases := []struct {
		name, file, old, new string
		severity             diag.Severity
		want                 string
	}{
		{"US Core patient loses its required gender", "fhir/provider/patient-access/examples/patient-sbx-pt-0001.json",
			`"gender": "female"`, `"active": true`, diag.Error, "Patient.gender has 0"},
		{"type slice: a body weight's valueQuantity without its value", "fhir/provider/patient-access/examples/observation-sbx-obs-0103.json",
			`"value": 64.2,`, ``, diag.Error, "Observation.value[x]:valueQuantity.value has 0"},
		{"CARIN care-team role outside its required value set", "fhir/v1/patient-access/examples/explanationofbenefit.json",
			`"code": "rendering"`, `"code": "performing"`, diag.Warning, "C4BBClaimProfessionalAndNonClinicianCareTeamRole"},
	}
	clean, err := Site(context.Background(), copyFHIRFolder(t), "fhir", pkgs)
	if err != nil {
		t.Fatal(err)
	}
	if clean.Errors() != 0 || clean.Validated < 100 {
		t.Fatalf("the unchanged site: %d errors, %d examples validated", clean.Errors(), clean.Validated)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			site := copyFHIRFolder(t)
			f, ok := site[c.file]
			if !ok || !strings.Contains(string(f.Data), c.old) {
				t.Fatalf("%s does not hold %s any more: update the case", c.file, c.old)
			}
			f.Data = []byte(strings.Replace(string(f.Data), c.old, c.new, 1))
			rep, err := Site(context.Background(), site, "fhir", pkgs)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range rep.Diagnostics {
				if d.File == c.file && d.Severity == c.severity && strings.Contains(d.Message, c.want) {
					return
				}
			}
			t.Errorf("no %s %q in %s among %d findings", c.severity, c.want, c.file, len(rep.Diagnostics))
		})
	}
}
