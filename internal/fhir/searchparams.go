package fhir

import (
	"strings"
)

// SearchParamInfo is one search parameter of a resource, with what the
// statement says completed from its definition and the base specification.
type SearchParamInfo struct {
	Name, Type, Expectation, Description, Expression string
	Targets, Comparators, Modifiers, Chains          []string
}

// searchParamInfo resolves one listed search parameter: the statement's
// own type and documentation first, then the loaded SearchParameter, then
// the base specification.
func (r *Renderer) searchParamInfo(api *API, resourceType string, ref SearchParamRef) SearchParamInfo {
	info := SearchParamInfo{Name: ref.Name, Type: ref.Type, Expectation: ref.Expectation(), Description: ref.Documentation}
	if sp := r.Registry.SearchParameter(ref.Definition.URL()); sp != nil {
		info.Type = firstNonEmpty(info.Type, sp.Type)
		info.Description = firstNonEmpty(info.Description, sp.Description)
		info.Expression = sp.Expression
		info.Targets, info.Comparators, info.Modifiers, info.Chains = sp.Target, sp.Comparator, sp.Modifier, sp.Chain
	}
	if spec := api.Spec(); spec != nil {
		if b, ok := spec.SearchParam(resourceType, ref.Name); ok {
			info.Type = firstNonEmpty(info.Type, b.Type)
			info.Description = firstNonEmpty(info.Description, b.Description)
			info.Expression = firstNonEmpty(info.Expression, b.Expression)
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

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

// searchParamTable lists search parameters: name, type, expectation and a
// description that carries the modifiers, comparators, chains and targets
// the definition declares.
func (r *Renderer) searchParamTable(w *mdWriter, api *API, resourceType string, refs []SearchParamRef) {
	site := canonicalSite(api.Statement.URL)
	rows := make([][]string, 0, len(refs))
	for _, ref := range refs {
		info := r.searchParamInfo(api, resourceType, ref)
		desc := []string{cell(absolutize(info.Description, site))}
		if len(info.Targets) > 0 && info.Type == "reference" {
			desc = append(desc, "Targets: "+strings.Join(info.Targets, ", "))
		}
		if len(info.Modifiers) > 0 {
			desc = append(desc, "Modifiers: "+joinCodes(prefixAll(":", info.Modifiers)))
		}
		if len(info.Comparators) > 0 {
			desc = append(desc, "Comparators: "+joinCodes(info.Comparators))
		}
		if len(info.Chains) > 0 {
			desc = append(desc, "Chains: "+joinCodes(info.Chains))
		}
		name := inlineCode(info.Name)
		if ref.Definition != "" {
			if page := r.pageFor(string(ref.Definition)); page != "" {
				name = "[" + name + "](" + page + ")"
			}
		}
		rows = append(rows, []string{name, info.Type, expectationCell(info.Expectation), strings.Join(nonEmpty(desc), "<br>")})
	}
	w.table([]string{"Parameter", "Type", "Expectation", "Description"}, rows)
}

func prefixAll(prefix string, values []string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = prefix + strings.TrimPrefix(v, prefix)
	}
	return out
}

func nonEmpty(values []string) []string {
	out := values[:0:0]
	for _, v := range values {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}
