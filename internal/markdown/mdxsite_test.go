package markdown

import (
	"strings"
	"testing"
)

// The page's own JavaScript becomes the module the theme runs: components
// the page defines (also inside an mdx-code-block fence, which Docusaurus
// reads as MDX), components it imports from modules Portal does not map,
// and elements whose attributes are code. Text children are the children
// prop; the page module holds the imports and exports as written.
func TestPageModule(t *testing.T) {
	src := "import ThemedImage from '@theme/ThemedImage';\n\n" +
		"````mdx-code-block\nexport function Swatch({color}) {\n  return <ins style={{background: color}} />;\n}\n````\n\n" +
		"| color | <Swatch color=\"#2196F3\" /> |\n| --- | --- |\n\n" +
		"<ThemedImage alt=\"Logo\" sources={{light: '/l.png', dark: '/d.png'}} />\n\n" +
		"Press <button onClick={() => alert('hi')}>here</button>.\n\n" +
		"import CodeBlock from '@theme/CodeBlock';\nexport const v = getVersion();\n\n" +
		"<CodeBlock language=\"bash\">{`npm i react-native@${v}`}</CodeBlock>\n"
	var module, file string
	res := render(t, src, RenderContext{File: "docs/x.mdx", MDX: true, PageModule: func(f, s string) { file, module = f, s }})
	for _, want := range []string{
		`&#34;export&#34;:&#34;__portalElement1&#34;,&#34;props&#34;:{},&#34;element&#34;:&#34;\u003cCodeBlock\u003e&#34;}"></portal-component>`,
		`<portal-component name="SiteComponent" props="{&#34;module&#34;:&#34;docs/x.mdx&#34;,&#34;export&#34;:&#34;Swatch&#34;,&#34;props&#34;:{&#34;color&#34;:&#34;#2196F3&#34;}}">`,
		`&#34;export&#34;:&#34;__portalImport_ThemedImage&#34;,&#34;props&#34;:{&#34;alt&#34;:&#34;Logo&#34;,&#34;sources&#34;:{&#34;dark&#34;:&#34;/d.png&#34;,&#34;light&#34;:&#34;/l.png&#34;}}`,
		`&#34;export&#34;:&#34;__portalElement0&#34;,&#34;props&#34;:{},&#34;element&#34;:&#34;\u003cbutton\u003e&#34;,&#34;fallback&#34;:[&#34;\u003cbutton\u003e&#34;,&#34;\u003c/button\u003e&#34;]}">here</portal-component>`,
	} {
		if !strings.Contains(res.HTML, want) {
			t.Errorf("HTML lacks %s:\n%s", want, res.HTML)
		}
	}
	if file != "docs/x.mdx" {
		t.Errorf("page module of %q", file)
	}
	for _, want := range []string{
		"import ThemedImage from '@theme/ThemedImage';", "export function Swatch({color}) {",
		"export { ThemedImage as __portalImport_ThemedImage };",
		"export const __portalElement0 = (props) => (<><button onClick={() => alert('hi')}>{props.children}</button></>);",
		"export const __portalElement1 = () => (<><CodeBlock language=\"bash\">{`npm i react-native@${v}`}</CodeBlock></>);",
	} {
		if !strings.Contains(module, want) {
			t.Errorf("page module lacks %s:\n%s", want, module)
		}
	}
	if strings.Contains(res.HTML, "mdx-code-block") || len(res.Diagnostics) > 0 {
		t.Errorf("diagnostics %v, HTML:\n%s", res.Diagnostics, res.HTML)
	}
}
