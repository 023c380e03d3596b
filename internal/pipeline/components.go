package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

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
	// Site is there when a request is a site's own component.
	Site *siteComponentsInput `json:"site,omitempty"`
}

// renderedComponent is one entry of portalComponents' answer: the markup,
// or why a site's own component could not be rendered.
type renderedComponent struct {
	html   string
	failed string
}

// UnmarshalJSON reads a string (the markup) or {"error": …}.
func (r *renderedComponent) UnmarshalJSON(data []byte) error {
	if len(data) > 0 && data[0] == '{' {
		var f struct {
			Error string `json:"error"`
		}
		if err := json.Unmarshal(data, &f); err != nil {
			return err
		}
		r.failed = f.Error
		if r.failed == "" {
			r.failed = "it threw"
		}
		return nil
	}
	return json.Unmarshal(data, &r.html)
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
		html := make([]string, len(requests))
		var missing []components.Request
		var missingAt []int
		keys := make([]string, len(requests))
		for i, r := range requests {
			keys[i] = componentMemoKey(r)
			if markup, ok := b.componentMarkup.Load(keys[i]); ok {
				html[i] = markup.(string)
				continue
			}
			missing, missingAt = append(missing, r), append(missingAt, i)
		}
		if len(missing) == 0 {
			return html, nil
		}
		pool := b.engines.get()
		if pool == nil {
			return nil, fmt.Errorf("the theme's server bundle did not load") // reported where it failed
		}
		site, scripts := b.siteReact.prepare(missing, b.baseURL)
		input, err := json.Marshal(componentsInput{Translations: b.locale.Strings(), Renderer: b.opts.renderer, Components: missing, Site: site})
		if err != nil {
			return nil, err
		}
		result, logs, err := pool.RenderComponents(ctx, input, scripts...)
		for _, l := range logs {
			b.diags.Add(diag.Diagnostic{File: file, Severity: diag.Warning, Message: "rendering the page's Markdown components logged: " + l})
		}
		if err != nil {
			return nil, err
		}
		var rendered []renderedComponent
		if err := json.Unmarshal([]byte(result), &rendered); err != nil || len(rendered) != len(missing) {
			return nil, fmt.Errorf("the theme's portalComponents returned %.40q…, not a JSON array of %d strings", result, len(missing))
		}
		for j, i := range missingAt {
			if rendered[j].failed != "" {
				// The site's component keeps its children, as a fragment would.
				html[i] = b.siteReact.failed(file, missing[j], rendered[j].failed)
				continue
			}
			html[i] = rendered[j].html
			if len(logs) == 0 {
				b.componentMarkup.Store(keys[i], rendered[j].html)
			}
		}
		return html, nil
	}
}

// componentMemoKey names a request's markup among the build's: a
// component's markup is a function of its name, props and slots (and of
// componentsKey, the same for the whole build), so the same heading or
// example on two pages is rendered once.
func componentMemoKey(r components.Request) string {
	var b strings.Builder
	b.Grow(len(r.Name) + len(r.Props) + 16)
	b.WriteString(r.Name)
	b.WriteByte(0)
	b.Write(r.Props)
	for _, s := range r.Slots {
		b.WriteByte(0)
		b.WriteString(s)
	}
	return b.String()
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
