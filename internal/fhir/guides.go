package fhir

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/workers"
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
	// unverifiable are the canonicals of UnverifiableFile: "" for a
	// definition the folder lacks, "parameters" for a partial operation.
	unverifiable map[string]string
}

// Has says whether the guide defines url (a |version suffix is ignored).
func (g *GuideDefinitions) Has(url string) bool { return g.byURL[Canonical(url).URL()] != nil }

// unverifiableRef says whether the folder declares url defined by the
// guide but not brought in.
func (g *GuideDefinitions) unverifiableRef(url string) bool {
	what, ok := g.unverifiable[Canonical(url).URL()]
	return ok && what == ""
}

// partialParameters says whether the folder's operation lists only some of
// the guide's parameters.
func (g *GuideDefinitions) partialParameters(url string) bool {
	return g.unverifiable[Canonical(url).URL()] == "parameters"
}

func (g *GuideDefinitions) label() string {
	return fmt.Sprintf("%s %s (%s)", g.Dependency.Package, g.Dependency.Version, g.Dependency.Definitions)
}

// loadGuides reads the definitions folder of every dependency that has one.
func loadGuides(ctx context.Context, site fs.FS, cfg config.FHIR, configFile string) ([]*GuideDefinitions, []diag.Diagnostic) {
	var guides []*GuideDefinitions
	var diags diag.List
	for _, dep := range cfg.Dependencies {
		if dep.Definitions == "" || ctx.Err() != nil {
			continue
		}
		at := func(format string, args ...any) {
			diags.Add(diag.Diagnostic{File: configFile, Line: dep.DefinitionsLine, Severity: diag.Error, Message: fmt.Sprintf(format, args...),
				Hint: "definitions is a folder of the site holding the guide's published definitions, e.g. fhir-guides/" + dep.Package + "-" + dep.Version})
		}
		if dep.Definitions == cfg.Path || strings.HasPrefix(dep.Definitions, cfg.Path+"/") {
			at("fhir dependency %s %s: definitions %s is inside the FHIR folder %s, whose files are the site's own", dep.Package, dep.Version, dep.Definitions, cfg.Path)
			continue
		}
		if info, err := fs.Stat(site, dep.Definitions); err != nil || !info.IsDir() {
			at("fhir dependency %s %s: definitions folder %s does not exist", dep.Package, dep.Version, dep.Definitions)
			continue
		}
		g, ds := loadGuide(site, dep)
		diags.Add(ds...)
		guides = append(guides, g)
	}
	return guides, diags.Items()
}

func loadGuide(site fs.FS, dep config.FHIRDependency) (*GuideDefinitions, []diag.Diagnostic) {
	g := &GuideDefinitions{Dependency: dep, byURL: map[string]*File{}, unverifiable: map[string]string{}}
	var diags []diag.Diagnostic
	paths, err := jsonFiles(site, dep.Definitions)
	if err != nil {
		return g, []diag.Diagnostic{{File: dep.Definitions, Severity: diag.Error, Message: fmt.Sprintf("read guide definitions: %v", err)}}
	}
	if _, err := fs.Stat(site, path.Join(dep.Definitions, "README.md")); errors.Is(err, fs.ErrNotExist) {
		diags = append(diags, diag.Diagnostic{File: dep.Definitions, Severity: diag.Warning,
			Message: fmt.Sprintf("the definitions of %s %s have no README.md", dep.Package, dep.Version),
			Hint:    "add a README.md recording the guide version and the published address each file came from"})
	}
	diags = append(diags, g.readUnverifiable(site)...)
	// Read and decoded side by side (a guide brings up to a few hundred
	// files), then added in path order, which the diagnostics follow.
	parsed := make([]parsedDefinition, len(paths))
	workers.Each(context.Background(), runtime.GOMAXPROCS(0), len(paths), func(i int) {
		data, err := fs.ReadFile(site, paths[i])
		if err != nil {
			parsed[i].diags = []diag.Diagnostic{{File: paths[i], Severity: diag.Error, Message: fmt.Sprintf("read guide definition: %v", err)}}
			return
		}
		parsed[i] = parseDefinition(paths[i], data)
	})
	for _, d := range parsed {
		diags = append(diags, d.diags...)
		if d.file != nil {
			diags = append(diags, g.add(d.file, d.version)...)
		}
	}
	return g, diags
}

// parsedDefinition is one definition file read: the file and the
// definition's own version, or what is wrong with it.
type parsedDefinition struct {
	file    *File
	version string
	diags   []diag.Diagnostic
}

