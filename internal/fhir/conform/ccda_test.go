package conform

import (
	"context"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// TestDocumentsPlanted plants each C-CDA rule's error in a copy of the
// portal's CCD page; the unchanged page passes.
func TestDocumentsPlanted(t *testing.T) {
	page, err := os.ReadFile("../../../site/docs/api/ccd.md")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, old, new, want string
		at                   string // the text at the start of the reported line
	}{
		{"unchanged", "", "", "", ""},
		{"device author without representedOrganization (CONF:1198-8456)",
			"      <representedOrganization>\n        <id root=\"2.25.71468885276645004707391562630988563307\"/>\n        <name>Quillmoor Health Exchange</name>\n      </representedOrganization>\n    </assignedAuthor>",
			"    </assignedAuthor>", "CONF:1198-8456", "<assignedAuthor>"},
		{"empty Goals section without nullFlavor", `<section nullFlavor="NI">
          <templateId root="2.16.840.1.113883.10.20.22.2.60"/>`, `<section>
          <templateId root="2.16.840.1.113883.10.20.22.2.60"/>`, "neither an entry nor @nullFlavor",
			"<section>\n          <templateId root=\"2.16.840.1.113883.10.20.22.2.60\"/>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := string(page)
			if c.old != "" {
				if !strings.Contains(text, c.old) {
					t.Fatalf("ccd.md no longer holds the text this case changes: update it")
				}
				text = strings.Replace(text, c.old, c.new, 1)
			}
			n, diags, err := Documents(context.Background(), fstest.MapFS{"docs/api/ccd.md": {Data: []byte(text)}}, "docs", "pages")
			if err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				t.Fatalf("checked %d documents, want 1", n)
			}
			if c.want == "" {
				for _, d := range diags {
					t.Errorf("unchanged page reported: %s", d)
				}
				return
			}
			line := strings.Count(text[:strings.Index(text, c.at)], "\n") + 1
			if len(diags) != 1 || !strings.Contains(diags[0].Message, c.want) || diags[0].Line != line {
				t.Errorf("findings %v, want one %q at line %d", diags, c.want, line)
			}
		})
	}
}
