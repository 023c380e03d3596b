package refpage

import (
	"fmt"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/shall"
)

// conformance is the section that rates the API against each guide
// statement it instantiates or imports: integrators ask a vendor for
// exactly this table, so it is generated from the files, never written.
func (r *Renderer) conformance(w *mdWriter, api *model.API) {
	if len(api.Conformance) == 0 {
		return
	}
	w.heading(2, "Conformance to the guides")
	for _, c := range api.Conformance {
		w.heading(3, strings.TrimSpace(c.Label+" "+c.Version()))
		if c.NotCompared != "" {
			w.para(fmt.Sprintf("This API names %s. Not compared: %s.", r.canonicalLink(c.Guide), c.NotCompared))
			continue
		}
		if len(c.Rows) == 0 {
			w.para(fmt.Sprintf("This API names %s, which rates nothing SHALL (its expectations are SHOULD or MAY), so there is nothing the API must meet. Read from the guide's statement as published (%s).",
				r.canonicalLink(c.Guide), inlineCode(c.Source)))
			continue
		}
		notMet := len(c.Rows) - c.Met()
		w.para(fmt.Sprintf("This API names %s, which rates %d requirements SHALL. It meets %d; %s. Generated from the API's statement and the guide's, as published (%s).",
			r.canonicalLink(c.Guide), len(c.Rows), c.Met(), notMetSentence(notMet), inlineCode(c.Source)))
		if notMet > 0 {
			w.table([]string{"Not met", "Why"}, notMetRows(c.Rows))
		}
		w.table([]string{"Resource", "SHALL", "This API"}, byResource(c.Rows))
	}
}

func notMetSentence(n int) string {
	switch n {
	case 0:
		return "it meets them all"
	case 1:
		return "the one it does not meet is listed with the reason"
	}
	return fmt.Sprintf("the %d it does not meet are listed with the reason", n)
}

// byResource is one row per resource (and one for the server as a whole):
// what the guide rates SHALL of it, and whether the API does it all.
func byResource(rows []shall.Row) [][]string {
	var order []string
	asked := map[string][]string{}
	missing := map[string][]string{}
	for _, row := range rows {
		res := row.Resource
		if _, ok := asked[res]; !ok {
			order = append(order, res)
			asked[res] = nil
		}
		if row.Kind == shall.Resource {
			continue
		}
		item := inlineCode(strings.TrimLeft(strings.TrimPrefix(row.Key(), res), " /"))
		asked[res] = append(asked[res], item)
		if !row.Met {
			missing[res] = append(missing[res], item)
		}
	}
	out := make([][]string, 0, len(order))
	for _, res := range order {
		name, what := res, strings.Join(asked[res], ", ")
		if name == "" {
			name = "(the server)"
		}
		if what == "" {
			what = "the resource type"
		}
		status := "Met"
		switch {
		case !resourceMet(rows, res):
			status = "Not supported"
		case len(missing[res]) > 0:
			status = "Not met: " + strings.Join(missing[res], ", ")
		}
		out = append(out, []string{name, what, status})
	}
	return out
}

func resourceMet(rows []shall.Row, res string) bool {
	for _, row := range rows {
		if row.Resource == res && row.Kind == shall.Resource {
			return row.Met
		}
	}
	return true
}

// notMetRows lists each SHALL not met with its reason; a resource the API
// does not support is one row for all the guide asks of it.
func notMetRows(rows []shall.Row) [][]string {
	asked := map[string]int{}
	for _, row := range rows {
		asked[row.Resource]++
	}
	out := [][]string{}
	for _, row := range rows {
		switch {
		case row.Met:
		case row.Kind == shall.Resource:
			what := inlineCode(row.Key())
			switch n := asked[row.Resource] - 1; {
			case n == 1:
				what += " (the resource type and the requirement on it)"
			case n > 1:
				what += fmt.Sprintf(" (the resource type and the %d requirements on it)", n)
			}
			out = append(out, []string{what, cell(row.Reason)})
		case resourceMet(rows, row.Resource):
			out = append(out, []string{inlineCode(row.Key()), cell(row.Reason)})
		}
	}
	return out
}
