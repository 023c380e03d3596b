package model

import (
	"fmt"
	"path"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/yamlx"
)

// A declared guide may carry its published definitions (fhir.dependencies
// definitions: a folder of the site). Then every reference into that
// version of the guide, from the site's FHIR files and from its pages, must
// name a definition that exists there, and an OperationDefinition of the
// site that is (url) or constrains (base) one of the guide's must use its
// parameters.

// GuideDefinitions is one declared guide version and its published
// definitions, by canonical URL.
type GuideDefinitions struct {
	Dependency config.FHIRDependency
	byURL      map[string]*File
	urls       []string
	// unverifiable are the canonicals the folder's not-verifiable.txt
	// names: "" for a definition the folder lacks, "parameters" for a
	// partial operation.
	unverifiable map[string]string
}

// NewGuideDefinitions is a declared guide version with no definitions yet.
func NewGuideDefinitions(dep config.FHIRDependency) *GuideDefinitions {
	return &GuideDefinitions{Dependency: dep, byURL: map[string]*File{}, unverifiable: map[string]string{}}
}

// Definition finds the guide's definition of url (a |version suffix is
// ignored); nil when the folder holds none.
func (g *GuideDefinitions) Definition(url string) *File { return g.byURL[Canonical(url).URL()] }

// MarkUnverifiable records a line of the folder's not-verifiable.txt
// (parse.UnverifiableFile): what is "" for a
// definition the folder lacks, "parameters" for an operation whose file
// lists only some of its parameters.
func (g *GuideDefinitions) MarkUnverifiable(url, what string) { g.unverifiable[url] = what }

// Has says whether the guide defines url (a |version suffix is ignored).
func (g *GuideDefinitions) Has(url string) bool { return g.byURL[Canonical(url).URL()] != nil }

// unverifiableRef says whether the folder declares url defined by the
// guide but not brought in.
func (g *GuideDefinitions) unverifiableRef(url string) bool {
	what, ok := g.unverifiable[Canonical(url).URL()]
	return ok && what == ""
}

// PartialParameters says whether the folder's operation lists only some of
// the guide's parameters.
func (g *GuideDefinitions) PartialParameters(url string) bool {
	return g.unverifiable[Canonical(url).URL()] == "parameters"
}

func (g *GuideDefinitions) label() string {
	return fmt.Sprintf("%s %s (%s)", g.Dependency.Package, g.Dependency.Version, g.Dependency.Definitions)
}

// Add indexes one published definition, refusing one of another guide or
// another version: the folder must hold exactly the declared version.
func (g *GuideDefinitions) Add(f *File, version string) []diag.Diagnostic {
	dep := g.Dependency
	switch {
	case f.URL == "":
		return []diag.Diagnostic{{File: f.Path, Line: 1, Severity: diag.Error,
			Message: fmt.Sprintf("%s has no url: a guide definition is known by its canonical URL", f.Key()),
			Hint:    "bring the definition exactly as the guide publishes it"}}
	case !DefinedUnder(f.URL, dep.Canonical):
		return []diag.Diagnostic{{File: f.Path, Line: f.Line("url"), Severity: diag.Error,
			Message: fmt.Sprintf("%s is not a definition of %s (canonical %s)", f.URL, dep.Package, dep.Canonical),
			Hint:    "keep only this guide's definitions in its folder"}}
	case version != dep.Version:
		return []diag.Diagnostic{{File: f.Path, Line: f.Line("version"), Severity: diag.Error,
			Message: fmt.Sprintf("%s is version %q of the definition, but the folder holds %s %s", f.URL, version, dep.Package, dep.Version),
			Hint:    "bring the definition from the published " + dep.Version + " guide"}}
	case g.byURL[f.URL] != nil:
		return []diag.Diagnostic{{File: f.Path, Line: f.Line("url"), Severity: diag.Error,
			Message: fmt.Sprintf("%s is already defined by %s", f.URL, g.byURL[f.URL].Location()), Hint: "keep one file per definition"}}
	}
	g.byURL[f.URL] = f
	g.urls = append(g.urls, f.URL)
	return nil
}

// Guides are the guides a site declares (fhir.dependencies) and the
// published definitions of those that carry them.
type Guides struct {
	Declared Dependencies
	// Definitions are the declared versions that carry their definitions.
	Definitions []*GuideDefinitions
}

// For are the declared versions of the guide a canonical reference
// is under, and whether it can be checked: a |version reference is checked
// against that version when it has definitions; an unversioned one only
// when every declared version has them (it may mean any of them).
func (gs Guides) For(ref string) ([]*GuideDefinitions, bool) {
	url, version, pinned := strings.Cut(ref, "|")
	var declared int
	var out []*GuideDefinitions
	for _, dep := range gs.Declared {
		if !DefinedUnder(url, dep.Canonical) || (pinned && dep.Version != version) {
			continue
		}
		declared++
		for _, g := range gs.Definitions {
			if g.Dependency.Canonical == dep.Canonical && g.Dependency.Version == dep.Version {
				out = append(out, g)
			}
		}
	}
	return out, declared > 0 && len(out) == declared
}

// Unresolved says why a reference into a guide with definitions does not
// resolve, "" when it does or cannot be checked; hint names the nearest
// definition.
func (gs Guides) Unresolved(ref string) (why, hint string) {
	guides, checkable := gs.For(ref)
	if !checkable {
		return "", ""
	}
	for _, g := range guides {
		if g.Has(ref) || g.unverifiableRef(ref) {
			return "", ""
		}
	}
	var labels, urls []string
	for _, g := range guides {
		labels = append(labels, g.label())
		urls = append(urls, g.urls...)
	}
	hint = "vendor the definition from the published guide into its folder (its README says where each came from), or fix the reference"
	if near := nearestURL(Canonical(ref).URL(), urls); near != "" {
		hint = fmt.Sprintf("did you mean %s? %s", near, hint)
	}
	return "is not defined in " + strings.Join(labels, " or "), hint
}

// nearestURL is the candidate with the same resource type closest to url.
func nearestURL(url string, candidates []string) string {
	dir := path.Dir(url)
	var same []string
	for _, c := range candidates {
		if path.Dir(c) == dir {
			same = append(same, c)
		}
	}
	if n := nearestWord(path.Base(url), same); n != "" {
		return n
	}
	return ""
}

// nearestWord picks, among URLs, the one whose last segment is closest to
// word by edit distance, if close enough to be a plausible mistake.
func nearestWord(word string, urls []string) string {
	best, bestDist := "", len(word)/2+2
	for _, u := range urls {
		if d := yamlx.EditDistance(word, path.Base(u)); d < bestDist {
			best, bestDist = u, d
		}
	}
	return best
}
