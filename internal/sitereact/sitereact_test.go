package sitereact

import (
	"context"
	"github.com/portaldocs/portal/internal/racetest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/sass"
)

func TestBundle(t *testing.T) {
	site := fstest.MapFS{
		"src/components/Card/index.js": {Data: []byte(`import React, {useState} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';
import './global.css';
import Logo from '@site/static/img/logo.svg';
import photo from './photo.png';
import confetti from 'canvas-confetti';
import {label} from '../labels';

export default function Card({to}) {
  const [open] = useState(false);
  return <div className={clsx(styles.card, open && 'open')}><Logo /><img src={photo} /><Link to={to}>{label}</Link></div>;
}
export function Fire() { confetti(); return null; }
`)},
		"src/components/Card/styles.module.css": {Data: []byte(".card { background: url(./bg.png); border: 1px solid; } .unused { color: red }\n")},
		"src/components/Card/global.css":        {Data: []byte(".hero { color: blue; background: url(/img/root.png) }\n")},
		"src/components/Card/bg.png":            {Data: []byte("bg")},
		"src/components/Card/photo.png":         {Data: []byte("photo")},
		"src/components/labels.ts":              {Data: []byte("export const label: string = 'Open';\n")},
		"static/img/logo.svg":                   {Data: []byte(`<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>`)},
		"src/components/Broken.js":              {Data: []byte("export default function Broken() {\n  return <div>;\n}\n")},
		"src/components/Lost.js":                {Data: []byte("import x from './nowhere';\nexport default x;\n")},
	}
	b := Bundler{Site: site, BaseURL: "/repo/"}

	mod, diags := b.Bundle("src/components/Card/index.js")
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	for _, want := range []string{
		"__portalSiteModules", `"src/components/Card/index.js"`,
		`__portalProvide("react")`, `__portalProvide("clsx")`, `__portalProvide("@docusaurus/Link")`,
		`__portalProvide("react/jsx-runtime")`, `__portalProvide("missing:canvas-confetti")`,
		`__portalSvg(`, `"/repo/assets/site/photo-`, `"Open"`,
	} {
		if !strings.Contains(mod.Script, want) {
			t.Errorf("script lacks %s", want)
		}
	}
	css := string(mod.CSS)
	for _, want := range []string{".hero", "url(/img/root.png)", `url("/repo/assets/site/bg-`} {
		if !strings.Contains(css, want) {
			t.Errorf("CSS lacks %s:\n%s", want, css)
		}
	}
	if strings.Contains(css, "{ border") || !strings.Contains(css, "styles_card") {
		t.Errorf("the CSS module's class is not made local:\n%s", css)
	}
	if strings.Join(mod.Missing, ",") != "canvas-confetti" {
		t.Errorf("missing = %v", mod.Missing)
	}
	var assets []string
	for name := range mod.Assets {
		assets = append(assets, name[:strings.LastIndex(name, "-")])
	}
	slices.Sort(assets)
	if got := strings.Join(assets, ","); got != "assets/site/bg,assets/site/logo,assets/site/photo" {
		t.Errorf("assets = %s", got)
	}
	if !strings.HasPrefix(mod.Name, "assets/site/index-") || !strings.HasSuffix(mod.Name, ".js") {
		t.Errorf("name = %s", mod.Name)
	}
	if !strings.Contains(strings.Join(mod.Inputs, ","), "src/components/labels.ts") {
		t.Errorf("inputs = %v", mod.Inputs)
	}
	again, _ := b.Bundle("src/components/Card/index.js")
	if again.Script != mod.Script || again.Name != mod.Name {
		t.Error("the same module bundles differently twice: cached pages would name a script that is not written")
	}

	for _, tc := range []struct{ file, where, text string }{
		{"src/components/Broken.js", "src/components/Broken.js:4", `before a closing "div" tag`},
		{"src/components/Lost.js", "src/components/Lost.js:1", `cannot find "./nowhere"`},
	} {
		_, diags := b.Bundle(tc.file)
		if len(diags) != 1 || !strings.HasPrefix(diags[0].String(), tc.where) || !strings.Contains(diags[0].Message, tc.text) {
			t.Errorf("%s: diagnostics %v, want one at %s with %q", tc.file, diags, tc.where, tc.text)
		}
	}
}

