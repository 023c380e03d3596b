package contract

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
)

// tsKind is the shape of a TypeScript type expression.
type tsKind int

const (
	tsPrim   tsKind = iota // string, number, boolean, unknown, null
	tsLit                  // a string literal
	tsRef                  // a declared type, by its Go type
	tsArray                // elem[]
	tsRecord               // Record<string, elem>
	tsObject               // { props }
	tsUnion                // alts joined by |
)

// tsType is a TypeScript type expression. References hold the Go type, not
// a name, because names are chosen only once every type is known.
type tsType struct {
	kind  tsKind
	name  string // tsPrim: the keyword; tsLit: the value
	ref   reflect.Type
	elem  *tsType
	props []tsProp
	alts  []*tsType
}

// tsProp is one property of an object type.
type tsProp struct {
	name     string
	optional bool
	typ      *tsType
	doc      string
}

var (
	tsString  = &tsType{kind: tsPrim, name: "string"}
	tsNumber  = &tsType{kind: tsPrim, name: "number"}
	tsBoolean = &tsType{kind: tsPrim, name: "boolean"}
	tsUnknown = &tsType{kind: tsPrim, name: "unknown"}
	tsNull    = &tsType{kind: tsPrim, name: "null"}
)

// orNull adds null to t; unknown already includes it.
func orNull(t *tsType) *tsType {
	if t == tsUnknown || t.hasNull() {
		return t
	}
	if t.kind == tsUnion {
		return &tsType{kind: tsUnion, alts: append(append([]*tsType(nil), t.alts...), tsNull)}
	}
	return &tsType{kind: tsUnion, alts: []*tsType{t, tsNull}}
}

func (t *tsType) hasNull() bool {
	if t == tsNull {
		return true
	}
	if t.kind == tsUnion {
		for _, a := range t.alts {
			if a == tsNull {
				return true
			}
		}
	}
	return false
}

// renderer writes type expressions, resolving references to the names
// chosen for them.
type renderer struct {
	names map[reflect.Type]string
}

func (r *renderer) typ(b *strings.Builder, t *tsType, indent string) {
	switch t.kind {
	case tsPrim:
		b.WriteString(t.name)
	case tsLit:
		b.WriteString(jsString(t.name))
	case tsRef:
		b.WriteString(r.names[t.ref])
	case tsArray:
		if t.elem.kind == tsUnion {
			b.WriteString("(")
			r.typ(b, t.elem, indent)
			b.WriteString(")[]")
		} else {
			r.typ(b, t.elem, indent)
			b.WriteString("[]")
		}
	case tsRecord:
		b.WriteString("Record<string, ")
		r.typ(b, t.elem, indent)
		b.WriteString(">")
	case tsObject:
		if len(t.props) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		r.props(b, t.props, indent+"  ")
		b.WriteString(indent + "}")
	case tsUnion:
		for i, a := range t.alts {
			if i > 0 {
				b.WriteString(" | ")
			}
			r.typ(b, a, indent)
		}
	}
}

func (r *renderer) props(b *strings.Builder, props []tsProp, indent string) {
	for _, p := range props {
		writeDoc(b, p.doc, indent)
		b.WriteString(indent + propName(p.name))
		if p.optional {
			b.WriteString("?")
		}
		b.WriteString(": ")
		r.typ(b, p.typ, indent)
		b.WriteString(";\n")
	}
}

// writeDoc writes a JSDoc comment: one line when the text is one line.
func writeDoc(b *strings.Builder, doc, indent string) {
	doc = strings.TrimSpace(strings.ReplaceAll(doc, "*/", `*\/`))
	if doc == "" {
		return
	}
	lines := strings.Split(doc, "\n")
	if len(lines) == 1 {
		b.WriteString(indent + "/** " + lines[0] + " */\n")
		return
	}
	b.WriteString(indent + "/**\n")
	for _, l := range lines {
		l = strings.TrimRight(l, " \t")
		if l == "" {
			b.WriteString(indent + " *\n")
		} else {
			b.WriteString(indent + " * " + l + "\n")
		}
	}
	b.WriteString(indent + " */\n")
}

var identifier = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// propName writes a property name bare when it is an identifier, quoted
// otherwise ("aria-label").
func propName(name string) string {
	if identifier.MatchString(name) {
		return name
	}
	return jsString(name)
}

// jsString quotes s as a JSON string, which is also a TypeScript string
// literal.
func jsString(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(buf.String(), "\n")
}
