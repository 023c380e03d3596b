package conformance

import (
	"bytes"
	"html"
	"slices"
	"strings"
)

// Normalize puts HTML into a canonical form so that two renderings that a
// browser shows the same compare equal, in the spirit of the CommonMark
// test suite's normalize.py: whitespace between block tags and runs of
// whitespace outside <pre> do not matter, attributes are sorted, and
// character references are replaced by the characters they stand for (only
// &, <, > and " stay escaped).
func Normalize(page string) string {
	return serialize(tokenize(page))
}

// NormalizePortal is Normalize after undoing the decorations Portal adds to
// plain CommonMark output, so that spec examples compare on substance: the
// markers of the theme's components become the plain elements (an
// anchored heading its h2–h6; a code block
// <pre><code class="language-X">TEXT</code></pre> where TEXT is the code's
// text content, without highlighting spans).
func NormalizePortal(page string) string {
	tokens := tokenize(page)
	tokens = undoComponents(tokens)
	return serialize(tokens)
}

type tokenKind int

const (
	textToken tokenKind = iota
	startTagToken
	endTagToken
	// rawToken is a comment, declaration, CDATA section or processing
	// instruction, compared verbatim.
	rawToken
)

type attribute struct {
	name, value string
}

type token struct {
	kind tokenKind
	// name is the lower-case tag name of a start or end tag.
	name  string
	attrs []attribute
	// selfClosing marks a start tag written as <x/>.
	selfClosing bool
	// text is the decoded text of a text token, or the raw source of a raw
	// token.
	text string
}

func (t token) attr(name string) (string, bool) {
	for _, a := range t.attrs {
		if a.name == name {
			return a.value, true
		}
	}
	return "", false
}

// tokenize splits HTML into tags, raw markup and text. A "<" that does not
// start well-formed markup is text, as in a browser.
func tokenize(page string) []token {
	var tokens []token
	textStart := 0
	flushText := func(end int) {
		if end > textStart {
			tokens = append(tokens, token{kind: textToken, text: html.UnescapeString(page[textStart:end])})
		}
	}
	for i := 0; i < len(page); {
		if page[i] != '<' {
			i++
			continue
		}
		tok, size := readMarkup(page[i:])
		if size == 0 {
			i++
			continue
		}
		flushText(i)
		tokens = append(tokens, tok)
		i += size
		textStart = i
	}
	flushText(len(page))
	return tokens
}

// readMarkup reads the markup at the start of s, which begins with "<", and
// returns it with its length, or a zero length when s does not start markup.
func readMarkup(s string) (token, int) {
	switch {
	case strings.HasPrefix(s, "<!--"):
		return readRaw(s, "-->")
	case strings.HasPrefix(s, "<![CDATA["):
		return readRaw(s, "]]>")
	case strings.HasPrefix(s, "<!"):
		return readRaw(s, ">")
	case strings.HasPrefix(s, "<?"):
		return readRaw(s, "?>")
	case strings.HasPrefix(s, "</") && len(s) > 2 && isASCIILetter(s[2]):
		return readEndTag(s)
	case len(s) > 1 && isASCIILetter(s[1]):
		return readStartTag(s)
	}
	return token{}, 0
}

func readRaw(s, terminator string) (token, int) {
	end := strings.Index(s, terminator)
	if end < 0 {
		return token{}, 0
	}
	size := end + len(terminator)
	return token{kind: rawToken, text: s[:size]}, size
}

func readEndTag(s string) (token, int) {
	name, rest := tagName(s[2:])
	end := strings.IndexByte(rest, '>')
	if end < 0 || strings.TrimSpace(rest[:end]) != "" {
		return token{}, 0
	}
	return token{kind: endTagToken, name: name}, len(s) - len(rest) + end + 1
}

func readStartTag(s string) (token, int) {
	name, rest := tagName(s[1:])
	tok := token{kind: startTagToken, name: name}
	for {
		rest = strings.TrimLeft(rest, " \t\n\r\f")
		switch {
		case rest == "":
			return token{}, 0
		case rest[0] == '>':
			return tok, len(s) - len(rest) + 1
		case strings.HasPrefix(rest, "/>"):
			tok.selfClosing = true
			return tok, len(s) - len(rest) + 2
		}
		var a attribute
		var ok bool
		if a, rest, ok = readAttribute(rest); !ok {
			return token{}, 0
		}
		tok.attrs = append(tok.attrs, a)
	}
}

func tagName(s string) (name, rest string) {
	end := 0
	for end < len(s) && (isASCIILetter(s[end]) || (s[end] >= '0' && s[end] <= '9') || s[end] == '-') {
		end++
	}
	return strings.ToLower(s[:end]), s[end:]
}

