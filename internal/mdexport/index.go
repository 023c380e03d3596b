package mdexport

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"
	"unicode"
)

// Index is the llms.txt of a site or of one docs version: the site's
// title, its summary, and a section of links per sidebar.
type Index struct {
	Title    string
	Summary  string
	Sections []Section
}

// Section is one sidebar's pages, in the sidebar's order.
type Section struct {
	Title string
	Links []Link
}

// Link is one page of a section.
type Link struct {
	Title string
	// URL is the page's absolute URL.
	URL         string
	Description string
	// File is the page's Markdown file (output-relative), for
	// llms-full.txt; ReadIndex leaves it "".
	File string
}

// Text writes the index as llms.txt: an H1, the summary as a blockquote,
// and an H2 per section of "- [title](url): description" lines.
func (ix Index) Text() string {
	var b strings.Builder
	b.WriteString("# " + oneLine(ix.Title) + "\n")
	if s := oneLine(ix.Summary); s != "" {
		b.WriteString("\n> " + s + "\n")
	}
	for _, s := range ix.Sections {
		if len(s.Links) == 0 {
			continue
		}
		b.WriteString("\n## " + oneLine(s.Title) + "\n\n")
		for _, l := range s.Links {
			b.WriteString("- [" + escapeLinkText(oneLine(l.Title)) + "](" + l.URL + ")")
			if d := oneLine(l.Description); d != "" {
				b.WriteString(": " + d)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// Full writes llms-full.txt: the index's heading and summary, then each
// linked page's Markdown in the index's order, each once, as page reads it.
func (ix Index) Full(page func(file string) (string, error)) (string, error) {
	var b strings.Builder
	b.WriteString("# " + oneLine(ix.Title) + "\n")
	if s := oneLine(ix.Summary); s != "" {
		b.WriteString("\n> " + s + "\n")
	}
	seen := map[string]bool{}
	for _, s := range ix.Sections {
		for _, l := range s.Links {
			if l.File == "" || seen[l.File] {
				continue
			}
			seen[l.File] = true
			md, err := page(l.File)
			if err != nil {
				return "", fmt.Errorf("llms-full.txt: %s: %w", l.File, err)
			}
			b.WriteString("\n---\n\nSource: " + l.URL + "\n\n" + strings.TrimSpace(md) + "\n")
		}
	}
	return b.String(), nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// linkLine is one "- [title](url): description" line; the description
// and its colon are optional, as the proposal has them.
var linkLine = regexp.MustCompile(`^- \[((?:[^\]\\]|\\.)*)\]\(([^)\s]+)\)(?:: (.+))?$`)

// ReadIndex parses an llms.txt as the proposal's format has it and Text
// writes it: exactly one H1 first, an optional blockquote summary, then H2
// sections holding only link lines. Any other line is an error.
func ReadIndex(text string) (Index, error) {
	var ix Index
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "# ") {
		return ix, errors.New("llms.txt does not start with an H1")
	}
	ix.Title = strings.TrimPrefix(lines[0], "# ")
	var current *Section
	for i, line := range lines[1:] {
		n := i + 2
		switch {
		case line == "":
		case strings.HasPrefix(line, "> ") && current == nil && ix.Summary == "":
			ix.Summary = strings.TrimPrefix(line, "> ")
		case strings.HasPrefix(line, "## "):
			ix.Sections = append(ix.Sections, Section{Title: strings.TrimPrefix(line, "## ")})
			current = &ix.Sections[len(ix.Sections)-1]
		case strings.HasPrefix(line, "# "):
			return ix, fmt.Errorf("line %d: a second H1", n)
		case current != nil && linkLine.MatchString(line):
			m := linkLine.FindStringSubmatch(line)
			current.Links = append(current.Links, Link{Title: unescapeLinkText(m[1]), URL: m[2], Description: m[3]})
		default:
			return ix, fmt.Errorf("line %d: %q is neither a heading, the summary nor a link line", n, line)
		}
	}
	return ix, nil
}

var linkTextUnescaper = strings.NewReplacer(`\\`, `\`, `\[`, "[", `\]`, "]")

func unescapeLinkText(s string) string { return linkTextUnescaper.Replace(s) }

// FirstSentence is a description's first sentence: up to the first ". ",
// "! " or "? " (a full stop before an upper-case letter or the end).
func FirstSentence(text string) string {
	text = oneLine(text)
	for i := 0; i+1 < len(text); i++ {
		if strings.IndexByte(".!?", text[i]) < 0 || text[i+1] != ' ' {
			continue
		}
		if rest := text[i+2:]; rest != "" && unicode.IsUpper(rune(rest[0])) {
			return text[:i+1]
		}
	}
	return text
}

// Excluded reports whether a page is left out of the index by a pattern
// of exclude: a glob (path.Match, "**" any number of folders) of the doc's
// path or of its route, or a sidebar id (sidebar).
func Excluded(exclude []string, docPath, routePath, sidebarID string) bool {
	for _, pattern := range exclude {
		if pattern == sidebarID || globMatch(pattern, docPath) || globMatch(pattern, routePath) {
			return true
		}
	}
	return false
}

// globMatch is path.Match with "**" matching across folders.
func globMatch(pattern, name string) bool {
	if name == "" {
		return false
	}
	if !strings.Contains(pattern, "**") {
		ok, _ := path.Match(pattern, name)
		return ok
	}
	prefix, suffix, _ := strings.Cut(pattern, "**")
	if !strings.HasPrefix(name, prefix) {
		return false
	}
	rest := strings.TrimPrefix(name, prefix)
	suffix = strings.TrimPrefix(suffix, "/")
	if suffix == "" {
		return true
	}
	for {
		if globMatch(suffix, rest) {
			return true
		}
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			return false
		}
		rest = rest[i+1:]
	}
}
