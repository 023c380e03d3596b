package markdown

import (
	"fmt"
	"slices"
)

// SiteComponentName is the component the theme renders a site's own
// component with (theme/src/content/components/render.tsx): it runs the
// module's export with the element's props, its children as the
// children slot.
const SiteComponentName = "SiteComponent"

// siteComponentProps are SiteComponent's props: the module's file and
// export, and the element's props as JSON values.
type siteComponentProps struct {
	Module string         `json:"module"`
	Export string         `json:"export"`
	Props  map[string]any `json:"props"`
}

// mapSiteComponent makes an element of a component the site's own module
// exports the theme's to render, when its props are values Portal can
// compute; false leaves it to the caller's fallback (its children shown).
func (p *pageState) mapSiteComponent(el *jsxElement) bool {
	imp, ok := p.imports[el.tag.name]
	if !ok || p.ctx.SiteComponent == nil || !isSiteModule(imp.source) || imp.name == "*" {
		return false
	}
	props, ok := p.siteComponentProps(el)
	if !ok {
		return false
	}
	file, inputs, ok := p.ctx.SiteComponent(imp.source)
	if !ok {
		return false
	}
	for _, f := range inputs {
		if !slices.Contains(p.partials, f) {
			p.partials = append(p.partials, f)
		}
	}
	el.site = &siteComponentProps{Module: file, Export: imp.name, Props: props}
	return true
}

// siteComponentProps computes an element's attributes as props; false,
// with a warning, when one is code Portal does not run.
func (p *pageState) siteComponentProps(el *jsxElement) (map[string]any, bool) {
	props := map[string]any{}
	for _, a := range el.tag.attrs {
		if a.spread {
			p.warnOnce(el.pos, "site-component-props:"+el.tag.name, fmt.Sprintf("<%s> spreads props ({...%s}), which is code Portal does not run; the component is shown as its children", el.tag.name, a.value),
				"pass each prop as a literal value")
			return nil, false
		}
		v, _, ok := p.attrValue(el, a.name)
		var value any
		if ok {
			value, ok = propValue(v)
		}
		if !ok {
			p.warnOnce(el.pos, "site-component-props:"+el.tag.name, fmt.Sprintf("the %s prop of <%s> is code Portal does not run; the component is shown as its children", a.name, el.tag.name),
				"pass it as a literal value, or one a site module exports as data")
			return nil, false
		}
		if _, undefined := v.(jsUndefined); !undefined {
			props[a.name] = value
		}
	}
	return props, true
}

// propValue is a computed JavaScript value as JSON marshals it; false for
// one JSON cannot carry (a function).
func propValue(v any) (any, bool) {
	switch t := v.(type) {
	case *jsObject:
		out := make(map[string]any, len(t.keys))
		for _, k := range t.keys {
			if _, undefined := t.values[k].(jsUndefined); undefined {
				continue
			}
			value, ok := propValue(t.values[k])
			if !ok {
				return nil, false
			}
			out[k] = value
		}
		return out, true
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			value, ok := propValue(e)
			if !ok {
				return nil, false
			}
			out[i] = value
		}
		return out, true
	case jsUndefined:
		return nil, true
	case jsOpaque:
		return nil, false
	case string, bool, float64, nil:
		return t, true
	}
	return nil, false
}
