package content

import (
	"bytes"
	"fmt"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/yamlx"
	"gopkg.in/yaml.v3"
)

// FrontMatter holds Docusaurus's doc front-matter keys (behaviour reference
// 10.1). Unknown keys are allowed, as in Docusaurus, and kept in Extra so
// that pages can carry layout data (the home page's hero and features).
type FrontMatter struct {
	ID                  string         `yaml:"id"`
	Title               string         `yaml:"title"`
	SidebarLabel        string         `yaml:"sidebar_label"`
	SidebarPosition     *float64       `yaml:"sidebar_position"`
	SidebarClassName    string         `yaml:"sidebar_class_name"`
	SidebarCustomProps  map[string]any `yaml:"sidebar_custom_props"`
	Slug                string         `yaml:"slug"`
	Description         string         `yaml:"description"`
	Keywords            []string       `yaml:"keywords"`
	Image               string         `yaml:"image"`
	HideTitle           bool           `yaml:"hide_title"`
	HideTableOfContents bool           `yaml:"hide_table_of_contents"`
	TOCMinHeadingLevel  int            `yaml:"toc_min_heading_level"`
	TOCMaxHeadingLevel  int            `yaml:"toc_max_heading_level"`
	PaginationLabel     string         `yaml:"pagination_label"`
	PaginationNext      Nullable       `yaml:"pagination_next"`
	PaginationPrev      Nullable       `yaml:"pagination_prev"`
	DisplayedSidebar    Nullable       `yaml:"displayed_sidebar"`
	CustomEditURL       Nullable       `yaml:"custom_edit_url"`
	Draft               bool           `yaml:"draft"`
	Unlisted            bool           `yaml:"unlisted"`
	Tags                []string       `yaml:"tags"`
	LastUpdate          *LastUpdate    `yaml:"last_update"`
	ParseNumberPrefixes *bool          `yaml:"parse_number_prefixes"`
	Layout              string         `yaml:"layout"`
	// SearchWeight scales the page's search score (Portal; Pagefind's
	// data-pagefind-weight): below 1 for pages that repeat others.
	SearchWeight *float64       `yaml:"search_weight"`
	Extra        map[string]any `yaml:",inline"`
	Lines        map[string]int `yaml:"-"`
}

// LastUpdate overrides the last-update author and date.
type LastUpdate struct {
	Author string `yaml:"author" json:"author,omitempty"`
	Date   string `yaml:"date" json:"date,omitempty"`
}

// Nullable is a front-matter string that distinguishes "not set" from an
// explicit null, which Docusaurus uses to switch a feature off
// (pagination_next: null removes the next link).
type Nullable struct {
	Set   bool
	Null  bool
	Value string
}

// UnmarshalYAML records whether the key was present and whether it was null.
func (n *Nullable) UnmarshalYAML(node *yaml.Node) error {
	n.Set = true
	if node.Tag == "!!null" {
		n.Null = true
		return nil
	}
	return node.Decode(&n.Value)
}

// IsZero lets yaml treat an absent key as absent.
func (n Nullable) IsZero() bool { return !n.Set }

// splitFrontMatter separates a leading "---" YAML block from the body. It
// returns the YAML, the body and the number of lines before the body, so
// that diagnostics in the body report file lines.
func splitFrontMatter(src []byte) (fm []byte, body []byte, bodyLine int, ok bool) {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	if !bytes.HasPrefix(src, []byte("---\n")) && !bytes.HasPrefix(src, []byte("---\r\n")) {
		return nil, src, 0, true
	}
	rest := src[bytes.IndexByte(src, '\n')+1:]
	lines := 1
	for offset := 0; offset <= len(rest); {
		end := bytes.IndexByte(rest[offset:], '\n')
		var line []byte
		if end < 0 {
			line = rest[offset:]
		} else {
			line = rest[offset : offset+end]
		}
		lines++
		if string(bytes.TrimRight(line, " \t\r")) == "---" {
			after := offset + len(line)
			if end >= 0 {
				after++
			}
			return rest[:offset], rest[after:], lines, true
		}
		if end < 0 {
			break
		}
		offset += end + 1
	}
	return nil, src, 0, false
}

