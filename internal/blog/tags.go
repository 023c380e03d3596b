package blog

import (
	"io/fs"
	"path"
	"strings"
	"unicode"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/yamlx"
	"gopkg.in/yaml.v3"
)

// loadTags reads the tags file (tags.yml in the blog folder by default):
// tag key → tag, each with its permalink.
func loadTags(site fs.FS, b *Blog) (map[string]*Tag, []diag.Diagnostic) {
	tags := map[string]*Tag{}
	if b.Config.Tags == "false" {
		return tags, nil
	}
	file := path.Join(b.Config.Path, b.Config.Tags)
	var node yaml.Node
	ok, diags := readYAML(site, file, &node)
	if !ok {
		return tags, diags
	}
	m := node.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		key := m.Content[i].Value
		t := &Tag{}
		if v := m.Content[i+1]; v.Kind == yaml.MappingNode {
			if err := v.Decode(t); err != nil {
				diags = append(diags, yamlx.Errors(file, err, 0)...)
				continue
			}
		}
		if t.Label == "" {
			t.Label = key
		}
		t.Permalink = b.tagPermalink(t.Permalink, key)
		tags[key] = t
	}
	return tags, diags
}

// tagPermalink is a tag's route: its own permalink under the tags route,
// else its key in kebab case, as Docusaurus writes it.
func (b *Blog) tagPermalink(own, key string) string {
	if own == "" {
		own = kebabCase(key)
	}
	return b.Form.Join(b.Root, b.Config.TagsBasePath, own)
}

// postTags reads front matter tags: keys of the tags file, inline labels,
// or {label, permalink} objects.
func (b *Blog) postTags(fm *FrontMatter, known map[string]*Tag) []*Tag {
	n := &fm.Tags
	if !isSet(n) || n.Kind != yaml.SequenceNode {
		return nil
	}
	var out []*Tag
	seen := map[string]bool{}
	for _, item := range n.Content {
		var t *Tag
		switch item.Kind {
		case yaml.ScalarNode:
			if k, ok := known[item.Value]; ok {
				t = k
			} else {
				t = &Tag{Label: item.Value, Permalink: b.tagPermalink("", item.Value)}
			}
		case yaml.MappingNode:
			t = &Tag{}
			if item.Decode(t) != nil || t.Label == "" {
				continue
			}
			t.Permalink = b.tagPermalink(strings.Trim(t.Permalink, "/"), t.Label)
		default:
			continue
		}
		if !seen[t.Permalink] {
			seen[t.Permalink] = true
			out = append(out, t)
		}
	}
	return out
}

// kebabCase writes a label as lodash's kebabCase does: its words, lower
// case, joined by hyphens ("Hello World" and "helloWorld" are
// "hello-world").
func kebabCase(s string) string {
	var words []string
	var word []rune
	flush := func() {
		if len(word) > 0 {
			words = append(words, strings.ToLower(string(word)))
			word = word[:0]
		}
	}
	runes := []rune(s)
	for i, r := range runes {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && i > 0 && (unicode.IsLower(runes[i-1]) || unicode.IsDigit(runes[i-1])):
			flush()
			word = append(word, r)
		default:
			word = append(word, r)
		}
	}
	flush()
	return strings.Join(words, "-")
}