// parseDefinition reads a guide definition for what the checks use: its
// identity, its version and, for an OperationDefinition, its parameters. A
// folder may hold extracts that carry only those elements, so the elements
// a page needs (status, kind…) are not required here. It decodes as
// encoding/json would, in one pass (decodeAsV1).
func parseDefinition(p string, data []byte) parsedDefinition {
	var head struct {
		ResourceType string `json:"resourceType"`
		ID           string `json:"id"`
		URL          string `json:"url"`
		// Version is kept raw: a version that is not a string is reported
		// as a version mismatch, not as a broken file.
		Version jsontext.Value `json:"version"`
	}
	if err := decodeAsV1(data, &head); err != nil {
		line, col, msg := syntaxErrorAt(data, err)
		return parsedDefinition{diags: []diag.Diagnostic{{File: p, Line: line, Severity: diag.Error,
			Message: fmt.Sprintf("invalid JSON at column %d: %s", col, msg), Hint: "fix the JSON syntax"}}}
	}
	if head.ResourceType == "" {
		return parsedDefinition{diags: []diag.Diagnostic{{File: p, Line: 1, Severity: diag.Error,
			Message: "not a FHIR resource: it has no \"resourceType\"", Hint: "bring the definition as the guide publishes it"}}}
	}
	var version string
	if head.Version.Kind() == '"' {
		_ = jsonv2.Unmarshal(head.Version, &version)
	}
	f := &File{Path: p, Version: base.R4, data: data, Raw: json.RawMessage(data), ResourceType: head.ResourceType, ID: head.ID, URL: head.URL}
	if head.ResourceType == "OperationDefinition" {
		od := &OperationDefinition{}
		if err := decodeAsV1(data, od); err != nil {
			line, _, msg := syntaxErrorAt(data, err)
			return parsedDefinition{diags: []diag.Diagnostic{{File: p, Line: line, Severity: diag.Error, Message: "OperationDefinition: " + msg}}}
		}
		f.Resource = od
	}
	return parsedDefinition{file: f, version: version}
}

// UnverifiableFile lists, in a definitions folder, what the guide defines
// but the folder could not bring in: one canonical URL per line, a
// reference to which is not checked; or "<canonical> parameters" for an
// operation whose file lists only some of its parameters, so a parameter
// of the site's operation missing from it is not reported. Lines starting
// with # are comments.
const UnverifiableFile = "not-verifiable.txt"

func (g *GuideDefinitions) readUnverifiable(site fs.FS) []diag.Diagnostic {
	p := path.Join(g.Dependency.Definitions, UnverifiableFile)
	data, err := fs.ReadFile(site, p)
	if err != nil {
		return nil
	}
	var diags []diag.Diagnostic
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		url, what, _ := strings.Cut(line, " ")
		what = strings.TrimSpace(what)
		switch {
		case !definedUnder(url, g.Dependency.Canonical):
			diags = append(diags, diag.Diagnostic{File: p, Line: i + 1, Severity: diag.Error,
				Message: fmt.Sprintf("%s is not a canonical URL of %s (%s)", url, g.Dependency.Package, g.Dependency.Canonical),
				Hint:    "write one canonical URL of the guide per line, optionally followed by \"parameters\""})
		case what != "" && what != "parameters":
			diags = append(diags, diag.Diagnostic{File: p, Line: i + 1, Severity: diag.Error,
				Message: fmt.Sprintf("%q after %s: write nothing (the definition is not in the folder) or \"parameters\" (its parameter list is partial)", what, url)})
		default:
			g.unverifiable[url] = what
		}
	}
	return diags
}

// add indexes one published definition, refusing one of another guide or
// another version: the folder must hold exactly the declared version.
func (g *GuideDefinitions) add(f *File, version string) []diag.Diagnostic {
	dep := g.Dependency
	switch {
	case f.URL == "":
		return []diag.Diagnostic{{File: f.Path, Line: 1, Severity: diag.Error,
			Message: fmt.Sprintf("%s has no url: a guide definition is known by its canonical URL", f.Key()),
			Hint:    "bring the definition exactly as the guide publishes it"}}
	case !definedUnder(f.URL, dep.Canonical):
		return []diag.Diagnostic{{File: f.Path, Line: f.Line("url"), Severity: diag.Error,
			Message: fmt.Sprintf("%s is not a definition of %s (canonical %s)", f.URL, dep.Package, dep.Canonical),
			Hint:    "keep only this guide's definitions in its folder"}}
	case version != dep.Version:
		return []diag.Diagnostic{{File: f.Path, Line: f.Line("version"), Severity: diag.Error,
			Message: fmt.Sprintf("%s is version %q of the definition, but the folder holds %s %s", f.URL, version, dep.Package, dep.Version),
			Hint:    "bring the definition from the published " + dep.Version + " guide"}}
	case g.byURL[f.URL] != nil:
		return []diag.Diagnostic{{File: f.Path, Line: f.Line("url"), Severity: diag.Error,
			Message: fmt.Sprintf("%s is already defined by %s", f.URL, where(g.byURL[f.URL])), Hint: "keep one file per definition"}}
	}
	g.byURL[f.URL] = f
	g.urls = append(g.urls, f.URL)
	return nil
}

