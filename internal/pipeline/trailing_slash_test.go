package pipeline_test

import (
	"github.com/portaldocs/portal/internal/racetest"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/sitefs"
)

// TestRoutesFollowTrailingSlash builds testdata/trailing-slash, a small
// Docusaurus site, under each trailingSlash value and checks what a reader
// and a crawler see as Docusaurus writes it (docusaurus-behaviour.md
// §2.3): the file of each page, the links its sidebar, pagination and
// Markdown write, the canonical URL and the sitemap.
func TestRoutesFollowTrailingSlash(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	for _, tc := range []struct {
		setting string
		// files are the pages' HTML files; absent are files of the other
		// layout that must not be written.
		files, absent []string
		// page is the install doc's file; links are hrefs it holds, in its
		// sidebar, pagination and Markdown.
		page           string
		links, noLinks []string
		canonical      string
		sitemap        []string
	}{
		{setting: "undefined",
			files:  []string{"index.html", "docs/index.html", "docs/install/index.html", "docs/guide/index.html", "docs/guide/setup/index.html", "about/index.html", "blog/index.html", "blog/welcome/index.html"},
			absent: []string{"docs/install.html", "docs.html"},
			page:   "docs/install/index.html",
			// An index doc keeps the slash its slug has; the others have none.
			// The footer's links stay as the config writes them.
			links:     []string{`href="/docs/"`, `href="/docs/guide/"`, `href="/docs/guide/setup"`, `href="/docs/install"`, `href="/about/"`, `href="/blog"`},
			noLinks:   []string{`href="/docs/install/"`, `href="/docs/guide/setup/"`},
			canonical: `<link rel="canonical" href="https://docs.example.org/docs/install">`,
			sitemap:   []string{"https://docs.example.org/docs/install<", "https://docs.example.org/docs/guide/<", "https://docs.example.org/blog<", "https://docs.example.org/<"}},
		{setting: "false",
			files:  []string{"index.html", "docs.html", "docs/install.html", "docs/guide.html", "docs/guide/setup.html", "about.html", "blog.html", "blog/welcome.html"},
			absent: []string{"docs/install/index.html", "docs/index.html"},
			page:   "docs/install.html",
			links:  []string{`href="/docs"`, `href="/docs/guide"`, `href="/docs/guide/setup"`, `href="/docs/install"`},
			// The Markdown's own [back](/docs/) too, as Docusaurus's Link writes it.
			noLinks:   []string{`href="/docs/"`, `href="/docs/guide/"`, `href="/docs/install/"`},
			canonical: `<link rel="canonical" href="https://docs.example.org/docs/install">`,
			sitemap:   []string{"https://docs.example.org/docs/install<", "https://docs.example.org/docs/guide<", "https://docs.example.org/docs<", "https://docs.example.org/<"}},
		{setting: "true",
			files:     []string{"index.html", "docs/index.html", "docs/install/index.html", "docs/guide/index.html", "docs/guide/setup/index.html", "about/index.html", "blog/index.html", "blog/welcome/index.html"},
			absent:    []string{"docs/install.html"},
			page:      "docs/install/index.html",
			links:     []string{`href="/docs/"`, `href="/docs/guide/"`, `href="/docs/guide/setup/"`, `href="/docs/install/"`, `href="/about/"`, `href="/blog/"`},
			noLinks:   []string{`href="/docs/install"`, `href="/docs/guide/setup"`, `href="/blog"`},
			canonical: `<link rel="canonical" href="https://docs.example.org/docs/install/">`,
			sitemap:   []string{"https://docs.example.org/docs/install/<", "https://docs.example.org/docs/guide/<", "https://docs.example.org/blog/<", "https://docs.example.org/<"}},
	} {
		t.Run(tc.setting, func(t *testing.T) {
			res, err := run(t, sitefs.Dir("testdata/trailing-slash"), pipeline.WithEnv(map[string]string{"TRAILING_SLASH": tc.setting}))
			if err != nil {
				t.Fatalf("build: %v\n%v", err, res.Diagnostics)
			}
			t.Cleanup(func() { _ = res.Output.Close() })
			for _, d := range res.Diagnostics {
				t.Errorf("unexpected diagnostic: %s", d)
			}
			for _, f := range tc.files {
				if _, ok := res.Output.File(f); !ok {
					t.Errorf("no %s", f)
				}
			}
			for _, f := range tc.absent {
				if _, ok := res.Output.File(f); ok {
					t.Errorf("%s written, which this layout does not have", f)
				}
			}
			html := builtFile(t, res.Output, tc.page)
			for _, l := range tc.links {
				if !strings.Contains(html, l) {
					t.Errorf("%s has no %s", tc.page, l)
				}
			}
			for _, l := range tc.noLinks {
				if strings.Contains(html, l) {
					t.Errorf("%s has %s, the other form", tc.page, l)
				}
			}
			if !strings.Contains(html, tc.canonical) {
				t.Errorf("%s has no %s", tc.page, tc.canonical)
			}
			sitemap := builtFile(t, res.Output, "sitemap.xml")
			for _, u := range tc.sitemap {
				if !strings.Contains(sitemap, "<loc>"+u) {
					t.Errorf("sitemap has no %s", strings.TrimSuffix(u, "<"))
				}
			}
		})
	}
}
