package search

import (
	"iter"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
	"golang.org/x/text/unicode/norm"
)

// maxIdentifierLength is the longest identifier term kept, in code points
// (docs/search-index.md, tokenizer step 2): longer runs are data (hashes,
// base64, minified URLs) nobody types into a search box.
const maxIdentifierLength = 120

// identifierPrefix marks identifier terms in the index so that they never
// collide with words and sort into a range of their own.
const identifierPrefix = "="

// Term is one term produced by the tokenizer.
type Term struct {
	// Text is the term as stored, without the "=" prefix identifiers carry
	// in the index.
	Text string
	// Identifier reports whether the term is a whole identifier (kept
	// unstemmed) rather than a stemmed word.
	Identifier bool
}

// Tokenize runs the tokenizer of docs/search-index.md on s and returns the
// terms in the order produced, duplicates included (the index counts them).
func Tokenize(s string) []Term {
	raw := newAnalyzer().appendTerms(nil, norm.NFC.String(s))
	terms := make([]Term, len(raw))
	for i, t := range raw {
		t = strings.TrimPrefix(t, partMarker)
		if text, ok := strings.CutPrefix(t, identifierPrefix); ok {
			terms[i] = Term{Text: text, Identifier: true}
		} else {
			terms[i] = Term{Text: t}
		}
	}
	return terms
}

// analyzer turns text into index terms. It caches the term of every word and
// identifier it has seen, because stemming dominates tokenizing time and a
// site repeats the same few thousand words. An analyzer is not safe for
// concurrent use: each worker has its own.
type analyzer struct {
	tokens      map[string][]string // raw token → its terms, in order
	words       map[string]string   // lower-cased segment → word term, "" when dropped
	identifiers map[string]string   // lower-cased token → identifier term, "" when dropped
	lower       []byte              // scratch for lower-casing ASCII without allocating
	boundaries  []int               // scratch for camelCase split points
}

// maxCacheEntries bounds each analyzer cache, so that a site full of unique
// tokens (hashes, UUIDs in code samples) costs time, not unbounded memory.
const maxCacheEntries = 1 << 17

func newAnalyzer() *analyzer {
	return &analyzer{tokens: map[string][]string{}, words: map[string]string{}, identifiers: map[string]string{}}
}

// appendTerms appends the terms of s, which must be NFC, to dst in the order
// the contract produces them: per raw token, its identifier, then for each
// segment its word followed by the words of its camelCase parts.
func (a *analyzer) appendTerms(dst []string, s string) []string {
	for token := range rawTokens(s) {
		dst = append(dst, a.tokenTerms(token)...)
	}
	return dst
}

// tokenTerms returns the terms of one raw token. Prose repeats its tokens,
// so they are cached whole: a hit costs one map lookup.
func (a *analyzer) tokenTerms(token string) []string {
	if terms, ok := a.tokens[token]; ok {
		return terms
	}
	terms := slices.Clip(a.appendTokenTerms(nil, token))
	if len(a.tokens) >= maxCacheEntries {
		clear(a.tokens)
	}
	// Clone the key: token points into a whole section's text.
	a.tokens[strings.Clone(token)] = terms
	return terms
}

// appendTokenTerms appends the terms of one raw token: its identifier, then
// the words of its segments.
func (a *analyzer) appendTokenTerms(dst []string, token string) []string {
	if hasSpecial(token) {
		if id := a.identifier(token); id != "" {
			dst = append(dst, id)
		}
	}
	start := 0
	for i := 0; i <= len(token); i++ {
		// Special characters are ASCII, so a byte scan never splits a rune.
		if i < len(token) && !isSpecial(rune(token[i])) {
			continue
		}
		if i > start {
			dst = a.appendSegmentTerms(dst, token[start:i])
		}
		start = i + 1
	}
	return dst
}

