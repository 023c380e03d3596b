package markdown

import (
	"bytes"
	"fmt"
	"html"

	"github.com/yuin/goldmark/ast"
	"slices"
	"strconv"
	"strings"
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
	// Element names an element of the page module (mapElementWithCode)
	// for the warning when it cannot render, and Fallback is what the page
	// then shows around its children: the element's start and end tags
	// with the attributes that are not code.
	Element  string     `json:"element,omitempty"`
	Fallback *[2]string `json:"fallback,omitempty"`
	// Source is the module an imported component comes from
	// (mapImportedComponent): its failures are one for the site.
	Source string `json:"source,omitempty"`
	// Page is RenderContext.ComponentPage.
	Page any `json:"page,omitempty"`
	// Line is where an expression of the page module is (mapExpression),
	// for the warning when it cannot run.
	Line int `json:"line,omitempty"`
	// textOnly: the children are the children prop (textChildren).
	textOnly bool
}

// mapSiteComponent makes an element of a component the site's own module
// exports the theme's to render, when its props are values Portal can
// compute; false leaves it to the caller's fallback (its children shown).
func (p *pageState) mapSiteComponent(n ast.Node, el *jsxElement, source []byte) bool {
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
		p.unbuilt[el.tag.name] = true
		return false
	}
	for _, f := range inputs {
		if !slices.Contains(p.partials, f) {
			p.partials = append(p.partials, f)
		}
	}
	el.site = &siteComponentProps{Module: file, Export: imp.name, Props: props, Page: p.ctx.ComponentPage}
	textChildren(n, el, source)
	return true
}

