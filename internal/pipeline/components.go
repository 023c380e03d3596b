package pipeline

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/components"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/theme"
)

// componentsInput is what the theme's portalComponents receives
// (theme/src/content/components/render.tsx).
type componentsInput struct {
	Translations map[string]string    `json:"translations"`
	Renderer     string               `json:"renderer,omitempty"`
	Components   []components.Request `json:"components"`
}

// assembleComponents replaces the component markers of a render's HTML
// with the theme's markup (package components), rendered in the build's
// JavaScript engines. A failure is reported at file, and the page keeps
// no content: false.
func (b *builder) assembleComponents(file, html string) (string, bool) {
	if !components.Has(html) {
		return html, true
	}
	out, err := components.Assemble(b.ctx, html, b.renderComponents(file))
	if err != nil {
		if b.ctx.Err() == nil {
			b.diags.Add(diag.Diagnostic{File: file, Severity: diag.Error, Message: "render the page's Markdown components: " + err.Error(),
				Hint: "rebuild the theme with `make theme`; the engine and the theme must come from the same version"})
		}
		return "", false
	}
	return out, true
}

// renderComponents is the components.RenderFunc of the build's engines;
// what the theme logs is reported at file.
func (b *builder) renderComponents(file string) components.RenderFunc {
	return func(ctx context.Context, requests []components.Request) ([]string, error) {
		if b.engines == nil {
			return nil, fmt.Errorf("the build has no theme to render them")
		}
		pool := b.engines.get()
		if pool == nil {
			return nil, fmt.Errorf("the theme's server bundle did not load") // reported where it failed
		}
		input, err := json.Marshal(componentsInput{Translations: b.locale.Strings(), Renderer: b.opts.renderer, Components: requests})
		if err != nil {
			return nil, err
		}
		result, logs, err := pool.RenderComponents(ctx, input)
		for _, l := range logs {
			b.diags.Add(diag.Diagnostic{File: file, Severity: diag.Warning, Message: "rendering the page's Markdown components logged: " + l})
		}
		if err != nil {
			return nil, err
		}
		var html []string
		if err := json.Unmarshal([]byte(result), &html); err != nil {
			return nil, fmt.Errorf("the theme's portalComponents returned %.40q…, not a JSON array of strings", result)
		}
		return html, nil
	}
}

// componentsKey is what the theme's markup for a page's components
// depends on besides their props: the server bundle, the locale's
// translations and the renderer. It is part of every Markdown render's
// store key, since the render's HTML holds that markup.
func componentsKey(bundle *theme.Bundle, translations map[string]string, renderer string) buildcache.Key {
	h := buildcache.NewHasher()
	if bundle != nil {
		h = h.Add(bundle.Server)
	}
	data, _ := json.Marshal(translations) // sorted keys: deterministic
	return h.Add(data).AddString(renderer).Key()
}
