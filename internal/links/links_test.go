package links

import (
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
)

func TestCheck(t *testing.T) {
	site := Site{
		BaseURL: "/",
		Files:   map[string]bool{"/img/logo.svg": true},
		Pages: []Page{
			{Path: "/docs/a/", Anchors: []string{"intro", "caf%C3%A9-1", "café"}},
			{Path: "/docs/b/c/"},
		},
	}
	levels := Levels{BrokenLinks: config.LevelThrow, BrokenAnchors: config.LevelWarn}
	cases := []struct {
		from, dest string
		want       string // "" = fine; else "error: fragment" or "warning: fragment"
	}{
		{"/docs/b/c/", "/docs/a/", ""},
		{"/docs/b/c/", "/docs/a", ""},
		{"/docs/b/c/", "../../a/", ""},
		{"/docs/b/c/", "../../a/#intro", ""},
		{"/docs/b/c/", "/docs/a/#caf%C3%A9", ""},
		{"/docs/b/c/", "/docs/a/#nowhere", "warning: Broken anchor on source page path = /docs/b/c/"},
		{"/docs/a/", "#intro", ""},
		{"/docs/a/", "#", ""},
		{"/docs/a/", "#missing", "warning: Broken anchor"},
		{"/docs/a/", "/docs/A/", "error: Broken link on source page path = /docs/a/:\n   -> linking to /docs/A/"},
		{"/docs/a/", "../x/", "error: (resolved as: /docs/x/)"},
		{"/docs/a/", "/img/logo.svg", ""},
		{"/docs/a/", "https://example.org/nope", ""},
		{"/docs/a/", "mailto:someone@example.org", ""},
		{"/docs/a/", "//cdn.example.org/x.js", ""},
	}
	for _, c := range cases {
		t.Run(c.from+" -> "+c.dest, func(t *testing.T) {
			s := site
			s.Pages = append([]Page(nil), site.Pages...)
			for i := range s.Pages {
				if s.Pages[i].Path == c.from {
					s.Pages[i].Links = []Link{{Dest: c.dest, File: "docs/x.md", Line: 7}}
				}
			}
			got := Check(s, levels)
			if c.want == "" {
				if len(got) > 0 {
					t.Fatalf("unexpected: %v", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("got %d diagnostics, want 1: %v", len(got), got)
			}
			sev, fragment, _ := strings.Cut(c.want, ": ")
			if got[0].Severity.String() != sev || !strings.Contains(got[0].Message, fragment) || got[0].Line != 7 {
				t.Errorf("got %s %q line %d, want %s containing %q", got[0].Severity, got[0].Message, got[0].Line, sev, fragment)
			}
		})
	}
}

func TestCheckIgnoredLevels(t *testing.T) {
	site := Site{BaseURL: "/", Pages: []Page{{Path: "/a/", Links: []Link{{Dest: "/nope/"}, {Dest: "#nope"}}}}}
	if got := Check(site, Levels{BrokenLinks: config.LevelIgnore, BrokenAnchors: config.LevelIgnore}); len(got) != 0 {
		t.Errorf("ignore levels still report: %v", got)
	}
	got := Check(site, Levels{BrokenLinks: config.LevelWarn, BrokenAnchors: config.LevelThrow})
	if len(got) != 2 || got[0].Severity != diag.Warning || got[1].Severity != diag.Error {
		t.Errorf("levels not applied: %v", got)
	}
}

func TestDuplicates(t *testing.T) {
	got := Duplicates([]Source{{Path: "/a/", File: "docs/a.md"}, {Path: "/b/"}, {Path: "/a/", File: "docs/a2.md", Line: 1}}, config.LevelWarn)
	if len(got) != 1 || got[0].File != "docs/a2.md" || got[0].Severity != diag.Warning ||
		!strings.Contains(got[0].Message, "Attempting to create page at url=/a/, but a page already exists at this route.") {
		t.Errorf("duplicates = %v", got)
	}
	if got := Duplicates([]Source{{Path: "/a/"}, {Path: "/a/"}}, config.LevelIgnore); got != nil {
		t.Errorf("ignored duplicates reported: %v", got)
	}
}

// TestBrokenLinkFix: a path written with \ is broken under Docusaurus too
// (outside Windows \ is part of a file name), and the fix says to write /.
func TestBrokenLinkFix(t *testing.T) {
	cases := []struct {
		dest, wantHint string
	}{
		{`..\picture\x.png`, "write the path with / between folders (../picture/x.png)"},
		{`..\picture\x.png`, "broken under Docusaurus too"},
		{"../picture/x.png", "point the link at an existing page"},
	}
	site := Site{BaseURL: "/", Pages: []Page{{Path: "/docs/a/"}}}
	levels := Levels{BrokenLinks: config.LevelThrow}
	for _, c := range cases {
		t.Run(c.dest, func(t *testing.T) {
			s := site
			s.Pages = []Page{{Path: "/docs/a/", Links: []Link{{Dest: c.dest, File: "docs/a.md", Line: 3}}}}
			got := Check(s, levels)
			if len(got) != 1 {
				t.Fatalf("got %d diagnostics, want 1: %v", len(got), got)
			}
			if !strings.Contains(got[0].Hint, c.wantHint) {
				t.Errorf("hint %q, want it to contain %q", got[0].Hint, c.wantHint)
			}
		})
	}
}
