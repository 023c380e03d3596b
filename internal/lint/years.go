package lint

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/portaldocs/portal/internal/diag"
)

// A dated statement says when something holds; once its year has passed,
// the reader cannot tell whether it still does. Two shapes are read, both
// with a year before today's:
//
//   - "as of [month] 2024" (also "as at"): a fact pinned to a date;
//   - a sentence that announces something for a year ("in 2025", "by
//     March 2025", "until 2025", "from 2025"…) with a future marker ("will",
//     "plans to", "is scheduled", "upcoming"…): a plan whose date is past.
//
// A year in a sentence about the past ("In 2020, ONC published…") is
// history, not a stale statement, and is left alone.
var (
	monthWords  = `(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|early|mid|late|the end of|spring|summer|fall|autumn|winter|Q[1-4])`
	asOfRe      = regexp.MustCompile(`(?i)\bas (?:of|at) (?:` + monthWords + `\.?\s+(?:\d{1,2},?\s+)?)?((?:19|20)\d{2})\b`)
	datedRe     = regexp.MustCompile(`(?i)\b(?:in|by|until|till|from|starting(?: in)?|beginning(?: in)?|during|before|after|later in|early|mid|late) (?:` + monthWords + `\.?\s+(?:\d{1,2},?\s+)?)?((?:19|20)\d{2})\b`)
	futureRe    = regexp.MustCompile(`(?i)\b(?:will|won't|plans? to|planned|is scheduled|are scheduled|scheduled to|upcoming|coming soon|is expected to|are expected to|expects to|intends? to)\b`)
	sentenceEnd = regexp.MustCompile(`[.!?]\s+`)
	// yearRe finds a year; a text without one is not read further
	// (hasYear, the same test without a regular expression's cost).
	yearRe = regexp.MustCompile(`\b(?:19|20)\d{2}\b`)
)

// hasYear reports whether yearRe matches text: whether some word of it (a
// run of ASCII letters, digits and underscores, the word characters of
// \b) is four digits starting 19 or 20. It is what every prose block of
// every page is asked, so it scans bytes once.
func hasYear(text string) bool {
	start := -1
	for i := 0; i <= len(text); i++ {
		if i < len(text) && isWordByte(text[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start == 4 && isYear(text[start:i]) {
			return true
		}
		start = -1
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isYear(word string) bool {
	for i := range len(word) {
		if word[i] < '0' || word[i] > '9' {
			return false
		}
	}
	return word[:2] == "19" || word[:2] == "20"
}

func checkStaleYears(p Page, today time.Time) []diag.Diagnostic {
	if today.IsZero() || p.Dated {
		return nil
	}
	year := today.Year()
	var diags []diag.Diagnostic
	for _, prose := range p.Outline.Prose {
		text, lineAt := prose.Text(false)
		if !hasYear(text) {
			continue
		}
		for _, s := range sentences(text) {
			sentence := text[s[0]:s[1]]
			for _, m := range asOfRe.FindAllStringSubmatchIndex(sentence, -1) {
				y, _ := strconv.Atoi(sentence[m[2]:m[3]])
				if y >= year {
					continue
				}
				line := lineAt(s[0] + m[0])
				if p.ignored(line, CheckStaleYear) {
					continue
				}
				diags = append(diags, diag.Diagnostic{File: p.File, Line: line, Severity: diag.Warning,
					Message: fmt.Sprintf("dated statement %q is stale: %d has passed (today is %s)", sentence[m[0]:m[1]], y, today.Format("2006-01-02")),
					Hint:    "check that the statement still holds, then date it this year or drop the date"})
			}
			if !futureRe.MatchString(sentence) {
				continue
			}
			for _, m := range datedRe.FindAllStringSubmatchIndex(sentence, -1) {
				y, _ := strconv.Atoi(sentence[m[2]:m[3]])
				if y >= year {
					continue
				}
				line := lineAt(s[0] + m[0])
				if p.ignored(line, CheckStaleYear) {
					continue
				}
				diags = append(diags, diag.Diagnostic{File: p.File, Line: line, Severity: diag.Warning,
					Message: fmt.Sprintf("plan dated %q is stale: %d has passed (today is %s)", sentence[m[0]:m[1]], y, today.Format("2006-01-02")),
					Hint:    "say what happened, or give the plan's current date"})
			}
		}
	}
	return diags
}

// sentences are the byte ranges of the sentences of a text.
func sentences(text string) [][2]int {
	var out [][2]int
	start := 0
	for _, m := range sentenceEnd.FindAllStringIndex(text, -1) {
		// "e.g. ", "6.1.0. " followed by a lower-case word do not end one.
		if m[1] < len(text) && strings.ToLower(text[m[1]:m[1]+1]) == text[m[1]:m[1]+1] && text[m[1]] >= 'a' && text[m[1]] <= 'z' {
			continue
		}
		out = append(out, [2]int{start, m[0] + 1})
		start = m[1]
	}
	if start < len(text) {
		out = append(out, [2]int{start, len(text)})
	}
	return out
}
