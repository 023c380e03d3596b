package markdown

import "testing"

// The cases follow github-slugger's fixtures, in order, through one slugger,
// so the duplicate numbering is exercised as GitHub does it.
func TestSluggerMatchesGitHub(t *testing.T) {
	cases := []struct{ text, want string }{
		{"alpha", "alpha"},
		{"alpha", "alpha-1"},
		{"bravoCharlieDelta", "bravocharliedelta"},
		{"__proto__", "__proto__"},
		{"__proto__", "__proto__-1"},
		{"echo", "echo"},
		{"echo", "echo-1"},
		{"echo 1", "echo-1-1"},
		{"echo-1", "echo-1-2"},
		{"echo", "echo-2"},
		{"foxtrot-1", "foxtrot-1"},
		{"foxtrot", "foxtrot"},
		{"foxtrot", "foxtrot-2"},
		{"heading with a - dash", "heading-with-a---dash"},
		{"heading with an _ underscore", "heading-with-an-_-underscore"},
		{"heading with a period.txt", "heading-with-a-periodtxt"},
		{"exchange.bind_headers(exchange, routing [, bindCallback])", "exchangebind_headersexchange-routing--bindcallback"},
		{" a ", "-a-"},
		{"apostrophe’s should be trimmed", "apostrophes-should-be-trimmed"},
		{"I ♥ unicode", "i--unicode"},
		{"en–dash", "endash"},
		{"😄 unicode emoji", "-unicode-emoji"},
		{"😄_😄 unicode emoji", "_-unicode-emoji"},
		{":ok_hand: :hatched_chick: Two in a row", "ok_hand-hatched_chick-two-in-a-row"},
		{"Привет non-latin 你好", "привет-non-latin-你好"},
		{"Ⓐ circled letters are alphabetic", "ⓐ-circled-letters-are-alphabetic"},
		{"tab\tand ²", "taband-"},
		{"", ""},
	}
	slugs := newSlugger()
	for _, c := range cases {
		if got := slugs.slug(c.text); got != c.want {
			t.Errorf("slug(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