// appendSegmentTerms appends the word of a segment and, when it has
// camelCase parts, theirs.
func (a *analyzer) appendSegmentTerms(dst []string, segment string) []string {
	if w := a.word(segment); w != "" {
		dst = append(dst, w)
	}
	a.boundaries = appendCamelBoundaries(a.boundaries[:0], segment)
	if len(a.boundaries) == 0 {
		return dst
	}
	a.boundaries = append(a.boundaries, len(segment))
	start := 0
	for _, end := range a.boundaries {
		if w := a.word(segment[start:end]); w != "" {
			dst = append(dst, partMarker+w)
		}
		start = end
	}
	return dst
}

// partMarker tags the terms of camelCase parts inside the analyzer, so the
// index can tell "practitioner" on its own from the part of
// "PractitionerRole". No term contains it; Tokenize strips it.
const partMarker = "\x00"

// word returns the word term of one segment or camelCase part, "" when the
// contract drops it.
func (a *analyzer) word(segment string) string {
	if term, ok := a.lookup(a.words, segment); ok {
		return term
	}
	lower := strings.ToLower(segment)
	term := wordTerm(lower)
	if len(a.words) >= maxCacheEntries {
		clear(a.words)
	}
	a.words[lower] = term
	return term
}

// identifier returns the identifier term of a raw token, "" when too long.
func (a *analyzer) identifier(token string) string {
	if term, ok := a.lookup(a.identifiers, token); ok {
		return term
	}
	lower := strings.ToLower(token)
	term := ""
	if utf8.RuneCountInString(lower) <= maxIdentifierLength {
		term = identifierPrefix + lower
	}
	if len(a.identifiers) >= maxCacheEntries {
		clear(a.identifiers)
	}
	a.identifiers[lower] = term
	return term
}

// lookup finds the cached term of s lower-cased. For ASCII it lower-cases
// into a scratch buffer, so a cache hit allocates nothing.
func (a *analyzer) lookup(cache map[string]string, s string) (string, bool) {
	a.lower = a.lower[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			term, ok := cache[strings.ToLower(s)]
			return term, ok
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		a.lower = append(a.lower, c)
	}
	term, ok := cache[string(a.lower)]
	return term, ok
}

// wordTerm stems a lower-cased segment and applies the drop rules, which the
// contract checks on the word after stemming ("its" → "it" is dropped).
func wordTerm(lower string) string {
	word := lower
	if isLowerASCIILetters(lower) {
		word = english.Stem(lower, true)
	}
	if utf8.RuneCountInString(word) < 2 || isStopWord(word) {
		return ""
	}
	return word
}

// rawTokens yields the raw tokens of s (tokenizer step 1): maximal runs of
// token characters with separators trimmed from both ends, keeping only those
// with a letter or digit left.
func rawTokens(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		i := 0
		for i < len(s) {
			if size := tokenRuneSize(s, i); size <= 0 {
				i -= size
				continue
			}
			start := i
			for i < len(s) {
				size := tokenRuneSize(s, i)
				if size <= 0 {
					break
				}
				i += size
			}
			token := trimSeparators(s[start:i])
			if hasLetterOrDigit(token) && !yield(token) {
				return
			}
		}
	}
}

// countRawTokens is the number of raw tokens in s: a section's word count.
func countRawTokens(s string) int {
	n := 0
	for range rawTokens(s) {
		n++
	}
	return n
}

