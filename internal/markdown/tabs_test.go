package markdown

import (
	"encoding/json"
	"html"
	"maps"
	"strings"
	"testing"
)

func TestParseTabsOpening(t *testing.T) {
	tests := []struct {
		line      string
		ok        bool
		fence     int
		keyword   string
		wantLabel string
		wantAttrs map[string]string
	}{
		{"::::tabs", true, 4, "tabs", "", map[string]string{}},
		{"::::tabs\n", true, 4, "tabs", "", map[string]string{}},
		{`::::tabs{groupId="os"}`, true, 4, "tabs", "", map[string]string{"groupId": "os"}},
		{"::::tabs groupId=os", true, 4, "tabs", "", map[string]string{"groupId": "os"}},
		{"::::tabs  { groupId='os' } ", true, 4, "tabs", "", map[string]string{"groupId": "os"}},
		{":::tab[macOS]", true, 3, "tab", "macOS", map[string]string{}},
		{":::tab[ Windows **10+** ]{value=\"win\" default}", true, 3, "tab", "Windows **10+**", map[string]string{"value": "win", "default": ""}},
		{":::tab[a [b] c]", true, 3, "tab", "a [b] c", map[string]string{}},
		{":::tab", true, 3, "tab", "", map[string]string{}},
		{":::tab[unclosed", false, 0, "", "", nil},
		{":::tabsy", false, 0, "", "", nil},
		{":::Tabs", false, 0, "", "", nil},
		{":::tab]", false, 0, "", "", nil},
		{"::tabs", false, 0, "", "", nil},
		{`::::tabs{groupId="os}`, false, 0, "", "", nil},
		{"::::tabs{groupId=os", false, 0, "", "", nil},
		{"::::tabs =os", false, 0, "", "", nil},
		{":::note", false, 0, "", "", nil},
	}
	for _, tt := range tests {
		open, ok := parseTabsOpening([]byte(tt.line))
		if ok != tt.ok {
			t.Errorf("parseTabsOpening(%q) ok = %v, want %v", tt.line, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		label := tt.line[open.labelStart:open.labelStop]
		if open.fence != tt.fence || open.keyword != tt.keyword || label != tt.wantLabel || !maps.Equal(open.attrs, tt.wantAttrs) {
			t.Errorf("parseTabsOpening(%q) = %d %q %q %v, want %d %q %q %v",
				tt.line, open.fence, open.keyword, label, open.attrs, tt.fence, tt.keyword, tt.wantLabel, tt.wantAttrs)
		}
	}
}

func TestTabsAreNumberedPerPage(t *testing.T) {
	src := "::::tabs\n:::tab[A]\na\n:::\n::::\n\n::::tabs\n:::tab[B]\nb\n:::\n::::\n"
	res, err := New().Render([]byte(src), RenderContext{})
	if err != nil {
		t.Fatal(err)
	}
	// The theme's element ids come from seq (tabs:<seq>:tab:<n>).
	for _, seq := range []string{`{"seq":1,`, `{"seq":2,`} {
		if strings.Count(res.HTML, html.EscapeString(seq)) != 1 {
			t.Errorf("want exactly one group %s in\n%s", seq, res.HTML)
		}
	}
	// A second page starts counting again: ids depend on the page only.
	again, err := New().Render([]byte(src), RenderContext{})
	if err != nil {
		t.Fatal(err)
	}
	if again.HTML != res.HTML {
		t.Errorf("rendering the same page twice differs:\n%s\n---\n%s", res.HTML, again.HTML)
	}
}

func TestTabsDefaultSelectsOneTab(t *testing.T) {
	src := "::::tabs\n:::tab[A]\na\n:::\n:::tab[B]{default}\nb\n:::\n:::tab[C]{default}\nc\n:::\n::::\n"
	res, err := New().Render([]byte(src), RenderContext{})
	if err != nil {
		t.Fatal(err)
	}
	var props tabsProps
	if err := json.Unmarshal(componentProps(t, res.HTML, "Tabs"), &props); err != nil {
		t.Fatal(err)
	}
	var selected []string
	for _, tab := range props.Tabs {
		if tab.Selected {
			selected = append(selected, tab.Value)
		}
	}
	if len(selected) != 1 || selected[0] != "B" {
		t.Errorf("selected tabs %q, want the first default one, B", selected)
	}
}
