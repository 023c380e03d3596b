package docusaurus_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/pipeline"
)

// templatesDir is where make docusaurus-templates puts create-docusaurus's
// starter sites.
const templatesDir = "../../.cache/docusaurus-templates/3.10.2"

// templateSite lays out a starter site as create-docusaurus does: the
// shared files, then the template's own.
func templateSite(t *testing.T, template string) string {
	t.Helper()
	if _, err := os.Stat(filepath.Join(templatesDir, template)); err != nil {
		t.Skipf("Docusaurus's starter sites are not in %s: run make docusaurus-templates (it fetches create-docusaurus from npm)", templatesDir)
	}
	dir := t.TempDir()
	for _, from := range []string{"shared", template} {
		root := filepath.Join(templatesDir, from)
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			target := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			return os.WriteFile(target, data, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The routes Docusaurus gives the starter site's docs and blog folders.
var templateRoutes = []string{
	"/", "/blog", "/blog/archive", "/blog/authors", "/blog/authors/slorber", "/blog/authors/yangshun",
	"/blog/first-blog-post", "/blog/long-blog-post", "/blog/mdx-blog-post", "/blog/welcome",
	"/blog/tags", "/blog/tags/docusaurus", "/blog/tags/facebook", "/blog/tags/hello", "/blog/tags/hola",
	"/docs/category/tutorial---basics", "/docs/category/tutorial---extras", "/docs/intro",
	"/docs/tutorial-basics/congratulations", "/docs/tutorial-basics/create-a-blog-post",
	"/docs/tutorial-basics/create-a-document", "/docs/tutorial-basics/create-a-page",
	"/docs/tutorial-basics/deploy-your-site", "/docs/tutorial-basics/markdown-features",
	"/docs/tutorial-extras/manage-docs-versions", "/docs/tutorial-extras/translate-your-site",
	"/markdown-page",
}

// The sidebar Docusaurus generates from the docs folder: positions from
// front matter and _category_.json, generated-index category links.
const templateSidebar = `Tutorial Intro
Tutorial - Basics -> /docs/category/tutorial---basics
  Create a Page
  Create a Document
  Create a Blog Post
  Markdown Features
  Deploy your site
  Congratulations!
Tutorial - Extras -> /docs/category/tutorial---extras
  Manage Docs Versions
  Translate your site
`

// TestTemplateSitesBuildUnchanged builds create-docusaurus's classic
// (docusaurus.config.js, sidebars.js) and classic-typescript
// (docusaurus.config.ts, sidebars.ts) sites as they are.
func TestTemplateSitesBuildUnchanged(t *testing.T) {
	for _, template := range []string{"classic", "classic-typescript"} {
		t.Run(template, func(t *testing.T) {
			dir := templateSite(t, template)
			res, err := pipeline.Run(context.Background(), os.DirFS(dir), pipeline.WithTheme(portal.Theme()))
			for _, d := range res.Diagnostics {
				if d.Severity == diag.Error {
					t.Errorf("error: %s", d)
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			var routes []string
			for _, r := range res.Output.Manifest.Routes {
				if r.Path != "/404.html" {
					routes = append(routes, r.Path)
				}
			}
			slices.Sort(routes)
			want := slices.Sorted(slices.Values(templateRoutes))
			if strings.Join(routes, "\n") != strings.Join(want, "\n") {
				t.Errorf("routes:\n%s\nwant:\n%s", strings.Join(routes, "\n"), strings.Join(want, "\n"))
			}
			checkSidebar(t, res)
			checkNoSourceShown(t, res)
			checkHomePage(t, res)
		})
	}
}

// sidebarItem is an item of the sidebars data file, as the theme reads it.
type sidebarItem struct {
	Type  string        `json:"type"`
	Label string        `json:"label"`
	Href  string        `json:"href"`
	Items []sidebarItem `json:"items"`
}

func checkSidebar(t *testing.T, res *pipeline.Result) {
	t.Helper()
	data, err := fs.ReadFile(res.Output.FS(), strings.TrimPrefix(res.Output.Manifest.SidebarsData, "/"))
	if err != nil {
		t.Fatal(err)
	}
	var byVersion map[string]map[string][]sidebarItem
	if err := json.Unmarshal(data, &byVersion); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var write func(items []sidebarItem, indent string)
	write = func(items []sidebarItem, indent string) {
		for _, it := range items {
			b.WriteString(indent + it.Label)
			if it.Type == "category" {
				b.WriteString(" -> " + it.Href)
			}
			b.WriteString("\n")
			write(it.Items, indent+"  ")
		}
	}
	write(byVersion["current"]["tutorialSidebar"], "")
	if b.String() != templateSidebar {
		t.Errorf("tutorialSidebar:\n%s\nwant:\n%s", b.String(), templateSidebar)
	}
}

var (
	codeBlocks = regexp.MustCompile(`(?s)<pre.*?</pre>|<code.*?</code>`)
	tags       = regexp.MustCompile(`(?s)<[^>]*>`)
	// What MDX source looks like when it leaks into a page as text.
	sourceShown = regexp.MustCompile(`(?m)^\s*(?:import|export)\s|&lt;/?[A-Z][\w.]*|\{/\*|\*/\}|\{[a-zA-Z_$][\w$.]*\}`)
)

// checkNoSourceShown: outside code, no page shows an import or export
// line, a JSX tag or a {…} expression.
func checkNoSourceShown(t *testing.T, res *pipeline.Result) {
	t.Helper()
	pages, err := fs.Glob(res.Output.FS(), "data/pages/*.json")
	if err != nil || len(pages) == 0 {
		t.Fatalf("no page data: %v", err)
	}
	for _, name := range pages {
		data, err := fs.ReadFile(res.Output.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		var page struct {
			HTML string `json:"html"`
		}
		if err := json.Unmarshal(data, &page); err != nil {
			t.Fatal(err)
		}
		text := tags.ReplaceAllString(codeBlocks.ReplaceAllString(page.HTML, ""), "\n")
		if m := sourceShown.FindString(text); m != "" {
			t.Errorf("%s shows source as text: %q", name, m)
		}
	}
}

// checkHomePage: the React home page (src/pages/index.js) is rendered on
// the server with the site's components: the hero with the site's title and
// tagline from useDocusaurusContext, the three features of HomepageFeatures
// with their SVG illustrations, the CSS modules' class names, and the
// Layout's title and description as the page's; nothing is warned about it.
func checkHomePage(t *testing.T, res *pipeline.Result) {
	t.Helper()
	data, err := fs.ReadFile(res.Output.FS(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	html := string(data)
	for _, want := range []string{
		`<h1 class="hero__title">My Site</h1>`, `<p class="hero__subtitle">Dinosaurs are cool</p>`,
		`href="/docs/intro" class="button button--secondary button--lg">Docusaurus Tutorial - 5min ⏱️</a>`,
		"<h3>Easy to Use</h3>", "<h3>Focus on What Matters</h3>", "<h3>Powered by React</h3>",
		`<title>Hello from My Site | My Site</title>`, `content="Description will go into a meta tag in &lt;head /&gt;"`,
		`<portal-island data-module="src/pages/index.`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the home page lacks %s", want)
		}
	}
	if n := strings.Count(html, `class="styles_featureSvg" role="img"`); n != 3 {
		t.Errorf("%d feature illustrations, want 3", n)
	}
	for _, d := range res.Diagnostics {
		if strings.HasPrefix(d.File, "src/") {
			t.Errorf("warning about the site's React: %s", d)
		}
	}
}
