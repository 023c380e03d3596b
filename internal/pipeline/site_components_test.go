package pipeline_test

import (
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/sitefs"
)

// TestSiteComponents builds testdata/site-components: the site's own React
// components render on the server with their props, state and the site's
// context, around the page's Markdown; the scripts that hydrate them are
// written; a component that cannot render on the server keeps its
// children, with one warning for all its uses; the React home page is a
// page with its Layout's title and description.
func TestSiteComponents(t *testing.T) {
	res, err := run(t, sitefs.Dir("testdata/site-components"))
	if err != nil {
		t.Fatalf("build: %v\n%v", err, res.Diagnostics)
	}
	out := res.Output.FS()
	read := func(name string) string {
		t.Helper()
		data, err := fs.ReadFile(out, name)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}

	guide := read("docs/guide/index.html")
	for _, want := range []string{
		`<portal-island data-module="src/components/Toggle.js" data-export="default" data-props="{&quot;label&quot;:&quot;Details&quot;,&quot;open&quot;:true}"`,
		`<button type="button" aria-expanded="true">Details<!-- --> (<!-- -->Components site<!-- -->)</button>`,
		`<div class="toggle__body"><portal-children><p>Hidden <strong>Markdown</strong> with a <a href="/docs/other">link</a>.</p>`,
		// The one that reads window: its children, as a fragment shows them.
		`The window is as wide as it is, and again wide.`,
		// A component the page defines, given its text as a string.
		`data-module="docs/guide.mdx" data-export="Shout" data-props="{&quot;children&quot;:&quot;quiet&quot;}"`,
		`<strong class="shout">QUIET</strong>`,
		// An element whose attributes are code runs as the page wrote it.
		`data-module="docs/guide.mdx" data-export="__portalElement0"`, `<button type="button"><portal-children>Press</portal-children></button>`,
	} {
		if !strings.Contains(guide, want) {
			t.Errorf("the guide lacks %s", want)
		}
	}
	scripts, _ := fs.Glob(out, "assets/site/*.js")
	var names []string
	for _, s := range scripts {
		names = append(names, s[:strings.LastIndex(s, "-")])
	}
	if strings.Join(names, ",") != "assets/site/Cover,assets/site/Toggle,assets/site/about,assets/site/context,assets/site/guide,assets/site/index,assets/site/other,assets/site/team" {
		t.Errorf("scripts = %v", scripts)
	}
	for _, s := range scripts {
		if !strings.Contains(guide+read("index.html")+read("about/index.html")+read("docs/other/index.html")+read("docs/team/index.html"), `"/`+s+`"`) {
			t.Errorf("no page names %s", s)
		}
	}

	var warned []string
	for _, d := range res.Diagnostics {
		if d.Severity == diag.Warning && strings.Contains(d.Message, "could not be rendered") {
			warned = append(warned, d.String())
		}
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "src/components/Toggle.js: warning: the component WindowWidth of src/components/Toggle.js could not be rendered ('window' is not defined)") ||
		!strings.Contains(warned[0], "2 uses on 1 pages") {
		t.Errorf("warnings = %q, want one for WindowWidth with its 2 uses", warned)
	}

	// An expression Portal cannot compute runs in the page's module, with
	// an import from "/" found in the static folder; a require() of a
	// computed path into the static folder is the file's URL.
	team := read("docs/team/index.html")
	for _, want := range []string{
		"<ul class=\"team\">\n<portal-island data-module=\"docs/team.md\" data-export=\"__portalElement0\"",
		`<li>Ada</li><li>Grace</li>`,
		`<span class="cover" style="background-image:url(/img/hero.gif)"></span>`,
	} {
		if !strings.Contains(team, want) {
			t.Errorf("the team doc lacks %s", want)
		}
	}
	var notRun []string
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "could not be run") {
			notRun = append(notRun, d.String())
		}
	}
	if len(notRun) != 1 || !strings.HasPrefix(notRun[0], "docs/team.md:16: warning: the expression {notDefined} could not be run ('notDefined' is not defined)") {
		t.Errorf("warnings of expressions = %q, want one for {notDefined} at its line", notRun)
	}

	// The config's stylesheets: the site's own is linked before the
	// theme's on every page, another site's is skipped with a warning.
	homePage := read("index.html")
	if i, j := strings.Index(homePage, `<link rel="stylesheet" href="/fonts/fonts.css">`), strings.Index(homePage, `<link rel="stylesheet" href="/assets/theme/`); i < 0 || j < i {
		t.Errorf("the home page does not link /fonts/fonts.css before the theme's stylesheet")
	}
	var skippedSheets []string
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "the stylesheet ") {
			skippedSheets = append(skippedSheets, d.String())
		}
	}
	if len(skippedSheets) != 1 || !strings.HasPrefix(skippedSheets[0], "docusaurus.config.js:10:") || !strings.Contains(skippedSheets[0], "https://fonts.example.org/css?family=Inter is skipped") {
		t.Errorf("warnings of stylesheets = %q, want one for the other site's at its line", skippedSheets)
	}

	home := read("index.html")
	for _, want := range []string{
		`<title>Welcome | Components site</title>`, `<meta name="description" content="The home page, in React.">`,
		`<main class="home"><h1>Components site</h1><a href="/docs/guide">Read the guide</a></main>`,
	} {
		if !strings.Contains(home, want) {
			t.Errorf("the home page lacks %s", want)
		}
	}

	// A <Head> gives the page's head its title and tags, in place of the theme's of the same name.
	about := read("about/index.html")
	for _, want := range []string{
		`<title>About us · Components</title>`, `<meta property="og:title" content="About us">`,
		`<meta name="description" content="Who writes the components site.">`, `<meta name="twitter:site" content="@components">`,
		`<main class="about"><h1>About</h1></main>`,
	} {
		if !strings.Contains(about, want) {
			t.Errorf("the about page lacks %s", want)
		}
	}
	for _, once := range []string{`property="og:title"`, `name="description"`, `<title>`} {
		if n := strings.Count(about, once); n != 1 {
			t.Errorf("the about page has %d %s, want 1", n, once)
		}
	}
	if strings.Contains(about, "window.about") {
		t.Error("the about page has the <Head>'s script, which Portal leaves out")
	}
	var skipped []string
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "in a <Head>") {
			skipped = append(skipped, d.String())
		}
	}
	if len(skipped) != 1 || !strings.HasPrefix(skipped[0], "src/pages/about.js: warning: <script> in a <Head>") {
		t.Errorf("warnings of the <Head> = %q, want one for its <script> at src/pages/about.js", skipped)
	}
}

// TestSiteComponentsWarmBuild: a build with the cache of an identical one
// still writes the scripts its pages' islands name, which only a build
// that renders the page makes: a page whose only island is its own module
// (an element with a handler) is rendered again, not taken from the cache.
func TestSiteComponentsWarmBuild(t *testing.T) {
	store, err := buildcache.Open(filepath.Join(t.TempDir(), "cache"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		res, err := run(t, sitefs.Dir("testdata/site-components"), pipeline.WithStore(store))
		if err != nil {
			t.Fatalf("build %d: %v", i+1, err)
		}
		// The other doc imports nothing: only its own module names a script.
		other, err := fs.ReadFile(res.Output.FS(), "docs/other/index.html")
		if err != nil {
			t.Fatal(err)
		}
		scripts := regexp.MustCompile(`data-(?:script|context|runtime)="/([^"]+)"`).FindAllStringSubmatch(string(other), -1)
		if len(scripts) != 3 {
			t.Fatalf("build %d: the other doc names %d scripts, want 3", i+1, len(scripts))
		}
		for _, m := range scripts {
			if _, err := fs.Stat(res.Output.FS(), m[1]); err != nil {
				t.Errorf("build %d: the other doc names %s, which is not written", i+1, m[1])
			}
		}
	}
}
