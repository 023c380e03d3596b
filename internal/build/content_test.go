package build_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/build"
	"github.com/rogpeppe/go-internal/txtar"
)

// buildContentFixture builds testdata/content/<name>.txtar.
func buildContentFixture(t *testing.T, name string, opts ...build.Option) (*build.Result, error) {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "content", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	site, _ := siteFromTxtar(ar)
	return build.Run(context.Background(), site, append([]build.Option{build.WithTheme(portal.Theme())}, opts...)...)
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
