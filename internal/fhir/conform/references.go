package conform

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/jsonx"
)

// relativeReference is a literal reference to another resource of the
// same server, "Patient/sbx-pt-0001" (FHIR R4 §2.3.0.3: type and id).
var relativeReference = regexp.MustCompile(`^([A-Z][A-Za-z]+)/([A-Za-z0-9\-.]{1,64})(/_history/[A-Za-z0-9\-.]{1,64})?$`)

// exampleRef is one relative reference written in an example.
type exampleRef struct {
	file, at, target, scope string
	line                    int
}

// references collects the example keys of each API scope and the relative
// references written in the examples, to check once every file is read.
type references struct {
	keys map[string]map[string]bool // scope → "Type/id"
	refs []exampleRef
}

// add records a resource's key in its scope and, for an example (not a
// conformance resource), every relative reference it writes.
func (r *references) add(file, scope string, c claim, pos jsonx.Positions) {
	typ, _ := c.resource["resourceType"].(string)
	id, _ := c.resource["id"].(string)
	if r.keys[scope] == nil {
		r.keys[scope] = map[string]bool{}
	}
	if typ != "" && id != "" {
		r.keys[scope][typ+"/"+id] = true
	}
	if conformanceTypes[typ] || typ == "Bundle" || typ == "Parameters" {
		return
	}
	walkReferences(c.resource, c.at, func(at, ref string) {
		if relativeReference.MatchString(ref) {
			r.refs = append(r.refs, exampleRef{file: file, at: at, target: ref, scope: scope, line: pos.Line(at)})
		}
	})
}

var conformanceTypes = map[string]bool{"CapabilityStatement": true, "StructureDefinition": true, "SearchParameter": true,
	"OperationDefinition": true, "ValueSet": true, "CodeSystem": true, "ImplementationGuide": true, "ConceptMap": true}

// walkReferences calls found with every Reference.reference string in v,
// contained resources and Bundle entries aside (they are checked as
// resources of their own).
func walkReferences(v any, at string, found func(at, ref string)) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if k == "contained" || k == "entry" {
				continue
			}
			child := jsonx.JoinPath(at, k)
			if s, ok := x[k].(string); ok && k == "reference" {
				found(child, s)
				continue
			}
			walkReferences(x[k], child, found)
		}
	case []any:
		for i, item := range x {
			walkReferences(item, at+"["+strconv.Itoa(i)+"]", found)
		}
	}
}

// unresolved are the references whose target is no example of their
// scope (nor of the site outside every API folder).
func (r *references) unresolved() []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, ref := range r.refs {
		key := strings.Join(strings.SplitN(ref.target, "/", 3)[:2], "/")
		if r.keys[ref.scope][key] || r.keys[""][key] {
			continue
		}
		// A warning: the sandbox may serve resources no page shows, but a
		// reader following the example finds nothing.
		out = append(out, diag.Diagnostic{File: ref.file, Line: ref.line, Severity: diag.Warning,
			Message: fmt.Sprintf("reference %s at %s resolves to no example of its API (%s)", ref.target, ref.at, scopeLabel(ref.scope)),
			Hint:    "add the " + key + " example to the API's folder, or reference one that exists"})
	}
	return out
}

func scopeLabel(scope string) string {
	if scope == "" {
		return "outside every API folder"
	}
	return path.Clean(scope)
}