// guidesFor are the declared versions of the guide a canonical reference
// is under, and whether it can be checked: a |version reference is checked
// against that version when it has definitions; an unversioned one only
// when every declared version has them (it may mean any of them).
func (s *Site) guidesFor(ref string) ([]*GuideDefinitions, bool) {
	url, version, pinned := strings.Cut(ref, "|")
	var declared int
	var out []*GuideDefinitions
	for _, dep := range s.deps {
		if !definedUnder(url, dep.Canonical) || (pinned && dep.Version != version) {
			continue
		}
		declared++
		for _, g := range s.guides {
			if g.Dependency.Canonical == dep.Canonical && g.Dependency.Version == dep.Version {
				out = append(out, g)
			}
		}
	}
	return out, declared > 0 && len(out) == declared
}

// unresolved says why a reference into a guide with definitions does not
// resolve, "" when it does or cannot be checked; hint names the nearest
// definition.
func (s *Site) unresolved(ref string) (why, hint string) {
	guides, checkable := s.guidesFor(ref)
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

// referencePaths are, per resource type, the elements that hold canonical
// references into other guides ("[]" walks a list).
var referencePaths = map[string][]string{
	"CapabilityStatement": {"instantiates[]", "imports[]", "rest[].resource[].profile", "rest[].resource[].supportedProfile[]",
		"rest[].resource[].searchParam[].definition", "rest[].resource[].operation[].definition",
		"rest[].searchParam[].definition", "rest[].operation[].definition"},
	"OperationDefinition": {"base", "inputProfile", "outputProfile"},
	"StructureDefinition": {"baseDefinition"},
	"SearchParameter":     {"derivedFrom"},
}

// checkGuideReferences reports references from the site's FHIR files into
// a declared guide version that its definitions do not hold, and the
// site's operations that differ from the guide's they claim.
func (s *Site) checkGuideReferences() []diag.Diagnostic {
	if len(s.guides) == 0 {
		return nil
	}
	var diags []diag.Diagnostic
	for _, f := range s.Registry.Files() {
		var doc any
		if json.Unmarshal(f.Raw, &doc) != nil {
			continue
		}
		paths := referencePaths[f.ResourceType]
		if f.Resource == nil {
			paths = []string{"meta.profile[]"}
		}
		for _, pattern := range paths {
			walkPattern(doc, strings.Split(pattern, "."), "", func(at string, v any) {
				ref := canonicalValue(v)
				if ref == "" {
					return
				}
				if why, hint := s.unresolved(s.pinForScope(ref, f.Scope)); why != "" {
					diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(at), Severity: diag.Error,
						Message: fmt.Sprintf("%s %s %s", lastStep(at), ref, why), Hint: hint})
				}
			})
		}
		if od, ok := f.Resource.(*OperationDefinition); ok {
			diags = append(diags, s.checkOperationAgainstGuide(f, od)...)
		}
	}
	return diags
}

// pinForScope pins an unversioned reference from a file of an API's folder
// to the version of its guide the API's statement pins its own references
// to, when that is one declared version: a US Core 6.1.0 server's
// unversioned US Core search parameters are 6.1.0's.
func (s *Site) pinForScope(ref, scope string) string {
	if strings.Contains(ref, "|") || scope == "" {
		return ref
	}
	for _, api := range s.APIs {
		if path.Dir(api.File.Path) != scope {
			continue
		}
		for _, dep := range s.deps {
			if !definedUnder(ref, dep.Canonical) {
				continue
			}
			var versions []string
			for _, d := range s.deps {
				if d.Canonical == dep.Canonical {
					versions = append(versions, d.Version)
				}
			}
			if used := s.pinnedVersions(api.File, dep.Canonical, versions); len(used) == 1 {
				return ref + "|" + used[0]
			}
		}
	}
	return ref
}

// canonicalValue reads a canonical written as a string (R4) or as a
// Reference (STU3).
func canonicalValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case map[string]any:
		s, _ := x["reference"].(string)
		return s
	}
	return ""
}

