package blog

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/yamlx"
	"gopkg.in/yaml.v3"
)

// loadAuthors reads the authors file (authors.yml in the blog folder by
// default): author key → author.
func loadAuthors(site fs.FS, b *Blog) (map[string]*Author, []diag.Diagnostic) {
	file := path.Join(b.Config.Path, b.Config.AuthorsMapPath)
	authors := map[string]*Author{}
	var node yaml.Node
	ok, diags := readYAML(site, file, &node)
	if !ok {
		return authors, diags
	}
	m := node.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		key := m.Content[i].Value
		a := &Author{}
		if err := m.Content[i+1].Decode(a); err != nil {
			diags = append(diags, yamlx.Errors(file, err, 0)...)
			continue
		}
		a.Key = key
		if hasPage(a.Page) {
			a.Permalink = b.Form.Join(b.Root, b.Config.AuthorsBasePath, key)
		}
		authors[key] = a
	}
	return authors, diags
}

// hasPage reads authors.yml's page: true, or page: {permalink: …}.
func hasPage(page any) bool {
	switch p := page.(type) {
	case bool:
		return p
	case map[string]any:
		return true
	}
	return false
}

// readYAML reads a YAML file holding a mapping; false when there is none.
func readYAML(site fs.FS, file string, node *yaml.Node) (bool, []diag.Diagnostic) {
	data, err := fs.ReadFile(site, file)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, []diag.Diagnostic{{File: file, Severity: diag.Error, Message: err.Error()}}
	}
	if err := yaml.Unmarshal(data, node); err != nil {
		return false, yamlx.Errors(file, err, 0)
	}
	if len(node.Content) == 0 {
		return false, nil
	}
	if node.Content[0].Kind != yaml.MappingNode {
		return false, []diag.Diagnostic{{File: file, Line: 1, Severity: diag.Error, Message: file + " must map each key to an entry"}}
	}
	return true, nil
}

// postAuthors reads front matter authors: a key of the authors file, a
// list of keys and inline authors, or one inline author.
func (b *Blog) postAuthors(file string, fm *FrontMatter) ([]*Author, []diag.Diagnostic) {
	n := &fm.Authors
	if !isSet(n) {
		return nil, nil
	}
	items := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		items = n.Content
	}
	var out []*Author
	var diags []diag.Diagnostic
	for _, item := range items {
		if item.Kind == yaml.ScalarNode {
			a, ok := b.Authors[item.Value]
			if !ok {
				diags = append(diags, diag.Diagnostic{File: file, Line: fm.Lines["authors"], Severity: diag.Error,
					Message: fmt.Sprintf("blog author with key %q not found in the authors map file", item.Value),
					Hint:    "add it to " + path.Join(b.Config.Path, b.Config.AuthorsMapPath) + ", or use one of: " + strings.Join(b.authorKeys(), ", ")})
				continue
			}
			out = append(out, a)
			continue
		}
		a := &Author{}
		if err := item.Decode(a); err != nil {
			diags = append(diags, yamlx.Errors(file, err, 1)...)
			continue
		}
		if key := keyOf(item); key != "" {
			if known, ok := b.Authors[key]; ok {
				merged := *known
				mergeAuthor(&merged, a)
				a = &merged
			}
		}
		out = append(out, a)
	}
	return out, diags
}

// keyOf is an inline author's key: field.
func keyOf(item *yaml.Node) string {
	if v := yamlx.Value(item, "key"); v != nil {
		return v.Value
	}
	return ""
}

// mergeAuthor lets an inline author's fields override its key's.
func mergeAuthor(into, over *Author) {
	for _, f := range []struct{ dst, src *string }{{&into.Name, &over.Name}, {&into.Title, &over.Title},
		{&into.URL, &over.URL}, {&into.ImageURL, &over.ImageURL}, {&into.Email, &over.Email}} {
		if *f.src != "" {
			*f.dst = *f.src
		}
	}
}

func (b *Blog) authorKeys() []string {
	keys := make([]string, 0, len(b.Authors))
	for k := range b.Authors {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
