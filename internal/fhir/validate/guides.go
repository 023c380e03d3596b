package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/jsonx"
	"github.com/portaldocs/portal/internal/yamlx"
)

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

// GuideReferences reports references from the site's FHIR files into
// a declared guide version that its definitions do not hold, and the
// site's operations that differ from the guide's they claim.
func GuideReferences(s *model.Site) []diag.Diagnostic {
	if len(s.Guides.Definitions) == 0 {
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
				if why, hint := s.Guides.Unresolved(pinForScope(s, ref, f.Scope)); why != "" {
					diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(at), Severity: diag.Error,
						Message: fmt.Sprintf("%s %s %s", lastStep(at), ref, why), Hint: hint})
				}
			})
		}
		if od, ok := f.Resource.(*model.OperationDefinition); ok {
			diags = append(diags, checkOperationAgainstGuide(s, f, od)...)
		}
		if f.ResourceType == "CapabilityStatement" {
			diags = append(diags, checkSearchParamsAgainstGuide(s, f, doc)...)
		}
	}
	return diags
}

// pinForScope pins an unversioned reference from a file of an API's folder
// to the version of its guide the API's statement pins its own references
// to, when that is one declared version: a US Core 6.1.0 server's
// unversioned US Core search parameters are 6.1.0's.
func pinForScope(s *model.Site, ref, scope string) string {
	if strings.Contains(ref, "|") || scope == "" {
		return ref
	}
	for _, api := range s.APIs {
		if path.Dir(api.File.Path) != scope {
			continue
		}
		for _, dep := range s.Guides.Declared {
			if !model.DefinedUnder(ref, dep.Canonical) {
				continue
			}
			var versions []string
			for _, d := range s.Guides.Declared {
				if d.Canonical == dep.Canonical {
					versions = append(versions, d.Version)
				}
			}
			if used := s.Documents.PinnedVersions(api.File, dep.Canonical, versions); len(used) == 1 {
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
	next := jsonx.JoinPath(at, key)
	if !list {
		walkPattern(child, steps[1:], next, fn)
		return
	}
	items, _ := child.([]any)
	for i, item := range items {
		walkPattern(item, steps[1:], next+"["+strconv.Itoa(i)+"]", fn)
	}
}

// checkSearchParamsAgainstGuide compares a statement's search parameters
// that name a guide's definition with it: the statement's type is the
// definition's, and the resource it is searched on is one of the
// definition's bases (a token search the guide defines is no string
// search, and a Condition parameter is not a Patient one).
func checkSearchParamsAgainstGuide(s *model.Site, f *model.File, doc any) []diag.Diagnostic {
	var diags []diag.Diagnostic
	walkPattern(doc, []string{"rest[]", "resource[]"}, "", func(resourceAt string, v any) {
		res, _ := v.(map[string]any)
		resource, _ := res["type"].(string)
		walkPattern(res, []string{"searchParam[]"}, resourceAt, func(at string, v any) {
			param, _ := v.(map[string]any)
			ref := canonicalValue(param["definition"])
			if ref == "" {
				return
			}
			def := guideSearchParameter(s, pinForScope(s, ref, f.Scope))
			if def == nil {
				return // unresolved, which GuideReferences reports
			}
			name, _ := param["name"].(string)
			if typ, _ := param["type"].(string); typ != "" && def.Type != "" && typ != def.Type { // an extract may lack the type
				diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(at + ".type"), Severity: diag.Error,
					Message: fmt.Sprintf("search parameter %s has type %s, and its definition %s has type %s", name, typ, ref, def.Type),
					Hint:    "write the definition's type, or name the definition of the parameter the server has"})
			}
			if resource != "" && len(def.Base) > 0 && !slices.Contains(def.Base, resource) && !slices.Contains(def.Base, "Resource") && !slices.Contains(def.Base, "DomainResource") {
				diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(at + ".definition"), Severity: diag.Error,
					Message: fmt.Sprintf("search parameter %s of %s names %s, which is defined for %s", name, resource, ref, strings.Join(def.Base, ", ")),
					Hint:    "name the definition of " + resource + "'s parameter"})
			}
		})
	})
	return diags
}

// guideSearchParameter is the SearchParameter a declared guide version
// with definitions holds at ref, nil when none does.
func guideSearchParameter(s *model.Site, ref string) *model.SearchParameter {
	guides, _ := s.Guides.For(ref)
	for _, g := range guides {
		if gf := g.Definition(ref); gf != nil {
			if sp, ok := gf.Resource.(*model.SearchParameter); ok {
				return sp
			}
		}
	}
	return nil
}

// checkOperationAgainstGuide compares a site operation that claims a
// guide's canonical URL (it is that operation: same parameters) or names
// one as base (it constrains it: no parameter the guide lacks, every
// required one, the same types, cardinalities within the guide's).
func checkOperationAgainstGuide(s *model.Site, f *model.File, od *model.OperationDefinition) []diag.Diagnostic {
	claim, exact := od.URL, true
	if guides, _ := s.Guides.For(claim); len(guides) == 0 {
		claim, exact = string(od.Base), false
	}
	if claim == "" {
		return nil
	}
	guides, _ := s.Guides.For(claim)
	var first []diag.Diagnostic
	for _, g := range guides {
		gf := g.Definition(claim)
		if gf == nil {
			continue
		}
		god, ok := gf.Resource.(*model.OperationDefinition)
		if !ok {
			continue
		}
		problems := compareOperation(f, od, god, gf, exact, g.PartialParameters(claim))
		if len(problems) == 0 {
			return nil
		}
		if first == nil {
			first = problems
		}
	}
	return first
}

func compareOperation(f *model.File, od, god *model.OperationDefinition, gf *model.File, exact, partial bool) []diag.Diagnostic {
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
func compareParameters(site, guide []model.OperationParameter, at, parent string, exact, partial bool, add func(at, hint, format string, args ...any)) {
	find := func(list []model.OperationParameter, use, name string) (int, bool) {
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

func versionOf(f *model.File) string {
	var head struct {
		Version string `json:"version"`
	}
	_ = json.NewDecoder(bytes.NewReader(f.Raw)).Decode(&head)
	return head.Version
}
