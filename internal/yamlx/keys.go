// Package yamlx decodes YAML with located diagnostics: every unknown key
// with its line and the nearest valid key, and yaml.v3's errors turned into
// file:line diagnostics. Config, front matter, category files and sidebars
// all read YAML this way.
package yamlx

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"gopkg.in/yaml.v3"
)

var yamlNodeType = reflect.TypeOf(yaml.Node{})

// CheckKeys walks a YAML node against the Go type it will be decoded into
// and reports every key the type does not have, with its line and the
// nearest valid key. yaml.v3's KnownFields stops at the first unknown key
// and cannot suggest; authors fixing a config want all of them at once.
//
// renamed maps full key paths ("themeConfig.navbar.links") that a format
// removed to what replaces them; it may be nil.
func CheckKeys(file string, node *yaml.Node, into any, renamed map[string]string) []diag.Diagnostic {
	c := checker{file: file, renamed: renamed}
	c.node(node, reflect.TypeOf(into), "")
	return c.out
}

type checker struct {
	file    string
	renamed map[string]string
	out     []diag.Diagnostic
}

func (c *checker) node(node *yaml.Node, t reflect.Type, path string) {
	if node == nil {
		return
	}
	if node.Kind == yaml.AliasNode {
		node = node.Alias
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == yamlNodeType {
		return // decoded later by its owner, which checks it against its own type
	}
	switch t.Kind() {
	case reflect.Struct:
		c.structure(node, t, path)
	case reflect.Slice:
		if node.Kind == yaml.SequenceNode {
			for _, child := range node.Content {
				c.node(child, t.Elem(), path+"[]")
			}
		}
	case reflect.Map:
		if node.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(node.Content); i += 2 {
				c.node(node.Content[i+1], t.Elem(), join(path, node.Content[i].Value))
			}
		}
	}
}

func (c *checker) structure(node *yaml.Node, t reflect.Type, path string) {
	if node.Kind != yaml.MappingNode {
		return // a type error; the decoder reports it
	}
	fields := yamlFields(t)
	for i := 0; i+1 < len(node.Content); i += 2 {
		key := node.Content[i]
		field, ok := fields[key.Value]
		if !ok {
			c.out = append(c.out, c.unknownKey(key, path, fields))
			continue
		}
		c.node(node.Content[i+1], field.Type, join(path, key.Value))
	}
}

func (c *checker) unknownKey(key *yaml.Node, path string, fields map[string]reflect.StructField) diag.Diagnostic {
	where := "at the top level"
	if path != "" {
		where = "in " + path
	}
	d := diag.Diagnostic{File: c.file, Line: key.Line, Col: key.Column, Severity: diag.Error,
		Message: fmt.Sprintf("unknown key %q %s", key.Value, where)}
	full := join(strings.ReplaceAll(path, "[]", ""), key.Value)
	if renamed, ok := c.renamed[full]; ok {
		d.Hint = fmt.Sprintf("%q was removed; use %s", full, renamed)
		return d
	}
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	if near := Nearest(key.Value, names); near != "" {
		d.Hint = fmt.Sprintf("did you mean %q?", near)
	} else {
		sort.Strings(names)
		d.Hint = "valid keys: " + strings.Join(names, ", ")
	}
	return d
}

// yamlFields maps each YAML key of a struct type to its field.
func yamlFields(t reflect.Type) map[string]reflect.StructField {
	fields := map[string]reflect.StructField{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		fields[name] = f
	}
	return fields
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Nearest returns the candidate closest to s by edit distance (ignoring
// case), or "" when none is close enough to be a plausible typo.
func Nearest(s string, candidates []string) string {
	best, bestDist := "", -1
	for _, c := range candidates {
		d := EditDistance(strings.ToLower(s), strings.ToLower(c))
		if bestDist < 0 || d < bestDist || (d == bestDist && c < best) {
			best, bestDist = c, d
		}
	}
	limit := len(s)/2 + 1
	if limit < 2 {
		limit = 2
	}
	if bestDist < 0 || bestDist > limit {
		return ""
	}
	return best
}

// EditDistance is the Levenshtein distance between a and b, in runes: the
// measure every "did you mean" of the engine uses.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// Value is the value of key in a mapping node, or nil.
func Value(node *yaml.Node, key string) *yaml.Node {
	if node == nil || node.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		if node.Content[i].Value == key {
			return node.Content[i+1]
		}
	}
	return nil
}

// PathLine is the line of a key path ("themeConfig", "navbar") in the
// YAML, or of its deepest existing ancestor, for diagnostics about values
// that decoded but are invalid.
func PathLine(node *yaml.Node, path ...string) int {
	line := node.Line
	for _, key := range path {
		next := Value(node, key)
		if next == nil {
			return line
		}
		line, node = next.Line, next
	}
	return line
}

var yamlLineRe = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// Errors turns yaml.v3's errors (one line per problem, "line N: …") into
// located diagnostics. lineOffset is added to the lines, for YAML embedded
// in a larger file (front matter starts on the file's second line).
func Errors(file string, err error, lineOffset int) []diag.Diagnostic {
	msgs := []string{err.Error()}
	if te, ok := err.(*yaml.TypeError); ok {
		msgs = te.Errors
	}
	out := make([]diag.Diagnostic, 0, len(msgs))
	for _, msg := range msgs {
		d := diag.Diagnostic{File: file, Line: 1, Severity: diag.Error, Message: msg}
		if m := yamlLineRe.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.Atoi(m[1])
			d.Line, d.Message = n+lineOffset, m[2]
		}
		d.Message = strings.TrimPrefix(d.Message, "yaml: ")
		out = append(out, d)
	}
	return out
}

// FrontMatterLines maps each top-level key of a front-matter document to
// its line in the file (the YAML starts on the file's second line, after
// the opening ---).
func FrontMatterLines(node *yaml.Node) map[string]int {
	lines := map[string]int{}
	if len(node.Content) == 0 || node.Content[0].Kind != yaml.MappingNode {
		return lines
	}
	m := node.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		lines[m.Content[i].Value] = m.Content[i].Line + 1
	}
	return lines
}