// readAttribute reads name, name=value, name="value" or name='value'. A
// valueless attribute gets the empty value, as the DOM gives it.
func readAttribute(s string) (attribute, string, bool) {
	end := strings.IndexAny(s, " \t\n\r\f/>=")
	if end < 0 {
		return attribute{}, "", false
	}
	if end == 0 {
		// A stray "/" or "=" where a name should be.
		return attribute{}, "", false
	}
	a := attribute{name: strings.ToLower(s[:end])}
	rest := strings.TrimLeft(s[end:], " \t\n\r\f")
	if !strings.HasPrefix(rest, "=") {
		return a, rest, true
	}
	rest = strings.TrimLeft(rest[1:], " \t\n\r\f")
	if rest == "" {
		return attribute{}, "", false
	}
	if quote := rest[0]; quote == '"' || quote == '\'' {
		closing := strings.IndexByte(rest[1:], quote)
		if closing < 0 {
			return attribute{}, "", false
		}
		a.value = html.UnescapeString(rest[1 : 1+closing])
		return a, rest[closing+2:], true
	}
	valueEnd := strings.IndexAny(rest, " \t\n\r\f>")
	if valueEnd < 0 {
		return attribute{}, "", false
	}
	a.value = html.UnescapeString(rest[:valueEnd])
	return a, rest[valueEnd:], true
}

func isASCIILetter(b byte) bool {
	return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
}

// blockTags are the elements around which whitespace is insignificant, as
// listed by the CommonMark test suite.
var blockTags = map[string]bool{
	"article": true, "header": true, "aside": true, "hgroup": true, "blockquote": true,
	"hr": true, "iframe": true, "body": true, "li": true, "map": true, "button": true,
	"object": true, "canvas": true, "ol": true, "caption": true, "output": true,
	"col": true, "p": true, "colgroup": true, "pre": true, "dd": true, "progress": true,
	"div": true, "section": true, "dl": true, "table": true, "td": true, "dt": true,
	"tbody": true, "embed": true, "textarea": true, "fieldset": true, "tfoot": true,
	"figcaption": true, "th": true, "figure": true, "thead": true, "footer": true,
	"tr": true, "form": true, "ul": true, "h1": true, "h2": true, "h3": true, "h4": true,
	"h5": true, "h6": true, "video": true, "script": true, "style": true,
}

// serializer writes tokens in canonical form.
type serializer struct {
	out []byte
	// inPre is true inside <pre>, where whitespace is significant.
	inPre bool
	// last is the previous token.
	last token
}

func serialize(tokens []token) string {
	var s serializer
	for _, t := range tokens {
		s.write(t)
		s.last = t
	}
	return strings.TrimSpace(string(s.out))
}

func (s *serializer) write(t token) {
	switch t.kind {
	case textToken:
		s.writeText(t.text)
	case startTagToken:
		s.writeStartTag(t)
	case endTagToken:
		if t.name == "pre" {
			s.inPre = false
		} else if blockTags[t.name] {
			s.trimRight()
		}
		s.out = append(s.out, "</"+t.name+">"...)
	case rawToken:
		s.out = append(s.out, t.text...)
	}
}

func (s *serializer) writeText(text string) {
	afterTag := s.last.kind == startTagToken || s.last.kind == endTagToken
	if afterTag && s.last.name == "br" {
		text = strings.TrimLeft(text, "\n")
	}
	if !s.inPre {
		text = collapseSpace(text)
		if afterTag && blockTags[s.last.name] {
			if s.last.kind == startTagToken && !s.last.selfClosing {
				text = strings.TrimLeft(text, " ")
			} else {
				text = strings.TrimSpace(text)
			}
		}
	}
	s.out = append(s.out, escapeText(text)...)
}

// collapseSpace replaces each run of HTML whitespace by one space.
func collapseSpace(text string) string {
	var b strings.Builder
	inSpace := false
	for _, r := range text {
		if isHTMLSpace(r) {
			if !inSpace {
				b.WriteByte(' ')
			}
			inSpace = true
			continue
		}
		inSpace = false
		b.WriteRune(r)
	}
	return b.String()
}

func (s *serializer) writeStartTag(t token) {
	if t.name == "pre" {
		s.inPre = true
	}
	if blockTags[t.name] {
		s.trimRight()
	}
	s.out = append(s.out, "<"+t.name...)
	attrs := slices.Clone(t.attrs)
	slices.SortStableFunc(attrs, func(a, b attribute) int { return strings.Compare(a.name, b.name) })
	for _, a := range attrs {
		s.out = append(s.out, " "+a.name+`="`+escapeText(a.value)+`"`...)
	}
	s.out = append(s.out, '>')
}

func (s *serializer) trimRight() {
	s.out = bytes.TrimRight(s.out, " \t\n\r\f")
}

func isHTMLSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f'
}

var textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func escapeText(s string) string {
	return textEscaper.Replace(s)
}
