package markdown

import (
	"regexp"
	"strings"
)

// Magic comments are lines such as "// highlight-next-line" that highlight
// code lines and are removed from the output (reference 10.7). Each language
// accepts them only in its own comment syntax, so a "#" line in JavaScript
// stays code.

const (
	directiveNextLine = "highlight-next-line"
	directiveStart    = "highlight-start"
	directiveEnd      = "highlight-end"
)

// commentSyntax is one way to write a comment, as regular expressions for the
// text before and after the comment's content.
type commentSyntax struct{ open, close string }

var (
	slashLineComment  = commentSyntax{`//`, ``}
	slashBlockComment = commentSyntax{`/\*`, `\*/`}
	jsxComment        = commentSyntax{`\{\s*/\*`, `\*/\s*\}`}
	hashComment       = commentSyntax{`#`, ``}
	htmlComment       = commentSyntax{`<!--`, `-->`}
	dashDashComment   = commentSyntax{`--`, ``}
	semicolonsComment = commentSyntax{`;;`, ``}
	percentComment    = commentSyntax{`%`, ``}
	quoteComment      = commentSyntax{`['‘’]`, ``}
	vbnetComment      = commentSyntax{`(?:_\s*)?['‘’]`, ``}
	remComment        = commentSyntax{`[Rr][Ee][Mm]\b`, ``}
	bangComment       = commentSyntax{`!`, ``}
	mlComment         = commentSyntax{`\(\*`, `\*\)`}
	cobolComment      = commentSyntax{`\*>`, ``}
)

// defaultCommentSyntaxes apply to languages not listed below: the comment
// forms of the C family, shell and HTML.
var defaultCommentSyntaxes = []commentSyntax{slashLineComment, slashBlockComment, jsxComment, hashComment, htmlComment}

// languageCommentSyntaxes lists the comment forms per fence language.
var languageCommentSyntaxes = map[string][]commentSyntax{
	"js":           {slashLineComment, slashBlockComment},
	"javascript":   {slashLineComment, slashBlockComment},
	"ts":           {slashLineComment, slashBlockComment},
	"typescript":   {slashLineComment, slashBlockComment},
	"jsx":          {slashLineComment, slashBlockComment, jsxComment},
	"tsx":          {slashLineComment, slashBlockComment, jsxComment},
	"html":         {slashLineComment, slashBlockComment, htmlComment},
	"python":       {hashComment},
	"py":           {hashComment},
	"bash":         {hashComment},
	"markdown":     {htmlComment, jsxComment, hashComment},
	"md":           {htmlComment, jsxComment, hashComment},
	"tex":          {percentComment},
	"latex":        {percentComment},
	"matlab":       {percentComment},
	"lua":          {dashDashComment},
	"haskell":      {dashDashComment},
	"sql":          {dashDashComment},
	"wasm":         {semicolonsComment},
	"vb":           {quoteComment, remComment},
	"vba":          {quoteComment, remComment},
	"visual-basic": {quoteComment, remComment},
	"vbnet":        {vbnetComment, remComment},
	"batch":        {remComment},
	"basic":        {remComment, bangComment},
	"fsharp":       {slashLineComment, mlComment},
	"ocaml":        {mlComment},
	"sml":          {mlComment},
	"fortran":      {bangComment},
	"cobol":        {cobolComment},
}

// directivePatterns holds one compiled pattern per language above plus the
// default, built once; the map is never written after initialisation.
var (
	directivePatterns       = compileDirectivePatterns(languageCommentSyntaxes)
	defaultDirectivePattern = directivePattern(defaultCommentSyntaxes)
)

func compileDirectivePatterns(byLanguage map[string][]commentSyntax) map[string]*regexp.Regexp {
	patterns := make(map[string]*regexp.Regexp, len(byLanguage))
	for language, syntaxes := range byLanguage {
		patterns[language] = directivePattern(syntaxes)
	}
	return patterns
}

// directivePattern matches a line that holds only a magic comment, in any of
// the syntaxes; the directive is in the first non-empty group.
func directivePattern(syntaxes []commentSyntax) *regexp.Regexp {
	directives := strings.Join([]string{directiveNextLine, directiveStart, directiveEnd}, "|")
	alternatives := make([]string, len(syntaxes))
	for i, s := range syntaxes {
		alternatives[i] = `(?:` + s.open + `\s*(` + directives + `)\s*` + s.close + `)`
	}
	return regexp.MustCompile(`^\s*(?:` + strings.Join(alternatives, "|") + `)\s*$`)
}

// magicDirective returns the directive a line consists of, or "".
func magicDirective(pattern *regexp.Regexp, line string) string {
	match := pattern.FindStringSubmatch(line)
	for _, group := range match[min(1, len(match)):] {
		if group != "" {
			return group
		}
	}
	return ""
}

// applyMagicComments removes magic comment lines and reports, for each
// remaining line, whether it is highlighted. "highlight-start" blocks may
// nest; an unmatched "highlight-end" is dropped.
func applyMagicComments(language string, lines []string) (kept []string, highlighted []bool) {
	pattern, ok := directivePatterns[strings.ToLower(language)]
	if !ok {
		pattern = defaultDirectivePattern
	}
	nextLine, depth := false, 0
	for _, line := range lines {
		switch magicDirective(pattern, line) {
		case directiveNextLine:
			nextLine = true
			continue
		case directiveStart:
			depth++
			continue
		case directiveEnd:
			depth = max(depth-1, 0)
			continue
		}
		kept = append(kept, line)
		highlighted = append(highlighted, nextLine || depth > 0)
		nextLine = false
	}
	return kept, highlighted
}
