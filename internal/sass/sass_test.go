package sass_test

import (
	"context"
	"errors"
	"github.com/portaldocs/portal/internal/racetest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/sass"
)

// sassDir is a folder from which a sass package resolves: the theme's,
// whose devDependencies hold one to stand in for a site's (make theme
// installs it).
func sassDir(t *testing.T) string {
	t.Helper()
	dir := "../../theme"
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "sass", "package.json")); err != nil {
		t.Fatalf("no sass package in %s/node_modules: run make theme (%v)", dir, err)
	}
	return dir
}

var site = fstest.MapFS{
	"src/css/custom.scss": {Data: []byte(`@use "shared";
$brand: #25c2a0;
.hero { color: $brand; .title { @extend %heading; } &:hover { color: darken($brand, 10%); } }
`)},
	"src/css/_shared.scss":   {Data: []byte("%heading { font-weight: 700; }\n")},
	"src/css/indented.sass":  {Data: []byte(".a\n  color: red\n")},
	"src/css/broken.scss":    {Data: []byte(".a {\n  color: $missing;\n}\n")},
	"src/css/imports.scss":   {Data: []byte("@use \"../theme/colors\" as c;\n.b { color: c.$accent; }\n")},
	"src/theme/_colors.scss": {Data: []byte("$accent: blue;\n")},
	// A package's Sass, imported as sass-loader resolves it: "~pkg/…" or a
	// bare "pkg/…" is node_modules, and the package's own imports are
	// relative to its files.
	"src/css/packages.scss":                    {Data: []byte("@import '~kit/scss/kit';\n@import 'kit/scss/extra';\n")},
	"node_modules/kit/scss/kit.scss":           {Data: []byte("@import \"mixins/shade\";\n.kit { @include shade; }\n")},
	"node_modules/kit/scss/mixins/_shade.scss": {Data: []byte("@mixin shade { color: gray; }\n")},
	"node_modules/kit/scss/_extra.scss":        {Data: []byte(".extra { color: navy; }\n")},
}

func TestCompile(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	c, err := sass.New(sassDir(t), site)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	defer c.Close()
	tests := []struct{ file, want string }{
		{"src/css/custom.scss", ".hero .title {\n  font-weight: 700;\n}"},
		{"src/css/custom.scss", ".hero {\n  color: #25c2a0;\n}"},
		{"src/css/custom.scss", ".hero:hover {\n  color: rgb("},
		{"src/css/indented.sass", ".a {\n  color: red;\n}"},
		{"src/css/imports.scss", ".b {\n  color: blue;\n}"},
		{"src/css/packages.scss", ".kit {\n  color: gray;\n}"},
		{"src/css/packages.scss", ".extra {\n  color: navy;\n}"},
	}
	for _, tc := range tests {
		res, err := c.Compile(context.Background(), tc.file)
		if err != nil {
			t.Fatalf("Compile(%s): %v", tc.file, err)
		}
		if css := res.CSS; !strings.Contains(css, tc.want) {
			t.Errorf("Compile(%s) = %q; want it to hold %q", tc.file, css, tc.want)
		}
	}
}

func TestWarningsArePositioned(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	c, err := sass.New(sassDir(t), site)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	defer c.Close()
	res, err := c.Compile(context.Background(), "src/css/custom.scss")
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	for _, w := range res.Warnings {
		if w.File == "src/css/custom.scss" && w.Line == 3 && w.Col == 70 && strings.Contains(w.Message, "darken() is deprecated") {
			return
		}
	}
	t.Errorf("warnings = %+v; want darken()'s deprecation at src/css/custom.scss:3:70", res.Warnings)
}

func TestCompileErrorIsPositioned(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	c, err := sass.New(sassDir(t), site)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	defer c.Close()
	_, err = c.Compile(context.Background(), "src/css/broken.scss")
	var se *sass.Error
	if !errors.As(err, &se) {
		t.Fatalf("Compile error %v is not a *sass.Error", err)
	}
	if se.File != "src/css/broken.scss" || se.Line != 2 || se.Col != 10 || se.Message != "Undefined variable." {
		t.Errorf("error = %+v; want src/css/broken.scss:2:10 Undefined variable.", se)
	}
}

func TestNotInstalled(t *testing.T) {
	if _, err := sass.New(t.TempDir(), site); !errors.Is(err, sass.ErrNotInstalled) {
		t.Errorf("New in a folder without sass: %v; want ErrNotInstalled", err)
	}
}

func TestLoadedFilesAreListed(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	c := sass.NewOnDemand(sassDir(t), site)
	defer c.Close()
	res, err := c.Compile(context.Background(), "src/css/imports.scss")
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	want := []string{"src/css/imports.scss", "src/theme/_colors.scss"}
	if strings.Join(res.Loaded, " ") != strings.Join(want, " ") {
		t.Errorf("Loaded = %q; want %q, so that an edit of the partial rebuilds what uses it", res.Loaded, want)
	}
}

// A build compiles each stylesheet once, however many of its locales (or
// components) ask: the second Compile is the first's result, and a
// stylesheet's error is remembered too.
func TestOnDemandCompilesEachStylesheetOnce(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	files := fstest.MapFS{
		"src/css/a.scss":   {Data: []byte("$c: red;\n.a { color: $c; }\n")},
		"src/css/bad.scss": {Data: []byte(".b { color: $none; }\n")},
	}
	c := sass.NewOnDemand(sassDir(t), files)
	defer c.Close()
	first, err := c.Compile(context.Background(), "src/css/a.scss")
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	files["src/css/a.scss"] = &fstest.MapFile{Data: []byte(".a { color: blue; }\n")}
	again, err := c.Compile(context.Background(), "src/css/a.scss")
	if err != nil || again != first || !strings.Contains(again.CSS, "red") {
		t.Errorf("second Compile = %v, %v; want the first's result", again, err)
	}
	_, firstErr := c.Compile(context.Background(), "src/css/bad.scss")
	files["src/css/bad.scss"] = &fstest.MapFile{Data: []byte(".b { color: green; }\n")}
	if _, err := c.Compile(context.Background(), "src/css/bad.scss"); err == nil || err != firstErr {
		t.Errorf("second Compile of a broken stylesheet = %v; want the first's error %v", err, firstErr)
	}
}

func TestOnDemandWithoutSass(t *testing.T) {
	c := sass.NewOnDemand(t.TempDir(), site)
	if _, err := c.Compile(context.Background(), "src/css/custom.scss"); !errors.Is(err, sass.ErrNotInstalled) {
		t.Errorf("Compile without sass: %v; want ErrNotInstalled", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := sass.NewOnDemand(t.TempDir(), site).Close(); err != nil {
		t.Errorf("Close of a compiler never loaded: %v", err)
	}
}
