package pipeline_test

import (
	"encoding/json"
	"fmt"
	"github.com/portaldocs/portal/internal/racetest"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/sitefs"
	"github.com/portaldocs/portal/internal/themedata"
	"github.com/rogpeppe/go-internal/txtar"
)

// alternatePattern finds a page's hreflang links.
var alternatePattern = regexp.MustCompile(`<link rel="alternate" href="([^"]*)" hreflang="([^"]*)">`)

// builtFile reads a file of a finished build's output.
func builtFile(t *testing.T, out *pipeline.Output, name string) string {
	t.Helper()
	data, ok := out.File(name)
	if !ok {
		t.Fatalf("output has no %s", name)
	}
	return string(data)
}

// siteFromTxtarText is the site a txtar text holds.
func siteFromTxtarText(txt string) (fs.FS, map[string]string) {
	return siteFromTxtar(txtar.Parse([]byte(txt)))
}

// TestLocalesAsAReaderSeesThem builds testdata/i18n (English, and French
// with one doc of two translated, the sidebar's category, the navbar, the
// footer and a theme string) and reads each page as a reader would.
func TestLocalesAsAReaderSeesThem(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	res, err := run(t, sitefs.Dir("testdata/i18n"))
	if err != nil {
		t.Fatalf("build: %v\n%v", err, res.Diagnostics)
	}
	if want := []pipeline.LocaleBuild{{Locale: "en", Routes: 4}, {Locale: "fr", Routes: 4}}; !slices.Equal(res.Locales, want) {
		t.Errorf("locales built = %+v, want %+v", res.Locales, want)
	}
	files := map[string]bool{}
	for _, f := range res.Output.Files() {
		files[f] = true
	}
	for _, tc := range []struct {
		file, lang, title string
		// has are texts the page shows; hasNot texts it must not.
		has, hasNot []string
	}{
		{file: "fr/docs/intro/index.html", lang: "fr", title: "Présentation | Fixture",
			has: []string{"Bienvenue dans la documentation.", "Premiers pas",
				`<meta property="og:locale" content="fr">`, `<meta property="og:locale:alternate" content="en">`, ">Documentation<", "Fixture FR",
				"Sur cette page", "Suivant", "Droits réservés Fixture", "Docs FR", `href="/fr/docs/setup"`},
			hasNot: []string{"Welcome to the documentation", "Getting started", "On this page"}},
		// Not translated: the English text, in the French site's shell.
		{file: "fr/docs/setup/index.html", lang: "fr", title: "Setup | Fixture",
			has:    []string{"This page is written in English only.", "Premiers pas", ">Documentation<", "Droits réservés Fixture"},
			hasNot: []string{"Getting started"}},
		{file: "fr/about/index.html", lang: "fr", title: "À propos | Fixture", has: []string{"À propos de ce site."}},
		// A generated index: its title is the category's translated label, its description translated.
		{file: "fr/docs/category/reference/index.html", lang: "fr", title: "Référence | Fixture",
			has: []string{"Tout ce qu&#x27;il faut consulter."}, hasNot: []string{"Everything to look up."}},
		{file: "docs/intro/index.html", lang: "en", title: "Introduction | Fixture",
			has:    []string{"Welcome to the documentation.", "Getting started", ">Guides<", "On this page", "Next", "Copyright Fixture"},
			hasNot: []string{"Premiers pas", "Sur cette page", "Bienvenue"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			html := builtFile(t, res.Output, tc.file)
			if want := fmt.Sprintf(`<html lang="%s" dir="ltr"`, tc.lang); !strings.Contains(html, want) {
				t.Errorf("no %s", want)
			}
			if want := "<title>" + tc.title + "</title>"; !strings.Contains(html, want) {
				t.Errorf("no %s", want)
			}
			for _, s := range tc.has {
				if !strings.Contains(html, s) {
					t.Errorf("page does not show %q", s)
				}
			}
			for _, s := range tc.hasNot {
				if strings.Contains(html, s) {
					t.Errorf("page shows %q", s)
				}
			}
			alternates := alternatePattern.FindAllStringSubmatch(html, -1)
			var langs []string
			for _, a := range alternates {
				langs = append(langs, a[2])
				// Without trailingSlash, /docs/intro is docs/intro/index.html.
				file := path.Join(strings.TrimPrefix(a[1], "https://docs.example.org/"), "index.html")
				if !files[file] {
					t.Errorf("hreflang %s names %s, which the build did not write", a[2], a[1])
				}
			}
			if want := []string{"en", "fr", "x-default"}; !slices.Equal(langs, want) {
				t.Errorf("hreflang links %v, want %v", langs, want)
			}
		})
	}
	var unused []string
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "match no") {
			unused = append(unused, d.String())
		}
	}
	want := `i18n/fr/docusaurus-plugin-content-docs/current.json:10: warning: 1 translation key(s) match no sidebar label or version label of the site: "sidebar.docs.category.Removed"`
	if len(unused) != 1 || !strings.HasPrefix(unused[0], want) {
		t.Errorf("unused-key warnings = %q, want one: %s", unused, want)
	}
}

