package conform

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
)

// cdaBlock is one C-CDA document quoted in a page: the XML of a fenced
// block that holds a ClinicalDocument, with the page line it starts on.
type cdaBlock struct {
	file string
	line int // the page line of the block's first XML line
	xml  []byte
}

// Documents checks every C-CDA document quoted in the Markdown pages under
// dirs by two rules of C-CDA R2.1 (the FSH of HL7/CDA-ccda):
// CONF:1198-8456 (a device author needs a representedOrganization) and
// the sections' "nullFlavor or an entry" invariants (shall-goal-obs and
// its kind: a section whose narrative holds no information needs
// nullFlavor, or an entry). It returns the documents checked.
func Documents(ctx context.Context, site fs.FS, dirs ...string) (int, []diag.Diagnostic, error) {
	var blocks []cdaBlock
	for _, dir := range dirs {
		err := fs.WalkDir(site, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return fs.SkipDir
				}
				return err
			}
			if d.IsDir() || !isMarkdownFile(p) {
				return ctx.Err()
			}
			data, err := fs.ReadFile(site, p)
			if err != nil {
				return err
			}
			blocks = append(blocks, cdaBlocks(p, data)...)
			return nil
		})
		if err != nil {
			return 0, nil, fmt.Errorf("find C-CDA documents in %s: %w", dir, err)
		}
	}
	sort.Slice(blocks, func(i, j int) bool { return blocks[i].file < blocks[j].file })
	var diags []diag.Diagnostic
	for _, b := range blocks {
		diags = append(diags, checkCDA(b)...)
	}
	return len(blocks), diags, nil
}

// cdaBlocks are the fenced ```xml blocks of a page that hold a
// ClinicalDocument.
func cdaBlocks(file string, page []byte) []cdaBlock {
	var out []cdaBlock
	lines := strings.Split(string(page), "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(strings.TrimSpace(lines[i]), "```xml") {
			continue
		}
		start := i + 1
		j := start
		for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```") {
			j++
		}
		body := strings.Join(lines[start:j], "\n")
		if strings.Contains(body, "<ClinicalDocument") {
			out = append(out, cdaBlock{file: file, line: start + 1, xml: []byte(body)})
		}
		i = j
	}
	return out
}

// cdaElement is what the rules read of one element.
type cdaElement struct {
	name     string
	line     int
	nullFlav bool
	children []*cdaElement
	text     strings.Builder
	parent   *cdaElement
}

func (e *cdaElement) child(name string) *cdaElement {
	for _, c := range e.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

func parseCDA(data []byte) (*cdaElement, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := &cdaElement{name: "#document"}
	cur := root
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return root, nil
		}
		if err != nil {
			return nil, err
		}
		line, _ := dec.InputPos()
		switch t := tok.(type) {
		case xml.StartElement:
			el := &cdaElement{name: t.Name.Local, line: line, parent: cur}
			for _, a := range t.Attr {
				if a.Name.Local == "nullFlavor" {
					el.nullFlav = true
				}
			}
			cur.children = append(cur.children, el)
			cur = el
		case xml.EndElement:
			cur = cur.parent
		case xml.CharData:
			cur.text.Write(t)
		}
	}
}

func checkCDA(b cdaBlock) []diag.Diagnostic {
	root, err := parseCDA(b.xml)
	if err != nil {
		return []diag.Diagnostic{{File: b.file, Line: b.line, Severity: diag.Error,
			Message: fmt.Sprintf("the quoted C-CDA document is not well-formed XML: %v", err), Hint: "close every element; mark trimmed parts with <!-- comments -->"}}
	}
	var diags []diag.Diagnostic
	report := func(el *cdaElement, msg, hint string) {
		diags = append(diags, diag.Diagnostic{File: b.file, Line: b.line + el.line - 1, Severity: diag.Error, Message: msg, Hint: hint})
	}
	walkCDA(root, func(el *cdaElement) {
		switch el.name {
		case "assignedAuthor":
			if el.child("assignedPerson") == nil && el.child("assignedAuthoringDevice") != nil && el.child("representedOrganization") == nil {
				report(el, "C-CDA CONF:1198-8456: an assignedAuthor with an assignedAuthoringDevice has no representedOrganization",
					"add <representedOrganization> with the organization's id and name (ContinuityofCareDocumentCCD.fsh, invariant 1198-8456)")
			}
		case "section":
			if !el.nullFlav && el.child("entry") == nil && saysNoInformation(el) {
				report(el, "C-CDA section with no information has neither an entry nor @nullFlavor",
					`write <section nullFlavor="NI"> (C-CDA R2.1: "If a required section contains no information, the @nullFlavor MAY be set to NI"; its entries are otherwise required, e.g. invariant shall-goal-obs)`)
			}
		}
	})
	return diags
}

// saysNoInformation says whether a section's narrative is empty or only
// says there is no information.
func saysNoInformation(section *cdaElement) bool {
	text := section.child("text")
	if text == nil {
		return true
	}
	var all strings.Builder
	walkCDA(text, func(e *cdaElement) { all.WriteString(e.text.String()) })
	t := strings.ToLower(strings.TrimSpace(all.String()))
	return t == "" || t == "no information" || t == "no information."
}

func walkCDA(el *cdaElement, visit func(*cdaElement)) {
	visit(el)
	for _, c := range el.children {
		walkCDA(c, visit)
	}
}

// isMarkdownFile reports whether a page file can quote a C-CDA document.
func isMarkdownFile(name string) bool {
	return strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".mdx")
}
