package markdown

import (
	"strconv"
	"strings"
	"unicode"
)

// slugger hands out heading ids for one page the way github-slugger does
// (the slugger Docusaurus uses, reference 10.5), so links written against
// GitHub or Docusaurus keep working.
type slugger struct {
	// occurrences counts, per slug handed out, how many later headings
	// asked for the same base slug.
	occurrences map[string]int
}

func newSlugger() *slugger {
	return &slugger{occurrences: map[string]int{}}
}

// slug returns the id for a heading with the given plain text. A repeated
// slug gets "-1", "-2", ... appended; a suffixed slug that is itself taken
// (say "a-1" from a heading "A 1") moves on to the next number.
func (s *slugger) slug(text string) string {
	base := githubSlug(text)
	id := base
	for {
		if _, taken := s.occurrences[id]; !taken {
			break
		}
		s.occurrences[base]++
		id = base + "-" + strconv.Itoa(s.occurrences[base])
	}
	s.occurrences[id] = 0
	return id
}

// githubSlug lower-cases text, drops every character that is not a letter,
// mark, decimal or letter number, connector punctuation (such as "_") or
// "-", and turns each space into "-". Spaces are not collapsed or trimmed:
// "a - b" becomes "a---b", as on GitHub.
func githubSlug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || keptInSlug(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// keptInSlug mirrors github-slugger's character classes: it strips the
// Unicode categories No, P* (except Pc), S*, C* and Z*, unless the character
// is Alphabetic (some symbols, like circled letters, are).
func keptInSlug(r rune) bool {
	return unicode.IsLetter(r) ||
		unicode.IsMark(r) ||
		unicode.In(r, unicode.Nd, unicode.Nl, unicode.Pc, unicode.Other_Alphabetic)
}

// GitHubSlug is the github-slugger slug of text, as Docusaurus makes heading
// ids and generated-index URLs ("Tutorial - Basics" → "tutorial---basics").
func GitHubSlug(text string) string { return githubSlug(text) }
