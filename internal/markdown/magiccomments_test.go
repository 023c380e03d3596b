package markdown

import (
	"reflect"
	"strings"
	"testing"
)

func TestApplyMagicComments(t *testing.T) {
	tests := []struct {
		name, language, code string
		wantKept             string
		wantHighlighted      []bool
	}{
		{
			"next line", "js",
			"// highlight-next-line\na\nb",
			"a\nb", []bool{true, false},
		},
		{
			"block", "ts",
			"a\n/* highlight-start */\nb\nc\n  // highlight-end  \nd",
			"a\nb\nc\nd", []bool{false, true, true, false},
		},
		{
			"nested blocks", "js",
			"// highlight-start\na\n// highlight-start\nb\n// highlight-end\nc\n// highlight-end\nd",
			"a\nb\nc\nd", []bool{true, true, true, false},
		},
		{
			"jsx comment", "jsx",
			"{/* highlight-next-line */}\n<a/>",
			"<a/>", []bool{true},
		},
		{
			"python ignores slash comments", "python",
			"// highlight-next-line\n# highlight-next-line\nx",
			"// highlight-next-line\nx", []bool{false, true},
		},
		{
			"html comment", "html",
			"<!-- highlight-next-line -->\n<p/>",
			"<p/>", []bool{true},
		},
		{
			"lua double dash", "lua",
			"-- highlight-next-line\nx",
			"x", []bool{true},
		},
		{
			"unknown language takes the common forms", "rust",
			"# highlight-next-line\na\n<!-- highlight-next-line -->\nb",
			"a\nb", []bool{true, true},
		},
		{
			"comment with other text is code", "js",
			"// highlight-next-line please\nx",
			"// highlight-next-line please\nx", []bool{false, false},
		},
		{
			"unmatched end is dropped", "js",
			"// highlight-end\nx",
			"x", []bool{false},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kept, highlighted := applyMagicComments(tt.language, strings.Split(tt.code, "\n"))
			if strings.Join(kept, "\n") != tt.wantKept || !reflect.DeepEqual(highlighted, tt.wantHighlighted) {
				t.Errorf("got %q %v, want %q %v", strings.Join(kept, "\n"), highlighted, tt.wantKept, tt.wantHighlighted)
			}
		})
	}
}
