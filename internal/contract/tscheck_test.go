package contract

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
)

// This file reads the generated TypeScript back — independently of the
// generator's own model — and checks JSON values against it, so that the
// round-trip tests compare encoding/json's output with the text the theme
// actually compiles against.

// tsNode is a parsed TypeScript type expression.
type tsNode struct {
	kind  string // prim, lit, ref, array, record, object, union
	name  string // prim keyword, literal value or referenced name
	elem  *tsNode
	props []*tsPropNode
	alts  []*tsNode
	label string // objects: where declared, for coverage ("SiteData", "RenderInput.assets")
}

type tsPropNode struct {
	name     string
	optional bool
	typ      *tsNode
}

func (n *tsNode) prop(name string) *tsPropNode {
	for _, p := range n.props {
		if p.name == name {
			return p
		}
	}
	return nil
}

// String renders n briefly, for messages.
func (n *tsNode) String() string {
	switch n.kind {
	case "prim", "ref":
		return n.name
	case "lit":
		return jsString(n.name)
	case "array":
		return "(" + n.elem.String() + ")[]"
	case "record":
		return "Record<string, " + n.elem.String() + ">"
	case "union":
		var alts []string
		for _, a := range n.alts {
			alts = append(alts, a.String())
		}
		return strings.Join(alts, " | ")
	}
	return "{...}"
}

// tsModule is a parsed generated file: its declarations by name.
type tsModule struct {
	decls map[string]*tsNode
	order []string
}

type tsParser struct {
	toks []string
	pos  int
}

// parseTS parses the subset of TypeScript the generator writes: exported
// interfaces and type aliases built from keywords, string literals,
// references, arrays, Record<string, T>, object literals and unions.
func parseTS(src string) (m *tsModule, err error) {
	toks, err := tokenizeTS(src)
	if err != nil {
		return nil, err
	}
	p := &tsParser{toks: toks}
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("parse TypeScript at token %d (%q): %v", p.pos, p.peek(), r)
		}
	}()
	m = &tsModule{decls: map[string]*tsNode{}}
	for p.peek() != "" {
		p.expect("export")
		var name string
		var n *tsNode
		switch p.next() {
		case "interface":
			name = p.ident()
			n = p.object(name)
		case "type":
			name = p.ident()
			p.expect("=")
			n = p.union(name)
			p.expect(";")
		default:
			panic("want interface or type")
		}
		if _, dup := m.decls[name]; dup {
			panic("duplicate declaration " + name)
		}
		m.decls[name] = n
		m.order = append(m.order, name)
	}
	return m, nil
}

func tokenizeTS(src string) ([]string, error) {
	var toks []string
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "//"):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			i += end
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return nil, fmt.Errorf("unterminated comment at byte %d", i)
			}
			i += end + 4
		case c == '"':
			j := i + 1
			for ; j < len(src) && src[j] != '"'; j++ {
				if src[j] == '\\' {
					j++
				}
			}
			if j >= len(src) {
				return nil, fmt.Errorf("unterminated string at byte %d", i)
			}
			toks = append(toks, src[i:j+1])
			i = j + 1
		case strings.ContainsRune("{}()[]<>,;:?|=", rune(c)):
			toks = append(toks, string(c))
			i++
		case c == '_' || c == '$' || unicode.IsLetter(rune(c)):
			j := i
			for j < len(src) && (src[j] == '_' || src[j] == '$' || unicode.IsLetter(rune(src[j])) || unicode.IsDigit(rune(src[j]))) {
				j++
			}
			toks = append(toks, src[i:j])
			i = j
		default:
			return nil, fmt.Errorf("unexpected %q at byte %d", c, i)
		}
	}
	return toks, nil
}

func (p *tsParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *tsParser) next() string {
	t := p.peek()
	p.pos++
	return t
}

func (p *tsParser) expect(tok string) {
	if got := p.next(); got != tok {
		panic(fmt.Sprintf("want %q, got %q", tok, got))
	}
}

func (p *tsParser) ident() string {
	t := p.next()
	if !identifier.MatchString(t) {
		panic(fmt.Sprintf("want identifier, got %q", t))
	}
	return t
}

