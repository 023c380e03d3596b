package yamlx

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

func TestNearest(t *testing.T) {
	keys := []string{"items", "logo", "title", "hideOnScroll", "style"}
	for in, want := range map[string]string{"itemz": "items", "Logo": "logo", "hideonscrol": "hideOnScroll", "zzzzzzzz": ""} {
		if got := Nearest(in, keys); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", in, got, want)
		}
	}
}

type inner struct {
	Name string `yaml:"name"`
}

type outer struct {
	Title string           `yaml:"title"`
	Items []inner          `yaml:"items"`
	ByID  map[string]inner `yaml:"byId"`
	Raw   yaml.Node        `yaml:"raw"`
	Any   any              `yaml:"any"`
}

func TestCheckKeysReportsEveryUnknownKey(t *testing.T) {
	src := "title: x\ntitel: y\nitems:\n  - name: a\n    nmae: b\nbyId:\n  k: {naem: c}\nraw: {anything: 1}\nany: {whatever: 2}\nold: 1\n"
	var node yaml.Node
	if err := yaml.Unmarshal([]byte(src), &node); err != nil {
		t.Fatal(err)
	}
	diags := CheckKeys("f.yaml", node.Content[0], &outer{}, map[string]string{"old": "new"})
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	want := []string{
		"f.yaml:2: unknown key \"titel\" at the top level\n  hint: did you mean \"title\"?",
		"f.yaml:5: unknown key \"nmae\" in items[]\n  hint: did you mean \"name\"?",
		"f.yaml:7: unknown key \"naem\" in byId.k\n  hint: did you mean \"name\"?",
		"f.yaml:10: unknown key \"old\" at the top level\n  hint: \"old\" was removed; use new",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestErrorsAreLocated(t *testing.T) {
	var v struct {
		N int `yaml:"n"`
	}
	err := yaml.Unmarshal([]byte("a: 1\nn: lots\n"), &v)
	diags := Errors("doc.md", err, 1)
	if len(diags) != 1 || diags[0].Line != 3 || !strings.Contains(diags[0].Message, "cannot unmarshal") {
		t.Errorf("diags = %v", diags)
	}
}
