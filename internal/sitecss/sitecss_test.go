package sitecss

import (
	"strings"
	"testing"
	"testing/fstest"
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
	}
}

// The site's stylesheets become one, in the config's order, with imports
// followed and the images they name copied under hashed names beside it.
func TestBuildBundlesTheSiteStylesheets(t *testing.T) {
	b, diags := Build(site(), []string{"src/css/custom.css", "src/css/more.css"}, "assets/theme", "assets/site", "docusaurus.config.js")
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
	_, diags := Build(site(), []string{"src/css/nope.css"}, "assets/theme", "assets/site", "docusaurus.config.js")
	if len(diags) != 1 || diags[0].File != "docusaurus.config.js" || !strings.Contains(diags[0].Message, "src/css/nope.css") {
		t.Errorf("a missing stylesheet: %v", diags)
	}
	_, diags = Build(site(), []string{"src/css/broken.css"}, "assets/theme", "assets/site", "docusaurus.config.js")
	if len(diags) != 1 || diags[0].File != "src/css/broken.css" || diags[0].Line != 1 || !strings.Contains(diags[0].Message, "missing.png") {
		t.Errorf("a missing image: %v", diags)
	}
}
