// Package conformance runs the CommonMark and GitHub Flavored Markdown spec
// examples through Portal's Markdown renderer and checks the failures
// against a committed allow-list, so the list of known differences stays
// exact: a new failure and a fixed failure both need a change to it.
package conformance

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/markdown"
)

// Suite names, as used in reports and in the allow-list.
const (
	CommonMark = "commonmark"
	GFM        = "gfm"
)

// Example is one spec example, in the JSON form of the spec test dumps.
type Example struct {
	Markdown string `json:"markdown"`
	HTML     string `json:"html"`
	Number   int    `json:"example"`
	Section  string `json:"section"`
	// Extensions names the GFM extensions the example needs; empty for
	// plain CommonMark examples.
	Extensions []string `json:"extensions"`
}

// LoadExamples reads a spec JSON file.
func LoadExamples(path string) ([]Example, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var examples []Example
	if err := json.Unmarshal(data, &examples); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return examples, nil
}

// Result is the outcome of one example.
type Result struct {
	Suite   string
	Example Example
	// Got is the rendered HTML; Passed says whether it matches after
	// normalisation.
	Got    string
	Passed bool
}

// Key identifies the example in the allow-list.
func (r Result) Key() Key {
	return Key{Suite: r.Suite, Number: r.Example.Number}
}

// Run renders every example with r and compares it with the expected HTML.
// Examples render with an empty RenderContext, as a page without
// front matter or resolvable links.
func Run(r *markdown.Renderer, suite string, examples []Example) ([]Result, error) {
	results := make([]Result, 0, len(examples))
	for _, ex := range examples {
		page, err := r.Render([]byte(ex.Markdown), markdown.RenderContext{File: fmt.Sprintf("%s-%d.md", suite, ex.Number)})
		if err != nil {
			return nil, err
		}
		results = append(results, Result{
			Suite:   suite,
			Example: ex,
			Got:     page.HTML,
			Passed:  NormalizePortal(page.HTML) == NormalizePortal(ex.HTML),
		})
	}
	return results, nil
}

// Passed counts the passing results.
func Passed(results []Result) int {
	n := 0
	for _, r := range results {
		if r.Passed {
			n++
		}
	}
	return n
}

// Key names one example: suite and number.
type Key struct {
	Suite  string
	Number int
}

func (k Key) String() string {
	return k.Suite + " " + strconv.Itoa(k.Number)
}

// Allowlist maps each example known to fail to the reason why.
type Allowlist map[Key]string

//go:embed allowlist.txt
var allowlistText string

// DefaultAllowlist is the committed allow-list, allowlist.txt.
func DefaultAllowlist() (Allowlist, error) {
	return ParseAllowlist(allowlistText)
}

// ParseAllowlist reads lines of the form "commonmark 123: reason" or
// "gfm 456: reason". Blank lines and lines starting with "#" are ignored.
func ParseAllowlist(text string) (Allowlist, error) {
	list := Allowlist{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, reason, err := parseAllowlistLine(line)
		if err != nil {
			return nil, fmt.Errorf("allowlist line %d: %w", i+1, err)
		}
		if _, dup := list[key]; dup {
			return nil, fmt.Errorf("allowlist line %d: %s listed twice", i+1, key)
		}
		list[key] = reason
	}
	return list, nil
}

func parseAllowlistLine(line string) (Key, string, error) {
	head, reason, ok := strings.Cut(line, ":")
	reason = strings.TrimSpace(reason)
	if !ok || reason == "" {
		return Key{}, "", fmt.Errorf("%q: want \"SUITE NUMBER: reason\"", line)
	}
	suite, number, ok := strings.Cut(strings.TrimSpace(head), " ")
	n, err := strconv.Atoi(strings.TrimSpace(number))
	if !ok || err != nil || (suite != CommonMark && suite != GFM) {
		return Key{}, "", fmt.Errorf("%q: want \"commonmark N\" or \"gfm N\" before the colon", line)
	}
	return Key{Suite: suite, Number: n}, reason, nil
}

// Verdict compares results with the allow-list.
type Verdict struct {
	// Unexpected are failures the allow-list does not name.
	Unexpected []Result
	// Fixed are allow-listed examples that pass now.
	Fixed []Key
	// Stale are allow-list entries naming no example that was run.
	Stale []Key
}

// OK reports whether results and allow-list agree exactly.
func (v Verdict) OK() bool {
	return len(v.Unexpected) == 0 && len(v.Fixed) == 0 && len(v.Stale) == 0
}

// Check compares the results of all suites with the allow-list.
func (a Allowlist) Check(results []Result) Verdict {
	var v Verdict
	seen := map[Key]bool{}
	for _, r := range results {
		key := r.Key()
		seen[key] = true
		_, allowed := a[key]
		switch {
		case !r.Passed && !allowed:
			v.Unexpected = append(v.Unexpected, r)
		case r.Passed && allowed:
			v.Fixed = append(v.Fixed, key)
		}
	}
	for key := range a {
		if !seen[key] {
			v.Stale = append(v.Stale, key)
		}
	}
	sort.Slice(v.Stale, func(i, j int) bool { return v.Stale[i].String() < v.Stale[j].String() })
	return v
}

// Describe formats a failing result for a person: the example, the
// expected and actual HTML, both normalised.
func Describe(r Result) string {
	return fmt.Sprintf("%s (%s)\n--- markdown\n%s--- want\n%s\n--- got\n%s\n",
		r.Key(), r.Example.Section, r.Example.Markdown,
		NormalizePortal(r.Example.HTML), NormalizePortal(r.Got))
}
