package markdown

import (
	"bytes"
	"strings"
)

// The lexical pieces of MDX that the block and inline parsers share: JSX
// tags and balanced JavaScript (expressions, ESM statements).

// jsxAttr is one attribute of a JSX tag.
type jsxAttr struct {
	name string
	// value is the string value, or the expression's code when expr is set.
	value string
	// bare is an attribute without a value (true in JSX).
	bare bool
	expr bool
	// spread is {...props}; value holds the code after "...".
	spread bool
}

// jsxTag is one parsed tag.
type jsxTag struct {
	// name is "" for a fragment (<> or </>).
	name        string
	closing     bool
	selfClosing bool
	attrs       []jsxAttr
	// end is the offset just after the tag's ">".
	end int
}

func (t *jsxTag) attr(name string) (jsxAttr, bool) {
	for _, a := range t.attrs {
		if a.name == name {
			return a, true
		}
	}
	return jsxAttr{}, false
}

// voidElements are HTML elements without content: MDX needs <br />, but
// authors coming from HTML write <br>, which is read the same.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
}

// afterVoidClose is where a void element's tag ends: after a closing tag of
// its name that follows with nothing but white space between, else at end.
func afterVoidClose(src []byte, end int, name string) int {
	i := end
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	closing := "</" + name
	if !bytes.HasPrefix(src[i:], []byte(closing)) {
		return end
	}
	i = skipJSXSpace(src, i+len(closing))
	if i < len(src) && src[i] == '>' {
		return i + 1
	}
	return end
}

// isComponentName reports whether a JSX name is a component (capitalised
// or a member expression) rather than an HTML element.
func isComponentName(name string) bool {
	return name != "" && ((name[0] >= 'A' && name[0] <= 'Z') || strings.Contains(name, "."))
}

// parseJSXTag reads the tag starting at src[start] ("<"). It returns false
// when the text there is not a complete JSX tag, which then stays text.
func parseJSXTag(src []byte, start int) (jsxTag, bool) {
	var t jsxTag
	i := start + 1
	if i < len(src) && src[i] == '/' {
		t.closing = true
		i++
	}
	nameStart := i
	for i < len(src) && isJSXNameByte(src[i], i == nameStart) {
		i++
	}
	t.name = string(src[nameStart:i])
	if t.name != "" && (strings.HasSuffix(t.name, ".") || strings.HasSuffix(t.name, ":") || strings.HasSuffix(t.name, "-")) {
		return t, false
	}
	if t.name == "" && (i >= len(src) || src[i] != '>') {
		return t, false
	}
	for {
		i = skipJSXSpace(src, i)
		if i >= len(src) {
			return t, false
		}
		switch c := src[i]; {
		case c == '>':
			t.end = i + 1
			if !t.closing && voidElements[t.name] {
				// JSX lets a void element be closed (<img …></img>): one element.
				t.selfClosing = true
				t.end = afterVoidClose(src, t.end, t.name)
			}
			return t, true
		case c == '/' && i+1 < len(src) && src[i+1] == '>' && !t.closing:
			t.selfClosing = true
			t.end = i + 2
			return t, true
		case t.closing:
			return t, false
		case c == '{':
			end, ok := scanBalanced(src, i)
			if !ok {
				return t, false
			}
			code := strings.TrimSpace(string(src[i+1 : end-1]))
			spread, isSpread := strings.CutPrefix(code, "...")
			if !isSpread {
				return t, false
			}
			t.attrs = append(t.attrs, jsxAttr{spread: true, value: spread})
			i = end
		case isJSXNameByte(c, true):
			a, next, ok := parseJSXAttr(src, i)
			if !ok {
				return t, false
			}
			t.attrs = append(t.attrs, a)
			i = next
		default:
			return t, false
		}
	}
}

