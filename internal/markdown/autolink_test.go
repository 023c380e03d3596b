package markdown

import (
	"strings"
	"testing"
)

// A literal URL links as GFM's micromark links it in MDX: a host without a
// dot is a host, and braces in the URL are part of it rather than an
// expression to run, so nothing is left out of the page.
func TestLiteralURLsLinkAsGFMDoes(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"host without a dot", "Open http://localhost:3000/install now.\n",
			`<a href="http://localhost:3000/install">http://localhost:3000/install</a> now.`},
		{"braces in the path", "eg: https://yourdomain/{subdirectory}\n",
			`<a href="https://yourdomain/%7Bsubdirectory%7D">https://yourdomain/{subdirectory}</a>`},
		{"placeholder in parentheses", "the path (http://localhost:80/{base_url}/install/) here\n",
			`(<a href="http://localhost:80/%7Bbase_url%7D/install/">http://localhost:80/{base_url}/install/</a>) here`},
		{"trailing full stop", "See https://example.org/a.\n",
			`<a href="https://example.org/a">https://example.org/a</a>.`},
	}
	for _, tt := range tests {
		for _, mdx := range []bool{true, false} {
			res := render(t, tt.src, RenderContext{File: "docs/x.mdx", MDX: mdx})
			if len(res.Diagnostics) > 0 {
				t.Errorf("%s (mdx %v): diagnostics %v", tt.name, mdx, res.Diagnostics)
			}
			if !strings.Contains(res.HTML, tt.want) {
				t.Errorf("%s (mdx %v):\n got %s\nwant %s", tt.name, mdx, res.HTML, tt.want)
			}
		}
	}
}