// twoLocales is a portal.yaml site in English and French, with search.
const twoLocales = `
-- portal.yaml --
title: Fixture
url: https://docs.example.org
baseUrl: /
i18n:
  defaultLocale: en
  locales: [en, fr]
themeConfig:
  navbar:
    items:
      - type: search
-- sidebars.yaml --
docs: [intro]
-- docs/intro.md --
# Introduction

Welcome.
-- i18n/fr/docusaurus-plugin-content-docs/current/intro.md --
# Présentation

Bienvenue.
`

// TestLocaleSearchIndex: each locale has a search index of its own pages,
// which its site data names.
func TestLocaleSearchIndex(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	res, err := runSite(t, twoLocales)
	if err != nil {
		t.Fatalf("build: %v\n%v", err, res.Diagnostics)
	}
	for locale, want := range map[string]string{"": "Welcome", "fr/": "Bienvenue"} {
		var site themedata.SiteData
		readJSON(t, res.Output, strings.TrimPrefix(siteDataURL(t, res.Output, locale), "/"), &site)
		if wantURL := "/" + locale + "search/index.json"; site.SearchIndex != wantURL {
			t.Errorf("%q: site data names search index %q, want %q", locale, site.SearchIndex, wantURL)
		}
		if !searchFilesHold(res.Output, locale+"search/", want) {
			t.Errorf("%q: the search index does not hold %q", locale, want)
		}
	}
}

