package base

import (
	"slices"
	"strings"
)

// Spec is one release of the base specification. Its methods return copies, so a Spec never changes
// and is safe for concurrent use.
type Spec struct {
	version      Version
	fhirVersion  string
	resources    []string // concrete resource types, sorted
	isResource   map[string]bool
	types        map[string]*typeInfo // resources (abstract ones too) and complex datatypes
	searchParams map[string][]SearchParam
	common       []SearchParam
}

// typeInfo holds the elements one resource or datatype defines itself, in definition order, its
// root first. Elements it inherits (id, meta, extension…) are found through base.
type typeInfo struct {
	name        string
	base        string // the type it specialises: DomainResource, Resource, Element, BackboneElement…
	elements    []Element
	index       map[string]int    // element path → position in elements
	contentRefs map[string]string // element path → the path whose definition it reuses (Questionnaire.item.item → Questionnaire.item)
	hasChildren map[string]bool   // paths of backbone elements, which have elements of their own
}

// Version returns the release, R4 or STU3.
func (s *Spec) Version() Version { return s.version }

// FHIRVersion returns the exact version of the release: "4.0.1" or "3.0.1".
func (s *Spec) FHIRVersion() string { return s.fhirVersion }

// IsResource reports whether name is a concrete resource type of the release (Patient yes;
// HumanName, and the abstract Resource and DomainResource, no).
func (s *Spec) IsResource(name string) bool { return s.isResource[name] }

// ResourceTypes returns the concrete resource types, sorted.
func (s *Spec) ResourceTypes() []string { return slices.Clone(s.resources) }

// SearchParam returns the parameter code of resourceType: its own parameter if it has one, else a
// parameter common to all resources (_id, _lastUpdated…). Unknown resource types have none.
func (s *Spec) SearchParam(resourceType, code string) (SearchParam, bool) {
	if !s.isResource[resourceType] {
		return SearchParam{}, false
	}
	for _, params := range [][]SearchParam{s.searchParams[resourceType], s.common} {
		if i := slices.IndexFunc(params, func(p SearchParam) bool { return p.Code == code }); i >= 0 {
			return params[i].clone(), true
		}
	}
	return SearchParam{}, false
}

// SearchParams returns the parameters the specification defines for resourceType itself, sorted by
// code; the common ones are in CommonSearchParams.
func (s *Spec) SearchParams(resourceType string) []SearchParam {
	return cloneSearchParams(s.searchParams[resourceType])
}

// CommonSearchParams returns the parameters that apply to every resource, sorted by code: the ones
// the release defines on Resource and DomainResource, plus _has, _list and _type.
func (s *Spec) CommonSearchParams() []SearchParam { return cloneSearchParams(s.common) }

// Elements returns the elements typeName defines itself, in definition order: for Patient,
// Patient.identifier … Patient.contact, Patient.contact.relationship … Patient.link.type. It leaves
// out the type's root and what it inherits (Patient.id, Patient.meta…), which Element resolves. It
// returns nil for a name that is not a resource or complex datatype.
func (s *Spec) Elements(typeName string) []Element {
	t := s.types[typeName]
	if t == nil {
		return nil
	}
	out := make([]Element, 0, len(t.elements)-1)
	for _, e := range t.elements[1:] {
		out = append(out, s.withReferencedTypes(t, e).clone())
	}
	return out
}

// Element resolves a path as FHIR paths are written in profiles and search expressions:
//   - through complex datatypes ("Patient.name.family" is HumanName.family),
//   - through backbone elements ("Patient.contact.name") and content references
//     ("Questionnaire.item.item.linkId"),
//   - to inherited elements ("Patient.id" is Resource.id, "Patient.contact.id" is Element.id),
//   - through choice elements: "Observation.value[x]" is the choice itself, "Observation.valueQuantity"
//     is value[x] with Types narrowed to Quantity.
//
// The returned Element's Path is path as given. A path into a primitive (Patient.birthDate.id), or
// through a choice without naming the type, does not resolve.
func (s *Spec) Element(path string) (Element, bool) {
	root, rest, _ := strings.Cut(path, ".")
	t := s.types[root]
	if t == nil {
		return Element{}, false
	}
	found := resolved{owner: t, element: t.elements[0]}
	if rest != "" {
		sc := scope{typ: t, path: t.name}
		for i, name := range strings.Split(rest, ".") {
			var ok bool
			if i > 0 {
				if sc, ok = s.descend(found); !ok {
					return Element{}, false
				}
			}
			if found, ok = s.child(sc, name); !ok {
				return Element{}, false
			}
		}
	}
	out := s.withReferencedTypes(found.owner, found.element).clone()
	out.Path = path
	return out, true
}

