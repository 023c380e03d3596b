package markdown

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
)

// JavaScript values that MDX attributes and expressions may hold and that
// Portal can compute without running JavaScript: literals (strings,
// template literals without substitutions, numbers, booleans, null, arrays
// and objects of literals), names bound to such literals by `export const`
// (or a partial's props), useBaseUrl('…') and require('…').default. Anything
// else is code, which the page cannot show and Portal does not run.

// jsUndefined is the value of a name the page did not bind.
type jsUndefined struct{}

// jsOpaque is a value Portal cannot compute: a function a module exports,
// or a value of a package it could not run.
type jsOpaque struct{}

// jsObject is an object literal; keys keep their order.
type jsObject struct {
	keys   []string
	values map[string]any
}

func (o *jsObject) get(key string) (any, bool) {
	if o == nil {
		return nil, false
	}
	v, ok := o.values[key]
	return v, ok
}

// jsScope is what an expression can refer to.
type jsScope struct {
	vars map[string]any
	// baseURL is prefixed by useBaseUrl('/…').
	baseURL string
	// asset resolves require('./file') to the URL the file is served at.
	asset func(path string) (string, bool)
}

// evalExpression computes the value of a JavaScript expression, or reports
// false when it is not one Portal can compute.
func evalExpression(src string, scope jsScope) (any, bool) {
	p := &jsParser{src: src, scope: scope}
	p.skip()
	v, ok := p.value()
	if !ok {
		return nil, false
	}
	p.skip()
	return v, p.pos == len(p.src)
}

// isComment reports whether an expression holds only comments, such as
// {/* a note */}, which MDX drops.
func isComment(src string) bool {
	p := &jsParser{src: src}
	p.skip()
	return p.pos == len(p.src)
}

type jsParser struct {
	src   string
	pos   int
	scope jsScope
}

// skip passes whitespace and comments.
func (p *jsParser) skip() {
	for p.pos < len(p.src) {
		switch {
		case strings.ContainsRune(" \t\r\n", rune(p.src[p.pos])):
			p.pos++
		case strings.HasPrefix(p.src[p.pos:], "//"):
			end := strings.IndexByte(p.src[p.pos:], '\n')
			if end < 0 {
				p.pos = len(p.src)
			} else {
				p.pos += end + 1
			}
		case strings.HasPrefix(p.src[p.pos:], "/*"):
			end := strings.Index(p.src[p.pos+2:], "*/")
			if end < 0 {
				p.pos = len(p.src)
			} else {
				p.pos += end + 4
			}
		default:
			return
		}
	}
}

func (p *jsParser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *jsParser) eat(s string) bool {
	p.skip()
	if strings.HasPrefix(p.src[p.pos:], s) {
		p.pos += len(s)
		return true
	}
	return false
}

var jsNumber = regexp.MustCompile(`^-?(?:0[xX][0-9a-fA-F]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][+-]?\d+)?)`)

var jsIdentifier = regexp.MustCompile(`^[A-Za-z_$][\w$]*`)

