package markdown

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// highlightLines splits code into lines of chroma tokens, one slice per
// line. It returns nil when the language is unknown or the lexer's tokens
// do not reproduce the code exactly; the caller then shows plain text, so
// the code a reader copies is always the code the author wrote.
func highlightLines(language, code string, lineCount int) (lines [][]chroma.Token) {
	lexer := lexers.Get(language)
	if lexer == nil || language == "" {
		return nil
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
		errors := 0
		for _, t := range tokens {
			if t.Type == chroma.Error {
				errors++
			}
		}
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
			return class
		}
	}
	return ""
}
