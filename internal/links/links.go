// Package links finds broken links and broken anchors across a built site,
// and duplicate routes, with the levels the config sets for each
// (behaviour reference section 8).
package links

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/route"
)

// Link is one link found on a page, with where it was written.
type Link struct {
	Dest string
	File string
	Line int
}

// Page is what the checker needs of a rendered page: its path, the links it
// contains and the anchors it defines.
type Page struct {
	Path    string
	Links   []Link
	Anchors []string
}

// Site is the set of things a link may point at.
type Site struct {
	Pages []Page
	// Files are other paths that exist in the output (static files,
	// redirect sources), full URL paths.
	Files map[string]bool
	// BaseURL of the site; links outside it are not checked.
	BaseURL string
	// OutOfScope are routes of the site being moved over that Portal does
	// not build and has already reported (config.Site.OutOfScope): links
	// into them are not broken. An entry ending in "$" is one exact route,
	// any other a prefix.
	OutOfScope []string
}

// outOfScope reports whether a resolved path falls in one of the routes.
func (s Site) outOfScope(p string) bool {
	slashed := strings.TrimSuffix(p, "/") + "/"
	for _, r := range s.OutOfScope {
		if exact, ok := strings.CutSuffix(r, "$"); ok {
			if slashed == exact || p == exact {
				return true
			}
			continue
		}
		if strings.HasPrefix(slashed, r) {
			return true
		}
	}
	return false
}

// Levels says how to report each class of problem.
type Levels struct {
	BrokenLinks   config.Level
	BrokenAnchors config.Level
}

var hasProtocolRe = regexp.MustCompile(`^(?:\w*:|//)`)

// IsExternal reports whether a link leaves the site (has a scheme or is
// protocol-relative), the same test the theme's Link uses.
func IsExternal(dest string) bool { return hasProtocolRe.MatchString(dest) }

// Check reports every broken link and anchor of the site.
func Check(site Site, levels Levels) []diag.Diagnostic {
	if levels.BrokenLinks == config.LevelIgnore && levels.BrokenAnchors == config.LevelIgnore {
		return nil
	}
	anchors := make(map[string]map[string]bool, len(site.Pages))
	for _, p := range site.Pages {
		set := make(map[string]bool, len(p.Anchors))
		for _, a := range p.Anchors {
			set[strings.TrimPrefix(a, "#")] = true
		}
		anchors[p.Path] = set
	}
	var out []diag.Diagnostic
	for _, p := range site.Pages {
		for _, l := range p.Links {
			if d, ok := checkLink(site, anchors, p.Path, l, levels); ok {
				out = append(out, d)
			}
		}
	}
	return out
}

func checkLink(site Site, anchors map[string]map[string]bool, pagePath string, l Link, levels Levels) (diag.Diagnostic, bool) {
	if l.Dest == "" || IsExternal(l.Dest) {
		return diag.Diagnostic{}, false
	}
	resolved, hash, err := resolve(pagePath, l.Dest)
	if err != nil {
		return report(levels.BrokenLinks, l, fmt.Sprintf("Broken link on source page path = %s:\n   -> linking to %s (%v)", pagePath, l.Dest, err),
			"fix the link's syntax"), true
	}
	if resolved == "" { // same-page anchor
		resolved = pagePath
	}
	target, found := findTarget(site, anchors, resolved)
	if !found {
		if site.Files[resolved] || site.Files[decode(resolved)] || site.outOfScope(resolved) {
			return diag.Diagnostic{}, false
		}
		msg := fmt.Sprintf("Broken link on source page path = %s:\n   -> linking to %s", pagePath, l.Dest)
		if resolved != l.Dest {
			msg += fmt.Sprintf(" (resolved as: %s)", resolved)
		}
		return report(levels.BrokenLinks, l, msg, brokenLinkFix(l.Dest)), true
	}
	if hash == "" {
		return diag.Diagnostic{}, false
	}
	set := anchors[target]
	if set[hash] || set[decodeComponent(hash)] {
		return diag.Diagnostic{}, false
	}
	msg := fmt.Sprintf("Broken anchor on source page path = %s:\n   -> linking to %s", pagePath, l.Dest)
	if resolved+"#"+hash != l.Dest {
		msg += fmt.Sprintf(" (resolved as: %s#%s)", resolved, hash)
	}
	return report(levels.BrokenAnchors, l, msg, "link to a heading id that exists on the target page"), true
}