// parseFrontMatter parses a file's front matter; file is for diagnostics.
func parseFrontMatter(file string, src []byte) (FrontMatter, []byte, int, []diag.Diagnostic) {
	var fm FrontMatter
	raw, body, bodyLine, ok := splitFrontMatter(src)
	if !ok {
		return fm, body, 0, []diag.Diagnostic{{File: file, Line: 1, Severity: diag.Error,
			Message: "front matter starts with --- but never ends", Hint: "close it with a line containing only ---"}}
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return fm, body, bodyLine, nil
	}
	var node yaml.Node
	// The YAML starts on the file's second line, after the opening ---.
	if err := yaml.Unmarshal(raw, &node); err != nil {
		return fm, body, bodyLine, yamlx.Errors(file, err, 1)
	}
	if err := node.Decode(&fm); err != nil {
		return fm, body, bodyLine, yamlx.Errors(file, err, 1)
	}
	fm.Lines = yamlx.FrontMatterLines(&node)
	markNulls(&fm)
	var diags []diag.Diagnostic
	if fm.Draft && fm.Unlisted {
		diags = append(diags, diag.Diagnostic{File: file, Line: fm.Lines["draft"], Severity: diag.Error,
			Message: "Can't be draft and unlisted at the same time.", Hint: "remove draft or unlisted"})
	}
	if fm.ID != "" && bytes.ContainsRune([]byte(fm.ID), '/') {
		diags = append(diags, diag.Diagnostic{File: file, Line: fm.Lines["id"], Severity: diag.Error,
			Message: fmt.Sprintf("Document id %q cannot include slash.", fm.ID), Hint: "use the folder structure for nesting"})
	}
	for _, key := range []string{"toc_min_heading_level", "toc_max_heading_level"} {
		level := fm.TOCMinHeadingLevel
		if key == "toc_max_heading_level" {
			level = fm.TOCMaxHeadingLevel
		}
		if _, set := fm.Lines[key]; set && (level < 2 || level > 6) {
			diags = append(diags, diag.Diagnostic{File: file, Line: fm.Lines[key], Severity: diag.Error,
				Message: fmt.Sprintf("%s must be an integer from 2 to 6, got %d", key, level)})
		}
	}
	if fm.TOCMinHeadingLevel != 0 && fm.TOCMaxHeadingLevel != 0 && fm.TOCMinHeadingLevel > fm.TOCMaxHeadingLevel {
		diags = append(diags, diag.Diagnostic{File: file, Line: fm.Lines["toc_min_heading_level"], Severity: diag.Error,
			Message: "toc_min_heading_level must not be greater than toc_max_heading_level"})
	}
	return fm, body, bodyLine, diags
}

// markNulls sets Null on nullable keys written as null: yaml.v3 does not call
// an Unmarshaler for a null node, so presence is read from the key lines.
func markNulls(fm *FrontMatter) {
	for key, n := range map[string]*Nullable{
		"pagination_next": &fm.PaginationNext, "pagination_prev": &fm.PaginationPrev,
		"displayed_sidebar": &fm.DisplayedSidebar, "custom_edit_url": &fm.CustomEditURL,
	} {
		if _, present := fm.Lines[key]; present && !n.Set {
			n.Set, n.Null = true, true
		}
	}
}

// StripFrontMatter returns a file's body without its front matter, and the
// number of lines before the body, for files read whole (MDX partials).
func StripFrontMatter(src []byte) (body []byte, bodyLine int) {
	_, body, bodyLine, _ = parseFrontMatter("", src)
	return body, bodyLine
}

// SplitFrontMatter separates a file's leading "---" YAML block from its
// body, for content read outside this package (blog posts): the YAML, the
// body, the number of lines before the body, and false when the block
// never ends.
func SplitFrontMatter(src []byte) (fm, body []byte, bodyLine int, ok bool) {
	return splitFrontMatter(src)
}
