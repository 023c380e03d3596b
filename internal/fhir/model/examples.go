package model

import (
	"cmp"
	"strings"
)

// ExampleWithID is the example with the id an API may show (see
// examplesFor), nil when there is none.
func (r *Registry) ExampleWithID(id string, api *API) *File {
	if exs := r.examplesFor(api.File.Scope, api.File.Version, func(f *File) bool { return f.ID == id }); len(exs) > 0 {
		return exs[0]
	}
	return nil
}

// ExampleOf is the example of a resource type an API shows: the first
// that claims one of the resource's profiles, else the first of the type
// (see Examples); nil when it has none.
func (r *Registry) ExampleOf(api *API, res RestResource) *File {
	examples := r.Examples(res.Type, api.File.Scope, api.File.Version)
	for _, ex := range examples {
		for _, p := range res.Profiles() {
			if bytesContainString(ex.Raw, p.URL()) {
				return ex
			}
		}
	}
	if len(examples) > 0 {
		return examples[0]
	}
	return nil
}

func bytesContainString(b []byte, s string) bool { return strings.Contains(string(b), `"`+s) }

// SearchParamInfo is one search parameter of a resource, with what the
// statement says completed from its definition and the base specification.
type SearchParamInfo struct {
	Name, Type, Expectation, Description, Expression string
	Targets, Comparators, Modifiers, Chains          []string
}

// SearchParamInfo resolves one listed search parameter: the statement's
// own type and documentation first, then the loaded SearchParameter, then
// the base specification.
func (r *Registry) SearchParamInfo(api *API, resourceType string, ref SearchParamRef) SearchParamInfo {
	info := SearchParamInfo{Name: ref.Name, Type: ref.Type, Expectation: ref.Expectation(), Description: ref.Documentation}
	if sp := r.SearchParameter(ref.Definition.URL()); sp != nil {
		info.Type = cmp.Or(info.Type, sp.Type)
		info.Description = cmp.Or(info.Description, sp.Description)
		info.Expression = sp.Expression
		info.Targets, info.Comparators, info.Modifiers, info.Chains = sp.Target, sp.Comparator, sp.Modifier, sp.Chain
	}
	if spec := api.Spec(); spec != nil {
		if b, ok := spec.SearchParam(resourceType, ref.Name); ok {
			info.Type = cmp.Or(info.Type, b.Type)
			info.Description = cmp.Or(info.Description, b.Description)
			info.Expression = cmp.Or(info.Expression, b.Expression)
			if len(info.Targets) == 0 {
				info.Targets = b.Targets
			}
			if len(info.Comparators) == 0 {
				info.Comparators = b.Comparators
			}
			if len(info.Modifiers) == 0 {
				info.Modifiers = b.Modifiers
			}
		}
	}
	return info
}
