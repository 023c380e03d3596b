package pipeline_test

import (
	"context"
	"github.com/portaldocs/portal/internal/racetest"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/ssr"
	"github.com/portaldocs/portal/internal/theme"
	"github.com/rogpeppe/go-internal/txtar"
)

// buildWithRenderer builds site with the theme's server renderer named
// (pipeline.RendererReact, RendererOwn, or "" for the default) and returns
// every output file. The theme's own renderer renders in one engine, so
// that every page meets the parts the engine kept from the pages before it
// (markBuildConstant in theme/src/entry-server.tsx): with several, pages
// that must differ could each land on an engine of their own.
func buildWithRenderer(t *testing.T, site fs.FS, renderer string) map[string][]byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "renderer-"+renderer)
	opts := []pipeline.Option{pipeline.WithTheme(portal.Theme()), pipeline.WithOutputDir(out), pipeline.WithRenderer(renderer)}
	if renderer != pipeline.RendererReact {
		opts = append(opts, pipeline.WithPrerenderPool(oneEnginePool(t)))
	}
	res, err := pipeline.Run(context.Background(), site, opts...)
	if err != nil {
		t.Fatalf("build with the %s renderer: %v\n%s", renderer, err, strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
	}
	if err := res.Output.WriteDir(out); err != nil {
		t.Fatal(err)
	}
	return readTree(t, out)
}

// oneEnginePool is a prerender pool of one engine with the portal's theme,
// closed when the test ends.
func oneEnginePool(t *testing.T) *ssr.Pool {
	t.Helper()
	bundle, err := theme.Load(portal.Theme())
	if err != nil {
		t.Fatal(err)
	}
	pool, err := ssr.NewPool(bundle.Server, ssr.WithSize(1))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pool.Close() })
	return pool
}

// TestOwnRendererWritesWhatReactWrites: the theme's own server renderer
// (theme/src/serverRender.ts), the parts it keeps across pages included,
// renders every page of the fixture sites, none falling back to React, and
// writes what react-dom/server writes, byte for byte. (The portal's pages are compared by TestPortalOwnRendererWritesWhatReactWrites.)
func TestOwnRendererWritesWhatReactWrites(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	for name, site := range fixtureSites(t) {
		t.Run(name, func(t *testing.T) {
			own := buildWithRenderer(t, site, pipeline.RendererOwn)
			react := buildWithRenderer(t, site, pipeline.RendererReact)
			sameTrees(t, "the own renderer against React", own, react)
		})
	}
}

// fixtureSites are the fixture sites the renderer equivalence tests build.
func fixtureSites(t *testing.T) map[string]fs.FS {
	t.Helper()
	sites := map[string]fs.FS{"fhir-site": os.DirFS("testdata/fhir-site"), "docs-instances": os.DirFS("testdata/docs-instances")}
	for _, name := range []string{"sidebar-item-types", "doc-page-features"} {
		ar, err := txtar.ParseFile("testdata/sites/" + name + ".txtar")
		if err != nil {
			t.Fatal(err)
		}
		sites[name], _ = siteFromTxtar(ar)
	}
	return sites
}
