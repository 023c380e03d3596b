package refpage

import (
	"fmt"
	"regexp"
	"strings"
)

// mdWriter accumulates generated Markdown.
type mdWriter struct {
	b strings.Builder
}

func (w *mdWriter) line(s string) {
	w.b.WriteString(s)
	w.b.WriteByte('\n')
}

func (w *mdWriter) blank() { w.b.WriteByte('\n') }

// para writes a block of Markdown text followed by a blank line.
func (w *mdWriter) para(text string) {
	if text = strings.TrimSpace(text); text == "" {
		return
	}
	w.line(text)
	w.blank()
}

func (w *mdWriter) heading(level int, text string) {
	w.line(strings.Repeat("#", level) + " " + text)
	w.blank()
}

// table writes a GFM table; cells are already cell-safe Markdown. A
// column empty in every row (no expectations declared, no notes) is left
// out rather than shown blank.
func (w *mdWriter) table(header []string, rows [][]string) {
	if len(rows) == 0 {
		return
	}
	header, rows = dropEmptyColumns(header, rows)
	w.line("| " + strings.Join(header, " | ") + " |")
	seps := make([]string, len(header))
	for i := range seps {
		seps[i] = "---"
	}
	w.line("| " + strings.Join(seps, " | ") + " |")
	for _, r := range rows {
		w.line("| " + strings.Join(r, " | ") + " |")
	}
	w.blank()
}

// code writes a fenced code block whose fence is longer than any backtick
// run inside.
func (w *mdWriter) code(lang, meta, body string) {
	fence := "```"
	for strings.Contains(body, fence) {
		fence += "`"
	}
	info := lang
	if meta != "" {
		info += " " + meta
	}
	w.line(fence + info)
	w.line(strings.TrimRight(body, "\n"))
	w.line(fence)
	w.blank()
}

func (w *mdWriter) String() string { return w.b.String() }

// inlineCode wraps s in backticks that cannot clash with its content.
func inlineCode(s string) string {
	if s == "" {
		return ""
	}
	ticks := "`"
	for strings.Contains(s, ticks) {
		ticks += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return ticks + " " + s + " " + ticks
	}
	return ticks + s + ticks
}

var listItemRe = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s`)

// cell makes FHIR Markdown (which may span paragraphs and lists) fit one
// table cell: paragraphs and list items become line breaks, pipes are
// escaped, HTML-significant < stays as written (FHIR markdown may carry
// inline HTML).
func cell(s string) string {
	s = strings.ReplaceAll(strings.TrimSpace(s), "\r\n", "\n")
	if s == "" {
		return ""
	}
	lines := strings.Split(s, "\n")
	var b strings.Builder
	blank := false
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			blank = true
			continue
		}
		if i > 0 && b.Len() > 0 {
			switch {
			case blank:
				b.WriteString("<br><br>")
			case listItemRe.MatchString(l):
				b.WriteString("<br>")
			default:
				b.WriteByte(' ')
			}
		}
		blank = false
		b.WriteString(l)
	}
	return strings.ReplaceAll(b.String(), "|", `\|`)
}

// relativeLinkRe finds Markdown link destinations: ](dest) and ](dest "title").
var relativeLinkRe = regexp.MustCompile(`\]\(([^)\s]+)`)

// absolutize rewrites relative links in FHIR Markdown, written for the
// implementation guide's own site, against that site's base, so they do
// not become broken links in the portal.
func absolutize(md, base string) string {
	if base == "" {
		return md
	}
	return relativeLinkRe.ReplaceAllStringFunc(md, func(m string) string {
		dest := m[2:]
		if isAbsoluteRef(dest) {
			return m
		}
		return "](" + base + dest
	})
}

func isAbsoluteRef(dest string) bool {
	if strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "#") {
		return true
	}
	if i := strings.IndexByte(dest, ':'); i > 0 {
		return !strings.ContainsAny(dest[:i], "/?#")
	}
	return false
}

// canonicalSite is the web folder a canonical URL's guide is published in:
// http://hl7.org/fhir/us/core/StructureDefinition/x → http://hl7.org/fhir/us/core/.
func canonicalSite(canonical string) string {
	for _, marker := range []string{"/StructureDefinition/", "/CapabilityStatement/", "/OperationDefinition/",
		"/SearchParameter/", "/ValueSet/", "/CodeSystem/", "/ImplementationGuide/"} {
		if i := strings.Index(canonical, marker); i > 0 {
			return canonical[:i+1]
		}
	}
	return ""
}

func cardinality(min int, max string) string {
	if max == "" {
		max = "*"
	}
	return fmt.Sprintf("%d..%s", min, max)
}

func joinCodes(codes []string) string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = inlineCode(c)
	}
	return strings.Join(out, ", ")
}

func dropEmptyColumns(header []string, rows [][]string) ([]string, [][]string) {
	keep := make([]bool, len(header))
	keep[0] = true
	for _, r := range rows {
		for i, c := range r {
			if i < len(keep) && c != "" {
				keep[i] = true
			}
		}
	}
	pick := func(cells []string) []string {
		out := make([]string, 0, len(cells))
		for i, c := range cells {
			if i < len(keep) && keep[i] {
				out = append(out, c)
			}
		}
		return out
	}
	newRows := make([][]string, len(rows))
	for i, r := range rows {
		newRows[i] = pick(r)
	}
	return pick(header), newRows
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
