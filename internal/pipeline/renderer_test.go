package pipeline_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/rogpeppe/go-internal/txtar"
)

// buildWithRenderer builds site with the theme's server renderer named
// (pipeline.RendererReact, RendererOwn) and returns every output file.
func buildWithRenderer(t *testing.T, site fs.FS, renderer string) map[string][]byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), renderer)
	res, err := pipeline.Run(context.Background(), site, pipeline.WithTheme(portal.Theme()), pipeline.WithOutputDir(out),
		pipeline.WithRenderer(renderer))
	if err != nil {
		t.Fatalf("build with the %s renderer: %v\n%s", renderer, err, strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
	}
	if err := res.Output.WriteDir(out); err != nil {
		t.Fatal(err)
	}
	return readTree(t, out)
}

// TestOwnRendererWritesWhatReactWrites: the theme's own server renderer
// (theme/src/serverRender.ts) renders every page of the fixture sites, none
// falling back to React, and writes what react-dom/server writes, byte for
// byte. (The portal's pages are compared by TestPortalOwnRendererWritesWhatReactWrites.)
func TestOwnRendererWritesWhatReactWrites(t *testing.T) {
	sites := map[string]fs.FS{"fhir-site": os.DirFS("testdata/fhir-site")}
	ar, err := txtar.ParseFile("testdata/sites/sidebar-item-types.txtar")
	if err != nil {
		t.Fatal(err)
	}
	sites["sidebar-item-types"], _ = siteFromTxtar(ar)
	for name, site := range sites {
		t.Run(name, func(t *testing.T) {
			own := buildWithRenderer(t, site, pipeline.RendererOwn)
			react := buildWithRenderer(t, site, pipeline.RendererReact)
			sameTrees(t, "the own renderer against React", own, react)
		})
	}
}
