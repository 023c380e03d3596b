package markdown

import (
	"reflect"
	"testing"
)

func heading(level int, id string) Heading {
	return Heading{Level: level, ID: id, Text: id, HTML: id}
}

func item(level int, id string, children ...TOCItem) TOCItem {
	return TOCItem{Value: id, ID: id, Level: level, Children: children}
}

func TestBuildTOC(t *testing.T) {
	tests := []struct {
		name     string
		headings []Heading
		min, max int
		want     []TOCItem
	}{
		{
			name:     "nesting by level",
			headings: []Heading{heading(2, "a"), heading(3, "b"), heading(3, "c"), heading(2, "d")},
			min:      2, max: 3,
			want: []TOCItem{item(2, "a", item(3, "b"), item(3, "c")), item(2, "d")},
		},
		{
			name:     "levels outside the range are dropped",
			headings: []Heading{heading(2, "a"), heading(3, "b"), heading(4, "c"), heading(5, "d")},
			min:      2, max: 3,
			want: []TOCItem{item(2, "a", item(3, "b"))},
		},
		{
			name:     "children of dropped headings are promoted",
			headings: []Heading{heading(2, "a"), heading(3, "b"), heading(4, "c"), heading(2, "d")},
			min:      3, max: 4,
			want: []TOCItem{item(3, "b", item(4, "c"))},
		},
		{
			name:     "parent is the latest lower heading, not the latest one",
			headings: []Heading{heading(2, "a"), heading(4, "b"), heading(3, "c"), heading(4, "d")},
			min:      2, max: 6,
			want: []TOCItem{item(2, "a", item(4, "b"), item(3, "c", item(4, "d")))},
		},
		{
			name:     "a skipped level still nests",
			headings: []Heading{heading(3, "a"), heading(2, "b"), heading(4, "c")},
			min:      2, max: 6,
			want: []TOCItem{item(3, "a"), item(2, "b", item(4, "c"))},
		},
		{
			name: "empty",
			min:  2, max: 3,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := BuildTOC(tt.headings, tt.min, tt.max); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("BuildTOC =\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

func TestTOCValueDropsLinks(t *testing.T) {
	headings := []Heading{{Level: 2, ID: "x", HTML: `Use <a href="https://e.com">this <code>thing</code></a>`}}
	if got := BuildTOC(headings, 2, 3)[0].Value; got != "Use this <code>thing</code>" {
		t.Errorf("Value = %q", got)
	}
}