func parseJSXAttr(src []byte, i int) (jsxAttr, int, bool) {
	start := i
	for i < len(src) && isJSXNameByte(src[i], i == start) {
		i++
	}
	a := jsxAttr{name: string(src[start:i])}
	j := skipJSXSpace(src, i)
	if j >= len(src) || src[j] != '=' {
		a.bare = true
		return a, i, true
	}
	j = skipJSXSpace(src, j+1)
	if j >= len(src) {
		return a, j, false
	}
	switch q := src[j]; q {
	case '"', '\'':
		end := indexByteFrom(src, j+1, q)
		if end < 0 {
			return a, j, false
		}
		a.value = decodeEntities(string(src[j+1 : end]))
		return a, end + 1, true
	case '{':
		end, ok := scanBalanced(src, j)
		if !ok {
			return a, j, false
		}
		a.expr = true
		a.value = string(src[j+1 : end-1])
		return a, end, true
	}
	return a, j, false
}

func indexByteFrom(src []byte, from int, c byte) int {
	for i := from; i < len(src); i++ {
		if src[i] == c {
			return i
		}
	}
	return -1
}

func skipJSXSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

// isJSXNameByte: names and attribute names may hold letters, digits, "_",
// "$", "-", and, after the first byte, "." (members) and ":" (namespaces).
func isJSXNameByte(b byte, first bool) bool {
	letter := (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '_' || b == '$'
	if first {
		return letter
	}
	return letter || (b >= '0' && b <= '9') || b == '-' || b == '.' || b == ':'
}

// decodeEntities decodes the character references JSX allows in attribute
// strings (&amp; &lt; &gt; &quot; &apos; and numeric ones).
func decodeEntities(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	return string(resolveEscapes([]byte(strings.ReplaceAll(s, `\`, `\\`))))
}

// scanBalanced returns the offset just after the "}" (or ")" / "]")
// matching the bracket at src[start], skipping strings, template literals
// and comments; false when the input ends first.
func scanBalanced(src []byte, start int) (int, bool) {
	var stack []byte
	for i := start; i < len(src); i++ {
		switch c := src[i]; c {
		case '{', '(', '[':
			stack = append(stack, closerOf(c))
		case '}', ')', ']':
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return 0, false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i + 1, true
			}
		case '"', '\'':
			end := skipString(src, i)
			if end < 0 {
				return 0, false
			}
			i = end
		case '`':
			end := skipTemplate(src, i)
			if end < 0 {
				return 0, false
			}
			i = end
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
			} else if i+1 < len(src) && src[i+1] == '*' {
				end := strings.Index(string(src[i+2:]), "*/")
				if end < 0 {
					return 0, false
				}
				i += end + 3
			}
		}
	}
	return 0, false
}

func closerOf(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

// skipString returns the offset of the closing quote of the string at i.
func skipString(src []byte, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j
		case '\n':
			return -1
		}
	}
	return -1
}

// skipTemplate returns the offset of the closing backtick of the template
// literal at i, stepping over ${…} substitutions.
func skipTemplate(src []byte, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '`':
			return j
		case '$':
			if j+1 < len(src) && src[j+1] == '{' {
				end, ok := scanBalanced(src, j+1)
				if !ok {
					return -1
				}
				j = end - 1
			}
		}
	}
	return -1
}

// isBalanced reports whether JavaScript code has every bracket, string,
// template and comment closed: an ESM block ends at a blank line only then.
func isBalanced(code []byte) bool {
	depth := 0
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
		case '"', '\'':
			end := skipString(code, i)
			if end < 0 {
				return false
			}
			i = end
		case '`':
			end := skipTemplate(code, i)
			if end < 0 {
				return false
			}
			i = end
		case '/':
			if i+1 < len(code) && code[i+1] == '/' {
				for i < len(code) && code[i] != '\n' {
					i++
				}
			} else if i+1 < len(code) && code[i+1] == '*' {
				end := strings.Index(string(code[i+2:]), "*/")
				if end < 0 {
					return false
				}
				i += end + 3
			}
		}
	}
	return depth <= 0
}
