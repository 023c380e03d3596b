package pagecheck

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
)

// definitionTypes are the resource types a definitions folder holds and
// pages are checked for; a guide's CodeSystems and ValueSets are not.
var definitionTypes = map[string]bool{"StructureDefinition": true, "SearchParameter": true, "OperationDefinition": true, "CapabilityStatement": true}

// canonicalType is the resource type segment of a canonical URL.
func canonicalType(ref string) string {
	return path.Base(path.Dir(model.Canonical(ref).URL()))
}

// urlInTextRe finds absolute URLs in text.
var urlInTextRe = regexp.MustCompile("https?://[^\\s<>\"'`)\\]]+")

// publishedPageRe reads an address of a guide's published page for one
// definition: <guide>/<version label>/<Type>-<id>.html.
var publishedPageRe = regexp.MustCompile(`^(.+)/(STU\d+(?:\.\d+)*|\d+\.\d+\.\d+)/([A-Z][A-Za-z]+)-([A-Za-z0-9.\-]+)\.html(?:#.*)?$`)

// checkPageCanonicals reports canonical URLs of a declared guide that a
// page names (in text, code or links) and that the guide's definitions
// do not hold, and links to a definition's published page in a declared
// version that does not define it.
func checkPageCanonicals(s *model.Site, p PageText) []diag.Diagnostic {
	if len(s.Guides.Definitions) == 0 {
		return nil
	}
	var diags []diag.Diagnostic
	seen := map[string]bool{}
	check := func(raw string, line int) {
		u := strings.TrimRight(raw, ".,;:!?")
		if strings.Contains(u, "…") || strings.Contains(u, "...") {
			return // a placeholder ("…/StructureDefinition/…"), not an address
		}
		key := fmt.Sprintf("%d\x00%s", line, u)
		if seen[key] || p.ignored(line, CheckCanonical) {
			return
		}
		seen[key] = true
		ref, label := pageReference(s, u)
		if ref == "" || !definitionTypes[canonicalType(ref)] {
			return
		}
		if why, hint := s.Guides.Unresolved(ref); why != "" {
			what := "canonical " + u
			if label != "" {
				what = fmt.Sprintf("link %s (%s in %s)", u, model.Canonical(ref).URL(), label)
			}
			diags = append(diags, diag.Diagnostic{File: p.File, Line: line, Severity: diag.Warning,
				Message: fmt.Sprintf("%s %s", what, why), Hint: hint})
		}
	}
	for _, prose := range p.Outline.Prose {
		for _, run := range prose.Runs {
			for _, u := range urlInTextRe.FindAllString(run.Text, -1) {
				check(u, run.Line)
			}
		}
	}
	for _, l := range p.Outline.Links {
		check(l.Dest, l.Line)
	}
	for _, cb := range p.Outline.CodeBlocks {
		for i, line := range strings.Split(cb.Code, "\n") {
			for _, u := range urlInTextRe.FindAllString(line, -1) {
				check(u, cb.LineOf(i))
			}
		}
	}
	return diags
}

// pageReference reads a URL a page writes as a reference into a declared
// guide: a canonical (http or https) is itself; a published page of a
// definition in a version label (STU6.1, 6.1.0) becomes the canonical,
// pinned to the declared version the label names, and label says so. ""
// when the URL is neither.
func pageReference(s *model.Site, u string) (ref, label string) {
	noScheme := func(x string) string {
		x = strings.TrimPrefix(strings.TrimPrefix(x, "https://"), "http://")
		return strings.TrimPrefix(x, "www.")
	}
	for _, dep := range s.Guides.Declared {
		canonical := noScheme(dep.Canonical)
		bare := noScheme(u)
		if !strings.HasPrefix(bare, canonical+"/") {
			continue
		}
		asCanonical := dep.Canonical + strings.TrimPrefix(bare, canonical)
		if model.DefinedUnder(model.Canonical(asCanonical).URL(), dep.Canonical) {
			return asCanonical, ""
		}
		m := publishedPageRe.FindStringSubmatch(bare)
		if m == nil || m[1] != canonical {
			continue
		}
		version := versionNamedBy(s, dep, m[2])
		if version == "" {
			continue
		}
		return fmt.Sprintf("%s/%s/%s|%s", dep.Canonical, m[3], m[4], version), dep.Package + " " + version
	}
	return "", ""
}

// versionNamedBy is the declared version of dep's guide that a version
// label names: 6.1.0 exactly, STU6.1 as 6.1.x; "" when none or several do.
func versionNamedBy(s *model.Site, dep config.FHIRDependency, label string) string {
	prefix, exact := strings.TrimPrefix(label, "STU"), !strings.HasPrefix(label, "STU")
	var found []string
	for _, d := range s.Guides.Declared {
		if d.Canonical != dep.Canonical {
			continue
		}
		if (exact && d.Version == prefix) || (!exact && (d.Version == prefix || strings.HasPrefix(d.Version, prefix+"."))) {
			found = append(found, d.Version)
		}
	}
	if len(found) != 1 {
		return ""
	}
	return found[0]
}