func (p *tsParser) object(label string) *tsNode {
	p.expect("{")
	n := &tsNode{kind: "object", label: label}
	for p.peek() != "}" {
		name := p.next()
		if strings.HasPrefix(name, `"`) {
			if err := json.Unmarshal([]byte(name), &name); err != nil {
				panic(err)
			}
		} else if !identifier.MatchString(name) {
			panic("bad property name " + name)
		}
		prop := &tsPropNode{name: name}
		if p.peek() == "?" {
			p.next()
			prop.optional = true
		}
		p.expect(":")
		prop.typ = p.union(label + "." + name)
		p.expect(";")
		if n.prop(name) != nil {
			panic("duplicate property " + name)
		}
		n.props = append(n.props, prop)
	}
	p.expect("}")
	return n
}

func (p *tsParser) union(label string) *tsNode {
	if p.peek() == "|" {
		p.next()
	}
	alts := []*tsNode{p.postfix(label)}
	for p.peek() == "|" {
		p.next()
		alts = append(alts, p.postfix(label))
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &tsNode{kind: "union", alts: alts}
}

func (p *tsParser) postfix(label string) *tsNode {
	n := p.primary(label)
	for p.peek() == "[" {
		p.next()
		p.expect("]")
		n = &tsNode{kind: "array", elem: n}
	}
	return n
}

func (p *tsParser) primary(label string) *tsNode {
	t := p.next()
	switch {
	case t == "(":
		n := p.union(label)
		p.expect(")")
		return n
	case t == "{":
		p.pos--
		return p.object(label)
	case strings.HasPrefix(t, `"`):
		var s string
		if err := json.Unmarshal([]byte(t), &s); err != nil {
			panic(err)
		}
		return &tsNode{kind: "lit", name: s}
	case t == "Record":
		p.expect("<")
		p.expect("string")
		p.expect(",")
		elem := p.union(label)
		p.expect(">")
		return &tsNode{kind: "record", elem: elem}
	case t == "string" || t == "number" || t == "boolean" || t == "null" || t == "unknown":
		return &tsNode{kind: "prim", name: t}
	case identifier.MatchString(t):
		return &tsNode{kind: "ref", name: t}
	}
	panic(fmt.Sprintf("unexpected %q in a type", t))
}

// checker validates decoded JSON (numbers as json.Number) against a
// module, recording which object properties it saw present.
type checker struct {
	mod  *tsModule
	seen map[string]bool // label + "." + property
}

func newChecker(mod *tsModule) *checker {
	return &checker{mod: mod, seen: map[string]bool{}}
}

// checkJSON decodes data and checks it against the declaration named root.
func (c *checker) checkJSON(data []byte, root string) []string {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return []string{"decode: " + err.Error()}
	}
	errs, seen := c.check(v, &tsNode{kind: "ref", name: root}, root)
	for _, s := range seen {
		c.seen[s] = true
	}
	return errs
}

