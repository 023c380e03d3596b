package pipeline_test

import (
	"context"
	"github.com/portaldocs/portal/internal/racetest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/rogpeppe/go-internal/txtar"
)

// buildContentFixture builds testdata/content/<name>.txtar.
func buildContentFixture(t *testing.T, name string, opts ...pipeline.Option) (*pipeline.Result, error) {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "content", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	site, _ := siteFromTxtar(ar)
	return pipeline.Run(context.Background(), site, append([]pipeline.Option{pipeline.WithTheme(portal.Theme())}, opts...)...)
}

func TestPagesTakeValuesFromTheirSource(t *testing.T) {
	res, err := buildContentFixture(t, "values")
	if err != nil {
		t.Fatalf("build: %v\n%s", err, strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
	}
	for _, d := range res.Diagnostics {
		t.Errorf("unexpected diagnostic: %s", d)
	}
	html := pageData(t, res.Output, "/docs/intro/").HTML
	for _, want := range []string{
		`The sandbox answers at <a href="https://fhir.sandbox.example.org/pa/r4">https://fhir.sandbox.example.org/pa/r4</a>, so ask for` +
			"\n<code>launch/patient openid patient/*.rs</code>",
		`<td><a href="https://auth.sandbox.example.org/token">https://auth.sandbox.example.org/token</a></td>`,
		"The photo was stored on 2026-03-02T10:00:00Z.",
		"https://fhir.sandbox.example.org/pa/r4/Binary/photo-1",
		`GET https://fhir.sandbox.example.org/pa/r4/.well-known/smart-configuration`,
		"patient/*.rs",
		`href="/downloads/fhir/patient-access/smart-configuration.json"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "fhir-value") || strings.Contains(html, "fhir-values") {
		t.Errorf("a directive or the fence option was left in the page:\n%s", html)
	}
	if _, ok := res.Output.File("downloads/fhir/patient-access/smart-configuration.json"); !ok {
		t.Error("the discovery document is not published")
	}
}

// TestContentChecks builds each fixture of testdata/content that has a
// "want" section and compares every diagnostic with it: each wanted line
// ("file:line: fragment") matches one diagnostic, and the build reports
// nothing else. A fixture whose "want" is empty must build without a
// single diagnostic: that is the good half of each check's pair.
func TestContentChecks(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	today := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	files, err := filepath.Glob("testdata/content/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		site, want := siteFromTxtar(ar)
		wantText, ok := want["want"]
		if !ok {
			continue
		}
		t.Run(name, func(t *testing.T) {
			res, _ := pipeline.Run(context.Background(), site, pipeline.WithTheme(portal.Theme()), pipeline.WithToday(today))
			var wanted []string
			for _, w := range strings.Split(strings.TrimSpace(wantText), "\n") {
				if w = strings.TrimSpace(w); w != "" {
					wanted = append(wanted, w)
				}
			}
			matched := make([]bool, len(wanted))
			for _, d := range res.Diagnostics {
				head := strings.SplitN(d.String(), "\n", 2)[0]
				found := false
				for i, w := range wanted {
					loc, fragment, _ := strings.Cut(w, ": ")
					if !matched[i] && strings.HasPrefix(head, loc+": ") && strings.Contains(head, fragment) {
						matched[i], found = true, true
						break
					}
				}
				if !found {
					t.Errorf("unexpected diagnostic: %s", d)
				}
			}
			for i, w := range wanted {
				if !matched[i] {
					t.Errorf("missing diagnostic %q in:\n%s", w, strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
				}
			}
			// A rebuild with the build cache of an earlier one recalls what
			// the checks found on each page; it must say the same.
			store, err := buildcache.Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			for _, build := range []string{"first", "second"} {
				cached, _ := pipeline.Run(context.Background(), site, pipeline.WithTheme(portal.Theme()), pipeline.WithToday(today),
					pipeline.WithStore(store), pipeline.WithEngineVersion("test"))
				if got, want := renderDiagnostics(cached.Diagnostics), renderDiagnostics(res.Diagnostics); !slices.Equal(got, want) {
					t.Errorf("the %s build with a build cache said:\n%s\n\nwithout one:\n%s", build, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			}
		})
	}
}