// scope is where the next path segment is looked up: inside typ at path (typ's root or one of its
// backbone elements); a backbone element inherits from the type named by inherits.
type scope struct {
	typ      *typeInfo
	path     string
	inherits string
}

// resolved is an element found for a path segment, with owner the type that defines it.
type resolved struct {
	owner   *typeInfo
	element Element // Path is the definition's path; Types are narrowed for a choice
}

// child finds the element name directly under sc: defined there, a choice element named by one of
// its types, or inherited from the base type.
func (s *Spec) child(sc scope, name string) (resolved, bool) {
	if i, ok := sc.typ.index[sc.path+"."+name]; ok {
		return resolved{owner: sc.typ, element: sc.typ.elements[i]}, true
	}
	if e, ok := sc.typ.choice(sc.path, name); ok {
		return resolved{owner: sc.typ, element: e}, true
	}
	inherits := sc.inherits
	if sc.path == sc.typ.name {
		inherits = sc.typ.base
	}
	if base := s.types[inherits]; base != nil {
		return s.child(scope{typ: base, path: base.name}, name)
	}
	return resolved{}, false
}

// descend returns the scope of the elements below r: the referenced definition for a content
// reference, r's own children for a backbone element, else the definition of its single type.
func (s *Spec) descend(r resolved) (scope, bool) {
	if ref, ok := r.owner.contentRefs[r.element.Path]; ok {
		root, _, _ := strings.Cut(ref, ".")
		t := s.types[root]
		if t == nil {
			return scope{}, false
		}
		i, ok := t.index[ref]
		if !ok {
			return scope{}, false
		}
		return scope{typ: t, path: ref, inherits: firstType(t.elements[i])}, true
	}
	if r.owner.hasChildren[r.element.Path] {
		return scope{typ: r.owner, path: r.element.Path, inherits: firstType(r.element)}, true
	}
	if len(r.element.Types) == 1 {
		if t := s.types[r.element.Types[0]]; t != nil {
			return scope{typ: t, path: t.name}, true
		}
	}
	return scope{}, false
}

// choice finds the choice element that name selects a type of: under Observation, valueQuantity
// selects Quantity from value[x] and valueString selects string.
func (t *typeInfo) choice(parent, name string) (Element, bool) {
	for i := 1; i < len(name); i++ {
		if name[i] < 'A' || name[i] > 'Z' {
			continue
		}
		j, ok := t.index[parent+"."+name[:i]+"[x]"]
		if !ok {
			continue
		}
		e := t.elements[j]
		for _, code := range e.Types {
			if capitalised(code) != name[i:] {
				continue
			}
			e.Types = []string{code}
			if code != "Reference" && code != "canonical" {
				e.TargetProfiles = nil
			}
			return e, true
		}
	}
	return Element{}, false
}

// withReferencedTypes gives an element defined by content reference (which has no types of its own)
// the types of the element it reuses, so callers see BackboneElement rather than nothing.
func (s *Spec) withReferencedTypes(owner *typeInfo, e Element) Element {
	ref, ok := owner.contentRefs[e.Path]
	if !ok || len(e.Types) > 0 {
		return e
	}
	root, _, _ := strings.Cut(ref, ".")
	if t := s.types[root]; t != nil {
		if i, ok := t.index[ref]; ok {
			e.Types = t.elements[i].Types
		}
	}
	return e
}

func firstType(e Element) string {
	if len(e.Types) == 0 {
		return ""
	}
	return e.Types[0]
}

// capitalised turns a type code into the suffix a choice element uses: "dateTime" → "DateTime".
func capitalised(code string) string {
	if code == "" || code[0] < 'a' || code[0] > 'z' {
		return code
	}
	return string(code[0]-'a'+'A') + code[1:]
}
