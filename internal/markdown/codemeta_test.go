package markdown

import (
	"reflect"
	"testing"
)

func TestParseCodeMeta(t *testing.T) {
	tests := []struct {
		meta string
		want codeMeta
	}{
		{``, codeMeta{}},
		{`title="a b.js"`, codeMeta{title: "a b.js"}},
		{`title='it"s'`, codeMeta{title: `it"s`}},
		{`{1,3-5}`, codeMeta{hasRange: true, highlightRanges: [][2]int{{1, 1}, {3, 5}}}},
		{`showLineNumbers`, codeMeta{lineNumbers: true, firstLineNumber: 1}},
		{`showLineNumbers=7`, codeMeta{lineNumbers: true, firstLineNumber: 7}},
		{`showLineNumbersX`, codeMeta{}},
		{
			`title="t" {2} showLineNumbers=0`,
			codeMeta{title: "t", hasRange: true, highlightRanges: [][2]int{{2, 2}}, lineNumbers: true, firstLineNumber: 0},
		},
	}
	for _, tt := range tests {
		if got := parseCodeMeta(tt.meta); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseCodeMeta(%q) = %+v, want %+v", tt.meta, got, tt.want)
		}
	}
}

func TestParseLineRangesSkipsMalformedParts(t *testing.T) {
	got := parseLineRanges("1,,x,5-3, 7 - 8,9-")
	want := [][2]int{{1, 1}, {3, 5}, {7, 8}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parseLineRanges = %v, want %v", got, want)
	}
}

func TestHighlightedLinesIgnoresLinesOutsideTheBlock(t *testing.T) {
	got := highlightedLines([][2]int{{0, 1}, {3, 9}}, 4)
	want := []bool{true, false, true, true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("highlightedLines = %v, want %v", got, want)
	}
}