// siteDataURL is the site data file a locale's route table names.
func siteDataURL(t *testing.T, out *pipeline.Output, locale string) string {
	t.Helper()
	var m struct {
		SiteData string `json:"siteData"`
	}
	data, ok := out.File(locale + "routes.json")
	if !ok {
		t.Fatalf("no %sroutes.json", locale)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m.SiteData
}

func searchFilesHold(out *pipeline.Output, dir, text string) bool {
	for _, name := range out.Files() {
		if strings.HasPrefix(name, dir) {
			if data, ok := out.File(name); ok && strings.Contains(string(data), text) {
				return true
			}
		}
	}
	return false
}

// TestBuildSomeLocales: WithLocales builds only the locales it names, and
// a locale the site does not have is an error that lists those it has.
func TestBuildSomeLocales(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	for _, tc := range []struct {
		locales      []string
		want, absent []string
		err          string
	}{
		{locales: []string{"fr"}, want: []string{"fr/docs/intro/index.html"}, absent: []string{"docs/intro/index.html"}},
		{locales: []string{"en"}, want: []string{"docs/intro/index.html"}, absent: []string{"fr/docs/intro/index.html"}},
		{locales: []string{"en", "fr"}, want: []string{"docs/intro/index.html", "fr/docs/intro/index.html"}},
		{locales: []string{"de"}, err: "--locale de: the site has no such locale"},
	} {
		t.Run(strings.Join(tc.locales, ","), func(t *testing.T) {
			site, _ := siteFromTxtarText(twoLocales)
			res, err := run(t, site, pipeline.WithLocales(tc.locales))
			if tc.err != "" {
				if err == nil || !hasDiagnostic(res.Diagnostics, tc.err) {
					t.Fatalf("err = %v, diagnostics %v; want %q", err, res.Diagnostics, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("build: %v\n%v", err, res.Diagnostics)
			}
			for _, f := range tc.want {
				if _, ok := res.Output.File(f); !ok {
					t.Errorf("no %s", f)
				}
			}
			for _, f := range tc.absent {
				if _, ok := res.Output.File(f); ok {
					t.Errorf("%s built", f)
				}
			}
		})
	}
}

// TestBrokenTranslationFile: a translation file that is not JSON fails the
// build with its line and column and how to fix it.
func TestBrokenTranslationFile(t *testing.T) {
	for _, tc := range []struct{ name, file, text, want string }{
		{"trailing comma", "i18n/fr/code.json", "{\n  \"theme.common.editThisPage\": {\"message\": \"Modifier\"},\n}\n",
			"i18n/fr/code.json:3: translation file is not valid JSON at column 1: invalid character '}' looking for beginning of object key string"},
		{"not an object", "i18n/fr/docusaurus-theme-classic/navbar.json", "{\n  \"title\": 3\n}\n",
			`i18n/fr/docusaurus-theme-classic/navbar.json:2: translation "title" is not an object with a message`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := runSite(t, twoLocales+"-- "+tc.file+" --\n"+tc.text)
			if err == nil {
				t.Fatal("build passed")
			}
			if !hasDiagnostic(res.Diagnostics, tc.want) {
				t.Errorf("diagnostics %v\nwant %s", res.Diagnostics, tc.want)
			}
			for _, d := range res.Diagnostics {
				if strings.HasPrefix(d.String(), tc.file) && d.Hint == "" {
					t.Errorf("no hint: %s", d)
				}
			}
		})
	}
}

func hasDiagnostic(ds []diag.Diagnostic, want string) bool {
	for _, d := range ds {
		if strings.Contains(d.String(), want) {
			return true
		}
	}
	return false
}

// localeSummary is what a reader of one locale of testdata/i18n meets:
// its routes with their titles, its sidebars, navbar and footer labels,
// and the theme strings the site data carries.
type localeSummary struct {
	Routes       []string                             `json:"routes"`
	Sidebars     map[string]map[string][]sidebarEntry `json:"sidebars"`
	Navbar       []string                             `json:"navbar"`
	Footer       []string                             `json:"footer"`
	Translations map[string]string                    `json:"translations,omitempty"`
}

// TestLocalesGolden compares each locale of testdata/i18n with
// testdata/i18n.golden.json. Run go test -run TestLocalesGolden -update to
// accept new output after reading the diff.
func TestLocalesGolden(t *testing.T) {
	res, err := run(t, sitefs.Dir("testdata/i18n"))
	if err != nil {
		t.Fatalf("build: %v\n%v", err, res.Diagnostics)
	}
	got := map[string]localeSummary{}
	for _, locale := range []string{"", "fr/"} {
		var m struct {
			Routes []struct {
				Path, Kind, Title string
			} `json:"routes"`
			SiteData, SidebarsData string
		}
		readJSON(t, res.Output, locale+"routes.json", &m)
		s := localeSummary{Sidebars: map[string]map[string][]sidebarEntry{}}
		for _, r := range m.Routes {
			s.Routes = append(s.Routes, r.Path+" "+r.Kind+" "+r.Title)
		}
		var sidebars themedata.SidebarsData
		readJSON(t, res.Output, strings.TrimPrefix(m.SidebarsData, "/"), &sidebars)
		for version, byID := range sidebars {
			s.Sidebars[version] = map[string][]sidebarEntry{}
			for id, items := range byID {
				s.Sidebars[version][id] = sidebarEntries(items)
			}
		}
		var site themedata.SiteData
		readJSON(t, res.Output, strings.TrimPrefix(m.SiteData, "/"), &site)
		s.Navbar = append(s.Navbar, "title "+site.ThemeConfig.Navbar.Title)
		for _, item := range site.Navbar {
			s.Navbar = append(s.Navbar, string(item.Type)+" "+item.Label)
		}
		if f := site.ThemeConfig.Footer; f != nil {
			for _, g := range f.Links {
				for _, item := range g.Items {
					s.Footer = append(s.Footer, g.Title+" / "+item.Label)
				}
			}
			s.Footer = append(s.Footer, "copyright "+f.Copyright)
		}
		s.Translations = site.Translations
		got["/"+locale] = s
	}
	text, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	text = append(text, '\n')
	golden := filepath.Join("testdata", "i18n.golden.json")
	if *update {
		if err := os.WriteFile(golden, text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if string(want) != string(text) {
		t.Errorf("testdata/i18n differs from %s (run with -update after reading the diff):\n%s", golden, text)
	}
}

// TestProblemsOfTranslatedFiles: a problem of a translated doc's text is
// reported in the translated file, at its line.
func TestProblemsOfTranslatedFiles(t *testing.T) {
	site := twoLocales + `-- i18n/fr/docusaurus-plugin-content-docs/current/intro.md --
# Présentation

Bienvenue.

Voir [ailleurs](/ailleurs/).
`
	res, err := runSite(t, site)
	if err == nil {
		t.Fatal("build passed")
	}
	var broken []string
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "Broken link") {
			broken = append(broken, d.Location())
		}
	}
	want := []string{"i18n/fr/docusaurus-plugin-content-docs/current/intro.md:5"}
	if !slices.Equal(broken, want) {
		t.Errorf("broken links reported at %v, want %v", broken, want)
	}
}

// TestLocaleMarkdownAndLLMs: each locale has its own llms.txt, linking its
// own pages, and each page's Markdown is the locale's text (docs/agents.md).
func TestLocaleMarkdownAndLLMs(t *testing.T) {
	res, err := run(t, sitefs.Dir("testdata/i18n"))
	if err != nil {
		t.Fatalf("build: %v\n%v", err, res.Diagnostics)
	}
	for _, tc := range []struct{ file, has, hasNot string }{
		{file: "llms.txt", has: "(https://docs.example.org/docs/intro)", hasNot: "/fr/"},
		{file: "fr/llms.txt", has: "[Présentation](https://docs.example.org/fr/docs/intro)", hasNot: "(https://docs.example.org/docs/"},
		{file: "fr/docs/intro/index.md", has: "Bienvenue dans la documentation.", hasNot: "Welcome"},
		{file: "fr/docs/setup/index.md", has: "This page is written in English only."},
	} {
		text := builtFile(t, res.Output, tc.file)
		if !strings.Contains(text, tc.has) || (tc.hasNot != "" && strings.Contains(text, tc.hasNot)) {
			t.Errorf("%s: want %q and not %q in:\n%s", tc.file, tc.has, tc.hasNot, text)
		}
	}
}

// TestEveryLocaleReportsItsErrors: a default locale that fails does not
// hide another locale's errors; one build reports both, and writes nothing.
func TestEveryLocaleReportsItsErrors(t *testing.T) {
	site := strings.Replace(twoLocales, "Welcome.", "Welcome, see [the guide](/docs/missing/).", 1)
	site = strings.Replace(site, "Bienvenue.", "Bienvenue, voir [aide](/docs/absent/).", 1)
	res, err := runSite(t, site)
	if err == nil {
		t.Fatal("build passed")
	}
	for _, want := range []string{"docs/intro.md:3", "i18n/fr/docusaurus-plugin-content-docs/current/intro.md:3"} {
		if !hasDiagnostic(res.Diagnostics, want) {
			t.Errorf("no diagnostic at %s in %v", want, res.Diagnostics)
		}
	}
	if res.Output != nil {
		if _, ok := res.Output.File("fr/docs/intro/index.html"); ok {
			t.Error("a failed build wrote the fr locale")
		}
	}
}
