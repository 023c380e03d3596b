// Package validate checks a site's FHIR material for what reading it
// cannot find: each CapabilityStatement's references to profiles, search
// parameters and operations, and each example against the base
// specification of its type (Registry); a published Bundle by the rules of
// Inferno's service base URL test kit (Publication); references into a
// declared guide against the definitions it carries, and the site's
// operations against the guide's they claim (GuideReferences); an API's
// authorization settings against its discovery document (Authorization).
// Key names everything Registry reads, for a memo of its findings.
package validate

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/jsonx"
	"github.com/portaldocs/portal/internal/workers"
	"github.com/portaldocs/portal/internal/yamlx"
)

// Registry checks what loading alone cannot: references from each
// CapabilityStatement to profiles, search parameters and operations
// (warnings: the API may rely on definitions published elsewhere), and
// example resources against the base definition of their type (errors: a
// page would show a wrong example).
//
// Files are checked on every core (the checks only read the registry);
// the diagnostics come in the files' order.
func Registry(r *model.Registry, specs model.Specs, deps model.Dependencies) []diag.Diagnostic {
	perFile := make([][]diag.Diagnostic, len(r.Files()))
	workers.Each(context.Background(), runtime.GOMAXPROCS(0), len(r.Files()), func(i int) {
		perFile[i] = validateFile(r, r.Files()[i], specs, deps)
	})
	var diags []diag.Diagnostic
	for _, ds := range perFile {
		diags = append(diags, ds...)
	}
	return diags
}

func validateFile(r *model.Registry, f *model.File, specs model.Specs, deps model.Dependencies) []diag.Diagnostic {
	spec, err := specs(f.Version)
	if err != nil {
		return []diag.Diagnostic{{File: f.Path, Severity: diag.Error, Message: fmt.Sprintf("load base FHIR %s: %v", f.Version, err)}}
	}
	switch res := f.Resource.(type) {
	case *model.CapabilityStatement:
		return checkCapabilityStatement(r, f, res, spec, deps)
	case nil:
		return checkExample(r, f, spec)
	}
	return nil
}

func checkCapabilityStatement(r *model.Registry, f *model.File, cs *model.CapabilityStatement, spec *base.Spec, deps model.Dependencies) []diag.Diagnostic {
	var diags []diag.Diagnostic
	warn := func(at, msg, hint string) {
		diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(at), Severity: diag.Warning, Message: msg, Hint: hint})
	}
	for ri, rest := range cs.Rest {
		restPath := "rest[" + strconv.Itoa(ri) + "]"
		for oi, op := range rest.Operation {
			if known, why := knownOperation(r, op.Definition, deps); !known {
				warn(fmt.Sprintf("%s.operation[%d].definition", restPath, oi),
					fmt.Sprintf("operation $%s: definition %s is %s", op.Name, op.Definition, why), missingHint("OperationDefinition"))
			}
		}
		for i, res := range rest.Resource {
			resPath := fmt.Sprintf("%s.resource[%d]", restPath, i)
			if !spec.IsResource(res.Type) {
				diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(resPath + ".type"), Severity: diag.Error,
					Message: fmt.Sprintf("%q is not a FHIR %s resource type", res.Type, spec.Version()),
					Hint:    nearestHint(res.Type, spec.ResourceTypes())})
				continue
			}
			diags = append(diags, checkResourceRefs(r, f, resPath, res, spec, deps)...)
		}
	}
	return diags
}

