package refpage

import (
	"cmp"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/model"
)

// profileElementRows lists the elements of a profile a client must
// handle: must-support ones, and ones the profile makes required. Source
// form profiles carry only a differential, so what it leaves out
// (cardinality, types, descriptions) comes from the base specification.
func (r *Renderer) profileElementRows(api *model.API, sd *model.StructureDefinition) [][]string {
	elements, fromSnapshot := profileElements(sd)
	var rows [][]string
	for _, el := range elements {
		if !strings.Contains(el.Path, ".") || isSliceURL(el) {
			continue
		}
		baseEl, hasBase := lookupBase(api.Spec(), el.Path)
		min := 0
		switch {
		case el.Min != nil:
			min = *el.Min
		case hasBase:
			min = baseEl.Min
		}
		required := min > 0 && (!fromSnapshot || !hasBase || baseEl.Min == 0)
		if !el.MustSupport && !required {
			continue
		}
		max := el.Max
		if max == "" && hasBase {
			max = baseEl.Max
		}
		short := el.Short
		if short == "" {
			short = r.extensionSliceShort(el)
		}
		if short == "" && hasBase {
			short = baseEl.Short
		}
		rows = append(rows, []string{
			inlineCode(elementName(el)),
			cardinality(min, max),
			r.elementTypes(el, baseEl, hasBase),
			mustSupportMark(el.MustSupport),
			cell(short),
		})
	}
	return rows
}

func lookupBase(spec *base.Spec, path string) (base.Element, bool) {
	if spec == nil {
		return base.Element{}, false
	}
	return spec.Element(path)
}

func profileElements(sd *model.StructureDefinition) ([]model.ElementDefinition, bool) {
	if sd.Snapshot != nil && len(sd.Snapshot.Element) > 0 {
		return sd.Snapshot.Element, true
	}
	if sd.Differential != nil {
		return sd.Differential.Element, false
	}
	return nil, false
}

// isSliceURL is the fixed url of a sliced extension: plumbing, not content.
func isSliceURL(el model.ElementDefinition) bool {
	return strings.HasSuffix(el.Path, ".url") && strings.Contains(el.ID, ":")
}

// elementName is the element id without its type prefix, keeping slice
// names: "Patient.extension:race" → "extension:race".
func elementName(el model.ElementDefinition) string {
	id := el.ID
	if id == "" {
		id = el.Path
	}
	if i := strings.IndexByte(id, '.'); i >= 0 {
		return id[i+1:]
	}
	return id
}

func mustSupportMark(ms bool) string {
	if ms {
		return "**MS**"
	}
	return ""
}

func (r *Renderer) elementTypes(el model.ElementDefinition, baseEl base.Element, hasBase bool) string {
	if len(el.Type) > 0 {
		parts := make([]string, len(el.Type))
		for i, t := range el.Type {
			parts[i] = r.typeLabel(t.Code, t.Profile, t.TargetProfile)
		}
		return strings.Join(parts, " \\| ")
	}
	if hasBase {
		parts := make([]string, len(baseEl.Types))
		for i, t := range baseEl.Types {
			if t == "Reference" && len(baseEl.TargetProfiles) > 0 {
				parts[i] = r.typeLabel(t, nil, baseEl.TargetProfiles)
			} else {
				parts[i] = t
			}
		}
		return strings.Join(parts, " \\| ")
	}
	return ""
}

// extensionSliceShort describes an extension slice by the extension it
// profiles, which says more than the base "Additional content defined by
// implementations".
func (r *Renderer) extensionSliceShort(el model.ElementDefinition) string {
	for _, t := range el.Type {
		if t.Code != "Extension" {
			continue
		}
		for _, p := range t.Profile {
			if sd := r.Registry.StructureDefinition(p); sd != nil {
				return cmp.Or(model.FirstSentence(sd.Description), model.Label(sd.Title, sd.Name, sd.ID))
			}
		}
	}
	return ""
}
