package config

import (
	"strings"
	"testing"
)

const minimal = "title: T\nurl: https://docs.example.org\nbaseUrl: /\n"

func TestDefaults(t *testing.T) {
	site, diags := Parse(FileName, []byte(minimal+"themeConfig:\n  navbar:\n    logo: {src: a.svg}\n    items:\n      - {to: /docs/, label: Docs}\n      - {label: More, items: [{href: 'https://example.org', label: X}]}\n  footer:\n    logo: {src: b.svg}\n"))
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"onBrokenLinks", site.OnBrokenLinks, LevelThrow},
		{"onBrokenAnchors", site.OnBrokenAnchors, LevelWarn},
		{"onBrokenMarkdownLinks", site.OnBrokenMarkdownLinks, LevelWarn},
		{"onDuplicateRoutes", site.OnDuplicateRoutes, LevelWarn},
		{"docs.routeBasePath", site.Docs.RouteBasePath, "docs"},
		{"i18n.defaultLocale", site.I18n.DefaultLocale, "en"},
		{"colorMode.defaultMode", site.ThemeConfig.ColorMode.DefaultMode, "light"},
		{"colorMode.disableSwitch", site.ThemeConfig.ColorMode.DisableSwitch, false},
		{"colorMode.respectPrefersColorScheme", site.ThemeConfig.ColorMode.RespectPrefersColorScheme, false},
		{"toc min", site.ThemeConfig.TableOfContents.MinHeadingLevel, 2},
		{"toc max", site.ThemeConfig.TableOfContents.MaxHeadingLevel, 3},
		{"mermaid light", site.ThemeConfig.Mermaid.Theme.Light, "neutral"},
		{"mermaid dark", site.ThemeConfig.Mermaid.Theme.Dark, "dark"},
		{"navbar logo width", site.ThemeConfig.Navbar.Logo.Width, 55},
		{"navbar logo height", site.ThemeConfig.Navbar.Logo.Height, 50},
		{"footer logo width", site.ThemeConfig.Footer.Logo.Width, 350},
		{"footer logo height", site.ThemeConfig.Footer.Logo.Height, 60},
		{"footer style", site.ThemeConfig.Footer.Style, "light"},
		{"item position", site.ThemeConfig.Navbar.Items[0].Position, "right"},
		{"item type", site.ThemeConfig.Navbar.Items[0].Type, NavDefault},
		{"item with items", site.ThemeConfig.Navbar.Items[1].Type, NavDropdown},
		{"title delimiter", site.TitleDelimiter, "|"},
		{"blog path", site.Blog.Path, "blog"},
		{"blog route", site.Blog.RouteBasePath, "blog"},
		{"blog postsPerPage", site.Blog.PostsPerPage, 10},
		{"blog sidebar count", *site.Blog.BlogSidebarCount, 5},
		{"blog sidebar title", site.Blog.BlogSidebarTitle, "Recent posts"},
		{"blog reading time", *site.Blog.ShowReadingTime, true},
		{"blog feeds", strings.Join(site.Blog.Feed.Type, ","), "rss,atom,json"},
		{"blog feed limit", site.Blog.Feed.Limit, 20},
		{"docs id", site.Docs.ID, DefaultDocsID},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestDocsInstanceDefaults(t *testing.T) {
	site, diags := Parse(FileName, []byte(minimal+"docsInstances:\n  - id: community\n  - id: sdk\n    path: sdk-docs\n    routeBasePath: /reference/sdk/\n    sidebarPath: sdk.yaml\n"))
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	var got []string
	for _, d := range site.AllDocs() {
		got = append(got, strings.Join([]string{d.ID, d.Path, d.RouteBasePath, d.SidebarPath}, " "))
	}
	want := []string{
		"default docs docs sidebars.yaml",
		// Named after the instance unless it says otherwise.
		"community community community sidebars-community.yaml",
		"sdk sdk-docs reference/sdk sdk.yaml",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("instances:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !*site.DocsInstances[0].Breadcrumbs || !*site.DocsInstances[0].IncludeCurrentVersion {
		t.Error("an instance's breadcrumbs and current version are on by default, as the docs key's")
	}
}

func TestInvalidConfigs(t *testing.T) {
	cases := []struct {
		name, yaml string
		want       []string // "line: message fragment"
	}{
		{"unknown top-level key with suggestion", minimal + "tagLine: x\n", []string{`4: unknown key "tagLine" at the top level`, `did you mean "tagline"?`}},
		{"unknown nested key", minimal + "themeConfig:\n  colorMode:\n    defaultMod: dark\n", []string{`6: unknown key "defaultMod" in themeConfig.colorMode`, `did you mean "defaultMode"?`}},
		{"renamed Docusaurus key", minimal + "themeConfig:\n  navbar:\n    links: []\n", []string{`6: unknown key "links"`, `use themeConfig.navbar.items`}},
		{"bad navbar type", minimal + "themeConfig:\n  navbar:\n    items:\n      - type: sidebar\n", []string{`7: Bad navbar item type sidebar`}},
		{"to and href", minimal + "themeConfig:\n  navbar:\n    items:\n      - {to: /a/, href: 'https://x', label: X}\n", []string{`One and only one between "to" and "href" should be provided`}},
		{"nested dropdown", minimal + "themeConfig:\n  navbar:\n    items:\n      - label: A\n        items:\n          - {label: B, items: [{to: /x/, label: C}]}\n", []string{`9: Nested dropdowns are not allowed`}},
		{"url with path", "title: T\nurl: https://docs.example.org/sub\nbaseUrl: /\n", []string{`2: The url is not supposed to contain a sub-path like "/sub"`}},
		{"missing title", "url: https://docs.example.org\nbaseUrl: /\n", []string{`"title" is required`}},
		{"bad level", minimal + "onBrokenLinks: explode\n", []string{`4: onBrokenLinks has invalid value "explode"`}},
		{"toc levels", minimal + "themeConfig:\n  tableOfContents: {minHeadingLevel: 4, maxHeadingLevel: 3}\n", []string{`themeConfig.tableOfContents levels 4–3 are invalid`}},
		{"wrong type", minimal + "noIndex: sometimes\n", []string{`4: cannot unmarshal`}},
		{"docs instance without id", minimal + "docsInstances:\n  - path: community\n", []string{`5: docsInstances[0] has no id`}},
		{"docs instance id taken", minimal + "docsInstances:\n  - id: default\n", []string{`5: docsInstances[0].id "default" is already the id of another docs instance`}},
		{"docs instance id with a slash", minimal + "docsInstances:\n  - id: sdk/v2\n", []string{`5: docsInstances[0].id "sdk/v2" is not a valid docs instance id`}},
		{"docs instances sharing routes", minimal + "docsInstances:\n  - id: a\n    routeBasePath: docs\n", []string{`5: docs instance "a" serves its docs at /docs, where docs instance "default" serves its own`}},
		{"docs instances sharing a folder", minimal + "docsInstances:\n  - id: a\n  - id: b\n    path: a/\n", []string{`6: docs instance "b" reads the folder "a", which docs instance "a" reads too`}},
		{"unknown docs instance key", minimal + "docsInstances:\n  - id: a\n    sidebar: x.yaml\n", []string{`6: unknown key "sidebar" in docsInstances[]`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, diags := Parse(FileName, []byte(c.yaml))
			var all []string
			for _, d := range diags {
				all = append(all, d.String())
			}
			text := strings.Join(all, "\n")
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("want %q in:\n%s", w, text)
				}
			}
		})
	}
}

