package sitecss

import (
	"context"
	"github.com/portaldocs/portal/internal/racetest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/sass"
)

func site() fstest.MapFS {
	return fstest.MapFS{
		"src/css/custom.css": {Data: []byte(`@import './vars.css';
.hero { background: url('../img/hero.png'); }
.logo { background: url(/img/logo.svg); }
.remote { background: url(https://cdn.example.org/x.png); }
`)},
		"src/css/vars.css":   {Data: []byte(":root { --ifm-color-primary: #2e8555; }\n")},
		"src/img/hero.png":   {Data: []byte("not really a PNG")},
		"src/css/more.css":   {Data: []byte(".more { color: red; }\n")},
		"src/css/broken.css": {Data: []byte(".a { background: url('./missing.png'); }\n")},
		"src/css/theme.scss": {Data: []byte(`@use "shared";
.navbar { .brand { @extend %bold; background: url('../img/hero.png'); } }
`)},
		"src/css/_shared.scss": {Data: []byte("%bold { font-weight: 700; }\n")},
		"src/css/wrong.scss":   {Data: []byte(".a {\n  color: $nope;\n}\n")},
		// A package's stylesheet, by a bare path and by "~", with a font it names.
		"src/css/icons.css":                     {Data: []byte("@import 'icons/font/icons.css';\n@import '~icons/font/extra.css';\n")},
		"node_modules/icons/font/icons.css":     {Data: []byte("@font-face { font-family: i; src: url('./fonts/i.woff2?24e3') format('woff2'); }\n")},
		"node_modules/icons/font/extra.css":     {Data: []byte(".extra-icon { content: 'x'; }\n")},
		"node_modules/icons/font/fonts/i.woff2": {Data: []byte("woff2")},
	}
}

// The site's stylesheets become one, in the config's order, with imports
// followed and the images they name copied under hashed names beside it.
func TestBuildBundlesTheSiteStylesheets(t *testing.T) {
	b, diags := Build(context.Background(), site(), []string{"src/css/custom.css", "src/css/more.css"}, "assets/theme", "assets/site", "docusaurus.config.js", nil)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	css := string(b.CSS)
	for _, want := range []string{"--ifm-color-primary: #2e8555", "url(/img/logo.svg)", "url(https://cdn.example.org/x.png)", ".more"} {
		if !strings.Contains(css, want) {
			t.Errorf("the bundle lacks %q:\n%s", want, css)
		}
	}
	if strings.Index(css, "--ifm-color-primary") > strings.Index(css, ".more") {
		t.Error("the stylesheets are not in the config's order")
	}
	var hero string
	for name := range b.Files {
		if strings.HasPrefix(name, "assets/site/hero-") && strings.HasSuffix(name, ".png") {
			hero = name
		}
	}
	if hero == "" {
		t.Fatalf("the image is not copied: %v", b.Files)
	}
	if want := "url(\"../site/" + strings.TrimPrefix(hero, "assets/site/") + "\")"; !strings.Contains(css, want) {
		t.Errorf("the bundle does not name the image as %s:\n%s", want, css)
	}
}

func TestBuildReportsWhatIsMissing(t *testing.T) {
	_, diags := Build(context.Background(), site(), []string{"src/css/nope.css"}, "assets/theme", "assets/site", "docusaurus.config.js", nil)
	if len(diags) != 1 || diags[0].File != "docusaurus.config.js" || !strings.Contains(diags[0].Message, "src/css/nope.css") {
		t.Errorf("a missing stylesheet: %v", diags)
	}
	_, diags = Build(context.Background(), site(), []string{"src/css/broken.css"}, "assets/theme", "assets/site", "docusaurus.config.js", nil)
	if len(diags) != 1 || diags[0].File != "src/css/broken.css" || diags[0].Line != 1 || !strings.Contains(diags[0].Message, "missing.png") {
		t.Errorf("a missing image: %v", diags)
	}
}

// sassCompiler is the site's own sass package, as the theme's
// devDependencies hold it (make theme installs it).
func sassCompiler(t *testing.T) *sass.Compiler {
	t.Helper()
	c, err := sass.New("../../theme", site())
	if err != nil {
		t.Fatalf("load the theme's sass package (run make theme): %v", err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// A Sass stylesheet is compiled, its partials used and its url()s copied,
// as docusaurus-plugin-sass and Docusaurus's bundler make it.
func TestBuildCompilesSass(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	b, diags := Build(context.Background(), site(), []string{"src/css/theme.scss"}, "assets/theme", "assets/site", "docusaurus.config.js", sassCompiler(t))
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	css := string(b.CSS)
	for _, want := range []string{".navbar .brand {", "font-weight: 700", "url(\"../site/hero-"} {
		if !strings.Contains(css, want) {
			t.Errorf("the bundle lacks %q:\n%s", want, css)
		}
	}
	if strings.Contains(css, "%bold") || strings.Contains(css, "@use") {
		t.Errorf("the bundle holds Sass:\n%s", css)
	}
}

func TestBuildReportsSassErrorsAtTheirPlace(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	_, diags := Build(context.Background(), site(), []string{"src/css/wrong.scss"}, "assets/theme", "assets/site", "docusaurus.config.js", sassCompiler(t))
	if len(diags) != 1 || diags[0].File != "src/css/wrong.scss" || diags[0].Line != 2 || diags[0].Col != 10 || diags[0].Message != "Undefined variable." {
		t.Errorf("a Sass error: %v", diags)
	}
}

// A bare or "~" @import is a package's stylesheet in node_modules, as
// Docusaurus's css-loader resolves it, and the files it names are copied.
func TestBuildImportsPackageStylesheets(t *testing.T) {
	b, diags := Build(context.Background(), site(), []string{"src/css/icons.css"}, "assets/theme", "assets/site", "docusaurus.config.js", nil)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	css := string(b.CSS)
	for _, want := range []string{"font-family: i", `url("../site/i-`, ".extra-icon"} {
		if !strings.Contains(css, want) {
			t.Errorf("the bundle lacks %q:\n%s", want, css)
		}
	}
}

// Without a sass package the Sass is read as CSS, and a warning says why.
func TestBuildWithoutSassSaysSo(t *testing.T) {
	b, diags := Build(context.Background(), site(), []string{"src/css/theme.scss"}, "assets/theme", "assets/site", "docusaurus.config.js", nil)
	if b == nil || len(diags) == 0 || diags[0].File != "src/css/theme.scss" || !strings.Contains(diags[0].Message, "no sass package installed") {
		t.Errorf("Sass without a compiler: %v", diags)
	}
}
