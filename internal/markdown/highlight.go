package markdown

import (
	"encoding/binary"
	"regexp"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// highlightLines splits code into lines of chroma tokens, one slice per
// line. It returns nil when the language is unknown or the lexer's tokens
// do not reproduce the code exactly; the caller then shows plain text, so
// the code a reader copies is always the code the author wrote.
func highlightLines(language, code string, lineCount int, memo HighlightMemo) (lines [][]chroma.Token) {
	lexer := lexers.Get(language)
	if lexer == nil || language == "" {
		return nil
	}
	if memo != nil {
		if kept, ok := memo.Recall(language, code); ok {
			if tokens, ok := decodeTokens(kept, code); ok {
				if lines := chroma.SplitTokensIntoLines(tokens); len(lines) == lineCount {
					return lines
				}
			}
		}
	}
	// A lexer bug must cost one block its colours, not fail the build.
	defer func() {
		if recover() != nil {
			lines = nil
		}
	}()
	tokens, err := tokenise(lexer, code)
	if err != nil {
		return nil
	}
	if !reproduces(tokens, code) {
		return nil
	}
	if memo != nil && errorTokens(tokens) == 0 {
		// Tokens with errors may be chroma's time limit, not the code: the
		// next build lexes such a block again.
		memo.Keep(language, code, encodeTokens(tokens))
	}
	lines = chroma.SplitTokensIntoLines(tokens)
	if len(lines) != lineCount {
		return nil
	}
	return lines
}

// lexAttempts bounds how often tokenise lexes one block.
const lexAttempts = 3

// tokenise lexes code. Chroma stops every regular expression match after
// 250 ms of wall time and then marks the text it could not match as an
// error token; on a machine busy enough to hold a build's goroutine off the
// CPU that long, the same code would come out coloured differently from one
// build to the next (and a build cache would keep the bad colouring). So a
// result with error tokens is lexed again, and the one with the fewest
// kept: code the lexer really cannot read gives the same tokens each time.
func tokenise(lexer chroma.Lexer, code string) ([]chroma.Token, error) {
	if lexer.Config().Name == jsonLexerName {
		if tokens, ok := jsonTokens(code); ok {
			return tokens, nil
		}
	}
	var best []chroma.Token
	bestErrors := -1
	for range lexAttempts {
		iterator, err := chroma.Coalesce(lexer).Tokenise(nil, code)
		if err != nil {
			return nil, err
		}
		tokens := iterator.Tokens()
		errors := errorTokens(tokens)
		if bestErrors < 0 || errors < bestErrors {
			best, bestErrors = tokens, errors
		}
		if errors == 0 {
			break
		}
	}
	return best, nil
}

// reproduces reports whether the token values spell code. Lexers may append a
// final newline the code lacks; that newline is dropped from tokens.
func reproduces(tokens []chroma.Token, code string) bool {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteString(t.Value)
	}
	spelled := b.String()
	if spelled == code {
		return true
	}
	if spelled != code+"\n" || len(tokens) == 0 {
		return false
	}
	last := &tokens[len(tokens)-1]
	last.Value = strings.TrimSuffix(last.Value, "\n")
	return true
}

// tokenClass is the CSS class chroma's stylesheets use for a token type:
// its own short class or, failing that, its nearest ancestor's. Plain text
// has none.
func tokenClass(t chroma.TokenType) string {
	for ; t != 0; t = t.Parent() {
		if class, ok := chroma.StandardTypes[t]; ok {
			if !styledTokenClasses()[class] {
				return ""
			}
			return class
		}
	}
	return ""
}

// styledTokenClasses are the token classes highlight.css gives a rule in
// either colour mode. A token of any other class looks like the text around
// it, so it is written without a span: on a page of JSON examples that is a
// quarter of the page's elements (punctuation), and the browser's style and
// layout work grows with their number.
var styledTokenClasses = sync.OnceValue(func() map[string]bool {
	classes := map[string]bool{}
	for _, match := range tokenRulePattern.FindAllStringSubmatch(highlightCSS, -1) {
		classes[match[1]] = true
	}
	return classes
})

var tokenRulePattern = regexp.MustCompile(`\.chroma \.([a-z0-9]+)[ ,]`)

// errorTokens counts the tokens chroma could not match.
func errorTokens(tokens []chroma.Token) int {
	n := 0
	for _, t := range tokens {
		if t.Type == chroma.Error {
			n++
		}
	}
	return n
}

// HighlightMemo keeps code blocks' tokens between builds (see
// WithHighlightMemo). It is safe for concurrent use: pages render side by
// side.
type HighlightMemo interface {
	// Recall returns what Keep was given for the block, if anything.
	Recall(language, code string) ([]byte, bool)
	// Keep records a block's tokens, encoded.
	Keep(language, code string, tokens []byte)
}

// encodeTokens writes tokens as their types and lengths: their values are
// the code itself, in order (reproduces), so they are not kept twice.
func encodeTokens(tokens []chroma.Token) []byte {
	buf := make([]byte, 0, 3*len(tokens))
	for _, t := range tokens {
		buf = binary.AppendVarint(buf, int64(t.Type))
		buf = binary.AppendUvarint(buf, uint64(len(t.Value)))
	}
	return buf
}

// decodeTokens reads what encodeTokens wrote back into tokens of code; ok
// is false unless the lengths spell exactly code.
func decodeTokens(data []byte, code string) ([]chroma.Token, bool) {
	var tokens []chroma.Token
	at := 0
	for len(data) > 0 {
		kind, n := binary.Varint(data)
		if n <= 0 {
			return nil, false
		}
		data = data[n:]
		length, n := binary.Uvarint(data)
		if n <= 0 || length > uint64(len(code)-at) {
			return nil, false
		}
		data = data[n:]
		tokens = append(tokens, chroma.Token{Type: chroma.TokenType(kind), Value: code[at : at+int(length)]})
		at += int(length)
	}
	return tokens, at == len(code)
}
