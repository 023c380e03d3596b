package refpage

import (
	"fmt"
	"slices"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/model"
)

// Resource renders one resource type of an API: profiles, interactions,
// search parameters, includes, operations, key elements of the profile and
// worked examples. ok is false when the API does not support the type.
func (r *Renderer) Resource(api *model.API, resourceType string) (string, bool) {
	res := api.Resource(resourceType)
	if res == nil {
		return "", false
	}
	var w mdWriter
	r.resourceCapabilities(&w, api, *res, 2)
	r.keyElements(&w, api, *res)
	r.resourceExamples(&w, api, *res)
	return w.String(), true
}

// keyElements tables the must-support and required elements of the
// resource's first profile that the site defines.
func (r *Renderer) keyElements(w *mdWriter, api *model.API, res model.RestResource) {
	for _, p := range res.Profiles() {
		sd := r.Registry.StructureDefinition(p.URL())
		if sd == nil {
			continue
		}
		rows := r.profileElementRows(api, sd)
		if len(rows) == 0 {
			return
		}
		w.heading(2, "Key elements")
		w.para(fmt.Sprintf("The elements of %s that servers must support (**MS**) or that are required (minimum cardinality 1 or more).",
			r.canonicalLink(sd.URL)))
		w.table([]string{"Element", "Cardinality", "Type", "MS", "Description"}, rows)
		return
	}
}

// resourceExamples shows a search and a read against the API's base URL,
// answered with an example resource of the site.
func (r *Renderer) resourceExamples(w *mdWriter, api *model.API, res model.RestResource) {
	ex := r.Registry.ExampleOf(api, res)
	if ex == nil {
		return
	}
	var wrote bool
	if hasInteraction(res, "search-type") {
		if params := r.exampleQuery(api, res, ex); len(params) > 0 {
			if !wrote {
				w.heading(2, "Examples")
				wrote = true
			}
			query := res.Type + "?" + queryString(params)
			names := make([]string, len(params))
			for i, p := range params {
				names[i] = p[0]
			}
			w.heading(3, "Search by "+strings.Join(names, " and "))
			w.para(fmt.Sprintf("`GET [base]/%s` returns a Bundle of type `searchset` with the matching resources.", query))
			requestBlock(w, api, request{Method: "GET", Path: query})
			responseBlock(w, "200 OK", searchsetBundle(api, query, []*model.File{ex}))
		}
	}
	if hasInteraction(res, "read") && ex.ID != "" {
		if !wrote {
			w.heading(2, "Examples")
		}
		w.heading(3, "Read by id")
		w.para(fmt.Sprintf("`GET [base]/%s/[id]` returns the resource itself.", res.Type))
		requestBlock(w, api, request{Method: "GET", Path: ex.Key()})
		responseBlock(w, "200 OK", ex.Raw)
	}
}

func hasInteraction(res model.RestResource, code string) bool {
	return slices.ContainsFunc(res.Interaction, func(in model.Interaction) bool { return in.Code == code })
}

// exampleQuery picks the parameters of the example search: the first
// declared combination whose values the example supplies, else the first
// SHALL (then any) parameter it supplies a value for.
func (r *Renderer) exampleQuery(api *model.API, res model.RestResource, ex *model.File) [][2]string {
	value := func(name string) (string, bool) {
		for _, ref := range res.SearchParam {
			if ref.Name != name {
				continue
			}
			info := r.Registry.SearchParamInfo(api, res.Type, ref)
			if strings.HasPrefix(name, "_") && name != "_id" {
				return "", false
			}
			if name == "_id" {
				return ex.ID, ex.ID != ""
			}
			return model.SearchValue(ex.Raw, res.Type, info.Type, info.Expression)
		}
		return "", false
	}
	for _, combo := range res.Combinations() {
		var params [][2]string
		for _, name := range combo.Required {
			v, ok := value(name)
			if !ok {
				params = nil
				break
			}
			params = append(params, [2]string{name, v})
		}
		if len(params) > 0 {
			return params
		}
	}
	for _, want := range []string{"SHALL", ""} {
		for _, ref := range res.SearchParam {
			if want != "" && ref.Expectation() != want || ref.Name == "_id" {
				continue
			}
			if v, ok := value(ref.Name); ok {
				return [][2]string{{ref.Name, v}}
			}
		}
	}
	if v, ok := value("_id"); ok {
		return [][2]string{{"_id", v}}
	}
	return nil
}