// textChildren gives a component whose content is plain text that text as
// its children prop, as MDX gives it: a string the component may read
// (`${children}`), not elements.
func textChildren(n ast.Node, el *jsxElement, source []byte) {
	child := n.FirstChild()
	if child == nil || child.NextSibling() != nil {
		return
	}
	text, ok := child.(*ast.Text)
	if !ok || text.SoftLineBreak() || text.HardLineBreak() {
		return
	}
	el.site.Props["children"] = string(text.Value(source))
	el.site.textOnly = true
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

// pageModule is the page's own JavaScript as the theme runs it: its
// import and export blocks, and the elements whose attributes are code.
type pageModule struct {
	esm      []string
	snippets []string
	// elements counts the snippets of mapElementWithCode, which name them.
	elements int
	// used is set once a component of the page renders from it.
	used bool
}

func (m *pageModule) source() string {
	return strings.Join(m.esm, "\n") + "\n" + strings.Join(m.snippets, "\n") + "\n"
}

// mapPageComponent makes an element of a component the page itself
// defines (export const Highlight = …) the theme's to render from the page
// module, when its props are values Portal can compute.
func (p *pageState) mapPageComponent(n ast.Node, el *jsxElement, source []byte) bool {
	if !p.localCode[el.tag.name] || p.ctx.PageModule == nil || hasCodeAttr(el, p) {
		return false
	}
	props, ok := p.siteComponentProps(el)
	if !ok {
		return false
	}
	p.module.used = true
	el.site = &siteComponentProps{Module: p.ctx.File, Export: el.tag.name, Props: props, Page: p.ctx.ComponentPage}
	textChildren(n, el, source)
	return true
}

// mapImportedComponent makes a component the page imports from a module
// Portal does not map itself (a package's, a theme module such as
// @theme/ThemedImage) an export of the page module, which imports it as
// the page does: the theme provides it, the site's node_modules holds it,
// or its stand-in says what is missing.
func (p *pageState) mapImportedComponent(n ast.Node, el *jsxElement, source []byte) bool {
	imp, ok := p.imports[el.tag.name]
	// A site module's component that could not be bundled is reported as such (mapSiteComponent).
	if !ok || p.ctx.PageModule == nil || isSiteModule(imp.source) || hasCodeAttr(el, p) {
		return false
	}
	props, ok := p.siteComponentProps(el)
	if !ok {
		return false
	}
	if imp.name == "*" || strings.Contains(el.tag.name, ".") {
		return false
	}
	name := "__portalImport_" + el.tag.name
	if export := "export { " + el.tag.name + " as " + name + " };"; !slices.Contains(p.module.snippets, export) {
		p.module.snippets = append(p.module.snippets, export)
	}
	p.module.used = true
	el.site = &siteComponentProps{Module: p.ctx.File, Export: name, Props: props, Page: p.ctx.ComponentPage, Element: "<" + el.tag.name + ">", Source: imp.source}
	textChildren(n, el, source)
	return true
}

// mapElementWithCode makes an element whose attributes are code (an
// onClick handler, a computed prop) a component of the page module that
// renders the element as the author wrote it, with its content as its
// children: Docusaurus runs that code, so the theme does.
func (p *pageState) mapElementWithCode(el *jsxElement) bool {
	if p.ctx.PageModule == nil || !hasCodeAttr(el, p) {
		return false
	}
	open := string(p.src[el.pos:el.tag.end])
	name := "__portalElement" + strconv.Itoa(p.module.elements)
	p.module.elements++
	jsx := open
	if !el.tag.selfClosing {
		jsx = open + "{props.children}</" + el.tag.name + ">"
	}
	p.module.snippets = append(p.module.snippets, "export const "+name+" = (props) => (<>"+jsx+"</>);")
	p.module.used = true
	el.site = &siteComponentProps{Module: p.ctx.File, Export: name, Props: map[string]any{}, Element: "<" + el.tag.name + ">", Page: p.ctx.ComponentPage}
	if !isComponentName(el.tag.name) {
		el.site.Fallback = staticTags(el)
	}
	return true
}

// staticTags are an HTML element's tags with its attributes that are not
// code, as the page showed it before the page module ran.
func staticTags(el *jsxElement) *[2]string {
	var attrs []htmlAttr
	for _, a := range el.tag.attrs {
		switch {
		case a.spread || a.expr:
		case a.bare:
			attrs = append(attrs, htmlAttr{name: htmlAttrName(a.name), bare: true})
		default:
			attrs = append(attrs, htmlAttr{name: htmlAttrName(a.name), value: a.value})
		}
	}
	var b strings.Builder
	b.WriteString("<" + el.tag.name)
	for _, a := range attrs {
		b.WriteString(" " + a.name)
		if !a.bare {
			b.WriteString(`="` + html.EscapeString(a.value) + `"`)
		}
	}
	b.WriteString(">")
	end := ""
	if !voidElements[el.tag.name] {
		end = "</" + el.tag.name + ">"
	}
	return &[2]string{b.String(), end}
}

// mapWholeElement makes an element whose content is code (a CodeBlock of
// a template literal with substitutions) an export of the page module that
// renders it as written, content and all.
func (p *pageState) mapWholeElement(el *jsxElement) bool {
	if p.ctx.PageModule == nil {
		return false
	}
	jsx := string(p.src[el.pos:el.tag.end])
	if !el.tag.selfClosing {
		closing := "</" + el.tag.name + ">"
		end := strings.Index(string(p.src[el.tag.end:]), closing)
		if end < 0 {
			return false
		}
		jsx = string(p.src[el.pos : el.tag.end+end+len(closing)])
	}
	name := "__portalElement" + strconv.Itoa(p.module.elements)
	p.module.elements++
	p.module.snippets = append(p.module.snippets, "export const "+name+" = () => (<>"+jsx+"</>);")
	p.module.used = true
	el.site = &siteComponentProps{Module: p.ctx.File, Export: name, Props: map[string]any{}, Element: "<" + el.tag.name + ">",
		Page: p.ctx.ComponentPage, textOnly: true}
	return true
}

// mapExpression makes an expression Portal cannot compute (a list mapped
// to elements, a value of an imported module) an export of the page
// module that renders it, as MDX renders it: Docusaurus runs it, so the
// theme does.
func (p *pageState) mapExpression(e *mdxExpression) bool {
	if p.ctx.PageModule == nil {
		return false
	}
	name := "__portalElement" + strconv.Itoa(p.module.elements)
	p.module.elements++
	p.module.snippets = append(p.module.snippets, "export const "+name+" = () => (<>{"+e.code+"\n}</>);")
	p.module.used = true
	line, _ := p.position(e.pos)
	e.site = &siteComponentProps{Module: p.ctx.File, Export: name, Props: map[string]any{}, Element: "{" + abbreviate(e.code) + "}",
		Page: p.ctx.ComponentPage, Line: line}
	return true
}

// hasCodeAttr reports whether an attribute of el is code Portal cannot
// compute (a style object it can is not).
func hasCodeAttr(el *jsxElement, p *pageState) bool {
	for _, a := range el.tag.attrs {
		if a.spread {
			return true
		}
		if !a.expr {
			continue
		}
		v, ok := p.evaluate(a.value)
		if !ok {
			return true
		}
		if _, opaque := v.(jsOpaque); opaque {
			return true
		}
	}
	return false
}

// unwrapMDXCodeBlocks makes the content of each ```mdx-code-block fence
// MDX, as Docusaurus reads it: the fence lines become blank (spaces, so
// that every offset and line of the page stays where it was).
func unwrapMDXCodeBlocks(src []byte) []byte {
	if !bytes.Contains(src, []byte("mdx-code-block")) {
		return src
	}
	out := bytes.Clone(src)
	fence := ""
	for start := 0; start < len(out); {
		end := start
		for end < len(out) && out[end] != '\n' {
			end++
		}
		line := strings.TrimSpace(string(out[start:end]))
		switch {
		case fence == "" && fenceOf(line) != "" && strings.TrimSpace(strings.TrimPrefix(line, fenceOf(line))) == "mdx-code-block":
			fence = fenceOf(line)
			blank(out[start:end])
		case fence != "" && fenceOf(line) != "" && strings.Trim(line, fence[:1]) == "" && len(line) >= len(fence):
			fence = ""
			blank(out[start:end])
		}
		start = end + 1
	}
	return out
}

// fenceOf is the run of three or more backticks or tildes a line starts with.
func fenceOf(line string) string {
	if len(line) < 3 || (line[0] != '`' && line[0] != '~') {
		return ""
	}
	n := 0
	for n < len(line) && line[n] == line[0] {
		n++
	}
	if n < 3 {
		return ""
	}
	return line[:n]
}

func blank(b []byte) {
	for i := range b {
		b[i] = ' '
	}
}
