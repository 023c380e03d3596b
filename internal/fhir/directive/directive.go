package directive

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/refpage"
)

// A directive is a line of its own in a Markdown page that Portal replaces
// with generated content:
//
//	::fhir-capabilitystatement{api="provider-patient-access"}
//	::fhir-resources{api="provider-patient-access"}
//	::fhir-resource{api="provider-patient-access" type="Patient"}
//	::fhir-extension{url="https://fhir.example.org/StructureDefinition/x"}
//	::fhir-operation{api="legacy-r4" url="https://…/OperationDefinition/patient-match"}
//	::fhir-searchparams{api="provider-patient-access" type="Patient"}
//	::fhir-downloads{api="provider-patient-access"}
//	::fhir-generated   (in the prose of a generated page: where its content goes)
//
// The leaf-directive syntax is the one Docusaurus's admonitions and Portal's
// tabs already use, so pages stay readable as plain Markdown.
var directiveRe = regexp.MustCompile(`^::(fhir-[a-z]+)(?:\{(.*)\})?\s*$`)

var attrRe = regexp.MustCompile(`([A-Za-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))`)

// directive is one parsed directive line.
type directive struct {
	name  string
	attrs map[string]string
	line  int
}

var fenceRe = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")

// Expansion is a page body with its directives replaced.
type Expansion struct {
	Body []byte
	// FileLines maps each line of Body (0-based) to its line in the file;
	// generated lines map to their directive's line.
	FileLines []int
}

// Expand replaces every directive in body, whose first line is line
// firstLine of file. page is the generated page the body is the prose of,
// nil for a hand-written page; apis are the APIs the page is about
// (PageAPIs). A directive without api="…" takes the page's API when the
// page is about one (see pageAPI). Each bad directive is reported and left
// out.
//
// Text directives (:fhir-value{…}) are replaced where they stand, so lines
// keep their numbers; inside a fenced code block only when its info string
// carries the fhir-values option, which is removed from the output.
func (e *Expander) Expand(file string, body []byte, firstLine int, page *refpage.Page, apis []*model.API) (Expansion, []diag.Diagnostic) {
	var exp expansion
	diags := e.expandLines(&exp, file, strings.SplitAfter(string(body), "\n"), firstLine, page, newPageAPI(page, apis))
	return exp.done(), diags
}

// ExpandPage is the Markdown of generated page p: its prose with its
// directives expanded, and the page's generated content where
// ::fhir-generated stands, or after the prose when the prose does not say.
// apis are the APIs the page is about, as for Expand.
func (e *Expander) ExpandPage(file string, prose []byte, firstLine int, p *refpage.Page, apis []*model.API) (Expansion, []diag.Diagnostic) {
	if bytes.Contains(prose, []byte("::fhir-generated")) {
		return e.Expand(file, prose, firstLine, p, apis)
	}
	var exp expansion
	var diags []diag.Diagnostic
	line := firstLine
	if len(bytes.TrimSpace(prose)) > 0 {
		text := string(bytes.TrimRight(prose, "\n")) + "\n\n"
		lines := strings.SplitAfter(text, "\n")
		// The last element is the empty rest after the final newline: the
		// content comes before it, on the line after the blank one.
		diags = e.expandLines(&exp, file, lines[:len(lines)-1], firstLine, p, newPageAPI(p, apis))
		line = firstLine + len(lines) - 1
	}
	exp.block(e.renderer.Page(p), line)
	exp.line("", line+1)
	return exp.done(), diags
}

// expansion collects an expanded body and the file line of each of its lines.
type expansion struct {
	out       strings.Builder
	fileLines []int
}

// line appends one source line, kept as it is.
func (e *expansion) line(l string, lineNo int) {
	e.out.WriteString(l)
	e.fileLines = append(e.fileLines, lineNo)
}

// block appends generated content for the directive at lineNo.
func (e *expansion) block(generated string, lineNo int) {
	// Blank lines around the content keep it from merging with a
	// neighbouring paragraph.
	generated = "\n" + strings.TrimRight(generated, "\n") + "\n\n"
	e.out.WriteString(generated)
	for range strings.Count(generated, "\n") {
		e.fileLines = append(e.fileLines, lineNo)
	}
}

func (e *expansion) done() Expansion {
	return Expansion{Body: []byte(e.out.String()), FileLines: e.fileLines}
}

