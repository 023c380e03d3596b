package config

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"gopkg.in/yaml.v3"
)

// renamedKeys are Docusaurus keys that were removed or renamed; authors who
// carry an old config over get the new name instead of a guess.
var renamedKeys = map[string]string{
	"themeConfig.disableDarkMode":               "themeConfig.colorMode.disableSwitch",
	"themeConfig.defaultDarkMode":               `themeConfig.colorMode.defaultMode: "dark"`,
	"themeConfig.navbar.links":                  "themeConfig.navbar.items",
	"themeConfig.hideableSidebar":               "themeConfig.docs.sidebar.hideable",
	"themeConfig.autoCollapseSidebarCategories": "themeConfig.docs.sidebar.autoCollapseCategories",
	"themeConfig.sidebarCollapsible":            "docs.sidebarCollapsible",
	"themeConfig.metadatas":                     "themeConfig.metadata",
	"themeConfig.colorMode.switchConfig":        "a swizzled ColorModeToggle (switchConfig is deprecated)",
}

var yamlNodeType = reflect.TypeOf(yaml.Node{})

// CheckKeys walks a YAML node against the Go type it will be decoded into
// and reports every key the type does not have, with its line and the
// nearest valid key. yaml.v3's KnownFields stops at the first unknown key
// and cannot suggest; authors fixing a config want all of them at once.
func CheckKeys(file string, node *yaml.Node, into any) []diag.Diagnostic {
	var out []diag.Diagnostic
	checkNode(file, node, reflect.TypeOf(into), "", &out)
	return out
}

func checkNode(file string, node *yaml.Node, t reflect.Type, path string, out *[]diag.Diagnostic) {
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
		checkStruct(file, node, t, path, out)
	case reflect.Slice:
		if node.Kind == yaml.SequenceNode {
			for _, child := range node.Content {
				checkNode(file, child, t.Elem(), path+"[]", out)
			}
		}
	case reflect.Map:
		if node.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(node.Content); i += 2 {
				checkNode(file, node.Content[i+1], t.Elem(), join(path, node.Content[i].Value), out)
			}
		}
	}
}

func checkStruct(file string, node *yaml.Node, t reflect.Type, path string, out *[]diag.Diagnostic) {
	if node.Kind != yaml.MappingNode {
		return // a type error; the decoder reports it
	}
	fields := yamlFields(t)
	for i := 0; i+1 < len(node.Content); i += 2 {
		key := node.Content[i]
		field, ok := fields[key.Value]
		if !ok {
			*out = append(*out, unknownKey(file, key, path, fields))
			continue
		}
		checkNode(file, node.Content[i+1], field.Type, join(path, key.Value), out)
	}
}

func unknownKey(file string, key *yaml.Node, path string, fields map[string]reflect.StructField) diag.Diagnostic {
	where := "at the top level"
	if path != "" {
		where = "in " + path
	}
	d := diag.Diagnostic{File: file, Line: key.Line, Col: key.Column, Severity: diag.Error,
		Message: fmt.Sprintf("unknown key %q %s", key.Value, where)}
	full := join(strings.ReplaceAll(path, "[]", ""), key.Value)
	if renamed, ok := renamedKeys[full]; ok {
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
		d := levenshtein(strings.ToLower(s), strings.ToLower(c))
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

func levenshtein(a, b string) int {
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
