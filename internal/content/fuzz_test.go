package content

import (
	"bytes"
	"testing"

	"github.com/portaldocs/portal/internal/fuzzseed"
)

// FuzzFrontMatter: any Markdown file splits into front matter and a body
// that is the end of the file, with located diagnostics, never a panic.
func FuzzFrontMatter(f *testing.F) {
	for _, seed := range fuzzseed.Files("*.md", 200) {
		f.Add(seed)
	}
	f.Add([]byte("---\ntitle: [unclosed\n---\n# x\n"))
	f.Add([]byte("---\r\nslug: /\r\n---\r\nbody"))
	f.Fuzz(func(t *testing.T, src []byte) {
		_, body, bodyLine, ds := parseFrontMatter("docs/x.md", src)
		if !bytes.HasSuffix(src, body) {
			t.Fatalf("body %q is not the end of the file", body)
		}
		if bodyLine < 0 || bodyLine > bytes.Count(src, []byte("\n"))+1 {
			t.Fatalf("body line %d of a %d-line file", bodyLine, bytes.Count(src, []byte("\n"))+1)
		}
		for _, d := range ds {
			if d.File != "docs/x.md" || d.Line < 0 || d.Message == "" {
				t.Fatalf("diagnostic without a place or a message: %+v", d)
			}
		}
	})
}
