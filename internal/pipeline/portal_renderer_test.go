//go:build !race

package pipeline_test

import (
	"testing"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/pipeline"
)

// TestPortalOwnRendererWritesWhatReactWrites: every page of the portal,
// rendered in one engine by the theme's own server renderer with no
// fallback, the parts it keeps across pages included, is byte for byte what
// react-dom/server renders.
func TestPortalOwnRendererWritesWhatReactWrites(t *testing.T) {
	own := buildWithRenderer(t, portal.Site(), pipeline.RendererOwn)
	react := buildWithRenderer(t, portal.Site(), pipeline.RendererReact)
	sameTrees(t, "the own renderer against React", own, react)
}
