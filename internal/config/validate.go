package config

import (
	"fmt"
	"github.com/bmatcuk/doublestar/v4"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/yamlx"
	"gopkg.in/yaml.v3"
)

// validate checks values that decoded but make no sense, with the
// Docusaurus wording where Docusaurus has one (behaviour reference 1, 3.2, 6).
func (s *Site) validate(file string, doc *yaml.Node) []diag.Diagnostic {
	var out []diag.Diagnostic
	add := func(d diag.Diagnostic) { out = append(out, d) }
	line := func(path ...string) int { return yamlx.PathLine(doc, path...) }

	for _, required := range []struct{ key, value string }{
		{"title", s.Title}, {"url", s.URL}, {"baseUrl", s.BaseURL},
	} {
		if strings.TrimSpace(required.value) == "" {
			add(errAt(file, line(), fmt.Sprintf("add %s: … at the top level", required.key),
				"%q is required", required.key))
		}
	}
	if s.URL != "" {
		if u, err := url.Parse(s.URL); err != nil || u.Scheme == "" || u.Host == "" {
			add(errAt(file, line("url"), `write the full origin, e.g. "https://developer.example.org"`,
				"url %q is not an absolute URL", s.URL))
		} else if u.Path != "" && u.Path != "/" {
			add(errAt(file, line("url"), "move the path to baseUrl",
				"The url is not supposed to contain a sub-path like %q. Please use the baseUrl field for sub-paths.", u.Path))
		}
	}
	levels := []struct {
		key string
		val Level
	}{{"onBrokenLinks", s.OnBrokenLinks}, {"onBrokenAnchors", s.OnBrokenAnchors},
		{"onBrokenMarkdownLinks", s.OnBrokenMarkdownLinks}, {"onDuplicateRoutes", s.OnDuplicateRoutes}}
	for _, l := range levels {
		if !slices.Contains([]Level{LevelIgnore, LevelLog, LevelWarn, LevelThrow}, l.val) {
			add(errAt(file, line(l.key), "use one of: ignore, log, warn, throw", "%s has invalid value %q", l.key, l.val))
		}
	}
	if !slices.Contains([]string{MarkdownMDX, MarkdownMD, MarkdownDetect}, s.Markdown.Format) {
		add(errAt(file, line("markdown", "format"), "use one of: mdx, md, detect",
			"markdown.format has invalid value %q", s.Markdown.Format))
	}
	if !slices.Contains(s.I18n.Locales, s.I18n.DefaultLocale) {
		add(errAt(file, line("i18n", "defaultLocale"), "add it to i18n.locales",
			"i18n.defaultLocale %q is not one of i18n.locales", s.I18n.DefaultLocale))
	}
	for i, r := range s.Redirects {
		if !strings.HasPrefix(r.From, "/") {
			add(errAt(file, r.Line, `redirect sources are site paths such as "/baseUrls"`,
				"redirects[%d].from %q must start with /", i, r.From))
		}
		if r.To == "" {
			add(errAt(file, r.Line, "", "redirects[%d].to is required", i))
		}
	}
	out = append(out, s.validateDocsInstances(file, line("docs"))...)
	out = append(out, s.ThemeConfig.validate(file, doc)...)
	out = append(out, s.FHIR.validate(file)...)
	return out
}

// docsIDPattern is what Docusaurus accepts as a plugin id.
var docsIDPattern = regexp.MustCompile(`^[a-zA-Z0-9_-]+$`)

// validateDocsInstances checks that every docs instance has an id of its
// own, and a folder and routes no other instance has.
func (s *Site) validateDocsInstances(file string, docsLine int) []diag.Diagnostic {
	var out []diag.Diagnostic
	ids, folders, routes := map[string]bool{}, map[string]string{}, map[string]string{}
	for i, d := range s.AllDocs() {
		key, at := "docs", docsLine
		if i > 0 {
			key, at = fmt.Sprintf("docsInstances[%d]", i-1), d.Line
		}
		switch {
		case d.ID == "":
			out = append(out, errAt(file, at, `add id: community (letters, digits, - and _), which navbar items name as docsPluginId`,
				"%s has no id", key))
			continue
		case !docsIDPattern.MatchString(d.ID):
			out = append(out, errAt(file, at, "use letters, digits, - and _ only",
				"%s.id %q is not a valid docs instance id", key, d.ID))
		case ids[d.ID]:
			out = append(out, errAt(file, at, "give each docs instance an id of its own",
				"%s.id %q is already the id of another docs instance", key, d.ID))
		}
		ids[d.ID] = true
		if other, taken := folders[path.Clean(d.Path)]; taken {
			out = append(out, errAt(file, at, "give each docs instance a folder of its own",
				"docs instance %q reads the folder %q, which docs instance %q reads too", d.ID, d.Path, other))
		}
		folders[path.Clean(d.Path)] = d.ID
		if other, taken := routes[d.RouteBasePath]; taken {
			out = append(out, errAt(file, at, "give each docs instance a routeBasePath of its own",
				"docs instance %q serves its docs at /%s, where docs instance %q serves its own", d.ID, d.RouteBasePath, other))
		}
		routes[d.RouteBasePath] = d.ID
		for option, patterns := range map[string][]string{"include": d.Include, "exclude": d.Exclude} {
			for _, p := range patterns {
				if !doublestar.ValidatePattern(p) {
					out = append(out, errAt(file, at, "write a glob such as **/*.md (** for any folders, {a,b} for either)",
						"%s.%s: %q is not a valid glob", key, option, p))
				}
			}
		}
	}
	return out
}

