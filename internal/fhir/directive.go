package fhir

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
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
// nil for a hand-written page. Each bad directive is reported and left out.
func (s *Site) Expand(file string, body []byte, firstLine int, page *Page) (Expansion, []diag.Diagnostic) {
	var exp expansion
	diags := s.expandLines(&exp, file, strings.SplitAfter(string(body), "\n"), firstLine, page)
	return exp.done(), diags
}

// ExpandPage is the Markdown of generated page p: its prose with its
// directives expanded, and the page's generated content where
// ::fhir-generated stands, or after the prose when the prose does not say.
func (s *Site) ExpandPage(file string, prose []byte, firstLine int, p *Page) (Expansion, []diag.Diagnostic) {
	if bytes.Contains(prose, []byte("::fhir-generated")) {
		return s.Expand(file, prose, firstLine, p)
	}
	var exp expansion
	var diags []diag.Diagnostic
	line := firstLine
	if len(bytes.TrimSpace(prose)) > 0 {
		text := string(bytes.TrimRight(prose, "\n")) + "\n\n"
		lines := strings.SplitAfter(text, "\n")
		// The last element is the empty rest after the final newline: the
		// content comes before it, on the line after the blank one.
		diags = s.expandLines(&exp, file, lines[:len(lines)-1], firstLine, p)
		line = firstLine + len(lines) - 1
	}
	exp.block(s.PageContent(p), line)
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
func (s *Site) expandLines(exp *expansion, file string, lines []string, firstLine int, page *Page) []diag.Diagnostic {
	var diags []diag.Diagnostic
	fence := ""
	for i, l := range lines {
		lineNo := firstLine + i
		trimmed := strings.TrimRight(l, "\r\n")
		if m := fenceRe.FindStringSubmatch(trimmed); m != nil {
			switch {
			case fence == "":
				fence = m[1]
			case strings.HasPrefix(m[1], fence[:1]) && len(m[1]) >= len(fence) && strings.TrimSpace(trimmed[len(m[0]):]) == "":
				fence = ""
			}
		}
		m := directiveRe.FindStringSubmatch(trimmed)
		if fence != "" || m == nil {
			exp.line(l, lineNo)
			continue
		}
		d := directive{name: m[1], attrs: parseAttrs(m[2]), line: lineNo}
		generated, err := s.generate(d, page)
		if err != nil {
			diags = append(diags, diag.Diagnostic{File: file, Line: lineNo, Severity: diag.Error, Message: err.Error(), Hint: directiveHint(d.name)})
			continue
		}
		exp.block(generated, lineNo)
	}
	return diags
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
func (s *Site) generate(d directive, page *Page) (string, error) {
	md, err := s.generateMarkdown(d, page)
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

func (s *Site) generateMarkdown(d directive, page *Page) (string, error) {
	needed, ok := directives[d.name]
	if !ok {
		return "", fmt.Errorf("unknown directive ::%s", d.name)
	}
	for _, a := range needed {
		if d.attrs[a] == "" {
			return "", fmt.Errorf("::%s needs %s=\"…\"", d.name, a)
		}
	}
	if d.name == "fhir-generated" {
		if page == nil {
			return "", fmt.Errorf("::fhir-generated only works in the prose file of a generated FHIR page")
		}
		return s.PageContent(page), nil
	}
	if d.name == "fhir-extension" {
		f := s.Registry.ByURL(d.attrs["url"])
		if f == nil {
			return "", fmt.Errorf("no StructureDefinition with url %s is loaded", d.attrs["url"])
		}
		if sd, ok := f.Resource.(*StructureDefinition); !ok || sd.Type != "Extension" {
			return "", fmt.Errorf("%s is not an extension definition", d.attrs["url"])
		}
		return s.renderer.Extension(f), nil
	}
	api := s.API(d.attrs["api"])
	if api == nil {
		return "", fmt.Errorf("no FHIR API with id %q is configured%s", d.attrs["api"], s.apiSuggestion(d.attrs["api"]))
	}
	switch d.name {
	case "fhir-capabilitystatement":
		return s.renderer.CapabilityStatement(api), nil
	case "fhir-resources":
		return s.renderer.ResourceList(api), nil
	case "fhir-downloads":
		return s.renderer.Downloads(api), nil
	case "fhir-resource", "fhir-searchparams":
		res := api.Resource(d.attrs["type"])
		if res == nil {
			return "", fmt.Errorf("API %q does not support %s", api.ID, d.attrs["type"])
		}
		if d.name == "fhir-searchparams" {
			var w mdWriter
			r := s.renderer
			r.searchParamTable(&w, api, res.Type, res.SearchParam)
			r.combinations(&w, *res)
			return w.String(), nil
		}
		md, _ := s.renderer.Resource(api, res.Type)
		return md, nil
	case "fhir-operation":
		f := s.Registry.ByURL(d.attrs["url"])
		if f == nil || f.Resource == nil {
			return "", fmt.Errorf("no OperationDefinition with url %s is loaded", d.attrs["url"])
		}
		if _, ok := f.Resource.(*OperationDefinition); !ok {
			return "", fmt.Errorf("%s is not an OperationDefinition", d.attrs["url"])
		}
		return s.renderer.Operation(api, f), nil
	}
	return "", fmt.Errorf("unknown directive ::%s", d.name)
}