// expandLines expands lines, the first of which is line firstLine of file,
// into exp.
func (e *Expander) expandLines(exp *expansion, file string, lines []string, firstLine int, page *refpage.Page, ctx pageAPI) []diag.Diagnostic {
	var diags []diag.Diagnostic
	fence := ""
	valuesInFence := false
	for i, l := range lines {
		lineNo := firstLine + i
		trimmed := strings.TrimRight(l, "\r\n")
		opening := false
		if m := fenceRe.FindStringSubmatch(trimmed); m != nil {
			switch {
			case fence == "":
				fence, opening = m[1], true
				l, valuesInFence = takeFenceOption(l, m[0])
			case strings.HasPrefix(m[1], fence[:1]) && len(m[1]) >= len(fence) && strings.TrimSpace(trimmed[len(m[0]):]) == "":
				fence, valuesInFence = "", false
			}
		}
		m := directiveRe.FindStringSubmatch(trimmed)
		if fence != "" || m == nil {
			if (fence == "" || (valuesInFence && !opening)) && strings.Contains(l, ":fhir-value") {
				var ds []diag.Diagnostic
				l, ds = e.expandValues(file, lineNo, l, fence != "", ctx)
				diags = append(diags, ds...)
			}
			exp.line(l, lineNo)
			continue
		}
		d := directive{name: m[1], attrs: ctx.fill(parseAttrs(m[2])), line: lineNo}
		generated, err := e.generate(d, page)
		if err != nil {
			err = ctx.explain(err)
			diags = append(diags, diag.Diagnostic{File: file, Line: lineNo, Severity: diag.Error, Message: err.Error(), Hint: directiveHint(d.name)})
			continue
		}
		exp.block(generated, lineNo)
	}
	return diags
}

// ValuesFenceOption is the word in a fenced code block's info string that
// lets :fhir-value directives be replaced inside the block.
const ValuesFenceOption = "fhir-values"

var fenceOptionRe = regexp.MustCompile(`(^|[ \t]+)` + ValuesFenceOption + `([ \t]|$)`)

// takeFenceOption removes the fhir-values option from a fence's opening
// line (so the block's meta stays as a plain Markdown renderer expects it)
// and says whether it was there.
func takeFenceOption(line, fence string) (string, bool) {
	end := lineEnding(line)
	info := strings.TrimSuffix(line[len(fence):], end)
	loc := fenceOptionRe.FindStringSubmatchIndex(info)
	if loc == nil {
		return line, false
	}
	// Keep one separator between what was before and after the option.
	rest := info[:loc[0]]
	if after := info[loc[1]:]; after != "" {
		if rest != "" {
			rest += " "
		}
		rest += after
	}
	return fence + strings.TrimRight(rest, " \t") + end, true
}

func lineEnding(line string) string {
	switch {
	case strings.HasSuffix(line, "\r\n"):
		return "\r\n"
	case strings.HasSuffix(line, "\n"):
		return "\n"
	}
	return ""
}

// pageAPI is the API a directive without api="…" is about: the API of
// the generated page whose prose it is in, else the one API the page is
// about (front matter fhir_api, or the API whose docs folder holds it).
type pageAPI struct {
	id string
	// several lists the page's APIs when it is about more than one, so
	// that a directive lacking api="…" is told to name one of them.
	several []string
}

func newPageAPI(page *refpage.Page, apis []*model.API) pageAPI {
	switch {
	case page != nil:
		return pageAPI{id: page.API.ID}
	case len(apis) == 1:
		return pageAPI{id: apis[0].ID}
	}
	var ids []string
	for _, a := range apis {
		ids = append(ids, a.ID)
	}
	return pageAPI{several: ids}
}

// fill sets api to the page's API when the directive names none.
func (c pageAPI) fill(attrs map[string]string) map[string]string {
	if _, named := attrs["api"]; !named && c.id != "" {
		attrs["api"] = c.id
	}
	return attrs
}

// explain adds to an error about a missing api="…" which APIs the page
// is about, when there are several to choose from.
func (c pageAPI) explain(err error) error {
	if len(c.several) > 1 && strings.Contains(err.Error(), `api="…"`) {
		return fmt.Errorf("%w; this page is about several APIs (%s), so name one", err, strings.Join(c.several, ", "))
	}
	return err
}

// valueRe is a text directive; a backslash before it keeps it as text.
var valueRe = regexp.MustCompile(`(\\?):fhir-value\{([^}\n]*)\}`)

