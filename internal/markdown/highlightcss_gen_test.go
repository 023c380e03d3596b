package markdown

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/styles"
)

// wcagAA is the minimum contrast ratio WCAG 2.x level AA asks of body text.
const wcagAA = 4.5

// codeTheme is one colour mode of highlighted code.
type codeTheme struct {
	// style is the chroma style the token colours come from.
	style *chroma.Style
	// scopes are the selectors the mode's rules apply under.
	scopes []string
	// text is the default text colour, for styles that leave it to the page.
	text string
	// highlight is the background of highlighted lines.
	highlight string
	// lineNumber is the colour of line numbers.
	lineNumber string
	// toward is where colours move when they need more contrast: black on
	// a light background, white on a dark one.
	toward string
}

// codeThemes are GitHub's light and dark code colours. Light rules also
// apply when no data-theme is set (no JavaScript), so the default is light.
func codeThemes() []codeTheme {
	return []codeTheme{
		{
			style:      styles.Get("github"),
			scopes:     []string{"html[data-theme='light']", "html:not([data-theme])"},
			text:       "#1f2328",
			highlight:  "#e6eaef",
			lineNumber: "#57606a",
			toward:     "#000000",
		},
		{
			style:      styles.Get("github-dark"),
			scopes:     []string{"html[data-theme='dark']"},
			text:       "#e6edf3",
			highlight:  "#1f2630",
			lineNumber: "#8b949e",
			toward:     "#ffffff",
		},
	}
}

// structuralCSS lays out the code block markup; it is the same in both modes.
const structuralCSS = `.code-block .line { display: block; }
.code-block .line-number::before { content: attr(data-line); display: inline-block; min-width: 2em; margin-right: 1em; text-align: right; -webkit-user-select: none; user-select: none; }
`

// generateHighlightCSS makes the stylesheet for code blocks (highlight.css):
// the token classes chroma emits, the highlighted-line background and the
// line numbers, for the light colour mode (html[data-theme='light'], and
// pages without data-theme) and the dark one (html[data-theme='dark']). The
// colours are GitHub's (chroma styles github and github-dark); any that
// would fall short of WCAG AA contrast (4.5:1) against the code background
// or the highlighted-line background is darkened (light) or lightened
// (dark) just enough to reach it.
func generateHighlightCSS() string {
	var b strings.Builder
	for _, theme := range codeThemes() {
		theme.write(&b)
	}
	b.WriteString(structuralCSS)
	return b.String()
}

func (t codeTheme) write(b *strings.Builder) {
	base := t.style.Get(chroma.Background)
	background := base.Background
	text := base.Colour
	if !text.IsSet() {
		text = chroma.MustParseColour(t.text)
	}
	highlight := chroma.MustParseColour(t.highlight)
	toward := chroma.MustParseColour(t.toward)
	plain := []chroma.Colour{background, highlight}

	text = ensureContrast(text, plain, toward)
	t.rule(b, ".chroma", cssDeclarations(chroma.StyleEntry{
		Colour:     text,
		Background: background,
	}))
	t.rule(b, ".chroma .line.highlighted", "background-color: "+highlight.String())
	t.rule(b, ".chroma .line-number::before", "color: "+ensureContrast(chroma.MustParseColour(t.lineNumber), plain, toward).String())
	for _, tokenType := range highlightedTokenTypes() {
		entry := t.style.Get(tokenType).Sub(base)
		if entry.Colour.IsSet() {
			against := plain
			if entry.Background.IsSet() {
				against = []chroma.Colour{entry.Background}
			}
			entry.Colour = ensureContrast(entry.Colour, against, toward)
			if entry.Colour == text && !entry.Background.IsSet() {
				// The block's own colour: a rule would only make the
				// renderer wrap such tokens in spans that change nothing.
				entry.Colour = 0
			}
		}
		if css := cssDeclarations(entry); css != "" {
			t.rule(b, ".chroma ."+chroma.StandardTypes[tokenType], css)
		}
	}
}