// A page beside the site folder (docs at ../docs) imports packages from
// the site's node_modules, as Docusaurus's bundler resolves them.
func TestPackagesForPagesBesideTheSite(t *testing.T) {
	project := t.TempDir()
	website := filepath.Join(project, "website")
	pkg := filepath.Join(website, "node_modules", "lite-embed")
	for dir, files := range map[string]map[string]string{
		pkg: {"package.json": `{"name": "lite-embed", "main": "index.js"}`, "index.js": "export default function Embed() { return 'lite-embed-marker'; }\n"},
		filepath.Join(website, "node_modules", "decode"): {
			"package.json": `{"name": "decode", "exports": {"browser": "./dom.js", "default": "./index.js"}}`,
			"dom.js":       "export const decode = (s) => document.createElement('i') && 'dom-build';\n",
			"index.js":     "export const decode = (s) => 'default-build';\n",
		},
		filepath.Join(project, "docs"):     {"page.mdx": "# Page\n"},
		filepath.Join(website, "src", "x"): {"keep.js": "export default 1;\n"},
	} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	b := Bundler{Site: os.DirFS(website), Root: website, BaseURL: "/"}
	mod, diags := b.BundleSource("../docs/page.mdx", "import Embed from 'lite-embed';\nexport { Embed as __portalImport_Embed };\n")
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if len(mod.Missing) > 0 || !strings.Contains(mod.Script, "lite-embed-marker") {
		t.Errorf("missing %v; the package's code is not in the script:\n%s", mod.Missing, mod.Script)
	}

	// The server renders with a package's default build, the browser runs
	// its browser build (which may touch the document as it loads).
	mod, diags = b.BundleSource("../docs/page.mdx", "import {decode} from 'decode';\nexport const __portalElement0 = () => decode('x');\n")
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if !strings.Contains(mod.Script, "dom-build") || !strings.Contains(mod.ServerScript, "default-build") || strings.Contains(mod.ServerScript, "dom-build") {
		t.Errorf("browser script:\n%s\nserver script:\n%s", mod.Script, mod.ServerScript)
	}
}

