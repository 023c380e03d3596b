// Package lint is the content lint a reviewer would run over a site's
// pages: link addresses that are malformed or use http where the host
// serves https, dated statements whose year has passed, and a guide's
// version written differently on different pages. Every finding is a
// warning with its file and line; a line can silence one with a marker
// (see Ignores).
package lint

import (
	"regexp"
	"strings"
	"time"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/markdown"
)

// Check names, which ignore markers use.
const (
	CheckLink         = "link"
	CheckStaleYear    = "stale-year"
	CheckGuideVersion = "guide-version"
)

// Page is one page as its author wrote it.
type Page struct {
	// File is the site-relative source file.
	File    string
	Outline *markdown.Outline
	// Body is the page's Markdown without front matter; FirstLine is the
	// file line of its first line.
	Body      []byte
	FirstLine int
	// Dated marks a page pinned to its date (a blog post): a year it
	// names is not stale.
	Dated bool
	// Ignored silences a check on a line; see Ignores.
	Ignored func(line int, check string) bool
}

func (p Page) ignored(line int, check string) bool {
	return p.Ignored != nil && p.Ignored(line, check)
}

// Guide is a declared guide version (fhir.dependencies), so a version
// written short ("US Core 6.1") is recognized even when no page writes
// the full one.
type Guide struct {
	Package string
	Version string
}

// Options configure a run.
type Options struct {
	// Today is the date stale years are measured against.
	Today time.Time
	// Guides are the site's declared guide versions.
	Guides []Guide
}

// Check lints every page; the guide version check compares pages with
// each other.
func Check(pages []Page, opts Options) []diag.Diagnostic {
	c := NewChecker(opts)
	var diags []diag.Diagnostic
	for _, p := range pages {
		diags = append(diags, c.Page(p)...)
	}
	return append(diags, c.Finish()...)
}

// Checker lints pages one at a time, so that a build need not keep every
// page's text until the last is read: Page lints one page and keeps only
// the guide versions it writes; Finish compares those across pages. Pages
// are given in site order, from one goroutine.
type Checker struct {
	opts     Options
	versions *versionMentions
}

// NewChecker starts a lint run.
func NewChecker(opts Options) *Checker {
	return &Checker{opts: opts, versions: newVersionMentions(opts.Guides)}
}

// Page lints one page.
func (c *Checker) Page(p Page) []diag.Diagnostic {
	diags, mentions := c.Check(p)
	c.Add(mentions)
	return diags
}

// Check lints one page alone, and returns the guide versions it writes,
// which Add gives the check that compares pages. A build may keep both
// and, for a page that did not change, Add what it kept instead of
// checking the page again.
func (c *Checker) Check(p Page) ([]diag.Diagnostic, []Mention) {
	return append(checkLinks(p), checkStaleYears(p, c.opts.Today)...), collect(p)
}

// Add records a page's guide versions (Check) for Finish.
func (c *Checker) Add(mentions []Mention) {
	c.versions.mentions = append(c.versions.mentions, mentions...)
}

// Finish runs the checks that compare pages: every page has been given.
func (c *Checker) Finish() []diag.Diagnostic { return c.versions.check() }

// ignoreRe is an ignore marker: <!-- lint-ignore [check…] --> in Markdown,
// {/* lint-ignore [check…] */} in MDX.
var ignoreRe = regexp.MustCompile(`(?:<!--|\{/\*)\s*lint-ignore\b([^>*]*?)\s*(?:-->|\*/\})`)

// ignoreWord is in every ignore marker.
const ignoreWord = "lint-ignore"

// Ignores reads the ignore markers of a body whose first line is file
// line firstLine. A marker silences the named checks (every check when it
// names none) on its own line; a marker alone on a line silences the next
// non-blank line, or, when that line opens a fenced code block, the whole
// block.
func Ignores(body []byte, firstLine int) func(line int, check string) bool {
	lines := strings.Split(string(body), "\n")
	silenced := map[int][]string{}
	for i, l := range lines {
		if !strings.Contains(l, ignoreWord) {
			continue // the regular expression alone costs a backtracking scan per line
		}
		m := ignoreRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		checks := strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
		if len(checks) == 0 {
			checks = []string{"*"}
		}
		if strings.TrimSpace(ignoreRe.ReplaceAllString(l, "")) != "" {
			silenced[firstLine+i] = append(silenced[firstLine+i], checks...)
			continue
		}
		for j := i + 1; j < len(lines); j++ {
			if strings.TrimSpace(lines[j]) == "" {
				continue
			}
			for _, k := range blockLines(lines, j) {
				silenced[firstLine+k] = append(silenced[firstLine+k], checks...)
			}
			break
		}
	}
	return func(line int, check string) bool {
		for _, c := range silenced[line] {
			if c == "*" || c == check {
				return true
			}
		}
		return false
	}
}

var fenceOpenRe = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")

// blockLines is line j, or every line of the fenced block it opens.
func blockLines(lines []string, j int) []int {
	m := fenceOpenRe.FindStringSubmatch(lines[j])
	if m == nil {
		return []int{j}
	}
	out := []int{j}
	for k := j + 1; k < len(lines); k++ {
		out = append(out, k)
		if c := fenceOpenRe.FindStringSubmatch(lines[k]); c != nil && c[1][0] == m[1][0] && len(c[1]) >= len(m[1]) &&
			strings.TrimSpace(strings.TrimLeft(lines[k], " "+m[1][:1])) == "" {
			break
		}
	}
	return out
}
