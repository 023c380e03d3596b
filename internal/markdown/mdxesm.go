package markdown

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// mdxESM reads MDX's import and export statements (a block of lines at the
// top level starting with "import" or "export", up to a blank line where
// the code is complete) and renders nothing: they are the page's
// JavaScript, never its text. Imports tell the component mapping what each
// JSX name is (a theme component, a partial); `export const name = literal`
// binds a value expressions may use.
type mdxESM struct{}

var _ goldmark.Extender = mdxESM{}

// Extend implements goldmark.Extender.
func (mdxESM) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(esmParser{}, 50)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(esmRenderer{}, 100)))
}

var kindESM = ast.NewNodeKind("MDXESM")

// esmBlock is one import/export block.
type esmBlock struct {
	ast.BaseBlock
}

// Kind implements ast.Node.
func (*esmBlock) Kind() ast.NodeKind { return kindESM }

// IsRaw implements ast.Node: the lines are code, not Markdown.
func (*esmBlock) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *esmBlock) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

type esmParser struct{}

var _ parser.BlockParser = esmParser{}

// Trigger implements parser.BlockParser.
func (esmParser) Trigger() []byte { return []byte{'i', 'e'} }

var esmStart = regexp.MustCompile(`^(?:import|export)(?:[\s{*]|$)`)

// Open implements parser.BlockParser.
func (esmParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if parent.Kind() != ast.KindDocument || pc.BlockIndent() != 0 {
		return nil, parser.NoChildren
	}
	line, segment := reader.PeekLine()
	if !esmStart.Match(line) {
		return nil, parser.NoChildren
	}
	node := &esmBlock{}
	node.Lines().Append(segment)
	reader.AdvanceToEOL()
	return node, parser.NoChildren
}

// Continue implements parser.BlockParser.
func (esmParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	line, segment := reader.PeekLine()
	if util.IsBlank(line) && isBalanced(esmCode(node, reader.Source())) {
		return parser.Close
	}
	node.Lines().Append(segment)
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

// Close implements parser.BlockParser: the page learns its imports and
// exported constants.
func (esmParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	page := pageStateOf(pc)
	if page == nil {
		return
	}
	page.readESM(string(esmCode(node, reader.Source())), node.Lines().At(0).Start)
}

// CanInterruptParagraph implements parser.BlockParser.
func (esmParser) CanInterruptParagraph() bool { return false }

// CanAcceptIndentedLine implements parser.BlockParser.
func (esmParser) CanAcceptIndentedLine() bool { return false }

func esmCode(node ast.Node, source []byte) []byte {
	var b bytes.Buffer
	lines := node.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		b.Write(seg.Value(source))
	}
	return b.Bytes()
}

type esmRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (esmRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindESM, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkSkipChildren, nil
	})
}

// mdxImport is what one imported name refers to.
type mdxImport struct {
	// source is the module, as written: "@theme/Tabs", "./_install.md".
	source string
	// name is the export taken: "default", a named export, or "*".
	name string
}

var (
	importFrom   = regexp.MustCompile(`(?s)\bimport\s+(type\s+)?(.+?)\s+from\s*['"]`)
	exportConst  = regexp.MustCompile(`(?s)\bexport\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*`)
	exportFunc   = regexp.MustCompile(`\bexport\s+(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)`)
	exportDflt   = regexp.MustCompile(`\bexport\s+default\b`)
	namedBinding = regexp.MustCompile(`^\s*(?:type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*$`)
)

// readESM records the imports and exports of one block starting at offset.
func (p *pageState) readESM(code string, offset int) {
	p.module.esm = append(p.module.esm, code)
	for _, loc := range importFrom.FindAllStringSubmatchIndex(code, -1) {
		if loc[2] >= 0 {
			continue // import type …: types only
		}
		// The module is a JavaScript string: its escapes are the author's
		// ('./\_partial.mdx' names ./_partial.mdx).
		quote := loc[1] - 1
		jp := &jsParser{src: code, pos: quote}
		source, ok := jp.quoted(code[quote])
		if !ok {
			continue
		}
		p.readImportClause(code[loc[4]:loc[5]], source.(string))
	}
	for _, loc := range exportConst.FindAllStringSubmatchIndex(code, -1) {
		name := code[loc[2]:loc[3]]
		rest := code[loc[1]:]
		jp := &jsParser{src: rest, scope: p.scope()}
		if v, ok := jp.value(); ok {
			p.vars[name] = v
			continue
		}
		// A function or other code: a component or value Portal cannot compute.
		p.localCode[name] = true
	}
	for _, m := range exportFunc.FindAllStringSubmatch(code, -1) {
		p.localCode[m[1]] = true
	}
	if loc := exportDflt.FindStringIndex(code); loc != nil {
		p.warnAt(offset+loc[0], "export default (an MDX layout) is skipped: Portal lays out every page with its theme",
			"remove the default export")
	}
}