func lastStep(at string) string {
	at = regexp.MustCompile(`\[\d+\]$`).ReplaceAllString(at, "")
	if i := strings.LastIndexByte(at, '.'); i >= 0 {
		return at[i+1:]
	}
	return at
}

// walkPattern calls fn with the path and value of each element pattern
// names; "x[]" steps into every item of list x.
func walkPattern(v any, steps []string, at string, fn func(at string, v any)) {
	if len(steps) == 0 {
		fn(at, v)
		return
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	key, list := strings.CutSuffix(steps[0], "[]")
	child, present := obj[key]
	if !present {
		return
	}
	next := join(at, key)
	if !list {
		walkPattern(child, steps[1:], next, fn)
		return
	}
	items, _ := child.([]any)
	for i, item := range items {
		walkPattern(item, steps[1:], next+"["+strconv.Itoa(i)+"]", fn)
	}
}

// checkOperationAgainstGuide compares a site operation that claims a
// guide's canonical URL (it is that operation: same parameters) or names
// one as base (it constrains it: no parameter the guide lacks, every
// required one, the same types, cardinalities within the guide's).
func (s *Site) checkOperationAgainstGuide(f *File, od *OperationDefinition) []diag.Diagnostic {
	claim, exact := od.URL, true
	if guides, _ := s.guidesFor(claim); len(guides) == 0 {
		claim, exact = string(od.Base), false
	}
	if claim == "" {
		return nil
	}
	guides, _ := s.guidesFor(claim)
	var first []diag.Diagnostic
	for _, g := range guides {
		gf := g.byURL[Canonical(claim).URL()]
		if gf == nil {
			continue
		}
		god, ok := gf.Resource.(*OperationDefinition)
		if !ok {
			continue
		}
		problems := compareOperation(f, od, god, gf, exact, g.partialParameters(claim))
		if len(problems) == 0 {
			return nil
		}
		if first == nil {
			first = problems
		}
	}
	return first
}

func compareOperation(f *File, od, god *OperationDefinition, gf *File, exact, partial bool) []diag.Diagnostic {
	relation := "constrains"
	if exact {
		relation = "is"
	}
	guideRef := fmt.Sprintf("%s|%s (%s)", gf.URL, versionOf(gf), gf.Path)
	var diags []diag.Diagnostic
	add := func(at, hint, format string, args ...any) {
		diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(at), Severity: diag.Error,
			Message: fmt.Sprintf("operation %s %s %s: ", od.URL, relation, guideRef) + fmt.Sprintf(format, args...), Hint: hint})
	}
	// A definition folder may hold extracts: an element the guide's file
	// leaves out is not compared.
	if god.Code != "" && od.Code != god.Code {
		add("code", "write code: "+god.Code, "code %q differs from the guide's %q", od.Code, god.Code)
	}
	compareParameters(od.Parameter, god.Parameter, "parameter", "", exact, partial, add)
	return diags
}

// compareParameters matches parameters by use and name, recursively
// through parts.
// With partial (the folder's definition lists only some parameters), a
// site parameter the definition lacks is not reported.
func compareParameters(site, guide []OperationParameter, at, parent string, exact, partial bool, add func(at, hint, format string, args ...any)) {
	find := func(list []OperationParameter, use, name string) (int, bool) {
		for i, p := range list {
			if p.Use == use && p.Name == name {
				return i, true
			}
		}
		return -1, false
	}
	for i, p := range site {
		pat := fmt.Sprintf("%s[%d]", at, i)
		full := parent + p.Name
		gi, ok := find(guide, p.Use, p.Name)
		if !ok && partial {
			continue
		}
		if !ok {
			var names []string
			for _, g := range guide {
				if g.Use == p.Use || p.Use == "" {
					names = append(names, g.Name)
				}
			}
			hint := "use the guide's parameter names: " + strings.Join(names, ", ")
			if n := nearestName(p.Name, names); n != "" {
				hint = fmt.Sprintf("did you mean %s? ", n) + hint
			}
			add(pat+".name", hint, "%s parameter %s is not a parameter of the guide's operation", useLabel(p.Use), full)
			continue
		}
		g := guide[gi]
		if p.Type != "" && g.Type != "" && p.Type != g.Type && (exact || !narrowsResource(g.Type, p.Type)) {
			add(pat+".type", "write type: "+g.Type, "parameter %s has type %s, the guide's has %s", full, p.Type, g.Type)
		}
		if g.Max != "" && (exact && (p.Min != g.Min || p.Max != g.Max) || !exact && (p.Min < g.Min || maxOf(p.Max) > maxOf(g.Max))) {
			add(pat+".min", fmt.Sprintf("write min: %d and max: %q", g.Min, g.Max),
				"parameter %s has cardinality %d..%s, the guide's has %d..%s", full, p.Min, p.Max, g.Min, g.Max)
		}
		compareParameters(p.Part, g.Part, pat+".part", full+".", exact, partial, add)
	}
	for _, g := range guide {
		if _, ok := find(site, g.Use, g.Name); ok || ((!exact || partial) && g.Min == 0) {
			continue
		}
		add(at, fmt.Sprintf("add the %s parameter %s (%d..%s, %s)", useLabel(g.Use), parent+g.Name, g.Min, g.Max, orDash(g.Type)),
			"the guide's %s parameter %s%s is missing", useLabel(g.Use), parent+g.Name, map[bool]string{true: " (required)", false: ""}[g.Min > 0])
	}
}

