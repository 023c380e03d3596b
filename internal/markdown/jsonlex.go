package markdown

import (
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

// jsonLexerName is chroma's name for its JSON lexer, whichever alias
// (json, jsonl) or file pattern chose it.
const jsonLexerName = "JSON"

// jsonTokens lexes code as chroma's JSON lexer (lexers/embedded/json.xml)
// followed by chroma.Coalesce does, producing the same tokens, about
// twenty times faster: chroma runs a backtracking regular expression per
// rule and position, and JSON is most of what the portal highlights (every
// FHIR example). It is the same state machine, rule for rule in the same
// order: states root and value, objectvalue (a name), objectattribute
// (after a name, popped by "," or, with its object, by "}") and arrayvalue.
//
// ok is false for anything it does not reproduce exactly, and the caller
// then asks chroma: text chroma would call an error, carriage returns
// (chroma rewrites them), invalid UTF-8 (chroma reads runes), any
// non-ASCII character outside a string (chroma's \s, \d and \b are
// Unicode classes), and a string without its closing quote (the
// expression would backtrack to an escaped quote).
func jsonTokens(code string) (tokens []chroma.Token, ok bool) {
	if !utf8.ValidString(code) || strings.IndexByte(code, '\r') >= 0 {
		return nil, false
	}
	lx := jsonLexer{code: code, stack: []jsonState{jsonValue}}
	for lx.pos < len(code) {
		if !lx.step() || lx.failed {
			return nil, false
		}
	}
	lx.flush()
	return lx.tokens, true
}

type jsonState uint8

const (
	jsonValue           jsonState = iota // root and value: the same rules
	jsonObjectValue                      // inside {, before a name
	jsonObjectAttribute                  // after a name
	jsonArrayValue                       // inside [
)

type jsonLexer struct {
	code   string
	pos    int
	stack  []jsonState
	tokens []chroma.Token
	// failed is set by a rule that matched where chroma would stop.
	failed bool
	// pending is the token being coalesced: chroma.Coalesce joins
	// adjacent tokens of one type while the first is under 8 KiB.
	pending chroma.Token
}

// coalesceLimit is the length from which chroma.Coalesce stops joining.
const coalesceLimit = 8192

func (lx *jsonLexer) emit(t chroma.TokenType, end int) {
	value := lx.code[lx.pos:end]
	lx.pos = end
	if value == "" {
		return
	}
	if lx.pending.Value != "" && lx.pending.Type == t && len(lx.pending.Value) < coalesceLimit {
		lx.pending.Value += value
		return
	}
	lx.flush()
	lx.pending = chroma.Token{Type: t, Value: value}
}

func (lx *jsonLexer) flush() {
	if lx.pending.Value != "" {
		lx.tokens = append(lx.tokens, lx.pending)
	}
	lx.pending = chroma.Token{}
}

func (lx *jsonLexer) push(s jsonState) { lx.stack = append(lx.stack, s) }

// pop reports false where chroma's stack would empty: chroma then stops
// lexing, which is its own kind of failure.
func (lx *jsonLexer) pop(n int) bool {
	if n >= len(lx.stack) {
		return false
	}
	lx.stack = lx.stack[:len(lx.stack)-n]
	return true
}

// step applies the first rule of the current state that matches at pos.
func (lx *jsonLexer) step() bool {
	switch lx.stack[len(lx.stack)-1] {
	case jsonObjectValue:
		return lx.whitespace() || lx.comment() || lx.name() || lx.punctuation('}', 1)
	case jsonObjectAttribute:
		return lx.value() || lx.punctuation(':', 0) || lx.punctuation(',', 1) || lx.punctuation('}', 2)
	case jsonArrayValue:
		// whitespace and comment also come first inside value.
		return lx.value() || lx.punctuation(',', 0) || lx.punctuation(']', 1)
	default:
		return lx.value()
	}
}

// value is the rules of state value: whitespace, a simple value, a
// comment, or an opening bracket.
func (lx *jsonLexer) value() bool {
	switch {
	case lx.whitespace(), lx.keyword(), lx.number(), lx.string(chroma.LiteralStringDouble), lx.comment():
		return true
	case lx.at('{'):
		lx.emit(chroma.Punctuation, lx.pos+1)
		lx.push(jsonObjectValue)
		return true
	case lx.at('['):
		lx.emit(chroma.Punctuation, lx.pos+1)
		lx.push(jsonArrayValue)
		return true
	}
	return false
}

func (lx *jsonLexer) at(c byte) bool { return lx.pos < len(lx.code) && lx.code[lx.pos] == c }

func (lx *jsonLexer) punctuation(c byte, pops int) bool {
	if !lx.at(c) {
		return false
	}
	lx.emit(chroma.Punctuation, lx.pos+1)
	if !lx.pop(pops) {
		lx.failed = true
	}
	return true
}

// whitespace is \s+ over ASCII; a non-ASCII space fails the lexer in
// step's caller, as no rule here matches it.
func (lx *jsonLexer) whitespace() bool {
	end := lx.pos
	for end < len(lx.code) && isJSONSpace(lx.code[end]) {
		end++
	}
	if end == lx.pos {
		return false
	}
	lx.emit(chroma.Text, end)
	return true
}

func isJSONSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f'
}