// readImportClause binds the names of `import Clause from 'source'`, and
// the values of those a site module exports (ModuleExports).
func (p *pageState) readImportClause(clause, source string) {
	before := len(p.imports)
	p.bindImportNames(clause, source)
	if len(p.imports) > before {
		p.bindModuleValues(source)
	}
}

// bindModuleValues gives each name imported from a site's JavaScript
// module the value the module exports, when it is data (not a function).
func (p *pageState) bindModuleValues(source string) {
	if p.ctx.ModuleExports == nil || !isSiteModule(source) {
		return
	}
	data, file, ok := p.ctx.ModuleExports(source)
	if !ok {
		return
	}
	exports, err := jsValueFromJSON(data)
	ns, isObject := exports.(*jsObject)
	if err != nil || !isObject {
		return
	}
	used := false
	for local, imp := range p.imports {
		if imp.source != source {
			continue
		}
		var v any = ns
		if imp.name != "*" {
			var found bool
			if v, found = ns.get(imp.name); !found {
				continue
			}
		}
		if _, code := v.(jsOpaque); code {
			continue
		}
		p.vars[local] = v
		used = true
	}
	if used && !slices.Contains(p.partials, file) {
		p.partials = append(p.partials, file)
	}
}

// evaluate computes an expression: as a literal over the page's values,
// or else, when it uses names the page imports from one of the site's
// modules, by running it over that module's exports.
func (p *pageState) evaluate(code string) (any, bool) {
	if v, ok := evalExpression(code, p.scope()); ok {
		return v, true
	}
	if p.ctx.ModuleExpression == nil {
		return nil, false
	}
	source, bindings := p.moduleBindings(code)
	if source == "" {
		return nil, false
	}
	data, file, ok := p.ctx.ModuleExpression(source, bindings, code)
	if !ok {
		return nil, false
	}
	v, err := jsValueFromJSON(data)
	if _, opaque := v.(jsOpaque); err != nil || opaque {
		return nil, false
	}
	if !slices.Contains(p.partials, file) {
		p.partials = append(p.partials, file)
	}
	return v, true
}

var jsNames = regexp.MustCompile(`[A-Za-z_$][\w$]*`)

// moduleBindings finds the names code uses that the page imports from a
// site module: the module, and each name's export. Names from two modules
// (or none) give no module.
func (p *pageState) moduleBindings(code string) (string, map[string]string) {
	source, bindings := "", map[string]string{}
	for _, loc := range jsNames.FindAllStringIndex(code, -1) {
		if loc[0] > 0 && code[loc[0]-1] == '.' {
			continue // a property, not a name
		}
		name := code[loc[0]:loc[1]]
		imp, ok := p.imports[name]
		if !ok || !isSiteModule(imp.source) {
			continue
		}
		if source != "" && imp.source != source {
			return "", nil
		}
		source, bindings[name] = imp.source, imp.name
	}
	return source, bindings
}

// isSiteModule reports whether an import names a script of the site (not
// a package, a theme component or a Markdown partial).
func isSiteModule(source string) bool {
	if !strings.HasPrefix(source, "./") && !strings.HasPrefix(source, "../") && !strings.HasPrefix(source, "@site/") {
		return false
	}
	switch strings.ToLower(path.Ext(source)) {
	case ".md", ".mdx", ".css", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp":
		return false
	}
	return true
}

// bindImportNames records what each name of `import Clause from 'source'`
// refers to.
func (p *pageState) bindImportNames(clause, source string) {
	clause = strings.TrimSpace(clause)
	if rest, ok := strings.CutPrefix(clause, "*"); ok {
		if _, name, found := strings.Cut(rest, " as "); found {
			p.imports[strings.TrimSpace(name)] = mdxImport{source: source, name: "*"}
		}
		return
	}
	if brace := strings.IndexByte(clause, '{'); brace >= 0 {
		named := clause[brace+1:]
		named = strings.TrimSuffix(strings.TrimSpace(named), "}")
		for _, part := range strings.Split(named, ",") {
			m := namedBinding.FindStringSubmatch(part)
			if m == nil {
				continue
			}
			local := m[1]
			if m[2] != "" {
				local = m[2]
			}
			p.imports[local] = mdxImport{source: source, name: m[1]}
		}
		clause = strings.TrimSuffix(strings.TrimSpace(clause[:brace]), ",")
	}
	if def := strings.TrimSpace(clause); def != "" {
		p.imports[def] = mdxImport{source: source, name: "default"}
	}
}