// findTarget matches a resolved path against the pages, with either
// trailing slash and decoded (behaviour reference 8.2): routes are written
// with or without one as the site's trailingSlash says.
func findTarget(site Site, anchors map[string]map[string]bool, p string) (string, bool) {
	for _, candidate := range []string{p, decode(p)} {
		for _, form := range []string{candidate, route.OtherForm(candidate)} {
			if _, ok := anchors[form]; ok && form != "" {
				return form, true
			}
		}
	}
	return "", false
}

func resolve(pagePath, dest string) (pathname, hash string, err error) {
	u, err := url.Parse(dest)
	if err != nil {
		return "", "", err
	}
	hash = u.Fragment
	if u.Path == "" {
		return "", hash, nil
	}
	base := &url.URL{Path: pagePath}
	ref := &url.URL{Path: u.Path}
	resolved := base.ResolveReference(ref).Path
	if strings.HasSuffix(u.Path, "/") && !strings.HasSuffix(resolved, "/") {
		resolved += "/"
	}
	return path.Clean(resolved) + trailing(resolved), hash, nil
}

func trailing(p string) string {
	if strings.HasSuffix(p, "/") && p != "/" {
		return "/"
	}
	return ""
}

func decode(p string) string {
	d, err := url.PathUnescape(p)
	if err != nil {
		return p
	}
	return d
}

func decodeComponent(s string) string {
	d, err := url.QueryUnescape(s)
	if err != nil {
		return s
	}
	return d
}

func report(level config.Level, l Link, msg, hint string) diag.Diagnostic {
	sev := diag.Warning
	if level == config.LevelThrow {
		sev = diag.Error
	}
	return diag.Diagnostic{File: l.File, Line: l.Line, Severity: sev, Message: msg, Hint: hint}
}

// Source says where a route came from, for duplicate-route reports.
type Source struct {
	Path string
	File string
	Line int
}

// Duplicates reports every route path created more than once.
func Duplicates(routes []Source, level config.Level) []diag.Diagnostic {
	if level == config.LevelIgnore {
		return nil
	}
	seen := map[string]Source{}
	var out []diag.Diagnostic
	for _, r := range routes {
		first, dup := seen[r.Path]
		if !dup {
			seen[r.Path] = r
			continue
		}
		sev := diag.Warning
		if level == config.LevelThrow {
			sev = diag.Error
		}
		out = append(out, diag.Diagnostic{File: r.File, Line: r.Line, Severity: sev,
			Message: fmt.Sprintf("Duplicate routes found!\n- Attempting to create page at url=%s, but a page already exists at this route.\nThis could lead to non-deterministic routing behavior.", r.Path),
			Hint:    fmt.Sprintf("%s already creates this route; give one of them another slug", first.File)})
	}
	return out
}

// Resolve is the path and fragment that dest, a link on the page at
// pagePath, leads to: relative links resolved against the page, dot
// segments removed, the trailing slash kept. The path is "" for a link to
// an anchor on the page itself.
func Resolve(pagePath, dest string) (pathname, hash string, err error) {
	return resolve(pagePath, dest)
}

// brokenLinkFix is the fix a broken link's message gives. A destination
// with a backslash gets its own: Docusaurus (Node's path.join outside
// Windows) reads \ as part of the file's name, not as a folder separator,
// so ..\img\a.png is broken under Docusaurus too, and / is the fix.
func brokenLinkFix(dest string) string {
	if strings.Contains(dest, `\`) {
		return "write the path with / between folders (" + strings.ReplaceAll(dest, `\`, "/") +
			"): Docusaurus, like Portal, reads \\ as part of a file name, not as a folder separator, so this link is broken under Docusaurus too"
	}
	return "point the link at an existing page, or set onBrokenLinks in portal.yaml to let the build pass"
}
