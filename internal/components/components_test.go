package components

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// marked writes a component marker as the Markdown renderer does.
func marked(t *testing.T, name string, props any, slots ...string) string {
	t.Helper()
	var b strings.Builder
	if err := Open(&b, name, props); err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(slots); i += 2 {
		if slots[i] == Children {
			b.WriteString(slots[i+1])
			continue
		}
		_ = Slot(&b, slots[i])
		b.WriteString(slots[i+1])
		_ = CloseSlot(&b)
	}
	_ = Close(&b)
	return b.String()
}

// fakeTheme renders each request as <name props>slots in reverse order</name>,
// so a test sees that slots go where the component put them.
func fakeTheme(calls *int) RenderFunc {
	return func(_ context.Context, requests []Request) ([]string, error) {
		*calls++
		out := make([]string, len(requests))
		for i, r := range requests {
			var b strings.Builder
			fmt.Fprintf(&b, "<%s %s>", r.Name, r.Props)
			for j := len(r.Slots) - 1; j >= 0; j-- {
				b.WriteString("[" + r.Slots[j] + ":" + Placeholder(r.Slots[j]) + "]")
			}
			b.WriteString("</" + r.Name + ">")
			out[i] = b.String()
		}
		return out, nil
	}
}

func TestAssemble(t *testing.T) {
	inner := marked(t, "Inner", map[string]string{"q": `a"<b>`}, Children, "<p>x</p>")
	tests := []struct {
		name  string
		html  string
		want  string
		calls int
	}{
		{"no markers", "<p>plain</p>", "<p>plain</p>", 0},
		{"an author's own portal- element stays", "<portal-x>y</portal-x>", "<portal-x>y</portal-x>", 0},
		{"slots where the component puts them",
			"<p>a</p>" + marked(t, "Admonition", map[string]string{"type": "note"}, "title", "<em>T</em>", Children, "<p>body</p>") + "<p>b</p>",
			`<p>a</p><Admonition {"type":"note"}>[children:<p>body</p>][title:<em>T</em>]</Admonition><p>b</p>`, 1},
		{"nested components, one call",
			marked(t, "Outer", nil, Children, "<div>"+inner+"</div>"),
			`<Outer null>[children:<div><Inner {"q":"a\"\u003cb\u003e"}>[children:<p>x</p>]</Inner></div>]</Outer>`, 1},
		{"no children", marked(t, "DocCardList", []int{1}), "<DocCardList [1]></DocCardList>", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			got, err := Assemble(context.Background(), tt.html, fakeTheme(&calls))
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want || calls != tt.calls {
				t.Errorf("Assemble = %s (%d calls)\nwant      %s (%d calls)", got, calls, tt.want, tt.calls)
			}
		})
	}
}

func TestAssembleRepeatedSlot(t *testing.T) {
	html := marked(t, "CodeBlock", nil, "line", "a", "line", "<b>b</b>", "line", "c")
	var slots []string
	got, err := Assemble(context.Background(), html, func(_ context.Context, r []Request) ([]string, error) {
		slots = r[0].Slots
		line := Placeholder("line")
		return []string{"<code><i>" + line + "</i><i>" + line + "</i><i>" + line + "</i></code>"}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "<code><i>a</i><i><b>b</b></i><i>c</i></code>"; got != want || len(slots) != 1 {
		t.Errorf("Assemble = %s (slots %q), want %s (slot line once)", got, slots, want)
	}
}

func TestAssembleRequests(t *testing.T) {
	html := marked(t, "Outer", map[string]int{"n": 1}, "title", "T", Children, marked(t, "Inner", nil))
	var got []Request
	_, err := Assemble(context.Background(), html, func(_ context.Context, r []Request) ([]string, error) {
		got = r
		return []string{"", Placeholder("title") + Placeholder(Children)}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(got)
	want := `[{"name":"Inner","props":null,"slots":[]},{"name":"Outer","props":{"n":1},"slots":["title","children"]}]`
	if string(data) != want {
		t.Errorf("requests = %s\nwant       %s", data, want)
	}
}

func TestAssembleErrors(t *testing.T) {
	good := marked(t, "Admonition", nil, Children, "<p>body</p>")
	dropsSlot := func(_ context.Context, r []Request) ([]string, error) { return []string{"<div></div>"}, nil }
	tests := []struct {
		name   string
		html   string
		render RenderFunc
		want   string
	}{
		{"unclosed component", strings.TrimSuffix(good, closeTag), nil, "not closed"},
		{"stray end marker", good + closeTag, nil, "without its start"},
		{"props not JSON", `<portal-component name="X" props="{">` + closeTag, nil, "not JSON"},
		{"a slot the theme dropped", good, dropsSlot, "rendered its children 0 times, want 1"},
		{"a slot the theme rendered twice", good, func(context.Context, []Request) ([]string, error) {
			return []string{Placeholder(Children) + Placeholder(Children)}, nil
		}, "more times than given"},
		{"the theme's error", good, func(context.Context, []Request) ([]string, error) { return nil, errors.New("boom") }, "boom"},
		{"too few renders", good, func(context.Context, []Request) ([]string, error) { return nil, nil }, "rendered 0 components, want 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			render := tt.render
			if render == nil {
				calls := 0
				render = fakeTheme(&calls)
			}
			_, err := Assemble(context.Background(), tt.html, render)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Assemble error = %v, want one containing %q", err, tt.want)
			}
		})
	}
}