// A Markdown file a module imports is rendered once for the browser's and
// the server's bundles, so that what its render reports is reported once.
func TestImportedMarkdownRendersOnce(t *testing.T) {
	// The module imports a package, so that it has a server bundle of its own.
	root := t.TempDir()
	for name, data := range map[string]string{
		"src/Intro.js":                  "import Text from './intro.md';\nimport pad from 'pad';\nexport default function Intro() { return <Text />; }\nexport const padded = pad('x');\n",
		"src/intro.md":                  "Hello\n",
		"node_modules/pad/package.json": `{"name": "pad", "main": "index.js"}`,
		"node_modules/pad/index.js":     "module.exports = (s) => ' ' + s;\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	renders := 0
	b := Bundler{Site: os.DirFS(root), Root: root, BaseURL: "/", Markdown: func(file string) (string, error) {
		renders++
		return "<p>rendered-" + file + "</p>", nil
	}}
	mod, diags := b.Bundle("src/Intro.js")
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if renders != 1 || !strings.Contains(mod.Script, "rendered-src/intro.md") || !strings.Contains(mod.ServerScript, "rendered-src/intro.md") {
		t.Errorf("%d renders; browser script has it: %v, server script: %v", renders,
			strings.Contains(mod.Script, "rendered-src/intro.md"), strings.Contains(mod.ServerScript, "rendered-src/intro.md"))
	}
}

// A component's Sass (a CSS module too) is compiled as
// docusaurus-plugin-sass compiles it, with the site's sass package.
func TestSassStylesheets(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	site := fstest.MapFS{
		"src/components/Card.js": {Data: []byte(`import styles from './Card.module.scss';
import './global.sass';
export default function Card() { return <div className={styles.card} />; }
`)},
		"src/components/Card.module.scss": {Data: []byte("@use 'tokens';\n.card { color: tokens.$brand; .title { font-weight: 700; } }\n")},
		"src/components/_tokens.scss":     {Data: []byte("$brand: #25c2a0;\n")},
		"src/components/global.sass":      {Data: []byte(".hero\n  margin: 0\n  color: darken(#ffffff, 10%)\n")},
		"src/components/Broken.js":        {Data: []byte("import './broken.scss';\nexport default function Broken() { return null; }\n")},
		"src/components/broken.scss":      {Data: []byte(".a {\n  color: $nowhere;\n}\n")},
	}
	theme := "../../theme"
	if _, err := os.Stat(filepath.Join(theme, "node_modules", "sass")); err != nil {
		t.Fatalf("no sass package in %s/node_modules: run make theme (%v)", theme, err)
	}
	compiler := sass.NewOnDemand(theme, site)
	defer compiler.Close()
	b := Bundler{Site: site, BaseURL: "/", Sass: func(file string) (*sass.Result, error) { return compiler.Compile(context.Background(), file) }}

	mod, diags := b.Bundle("src/components/Card.js")
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	css := string(mod.CSS)
	for _, want := range []string{"color: #25c2a0", "_card {", "_title {", "font-weight: 700", ".hero", "margin: 0"} {
		if !strings.Contains(css, want) {
			t.Errorf("CSS lacks %q:\n%s", want, css)
		}
	}
	if local := regexp.MustCompile(`\.(\w+_card) \{`).FindStringSubmatch(css); local == nil || local[1] == "card" || !strings.Contains(mod.Script, local[1]) {
		t.Errorf("the script does not name the CSS module's local class %v", local)
	}
	if !slices.ContainsFunc(mod.Warnings, func(w diag.Diagnostic) bool {
		return w.File == "src/components/global.sass" && w.Line == 3 && strings.Contains(w.Message, "darken() is deprecated")
	}) {
		t.Errorf("warnings = %v; want darken()'s deprecation at src/components/global.sass:3", mod.Warnings)
	}
	if !slices.Contains(mod.Inputs, "src/components/_tokens.scss") {
		t.Errorf("inputs = %v; want the partial, so that its edit rebuilds the module", mod.Inputs)
	}

	_, diags = b.Bundle("src/components/Broken.js")
	if len(diags) != 1 || diags[0].File != "src/components/broken.scss" || diags[0].Line != 2 || diags[0].Col != 10 || !strings.Contains(diags[0].Message, "Undefined variable") {
		t.Errorf("broken Sass: %v; want one error at src/components/broken.scss:2:10", diags)
	}

	b.Sass = nil
	_, diags = b.Bundle("src/components/Card.js")
	if len(diags) != 2 {
		t.Errorf("Sass without the sass package: %v; want an error for each of its 2 stylesheets", diags)
	}
	for _, d := range diags {
		if !strings.Contains(d.Message, "no sass package installed") || !strings.Contains(d.Message, "npm install") {
			t.Errorf("Sass without the sass package: %v; want it to say npm install", d)
		}
	}
}

// A package's stylesheet that a component imports has its fonts and
// images copied as assets, as Docusaurus's bundler emits them.
func TestPackageStylesheetAssets(t *testing.T) {
	root := t.TempDir()
	for name, data := range map[string]string{
		"src/Carousel.js":                  "import 'slides/theme.css';\nexport default function Carousel() { return <div className=\"slides\" />; }\n",
		"node_modules/slides/package.json": `{"name": "slides", "main": "index.js"}`,
		"node_modules/slides/index.js":     "module.exports = {};\n",
		"node_modules/slides/theme.css":    ".slides { background: url('./loader.gif'); }\n@font-face { font-family: s; src: url('./fonts/s.eot?#iefix') format('embedded-opentype'), url('./fonts/s.woff') format('woff'); }\n",
		"node_modules/slides/loader.gif":   "GIF89a",
		"node_modules/slides/fonts/s.eot":  "eot",
		"node_modules/slides/fonts/s.woff": "woff",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mod, diags := Bundler{Site: os.DirFS(root), Root: root, BaseURL: "/"}.Bundle("src/Carousel.js")
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	css := string(mod.CSS)
	for _, want := range []string{"url(\"/assets/site/loader-", "/assets/site/s-", "?#iefix"} {
		if !strings.Contains(css, want) {
			t.Errorf("the stylesheet lacks %s:\n%s", want, css)
		}
	}
	var copied []string
	for name := range mod.Assets {
		copied = append(copied, name[strings.LastIndex(name, "/")+1:strings.LastIndex(name, "-")])
	}
	slices.Sort(copied)
	if strings.Join(copied, ",") != "loader,s,s" {
		t.Errorf("assets = %v, want the gif and both fonts", copied)
	}
}