func (p *jsParser) value() (any, bool) {
	p.skip()
	switch c := p.peek(); {
	case c == '"' || c == '\'':
		return p.quoted(c)
	case c == '`':
		return p.template()
	case c == '[':
		return p.array()
	case c == '{':
		return p.object()
	case c == '(':
		p.pos++
		v, ok := p.value()
		if !ok || !p.eat(")") {
			return nil, false
		}
		return v, true
	case c == '-' || c == '.' || (c >= '0' && c <= '9'):
		m := jsNumber.FindString(p.src[p.pos:])
		if m == "" {
			return nil, false
		}
		p.pos += len(m)
		n, err := strconv.ParseFloat(strings.ReplaceAll(m, "_", ""), 64)
		if err != nil {
			i, ierr := strconv.ParseInt(strings.ReplaceAll(m, "_", ""), 0, 64)
			if ierr != nil {
				return nil, false
			}
			n = float64(i)
		}
		return n, true
	}
	name := jsIdentifier.FindString(p.src[p.pos:])
	if name == "" {
		return nil, false
	}
	p.pos += len(name)
	switch name {
	case "true":
		return true, true
	case "false":
		return false, true
	case "null":
		return nil, true
	case "undefined":
		return jsUndefined{}, true
	case "useBaseUrl":
		return p.call(func(arg string) (any, bool) { return withBaseURL(p.scope.baseURL, arg), true })
	case "require":
		v, ok := p.call(func(arg string) (any, bool) {
			if p.scope.asset == nil {
				return nil, false
			}
			url, found := p.scope.asset(arg)
			return url, found
		})
		if ok && p.eat(".default") {
			return v, true
		}
		return v, ok
	}
	v, ok := p.scope.vars[name]
	if !ok {
		return nil, false
	}
	for p.eat(".") {
		key := jsIdentifier.FindString(p.src[p.pos:])
		if key == "" {
			return nil, false
		}
		p.pos += len(key)
		obj, isObj := v.(*jsObject)
		if !isObj {
			return nil, false
		}
		if v, ok = obj.get(key); !ok {
			v = jsUndefined{}
		}
	}
	if _, code := v.(jsOpaque); code {
		return nil, false
	}
	return v, true
}

// jsValueFromJSON reads a module's exports, as ModuleExports writes them,
// as the values expressions compute: objects keep their key order, and a
// function or package value is jsOpaque.
func jsValueFromJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return readJSValue(dec)
}

func readJSValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '[' {
			list := []any{}
			for dec.More() {
				v, err := readJSValue(dec)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err := dec.Token()
			return list, err
		}
		obj := &jsObject{values: map[string]any{}}
		for dec.More() {
			keyTok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key, _ := keyTok.(string)
			v, err := readJSValue(dec)
			if err != nil {
				return nil, err
			}
			if _, seen := obj.values[key]; !seen {
				obj.keys = append(obj.keys, key)
			}
			obj.values[key] = v
		}
		if _, err := dec.Token(); err != nil {
			return nil, err
		}
		if len(obj.keys) == 1 && (obj.keys[0] == "$function" || obj.keys[0] == "$package") {
			return jsOpaque{}, nil
		}
		return obj, nil
	case json.Number:
		return t.Float64()
	default:
		return t, nil // string, bool or nil
	}
}

// call reads "(literal string)" and applies fn to it.
func (p *jsParser) call(fn func(string) (any, bool)) (any, bool) {
	if !p.eat("(") {
		return nil, false
	}
	arg, ok := p.value()
	s, isString := arg.(string)
	if !ok || !isString {
		return nil, false
	}
	// useBaseUrl's options object ({absolute: true}) is not supported.
	if !p.eat(")") {
		return nil, false
	}
	return fn(s)
}

func (p *jsParser) quoted(q byte) (any, bool) {
	var b strings.Builder
	for i := p.pos + 1; i < len(p.src); i++ {
		c := p.src[i]
		switch {
		case c == q:
			p.pos = i + 1
			return b.String(), true
		case c == '\n':
			return nil, false
		case c == '\\' && i+1 < len(p.src):
			i++
			b.WriteString(unescapeJS(p.src[i]))
		default:
			b.WriteByte(c)
		}
	}
	return nil, false
}

// template reads a template literal without ${…} substitutions.
func (p *jsParser) template() (any, bool) {
	var b strings.Builder
	for i := p.pos + 1; i < len(p.src); i++ {
		c := p.src[i]
		switch {
		case c == '`':
			p.pos = i + 1
			return b.String(), true
		case c == '$' && i+1 < len(p.src) && p.src[i+1] == '{':
			return nil, false
		case c == '\\' && i+1 < len(p.src):
			i++
			b.WriteString(unescapeJS(p.src[i]))
		default:
			b.WriteByte(c)
		}
	}
	return nil, false
}

