package shall

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// fshInstance builds the JSON of one FSH Instance from its assignment
// rules (`* a.b[+].c = value`), as SUSHI does for the rules a guide's
// CapabilityStatement uses: soft indices ([+], [=]), codes (#x), strings,
// booleans and numbers. It is enough to read a published statement's
// source where no built package of that version is here; rules of another
// form (insert, caret paths) are refused rather than guessed.
func fshInstance(src, id string) (map[string]any, error) {
	lines, err := instanceRules(src, id)
	if err != nil {
		return nil, err
	}
	root := map[string]any{}
	soft := map[string]int{}
	for _, l := range lines {
		if err := assign(root, soft, l.path, l.value); err != nil {
			return nil, fmt.Errorf("line %d: %w", l.line, err)
		}
	}
	return root, nil
}

type fshRule struct {
	line        int
	path, value string
}

var ruleLine = regexp.MustCompile(`^\*\s+([A-Za-z0-9_.\[\]=+]+)\s*=\s*(.+?)\s*$`)

func instanceRules(src, id string) ([]fshRule, error) {
	var rules []fshRule
	in := false
	for i, line := range strings.Split(src, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "Instance:"):
			in = strings.TrimSpace(strings.TrimPrefix(trimmed, "Instance:")) == id
			continue
		case !in || !strings.HasPrefix(trimmed, "*"):
			continue
		}
		m := ruleLine.FindStringSubmatch(trimmed)
		if m == nil {
			return nil, fmt.Errorf("line %d: %q is not an assignment this reader takes", i+1, trimmed)
		}
		rules = append(rules, fshRule{line: i + 1, path: m[1], value: m[2]})
	}
	if len(rules) == 0 {
		return nil, fmt.Errorf("no Instance: %s with rules", id)
	}
	return rules, nil
}

var pathStep = regexp.MustCompile(`^([A-Za-z0-9_]+)(?:\[(\d+|=|\+)\])?$`)

// assign sets the value at path, creating objects and array items on the
// way. soft holds the last index used of each array, by the resolved path
// of the array, for [=] and [+].
func assign(root map[string]any, soft map[string]int, path, raw string) error {
	value, err := fshValue(raw)
	if err != nil {
		return err
	}
	steps := strings.Split(path, ".")
	node := root
	resolved := ""
	for i, step := range steps {
		m := pathStep.FindStringSubmatch(step)
		if m == nil {
			return fmt.Errorf("path step %q", step)
		}
		name, index := m[1], m[2]
		resolved += "." + name
		last := i == len(steps)-1
		if index == "" && last {
			node[name] = value
			return nil
		}
		idx := 0
		switch index {
		case "+":
			if n, ok := soft[resolved]; ok {
				idx = n + 1
			}
			soft[resolved] = idx
		case "=":
			idx = soft[resolved]
		case "":
			idx = 0
		default:
			idx, _ = strconv.Atoi(index)
			soft[resolved] = idx
		}
		resolved += "[" + strconv.Itoa(idx) + "]"
		items, _ := node[name].([]any)
		for len(items) <= idx {
			items = append(items, map[string]any{})
		}
		node[name] = items
		if last {
			items[idx] = value
			return nil
		}
		child, ok := items[idx].(map[string]any)
		if !ok {
			return fmt.Errorf("%s is a value, not an element", resolved)
		}
		node = child
	}
	return nil
}

func fshValue(raw string) (any, error) {
	switch {
	case strings.HasPrefix(raw, `"`):
		s, err := strconv.Unquote(raw)
		if err != nil {
			return nil, fmt.Errorf("string %s: %w", raw, err)
		}
		return s, nil
	case strings.HasPrefix(raw, "#"):
		return strings.TrimPrefix(raw, "#"), nil
	case raw == "true" || raw == "false":
		return raw == "true", nil
	}
	if n, err := strconv.ParseFloat(raw, 64); err == nil {
		return n, nil
	}
	// A coding (system#code "display") is kept as written: the comparison
	// reads none.
	return raw, nil
}

func TestFSHInstance(t *testing.T) {
	src := `Instance: other
* url = "x"

Instance: cs
InstanceOf: CapabilityStatement
* url = "http://example.org/cs"
* experimental = false
* rest.mode = #server
* rest.resource[0].type = #Group
* rest.resource[=].interaction[0].code = #read
* rest.resource[=].interaction[+].code = #search-type
// * rest.resource[=].interaction[+].code = #vread
* rest.resource[+].type = #Patient
* rest.resource[=].interaction[+].code = #read
* rest.resource[=].searchParam[0].extension.url = "http://e/expectation"
* rest.resource[=].searchParam[=].extension.valueCode = #SHALL
* rest.resource[=].searchParam[=].documentation = "a \"quoted\" word\nand a line"
`
	got, err := fshInstance(src, "cs")
	if err != nil {
		t.Fatal(err)
	}
	want := `{"experimental":false,"rest":[{"mode":"server","resource":[{"interaction":[{"code":"read"},{"code":"search-type"}],"type":"Group"},` +
		`{"interaction":[{"code":"read"}],"searchParam":[{"documentation":"a \"quoted\" word\nand a line","extension":[{"url":"http://e/expectation","valueCode":"SHALL"}]}],"type":"Patient"}]}],"url":"http://example.org/cs"}`
	if s := mustJSON(t, got); s != want {
		t.Errorf("got  %s\nwant %s", s, want)
	}
	if _, err := fshInstance("Instance: cs\n* insert SomeRuleSet\n", "cs"); err == nil {
		t.Error("an insert rule was taken")
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