// rule writes one rule, its selector repeated under each of the mode's
// scopes.
func (t codeTheme) rule(b *strings.Builder, selector, declarations string) {
	scoped := make([]string, len(t.scopes))
	for i, scope := range t.scopes {
		scoped[i] = scope + " " + selector
	}
	fmt.Fprintf(b, "%s { %s; }\n", strings.Join(scoped, ", "), declarations)
}

// highlightedTokenTypes are the token types with a class of their own in
// code, in a stable order. Layout types chroma uses for its own markup are
// left out, and so are plain text (no class) and whitespace (no glyphs).
func highlightedTokenTypes() []chroma.TokenType {
	var types []chroma.TokenType
	for tokenType, class := range chroma.StandardTypes {
		if class == "" || tokenType == chroma.Whitespace || layoutTokenTypes[tokenType] {
			continue
		}
		types = append(types, tokenType)
	}
	sort.Slice(types, func(i, j int) bool { return types[i] < types[j] })
	return types
}

// layoutTokenTypes style chroma's own HTML wrappers, not code tokens.
var layoutTokenTypes = map[chroma.TokenType]bool{
	chroma.Background: true, chroma.PreWrapper: true, chroma.Line: true,
	chroma.LineNumbers: true, chroma.LineNumbersTable: true, chroma.LineHighlight: true,
	chroma.LineTable: true, chroma.LineTableTD: true, chroma.LineLink: true, chroma.CodeLine: true,
}

func cssDeclarations(e chroma.StyleEntry) string {
	var d []string
	if e.Colour.IsSet() {
		d = append(d, "color: "+e.Colour.String())
	}
	if e.Background.IsSet() {
		d = append(d, "background-color: "+e.Background.String())
	}
	if e.Bold == chroma.Yes {
		d = append(d, "font-weight: bold")
	}
	if e.Italic == chroma.Yes {
		d = append(d, "font-style: italic")
	}
	if e.Underline == chroma.Yes {
		d = append(d, "text-decoration: underline")
	}
	return strings.Join(d, "; ")
}

// ensureContrast returns fg, or fg mixed toward the given colour in small
// steps until it reaches WCAG AA against every background.
func ensureContrast(fg chroma.Colour, backgrounds []chroma.Colour, toward chroma.Colour) chroma.Colour {
	const steps = 50
	for step := range steps + 1 {
		c := mixColour(fg, toward, float64(step)/steps)
		if minContrast(c, backgrounds) >= wcagAA {
			return c
		}
	}
	return toward
}

func minContrast(fg chroma.Colour, backgrounds []chroma.Colour) float64 {
	lowest := math.Inf(1)
	for _, bg := range backgrounds {
		lowest = min(lowest, contrastRatio(fg, bg))
	}
	return lowest
}

func mixColour(a, b chroma.Colour, t float64) chroma.Colour {
	channel := func(x, y uint8) uint8 {
		return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t))
	}
	return chroma.NewColour(channel(a.Red(), b.Red()), channel(a.Green(), b.Green()), channel(a.Blue(), b.Blue()))
}

// contrastRatio is the WCAG 2.x contrast ratio of two colours, from 1 to 21.
func contrastRatio(a, b chroma.Colour) float64 {
	la, lb := relativeLuminance(a), relativeLuminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// relativeLuminance follows the WCAG 2.x definition for sRGB colours.
func relativeLuminance(c chroma.Colour) float64 {
	linear := func(channel uint8) float64 {
		v := float64(channel) / 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*linear(c.Red()) + 0.7152*linear(c.Green()) + 0.0722*linear(c.Blue())
}

// TestHighlightCSSIsGenerated keeps highlight.css what generateHighlightCSS
// makes of chroma's styles; -update rewrites it (after a chroma upgrade).
func TestHighlightCSSIsGenerated(t *testing.T) {
	want := generateHighlightCSS()
	if *update {
		if err := os.WriteFile("highlight.css", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if HighlightCSS() != want {
		t.Fatal("highlight.css is not what chroma's github styles make: run go test ./internal/markdown -run TestHighlightCSSIsGenerated -update and review the diff")
	}
}