// ReplaceValues returns text with each :fhir-value directive in it (an
// escaped one too) replaced by what replace returns for it: the directive
// as written and its attributes.
func ReplaceValues(text string, replace func(directive string, attrs map[string]string) string) string {
	return valueRe.ReplaceAllStringFunc(text, func(d string) string {
		return replace(d, parseAttrs(valueRe.FindStringSubmatch(d)[2]))
	})
}

// expandValues replaces the text directives of one line. In prose the
// value is escaped so it reads as written (a scope's * is no emphasis);
// in a code span or code block it goes in as is, except that a table row
// escapes | even in code spans, as GFM requires.
func (e *Expander) expandValues(file string, lineNo int, line string, inCode bool, ctx pageAPI) (string, []diag.Diagnostic) {
	var diags []diag.Diagnostic
	tableRow := strings.HasPrefix(strings.TrimSpace(line), "|")
	spans := codeSpanRanges(line)
	var b strings.Builder
	last := 0
	for _, m := range valueRe.FindAllStringSubmatchIndex(line, -1) {
		b.WriteString(line[last:m[0]])
		last = m[1]
		if m[3] > m[2] { // escaped: keep the text, drop the backslash in prose
			if inCode || inRanges(spans, m[0]) {
				b.WriteString(line[m[0]:m[1]])
			} else {
				b.WriteString(line[m[2]+1 : m[1]])
			}
			continue
		}
		value, err := e.InlineValue(ctx.fill(parseAttrs(line[m[4]:m[5]])))
		if err != nil {
			err = ctx.explain(err)
			diags = append(diags, diag.Diagnostic{File: file, Line: lineNo, Severity: diag.Error,
				Message: fmt.Sprintf("%s: %v", line[m[0]:m[1]], err), Hint: valueHint})
			b.WriteString(line[m[0]:m[1]])
			continue
		}
		switch {
		case inCode:
		case inRanges(spans, m[0]):
			if tableRow {
				value = strings.ReplaceAll(value, "|", `\|`)
			}
		default:
			value = escapeMarkdown(value)
		}
		b.WriteString(value)
	}
	b.WriteString(line[last:])
	return b.String(), diags
}

const valueHint = `write :fhir-value{api="id" config="baseUrl"}, {api="id" smart="token_endpoint"}, {api="id" path="fhirVersion"}, ` +
	`{api="id" resource="Type/id" path="…"}, {file="…" path="…"}, {url="…" path="…"} or {dependency="package"} (docs/fhir-pages.md)`