// narrowsResource: a constraining operation may name the resource type a
// guide's Resource (or DomainResource) parameter carries.
func narrowsResource(guideType, siteType string) bool {
	if guideType != "Resource" && guideType != "DomainResource" {
		return false
	}
	spec, err := base.Load(base.R4)
	return err == nil && spec.IsResource(siteType)
}

func useLabel(use string) string {
	switch use {
	case "in":
		return "input"
	case "out":
		return "output"
	}
	return use
}

func orDash(s string) string {
	if s == "" {
		return "no type"
	}
	return s
}

// maxOf reads a cardinality maximum; * is unbounded.
func maxOf(m string) int {
	if m == "*" {
		return 1 << 30
	}
	n, err := strconv.Atoi(m)
	if err != nil {
		return 1 << 30
	}
	return n
}

func nearestName(name string, names []string) string {
	best, bestDist := "", len(name)/2+1
	for _, n := range names {
		if d := yamlx.EditDistance(strings.ToLower(name), strings.ToLower(n)); d < bestDist {
			best, bestDist = n, d
		}
	}
	return best
}

func versionOf(f *File) string {
	var head struct {
		Version string `json:"version"`
	}
	_ = json.NewDecoder(bytes.NewReader(f.Raw)).Decode(&head)
	return head.Version
}

// definitionTypes are the resource types a definitions folder holds and
// pages are checked for; a guide's CodeSystems and ValueSets are not.
var definitionTypes = map[string]bool{"StructureDefinition": true, "SearchParameter": true, "OperationDefinition": true, "CapabilityStatement": true}

// canonicalType is the resource type segment of a canonical URL.
func canonicalType(ref string) string {
	return path.Base(path.Dir(Canonical(ref).URL()))
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
func (s *Site) checkPageCanonicals(p PageText) []diag.Diagnostic {
	if len(s.guides) == 0 {
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
		ref, label := s.pageReference(u)
		if ref == "" || !definitionTypes[canonicalType(ref)] {
			return
		}
		if why, hint := s.unresolved(ref); why != "" {
			what := "canonical " + u
			if label != "" {
				what = fmt.Sprintf("link %s (%s in %s)", u, Canonical(ref).URL(), label)
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
func (s *Site) pageReference(u string) (ref, label string) {
	noScheme := func(x string) string {
		x = strings.TrimPrefix(strings.TrimPrefix(x, "https://"), "http://")
		return strings.TrimPrefix(x, "www.")
	}
	for _, dep := range s.deps {
		canonical := noScheme(dep.Canonical)
		bare := noScheme(u)
		if !strings.HasPrefix(bare, canonical+"/") {
			continue
		}
		asCanonical := dep.Canonical + strings.TrimPrefix(bare, canonical)
		if definedUnder(Canonical(asCanonical).URL(), dep.Canonical) {
			return asCanonical, ""
		}
		m := publishedPageRe.FindStringSubmatch(bare)
		if m == nil || m[1] != canonical {
			continue
		}
		version := s.versionNamedBy(dep, m[2])
		if version == "" {
			continue
		}
		return fmt.Sprintf("%s/%s/%s|%s", dep.Canonical, m[3], m[4], version), dep.Package + " " + version
	}
	return "", ""
}

// versionNamedBy is the declared version of dep's guide that a version
// label names: 6.1.0 exactly, STU6.1 as 6.1.x; "" when none or several do.
func (s *Site) versionNamedBy(dep config.FHIRDependency, label string) string {
	prefix, exact := strings.TrimPrefix(label, "STU"), !strings.HasPrefix(label, "STU")
	var found []string
	for _, d := range s.deps {
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