func (c *checker) check(v any, n *tsNode, at string) (errs, seen []string) {
	fail := func(format string, args ...any) ([]string, []string) {
		return []string{at + ": " + fmt.Sprintf(format, args...)}, nil
	}
	switch n.kind {
	case "prim":
		ok := false
		switch n.name {
		case "unknown":
			ok = true
		case "null":
			ok = v == nil
		case "string":
			_, ok = v.(string)
		case "number":
			_, ok = v.(json.Number)
		case "boolean":
			_, ok = v.(bool)
		}
		if !ok {
			return fail("%s is not %s", short(v), n.name)
		}
	case "lit":
		if s, ok := v.(string); !ok || s != n.name {
			return fail("%s is not %q", short(v), n.name)
		}
	case "ref":
		d, ok := c.mod.decls[n.name]
		if !ok {
			return fail("reference to undeclared type %s", n.name)
		}
		return c.check(v, d, at)
	case "union":
		var all []string
		for _, a := range n.alts {
			e, s := c.check(v, a, at)
			if len(e) == 0 {
				return nil, s
			}
			all = append(all, e...)
		}
		if len(all) == 1 || len(all) > 3 {
			return fail("%s is none of %s", short(v), n)
		}
		return fail("%s is none of %s: %s", short(v), n, strings.Join(all, "; "))
	case "array":
		arr, ok := v.([]any)
		if !ok {
			return fail("%s is not an array", short(v))
		}
		for i, e := range arr {
			ee, s := c.check(e, n.elem, fmt.Sprintf("%s[%d]", at, i))
			errs, seen = append(errs, ee...), append(seen, s...)
		}
	case "record":
		obj, ok := v.(map[string]any)
		if !ok {
			return fail("%s is not an object", short(v))
		}
		for _, k := range sortedKeys(obj) {
			ee, s := c.check(obj[k], n.elem, at+"["+k+"]")
			errs, seen = append(errs, ee...), append(seen, s...)
		}
	case "object":
		obj, ok := v.(map[string]any)
		if !ok {
			return fail("%s is not an object", short(v))
		}
		for _, k := range sortedKeys(obj) {
			p := n.prop(k)
			if p == nil {
				errs = append(errs, fmt.Sprintf("%s: JSON has key %q, which TypeScript type %s does not declare", at, k, n.label))
				continue
			}
			seen = append(seen, n.label+"."+k)
			ee, s := c.check(obj[k], p.typ, at+"."+k)
			errs, seen = append(errs, ee...), append(seen, s...)
		}
		for _, p := range n.props {
			if _, ok := obj[p.name]; !ok && !p.optional {
				errs = append(errs, fmt.Sprintf("%s: JSON lacks key %q, which TypeScript type %s requires", at, p.name, n.label))
			}
		}
	default:
		return fail("unknown node kind %s", n.kind)
	}
	return errs, seen
}

// declaredProps lists every object property reachable from the named
// declarations, as label.property.
func (m *tsModule) declaredProps(roots ...string) []string {
	out := map[string]bool{}
	visited := map[string]bool{}
	var walk func(n *tsNode)
	walk = func(n *tsNode) {
		switch n.kind {
		case "ref":
			if !visited[n.name] {
				visited[n.name] = true
				walk(m.decls[n.name])
			}
		case "array", "record":
			walk(n.elem)
		case "union":
			for _, a := range n.alts {
				walk(a)
			}
		case "object":
			for _, p := range n.props {
				out[n.label+"."+p.name] = true
				walk(p.typ)
			}
		}
	}
	for _, r := range roots {
		walk(&tsNode{kind: "ref", name: r})
	}
	keys := make([]string, 0, len(out))
	for k := range out {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 60 {
		return string(b[:57]) + "..."
	}
	return string(b)
}

func TestParseTSReadsWhatTheGeneratorWrites(t *testing.T) {
	mod, err := parseTS(`// c
/** doc */
export interface A {
  /** p */
  a: string;
  "b-c"?: (B | null)[] | null;
  d: Record<string, { e: number; }>;
}
export type B =
  | "x"
  | "y";
`)
	if err != nil {
		t.Fatal(err)
	}
	c := newChecker(mod)
	if errs := c.checkJSON([]byte(`{"a":"s","b-c":["x",null],"d":{"k":{"e":1}}}`), "A"); len(errs) > 0 {
		t.Errorf("valid value rejected: %v", errs)
	}
	for _, bad := range []string{
		`{"a":"s","d":{},"z":1}`,       // undeclared key
		`{"d":{}}`,                     // missing required key
		`{"a":"s","b-c":["q"],"d":{}}`, // not a member of the union
		`{"a":"s","d":{"k":{}}}`,       // nested required key
		`{"a":1,"d":{}}`,               // wrong primitive
	} {
		if errs := c.checkJSON([]byte(bad), "A"); len(errs) == 0 {
			t.Errorf("%s accepted", bad)
		}
	}
	if got, want := strings.Join(mod.declaredProps("A"), " "), "A.a A.b-c A.d A.d.e"; got != want {
		t.Errorf("declared props = %q, want %q", got, want)
	}
}
