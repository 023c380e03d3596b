//go:build !race

package pipeline_test

import (
	"testing"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/pipeline"
)

// TestPortalOwnRendererWritesWhatReactWrites: every page of the portal,
// rendered by the theme's own server renderer with no fallback, is byte for
// byte what react-dom/server renders.
func TestPortalOwnRendererWritesWhatReactWrites(t *testing.T) {
	own := buildWithRenderer(t, portal.Site(), pipeline.RendererOwn)
	react := buildWithRenderer(t, portal.Site(), pipeline.RendererReact)
	sameTrees(t, "the own renderer against React", own, react)
}

// TestPortalEngineDocMainWritesWhatReactWrites: every page of the portal,
// doc pages' main areas written by the engine (internal/docmain) and the
// rest by the theme, is byte for byte what react-dom/server renders whole.
func TestPortalEngineDocMainWritesWhatReactWrites(t *testing.T) {
	engine, docMains := buildCounting(t, portal.Site(), "")
	react := buildWithRenderer(t, portal.Site(), pipeline.RendererReact)
	sameTrees(t, "the engine's doc main areas against React", engine, react)
	if docMains < 100 {
		t.Errorf("the engine wrote %d doc pages' main areas, want every doc page's (over 100)", docMains)
	}
}