func unescapeJS(c byte) string {
	switch c {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	case 'r':
		return "\r"
	}
	return string(c)
}

func (p *jsParser) array() (any, bool) {
	p.pos++
	out := []any{}
	for {
		if p.eat("]") {
			return out, true
		}
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		out = append(out, v)
		if p.eat(",") {
			continue
		}
		if !p.eat("]") {
			return nil, false
		}
		return out, true
	}
}

func (p *jsParser) object() (any, bool) {
	p.pos++
	obj := &jsObject{values: map[string]any{}}
	for {
		if p.eat("}") {
			return obj, true
		}
		p.skip()
		var key string
		switch c := p.peek(); c {
		case '"', '\'':
			k, ok := p.quoted(c)
			if !ok {
				return nil, false
			}
			key = k.(string)
		default:
			key = jsIdentifier.FindString(p.src[p.pos:])
			if key == "" {
				return nil, false
			}
			p.pos += len(key)
		}
		if !p.eat(":") {
			return nil, false
		}
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		if _, dup := obj.values[key]; !dup {
			obj.keys = append(obj.keys, key)
		}
		obj.values[key] = v
		if p.eat(",") {
			continue
		}
		if !p.eat("}") {
			return nil, false
		}
		return obj, true
	}
}

// withBaseURL is useBaseUrl (behaviour reference 0.5): unchanged when empty,
// an anchor, external or already under the base URL.
func withBaseURL(base, url string) string {
	if base == "" {
		base = "/"
	}
	switch {
	case url == "", strings.HasPrefix(url, "#"), urlScheme.MatchString(url), strings.HasPrefix(url, "//"):
		return url
	case url == strings.TrimSuffix(base, "/"):
		return base
	case strings.HasPrefix(url, base):
		return url
	}
	return base + strings.TrimPrefix(url, "/")
}

// jsText is a value as JSX shows it in text: strings and numbers as they
// are; booleans, null and undefined as nothing; ok is false for arrays and
// objects, which React cannot render as text.
func jsText(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), true
	case bool, nil, jsUndefined:
		return "", true
	}
	return "", false
}

// jsString is a value as an attribute string, or false for objects,
// arrays, null and undefined (React drops those attributes).
func jsString(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), true
	case bool:
		return strconv.FormatBool(v), true
	}
	return "", false
}

// unitlessCSS are the style properties React writes without "px".
var unitlessCSS = map[string]bool{
	"animationIterationCount": true, "aspectRatio": true, "columnCount": true, "columns": true, "flex": true,
	"flexGrow": true, "flexShrink": true, "fontWeight": true, "gridColumn": true, "gridRow": true,
	"lineHeight": true, "opacity": true, "order": true, "orphans": true, "tabSize": true, "widows": true,
	"zIndex": true, "zoom": true, "fillOpacity": true, "strokeOpacity": true, "strokeWidth": true,
}

// cssText writes a style object as React does: camelCase properties in
// kebab-case, numbers in px unless the property is unitless.
func cssText(obj *jsObject) (string, bool) {
	var parts []string
	for _, key := range obj.keys {
		v := obj.values[key]
		var value string
		switch v := v.(type) {
		case string:
			value = v
		case float64:
			value = strconv.FormatFloat(v, 'f', -1, 64)
			if v != 0 && !unitlessCSS[key] {
				value += "px"
			}
		case nil, jsUndefined, bool:
			continue
		default:
			return "", false
		}
		parts = append(parts, kebabCase(key)+":"+value)
	}
	return strings.Join(parts, ";"), true
}

func kebabCase(s string) string {
	if strings.HasPrefix(s, "--") {
		return s // custom properties keep their name
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			b.WriteByte('-')
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	out := b.String()
	if strings.HasPrefix(out, "ms-") {
		out = "-" + out
	}
	return out
}
