package refpage

import (
	"strings"

	"github.com/portaldocs/portal/internal/fhir/model"
)

// searchParamTable lists search parameters: name, type, expectation and a
// description that carries the modifiers, comparators, chains and targets
// the definition declares.
func (r *Renderer) searchParamTable(w *mdWriter, api *model.API, resourceType string, refs []model.SearchParamRef) {
	site := canonicalSite(api.Statement.URL)
	rows := make([][]string, 0, len(refs))
	for _, ref := range refs {
		info := r.Registry.SearchParamInfo(api, resourceType, ref)
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