func TestFHIRClientAuthentication(t *testing.T) {
	const api = "fhir:\n  apis:\n    - id: system-access\n      capabilityStatement: cs.json\n      baseUrl: https://fhir.example.org/r4\n"
	cases := []struct {
		name, yaml string
		want       string   // the value decoded
		wantDiags  []string // fragments of the diagnostics, one per diagnostic
	}{
		{"left out: the engine picks by grant", minimal + api, "", nil},
		{"private_key_jwt", minimal + api + "      authorization:\n        tokenUrl: https://auth.example.org/token\n        clientAuthentication: private_key_jwt\n", PrivateKeyJWT, nil},
		{"client_secret_basic", minimal + api + "      authorization: {clientAuthentication: client_secret_basic}\n", ClientSecretBasic, nil},
		{"none", minimal + api + "      authorization: {clientAuthentication: none}\n", ClientAuthNone, nil},
		{"unknown value, at its own line", minimal + api + "      authorization:\n        tokenUrl: https://auth.example.org/token\n        clientAuthentication: private-key-jwt\n", "private-key-jwt",
			[]string{`portal.yaml:11: fhir API "system-access": authorization.clientAuthentication "private-key-jwt" is none of client_secret_basic, private_key_jwt, none` +
				"\n  hint: write client_secret_basic (a client secret), private_key_jwt (a signed JWT, as SMART Backend Services requires) or none (a public app)"}},
		{"misspelt key", minimal + api + "      authorization:\n        clientAuth: none\n", "",
			[]string{`portal.yaml:10: unknown key "clientAuth" in fhir.apis[].authorization`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			site, diags := Parse(FileName, []byte(c.yaml))
			if site == nil {
				t.Fatalf("not parsed: %v", diags)
			}
			if got := site.FHIR.APIs[0].Authorization.ClientAuthentication; got != c.want {
				t.Errorf("clientAuthentication = %q, want %q", got, c.want)
			}
			if len(diags) != len(c.wantDiags) {
				t.Fatalf("diagnostics = %v, want %d", diags, len(c.wantDiags))
			}
			for i, want := range c.wantDiags {
				if got := diags[i].String(); !strings.Contains(got, want) {
					t.Errorf("diagnostic %q, want it to contain %q", got, want)
				}
			}
		})
	}
}

func TestDocsReadsByDefault(t *testing.T) {
	d := &Docs{}
	for rel, want := range map[string]bool{
		"intro.md": true, "guides/setup.mdx": true, "_partial.md": false, "guides/_shared/a.md": false,
		"__tests__/x.md": false, "notes.txt": false, "README.md": true,
	} {
		if got := d.Reads(rel); got != want {
			t.Errorf("Reads(%q) = %v, want %v", rel, got, want)
		}
	}
}

// TestBlogKeys: portal.yaml's blog key takes the blog plugin's option
// names; an unknown one is reported with the nearest valid key.
func TestBlogKeys(t *testing.T) {
	site, diags := Parse(FileName, []byte(minimal+"blog:\n  routeBasePath: /news/\n  postsPerPage: 3\n  blogSidebarCount: 0\n  feedOptions: {type: [rss], limit: 5}\n"))
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if b := site.Blog; b.RouteBasePath != "news" || b.PostsPerPage != 3 || *b.BlogSidebarCount != 0 ||
		strings.Join(b.Feed.Type, ",") != "rss" || b.Feed.Limit != 5 {
		t.Errorf("blog = %+v", b)
	}
	_, diags = Parse(FileName, []byte(minimal+"blog:\n  postPerPage: 3\n"))
	if len(diags) != 1 || !strings.Contains(diags[0].String(), "postPerPage") || !strings.Contains(diags[0].String(), "postsPerPage") {
		t.Errorf("diagnostics = %v, want one naming postPerPage and postsPerPage", diags)
	}
}