// tokenRuneSize returns the size of the rune at s[i], negated when it is not
// a token character, with a fast path for ASCII.
func tokenRuneSize(s string, i int) int {
	if c := s[i]; c < utf8.RuneSelf {
		if isASCIITokenByte(c) {
			return 1
		}
		return -1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if isTokenRune(r) {
		return size
	}
	return -size
}

// asciiTokenLow and asciiTokenHigh are bit sets of the ASCII token characters
// (bit c for characters 0–63, bit c-64 for 64–127): letters, digits and
// `_ $ . - : / | # %`. A lookup beats a chain of comparisons in the hot loop.
const (
	asciiTokenLow uint64 = 1<<'#' | 1<<'$' | 1<<'%' | 1<<'-' | 1<<'.' | 1<<'/' | 1<<':' |
		(1<<10-1)<<'0'
	asciiTokenHigh uint64 = (1<<26-1)<<('A'-64) | 1<<('_'-64) | (1<<26-1)<<('a'-64) | 1<<('|'-64)
)

// isTokenRune reports whether r can be part of a raw token: a Unicode letter
// (L*), a decimal digit (Nd) or a special character.
func isTokenRune(r rune) bool {
	if r < utf8.RuneSelf {
		return isASCIITokenByte(byte(r))
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func isASCIITokenByte(c byte) bool {
	if c < 64 {
		return asciiTokenLow>>c&1 != 0
	}
	return asciiTokenHigh>>(c-64)&1 != 0
}

// isSpecial reports whether r is one of the characters that make a token an
// identifier and separate its segments.
func isSpecial(r rune) bool {
	switch r {
	case '_', '$', '.', '-', ':', '/', '|', '#', '%':
		return true
	}
	return false
}

// isSeparator reports whether r is trimmed from the ends of a raw token:
// the special characters except "_" and "$", which start identifiers such as
// "_include" and "$export".
func isSeparator(c byte) bool {
	switch c {
	case '.', '-', ':', '/', '|', '#', '%':
		return true
	}
	return false
}

func trimSeparators(token string) string {
	start, end := 0, len(token)
	for start < end && isSeparator(token[start]) {
		start++
	}
	for end > start && isSeparator(token[end-1]) {
		end--
	}
	return token[start:end]
}

func hasSpecial(token string) bool {
	for i := 0; i < len(token); i++ {
		if isSpecial(rune(token[i])) {
			return true
		}
	}
	return false
}

func hasLetterOrDigit(token string) bool {
	for _, r := range token {
		if !isSpecial(r) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isLowerASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return s != ""
}

// isStopWord reports whether a word is on the contract's stop list.
func isStopWord(word string) bool {
	switch word {
	case "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in",
		"is", "it", "of", "on", "or", "that", "the", "this", "to", "was", "with":
		return true
	}
	return false
}

// appendCamelBoundaries appends the byte offsets at which segment splits into
// camelCase parts (tokenizer step 3): before an upper-case letter that
// follows a lower-case letter or a digit ("birth|Date", "R4|B"), and before
// the last letter of an upper-case run followed by a lower-case letter
// ("HTTP|Server").
func appendCamelBoundaries(dst []int, segment string) []int {
	if !isASCII(segment) {
		return appendCamelBoundariesUnicode(dst, segment)
	}
	for i := 1; i < len(segment); i++ {
		if c := segment[i]; 'A' <= c && c <= 'Z' {
			var next byte
			if i+1 < len(segment) {
				next = segment[i+1]
			}
			if isCamelBoundary(rune(segment[i-1]), rune(c), rune(next)) {
				dst = append(dst, i)
			}
		}
	}
	return dst
}

func appendCamelBoundariesUnicode(dst []int, segment string) []int {
	var prev, cur rune
	curAt := 0
	for i, next := range segment {
		if i > 0 && isCamelBoundary(prev, cur, next) {
			dst = append(dst, curAt)
		}
		prev, cur, curAt = cur, next, i
	}
	// The last rune has no successor: only the first rule can apply.
	if curAt > 0 && isCamelBoundary(prev, cur, 0) {
		dst = append(dst, curAt)
	}
	return dst
}

// isCamelBoundary reports whether a part starts at cur, given the runes on
// either side (0 at the ends of the segment).
func isCamelBoundary(prev, cur, next rune) bool {
	if prev == 0 || !isUpper(cur) {
		return false
	}
	return isLower(prev) || isDigit(prev) || isUpper(prev) && isLower(next)
}

func isUpper(r rune) bool {
	if r < utf8.RuneSelf {
		return 'A' <= r && r <= 'Z'
	}
	return unicode.IsUpper(r)
}

func isLower(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z'
	}
	return unicode.IsLower(r)
}

func isDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return '0' <= r && r <= '9'
	}
	return unicode.IsDigit(r)
}