func checkResourceRefs(r *model.Registry, f *model.File, resPath string, res model.RestResource, spec *base.Spec, deps model.Dependencies) []diag.Diagnostic {
	var diags []diag.Diagnostic
	warn := func(at, msg, hint string) {
		diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(at), Severity: diag.Warning, Message: msg, Hint: hint})
	}
	profilePaths := []string{}
	if res.Profile != "" {
		profilePaths = append(profilePaths, resPath+".profile")
	}
	for i := range res.SupportedProfile {
		profilePaths = append(profilePaths, fmt.Sprintf("%s.supportedProfile[%d]", resPath, i))
	}
	for i, p := range res.Profiles() {
		if r.StructureDefinition(p.URL()) != nil || isBaseDefinition(p.URL(), spec) {
			continue
		}
		if ok, mismatch := deps.Publisher(string(p)); !ok {
			warn(profilePaths[i], fmt.Sprintf("%s profile %s is %s", res.Type, p, unknownWhy(mismatch)), missingHint("StructureDefinition"))
		}
	}
	for i, sp := range res.SearchParam {
		at := fmt.Sprintf("%s.searchParam[%d].name", resPath, i)
		known, fromDependency, mismatch := knownSearchParam(r, res.Type, sp, spec, deps)
		switch {
		case !known:
			warn(at, fmt.Sprintf("%s search parameter %q is %s", res.Type, sp.Name, unknownSearchParamWhy(sp, mismatch)), missingHint("SearchParameter"))
		case fromDependency && sp.Type == "":
			if _, inBase := spec.SearchParam(res.Type, sp.Name); !inBase {
				warn(at, fmt.Sprintf("%s search parameter %q is defined by a dependency the site does not carry, so its type is unknown", res.Type, sp.Name),
					`write its type in the statement, e.g. "type": "token"`)
			}
		}
	}
	for i, op := range res.Operation {
		if known, why := knownOperation(r, op.Definition, deps); !known {
			warn(fmt.Sprintf("%s.operation[%d].definition", resPath, i),
				fmt.Sprintf("%s operation $%s: definition %s is %s", res.Type, op.Name, op.Definition, why), missingHint("OperationDefinition"))
		}
	}
	return diags
}

func isBaseDefinition(url string, spec *base.Spec) bool {
	name, ok := strings.CutPrefix(url, model.CoreCanonicalBase+"StructureDefinition/")
	return ok && (spec.IsResource(name) || len(spec.Elements(name)) > 0)
}

// knownSearchParam says whether a statement's search parameter is defined:
// by a loaded SearchParameter, the base specification, or a declared
// dependency (fromDependency).
func knownSearchParam(r *model.Registry, resourceType string, sp model.SearchParamRef, spec *base.Spec, deps model.Dependencies) (known, fromDependency bool, mismatch string) {
	if def := sp.Definition.URL(); def != "" {
		if r.SearchParameter(def) != nil {
			return true, false, ""
		}
		if strings.HasPrefix(def, model.CoreCanonicalBase+"SearchParameter/") {
			_, ok := spec.SearchParam(resourceType, sp.Name)
			return ok, false, ""
		}
		ok, mismatch := deps.Publisher(string(sp.Definition))
		return ok, ok, mismatch
	}
	_, ok := spec.SearchParam(resourceType, sp.Name)
	return ok, false, ""
}

func knownOperation(r *model.Registry, def model.Canonical, deps model.Dependencies) (bool, string) {
	if r.OperationDefinition(def.URL()) != nil || strings.HasPrefix(def.URL(), model.CoreCanonicalBase+"OperationDefinition/") {
		return true, ""
	}
	ok, mismatch := deps.Publisher(string(def))
	return ok, unknownWhy(mismatch)
}

func unknownWhy(mismatch string) string {
	if mismatch != "" {
		return "from a declared guide, but " + mismatch
	}
	return "neither loaded, nor part of the base specification, nor under a declared dependency's canonical"
}

func unknownSearchParamWhy(sp model.SearchParamRef, mismatch string) string {
	if sp.Definition.URL() == "" {
		return "not defined by the base specification, and the statement gives no definition"
	}
	return "defined as " + string(sp.Definition) + ", which is " + unknownWhy(mismatch)
}

func missingHint(kind string) string {
	return "add the " + kind + " under the FHIR folder, declare the guide that publishes it under fhir.dependencies, or correct the URL"
}

func nearestHint(s string, candidates []string) string {
	if n := yamlx.Nearest(s, candidates); n != "" {
		return fmt.Sprintf("did you mean %q?", n)
	}
	return "use a resource type of the FHIR specification"
}