// comment is //.*?\n: up to and including the next newline, which it
// needs.
func (lx *jsonLexer) comment() bool {
	if lx.pos+1 >= len(lx.code) || lx.code[lx.pos] != '/' || lx.code[lx.pos+1] != '/' {
		return false
	}
	for end := lx.pos + 2; end < len(lx.code); end++ {
		if lx.code[end] == '\n' {
			lx.emit(chroma.CommentSingle, end+1)
			return true
		}
	}
	return false
}

// keyword is (true|false|null)\b.
func (lx *jsonLexer) keyword() bool {
	for _, word := range [...]string{"true", "false", "null"} {
		end := lx.pos + len(word)
		if end <= len(lx.code) && lx.code[lx.pos:end] == word && (end == len(lx.code) || !isWordByte(lx.code[end])) {
			lx.emit(chroma.KeywordConstant, end)
			return true
		}
	}
	return false
}

// isWordByte is \w for ASCII; other bytes never follow a keyword here,
// since non-ASCII text outside strings matches no rule.
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// number is the float rule, then the integer rule:
// -?(0|[1-9]\d*)(\.\d+[eE](\+|-)?\d+|[eE](\+|-)?\d+|\.\d+), then -?(0|[1-9]\d*).
func (lx *jsonLexer) number() bool {
	intEnd := lx.integer(lx.pos)
	if intEnd < 0 {
		return false
	}
	if end := lx.fraction(intEnd); end >= 0 {
		if expEnd := lx.exponent(end); expEnd >= 0 {
			lx.emit(chroma.LiteralNumberFloat, expEnd)
			return true
		}
	}
	if end := lx.exponent(intEnd); end >= 0 {
		lx.emit(chroma.LiteralNumberFloat, end)
		return true
	}
	if end := lx.fraction(intEnd); end >= 0 {
		lx.emit(chroma.LiteralNumberFloat, end)
		return true
	}
	lx.emit(chroma.LiteralNumberInteger, intEnd)
	return true
}

// integer matches -?(0|[1-9]\d*) at i; it returns the end or -1.
func (lx *jsonLexer) integer(i int) int {
	if i < len(lx.code) && lx.code[i] == '-' {
		i++
	}
	if i >= len(lx.code) || !isDigit(lx.code[i]) {
		return -1
	}
	if lx.code[i] == '0' {
		return i + 1
	}
	return lx.digits(i)
}

// fraction matches \.\d+ at i.
func (lx *jsonLexer) fraction(i int) int {
	if i >= len(lx.code) || lx.code[i] != '.' {
		return -1
	}
	return lx.digits(i + 1)
}

// exponent matches [eE](\+|-)?\d+ at i.
func (lx *jsonLexer) exponent(i int) int {
	if i >= len(lx.code) || lx.code[i] != 'e' && lx.code[i] != 'E' {
		return -1
	}
	i++
	if i < len(lx.code) && (lx.code[i] == '+' || lx.code[i] == '-') {
		i++
	}
	return lx.digits(i)
}

// digits matches \d+ at i.
func (lx *jsonLexer) digits(i int) int {
	end := i
	for end < len(lx.code) && isDigit(lx.code[end]) {
		end++
	}
	if end == i {
		return -1
	}
	return end
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// string is "(\\\\|\\"|[^"])*": a backslash takes the next character
// with it, and the first other quote closes the string.
func (lx *jsonLexer) string(t chroma.TokenType) bool {
	if !lx.at('"') {
		return false
	}
	for i := lx.pos + 1; i < len(lx.code); i++ {
		switch lx.code[i] {
		case '\\':
			i++
		case '"':
			lx.emit(t, i+1)
			return true
		}
	}
	return false
}

// name is a string in objectvalue: a name, after which comes its value.
func (lx *jsonLexer) name() bool {
	if !lx.string(chroma.NameTag) {
		return false
	}
	lx.push(jsonObjectAttribute)
	return true
}