func (t *Theme) validate(file string, doc *yaml.Node) []diag.Diagnostic {
	var out []diag.Diagnostic
	line := func(path ...string) int { return yamlx.PathLine(doc, append([]string{"themeConfig"}, path...)...) }
	if !slices.Contains([]string{"light", "dark"}, t.ColorMode.DefaultMode) {
		out = append(out, errAt(file, line("colorMode", "defaultMode"), `use "light" or "dark"`,
			"themeConfig.colorMode.defaultMode has invalid value %q", t.ColorMode.DefaultMode))
	}
	toc := t.TableOfContents
	if toc.MinHeadingLevel < 2 || toc.MinHeadingLevel > 6 || toc.MaxHeadingLevel < 2 || toc.MaxHeadingLevel > 6 ||
		toc.MinHeadingLevel > toc.MaxHeadingLevel {
		out = append(out, errAt(file, line("tableOfContents"), "levels are integers from 2 to 6, min ≤ max",
			"themeConfig.tableOfContents levels %d–%d are invalid", toc.MinHeadingLevel, toc.MaxHeadingLevel))
	}
	if t.Footer != nil && !slices.Contains([]string{"light", "dark"}, t.Footer.Style) {
		out = append(out, errAt(file, line("footer", "style"), `use "light" or "dark"`,
			"themeConfig.footer.style has invalid value %q", t.Footer.Style))
	}
	if t.Footer != nil {
		for _, group := range t.Footer.Links {
			for _, link := range group.Items {
				if countSet(link.To, link.Href, link.HTML) != 1 {
					out = append(out, errAt(file, link.Line, "give the link exactly one of to, href or html",
						`footer link %q: One and only one between "to", "href" and "html" should be provided`, link.Label))
				}
			}
		}
	}
	for _, item := range t.Navbar.Items {
		out = append(out, validateNavbarItem(file, item, true)...)
	}
	return out
}

func countSet(values ...string) int {
	n := 0
	for _, v := range values {
		if v != "" {
			n++
		}
	}
	return n
}

// dropdownTypes may not appear inside a dropdown (Docusaurus: "Nested
// dropdowns are not allowed").
var dropdownTypes = []string{NavDropdown, NavDocsVersionDropdown, NavLocaleDropdown, NavSearch}

func validateNavbarItem(file string, item NavbarItem, topLevel bool) []diag.Diagnostic {
	var out []diag.Diagnostic
	bad := func(hint, format string, args ...any) {
		out = append(out, errAt(file, item.Line, hint, format, args...))
	}
	if !slices.Contains(NavbarItemTypes, item.Type) {
		hint := "valid types: " + strings.Join(NavbarItemTypes, ", ")
		if near := yamlx.Nearest(item.Type, NavbarItemTypes); near != "" {
			hint = fmt.Sprintf("did you mean %q? (%s)", near, hint)
		}
		bad(hint, "Bad navbar item type %s", item.Type)
		return out
	}
	if topLevel && item.Position != "left" && item.Position != "right" {
		bad(`use "left" or "right"`, "navbar item position %q is invalid", item.Position)
	}
	if !topLevel && item.Position != "" {
		bad("remove position from the dropdown's sub-item", "a dropdown sub-item cannot have a position")
	}
	if item.ActiveBaseRegex != "" {
		if _, err := regexp.Compile(item.ActiveBaseRegex); err != nil {
			bad("fix the regular expression", "activeBaseRegex %q is invalid: %v", item.ActiveBaseRegex, err)
		}
	}
	switch item.Type {
	case NavDefault:
		if countSet(item.To, item.Href) != 1 {
			bad("give the item either to (a site path) or href (an external URL)",
				`One and only one between "to" and "href" should be provided`)
		}
	case NavDropdown:
		for _, sub := range item.Items {
			if slices.Contains(dropdownTypes, sub.Type) {
				out = append(out, errAt(file, sub.Line, "move the item to the navbar's top level",
					"Nested dropdowns are not allowed"))
				continue
			}
			out = append(out, validateNavbarItem(file, sub, false)...)
		}
	case NavHTML:
		if item.Value == "" {
			bad("give the html item a value", `navbar item of type "html" requires "value"`)
		}
	case NavDoc:
		if item.DocID == "" {
			bad("give the doc item a docId", `navbar item of type "doc" requires "docId"`)
		}
	case NavDocSidebar:
		if item.SidebarID == "" {
			bad("give the docSidebar item a sidebarId", `navbar item of type "docSidebar" requires "sidebarId"`)
		}
	}
	if item.Type != NavDropdown && len(item.Items) > 0 {
		bad("only dropdown items have items", "Nested dropdowns are not allowed")
	}
	return out
}