// checkExample checks an example resource's type and elements against the
// base definition, and that the profiles it claims constrain its type.
func checkExample(r *model.Registry, f *model.File, spec *base.Spec) []diag.Diagnostic {
	if !spec.IsResource(f.ResourceType) {
		return []diag.Diagnostic{{File: f.Path, Line: f.Line("resourceType"), Severity: diag.Error,
			Message: fmt.Sprintf("example has resourceType %q, which is not a FHIR %s resource type", f.ResourceType, spec.Version()),
			Hint:    nearestHint(f.ResourceType, spec.ResourceTypes())}}
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(f.Raw, &obj) != nil {
		return nil
	}
	ex := exampleChecker{f: f, spec: spec}
	ex.object(obj, f.ResourceType, "")
	ex.profiles(r, obj)
	return ex.diags
}

type exampleChecker struct {
	f     *model.File
	spec  *base.Spec
	diags []diag.Diagnostic
}

// skipped are elements every resource or element may carry, or that hold
// content defined elsewhere.
var skipped = map[string]bool{"resourceType": true, "extension": true, "modifierExtension": true, "fhir_comments": true}

// object checks the keys of one JSON object whose FHIR type or path is typePath.
func (c *exampleChecker) object(obj map[string]json.RawMessage, typePath, jsonPath string) {
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		name := strings.TrimPrefix(key, "_")
		if skipped[name] {
			continue
		}
		el, ok := c.spec.Element(typePath + "." + name)
		if !ok {
			c.unknown(typePath, name, jsonx.JoinPath(jsonPath, key))
			continue
		}
		if strings.HasPrefix(key, "_") {
			continue // a primitive's id and extensions
		}
		c.descend(el, obj[key], jsonx.JoinPath(jsonPath, key))
	}
}

func (c *exampleChecker) unknown(typePath, name, jsonPath string) {
	var names []string
	for _, e := range c.spec.Elements(typePath) {
		names = append(names, lastPathPart(e.Path))
	}
	hint := "remove it, or move it into an extension"
	if n := yamlx.Nearest(name, names); n != "" {
		hint = fmt.Sprintf("did you mean %q?", n)
	}
	c.diags = append(c.diags, diag.Diagnostic{File: c.f.Path, Line: c.f.Line(jsonPath), Severity: diag.Error,
		Message: fmt.Sprintf("example %s: %s has no element %q in FHIR %s", c.f.Key(), typePath, name, c.spec.Version()),
		Hint:    hint})
}

// descend checks the value of a complex element: objects, or arrays of them.
func (c *exampleChecker) descend(el base.Element, raw json.RawMessage, jsonPath string) {
	var list []json.RawMessage
	if len(raw) > 0 && raw[0] == '[' {
		if json.Unmarshal(raw, &list) != nil {
			return
		}
	} else {
		list = []json.RawMessage{raw}
	}
	for i, item := range list {
		var obj map[string]json.RawMessage
		if len(item) == 0 || item[0] != '{' || json.Unmarshal(item, &obj) != nil {
			continue
		}
		itemPath := jsonPath
		if len(raw) > 0 && raw[0] == '[' {
			itemPath = jsonPath + "[" + strconv.Itoa(i) + "]"
		}
		if next, ok := c.childType(el, obj); ok {
			c.object(obj, next, itemPath)
		}
	}
}

// childType is the type or path the object's own keys are defined on:
// the element's path for backbone elements, the data type otherwise, the
// object's resourceType for contained resources.
func (c *exampleChecker) childType(el base.Element, obj map[string]json.RawMessage) (string, bool) {
	if len(el.Types) != 1 {
		return "", false
	}
	switch t := el.Types[0]; {
	case t == "BackboneElement" || t == "Element":
		return el.Path, true
	case t == "Resource" || t == "DomainResource":
		var rt string
		if json.Unmarshal(obj["resourceType"], &rt) != nil || !c.spec.IsResource(rt) {
			return "", false
		}
		return rt, true
	case t == "Extension" || t == "Narrative" || t == "xhtml":
		return "", false
	case model.IsTypeName(t) && len(c.spec.Elements(t)) > 0:
		return t, true
	}
	return "", false
}

// profiles checks that each profile in meta.profile that the site defines
// constrains the example's resource type.
func (c *exampleChecker) profiles(r *model.Registry, obj map[string]json.RawMessage) {
	var meta struct {
		Profile []string `json:"profile"`
	}
	if json.Unmarshal(obj["meta"], &meta) != nil {
		return
	}
	for i, p := range meta.Profile {
		sd := r.StructureDefinition(p)
		if sd == nil || sd.Type == "" || sd.Type == c.f.ResourceType {
			continue
		}
		c.diags = append(c.diags, diag.Diagnostic{File: c.f.Path, Line: c.f.Line(fmt.Sprintf("meta.profile[%d]", i)), Severity: diag.Error,
			Message: fmt.Sprintf("example %s claims profile %s, which constrains %s, not %s", c.f.Key(), p, sd.Type, c.f.ResourceType),
			Hint:    "use a profile of " + c.f.ResourceType + ", or change the example's resourceType"})
	}
}

func lastPathPart(p string) string {
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[i+1:]
	}
	return p
}