// codeSpanRanges are the byte ranges of a line's code spans (backtick
// runs closed by a run of the same length on the same line).
func codeSpanRanges(line string) [][2]int {
	var out [][2]int
	for i := 0; i < len(line); {
		if line[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(line) && line[i+n] == '`' {
			n++
		}
		closer := strings.Index(line[i+n:], strings.Repeat("`", n))
		for closer >= 0 && i+n+closer+n < len(line) && line[i+n+closer+n] == '`' {
			next := strings.Index(line[i+n+closer+n:], strings.Repeat("`", n))
			if next < 0 {
				closer = -1
				break
			}
			closer += n + next
		}
		if closer < 0 {
			i += n
			continue
		}
		out = append(out, [2]int{i, i + n + closer + n})
		i += n + closer + n
	}
	return out
}

func inRanges(ranges [][2]int, pos int) bool {
	for _, r := range ranges {
		if pos >= r[0] && pos < r[1] {
			return true
		}
	}
	return false
}

// escapeMarkdown backslash-escapes the characters that would turn a value
// into emphasis, a link, code, HTML or a table cell boundary.
func escapeMarkdown(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>|#~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func parseAttrs(s string) map[string]string {
	attrs := map[string]string{}
	for _, m := range attrRe.FindAllStringSubmatch(s, -1) {
		attrs[m[1]] = m[2] + m[3] + m[4]
	}
	return attrs
}

// directives and the attributes each needs.
var directives = map[string][]string{
	"fhir-capabilitystatement": {"api"},
	"fhir-resources":           {"api"},
	"fhir-resource":            {"api", "type"},
	"fhir-searchparams":        {"api", "type"},
	"fhir-extension":           {"url"},
	"fhir-operation":           {"api", "url"},
	"fhir-downloads":           {"api"},
	"fhir-json":                {},
	"fhir-generated":           {},
}

func directiveHint(name string) string {
	attrs, ok := directives[name]
	if !ok {
		names := make([]string, 0, len(directives))
		for n := range directives {
			names = append(names, "::"+n)
		}
		sort.Strings(names)
		return "use one of " + strings.Join(names, ", ")
	}
	if name == "fhir-json" {
		return `write ::fhir-json{api="id" show="smart-configuration"}, {api="id" show="capabilitystatement"}, {api="id" resource="Type/id"}, {file="…"} or {url="…"}, with optional path="…" and title="…"`
	}
	if len(attrs) == 0 {
		return "write ::" + name + " alone on its line"
	}
	parts := make([]string, len(attrs))
	for i, a := range attrs {
		parts[i] = a + `="…"`
	}
	return fmt.Sprintf("write ::%s{%s}", name, strings.Join(parts, " "))
}

// generate produces the Markdown of one directive. Generated sections
// start at level-2 headings; level="3" (up to 5) nests them under a heading
// of the page, as when one page walks through several resources.
func (e *Expander) generate(d directive, page *refpage.Page) (string, error) {
	md, err := e.generateMarkdown(d, page)
	if err != nil || d.attrs["level"] == "" {
		return md, err
	}
	level, convErr := strconv.Atoi(d.attrs["level"])
	if convErr != nil || level < 2 || level > 5 {
		return "", fmt.Errorf("::%s level=%q: level is the heading level of the generated sections, 2 to 5", d.name, d.attrs["level"])
	}
	return shiftHeadings(md, level-2), nil
}

// shiftHeadings deepens every ATX heading outside fenced code by n levels
// (never past 6).
func shiftHeadings(md string, n int) string {
	if n == 0 {
		return md
	}
	lines := strings.Split(md, "\n")
	var fence string
	for i, line := range lines {
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		hashes := len(line) - len(strings.TrimLeft(line, "#"))
		if hashes >= 1 && hashes <= 6 && (len(line) == hashes || line[hashes] == ' ') {
			lines[i] = strings.Repeat("#", min(hashes+n, 6)) + line[hashes:]
		}
	}
	return strings.Join(lines, "\n")
}

func (e *Expander) generateMarkdown(d directive, page *refpage.Page) (string, error) {
	needed, ok := directives[d.name]
	if !ok {
		return "", fmt.Errorf("unknown directive ::%s", d.name)
	}
	for _, a := range needed {
		if d.attrs[a] == "" {
			return "", fmt.Errorf("::%s needs %s=\"…\"", d.name, a)
		}
	}
	if d.name == "fhir-json" {
		return e.jsonBlock(d.attrs)
	}
	if d.name == "fhir-generated" {
		if page == nil {
			return "", fmt.Errorf("::fhir-generated only works in the prose file of a generated FHIR page")
		}
		return e.renderer.Page(page), nil
	}
	if d.name == "fhir-extension" {
		f := e.site.Registry.ByURL(d.attrs["url"])
		if f == nil {
			return "", fmt.Errorf("no StructureDefinition with url %s is loaded", d.attrs["url"])
		}
		if sd, ok := f.Resource.(*model.StructureDefinition); !ok || sd.Type != "Extension" {
			return "", fmt.Errorf("%s is not an extension definition", d.attrs["url"])
		}
		return e.renderer.Extension(f), nil
	}
	api := e.site.API(d.attrs["api"])
	if api == nil {
		return "", fmt.Errorf("no FHIR API with id %q is configured%s", d.attrs["api"], e.site.APISuggestion(d.attrs["api"]))
	}
	switch d.name {
	case "fhir-capabilitystatement":
		return e.renderer.CapabilityStatement(api), nil
	case "fhir-resources":
		return e.renderer.ResourceList(api), nil
	case "fhir-downloads":
		return e.renderer.Downloads(api), nil
	case "fhir-resource", "fhir-searchparams":
		res := api.Resource(d.attrs["type"])
		if res == nil {
			return "", fmt.Errorf("API %q does not support %s", api.ID, d.attrs["type"])
		}
		if d.name == "fhir-searchparams" {
			return e.renderer.SearchParams(api, *res), nil
		}
		md, _ := e.renderer.Resource(api, res.Type)
		return md, nil
	case "fhir-operation":
		f := e.site.Registry.ByURL(d.attrs["url"])
		if f == nil || f.Resource == nil {
			return "", fmt.Errorf("no OperationDefinition with url %s is loaded", d.attrs["url"])
		}
		if _, ok := f.Resource.(*model.OperationDefinition); !ok {
			return "", fmt.Errorf("%s is not an OperationDefinition", d.attrs["url"])
		}
		return e.renderer.Operation(api, f), nil
	}
	return "", fmt.Errorf("unknown directive ::%s", d.name)
}
