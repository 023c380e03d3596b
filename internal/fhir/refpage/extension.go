package refpage

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/jsonx"
)

// Extension renders an extension definition: where it may appear, its
// cardinality, value type and binding, its sub-extensions, and an example
// of it inside a resource.
func (r *Renderer) Extension(f *model.File) string {
	sd := f.Resource.(*model.StructureDefinition)
	var w mdWriter
	site := canonicalSite(sd.URL)
	w.para(absolutize(sd.Description, site))
	w.para(absolutize(sd.Purpose, site))
	elements, _ := profileElements(sd)
	root, value := extensionRoot(elements), extensionValue(elements, "Extension.value[x]")
	rows := [][]string{{"Canonical URL", inlineCode(sd.URL)}}
	if sd.Version != "" {
		rows = append(rows, []string{"Version", sd.Version})
	}
	rows = append(rows, []string{"Status", sd.Status})
	rows = append(rows, []string{"Context", contextList(sd.Context)})
	rows = append(rows, []string{"Cardinality", rootCardinality(root)})
	subs := subExtensions(elements)
	switch {
	case len(subs) > 0:
		rows = append(rows, []string{"Value", "complex: the sub-extensions below"})
	case value != nil:
		rows = append(rows, []string{"Value type", r.elementTypes(*value, base.Element{}, false)})
		if value.Binding != nil {
			rows = append(rows, []string{"Binding", r.binding(value.Binding)})
		}
	}
	if root != nil && root.IsModifier {
		rows = append(rows, []string{"Modifier", "yes: it changes the meaning of the element that carries it"})
	}
	w.table([]string{"Property", "Value"}, rows)
	if len(subs) > 0 {
		w.heading(2, "Sub-extensions")
		subRows := make([][]string, 0, len(subs))
		for _, s := range subs {
			typ := ""
			if s.value != nil {
				typ = r.elementTypes(*s.value, base.Element{}, false)
				if s.value.Binding != nil {
					typ += "<br>" + r.binding(s.value.Binding)
				}
			}
			subRows = append(subRows, []string{inlineCode(s.url), cardinality(intOr(s.slice.Min, 0), s.slice.Max), typ,
				mustSupportMark(s.slice.MustSupport), cell(cmp.Or(s.slice.Short, model.FirstSentence(s.slice.Definition)))})
		}
		w.table([]string{"Extension url", "Cardinality", "Type", "MS", "Description"}, subRows)
	}
	r.extensionExample(&w, f, sd, value, subs)
	return w.String()
}

func intOr(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

func contextList(ctx []model.ExtensionContext) string {
	if len(ctx) == 0 {
		return "any element"
	}
	parts := make([]string, len(ctx))
	for i, c := range ctx {
		parts[i] = inlineCode(c.Expression)
	}
	return strings.Join(parts, ", ")
}

func rootCardinality(root *model.ElementDefinition) string {
	if root == nil {
		return "0..*"
	}
	return cardinality(intOr(root.Min, 0), cmp.Or(root.Max, "*"))
}

func extensionRoot(elements []model.ElementDefinition) *model.ElementDefinition {
	for i := range elements {
		if elements[i].Path == "Extension" {
			return &elements[i]
		}
	}
	return nil
}

// extensionValue finds the value[x] element at path, unsliced, unless the
// definition forbids it (max 0: a complex extension).
func extensionValue(elements []model.ElementDefinition, path string) *model.ElementDefinition {
	for i := range elements {
		el := &elements[i]
		if el.Path == path && el.SliceName == "" && el.Max != "0" {
			return el
		}
	}
	return nil
}

type subExtension struct {
	url   string
	slice model.ElementDefinition
	value *model.ElementDefinition
}

// subExtensions lists the slices of Extension.extension with their urls
// and values.
func subExtensions(elements []model.ElementDefinition) []subExtension {
	var subs []subExtension
	for _, el := range elements {
		if el.Path != "Extension.extension" || el.SliceName == "" {
			continue
		}
		s := subExtension{url: el.SliceName, slice: el}
		prefix := el.ID + "."
		for i := range elements {
			child := &elements[i]
			if !strings.HasPrefix(child.ID, prefix) {
				continue
			}
			switch child.Path {
			case "Extension.extension.url":
				if child.FixedURI != "" {
					s.url = child.FixedURI
				}
			case "Extension.extension.value[x]":
				if child.Max != "0" {
					s.value = child
				}
			}
		}
		subs = append(subs, s)
	}
	return subs
}

func (r *Renderer) binding(b *model.ElementBinding) string {
	vs := b.ValueSetURL()
	if vs == "" {
		return b.Strength + cellSuffix(b.Description)
	}
	return b.Strength + ": " + r.canonicalLink(vs)
}

func cellSuffix(s string) string {
	if s == "" {
		return ""
	}
	return " (" + cell(s) + ")"
}

// extensionExample shows the extension inside the first example resource
// of the site that carries it, trimmed to the path leading to it; without
// one, the shape of the extension with typed placeholders.
func (r *Renderer) extensionExample(w *mdWriter, f *model.File, sd *model.StructureDefinition, value *model.ElementDefinition, subs []subExtension) {
	w.heading(2, "Example")
	for _, ex := range r.Registry.Files() {
		if ex.Resource != nil || ex.Version != f.Version || !bytes.Contains(ex.Raw, []byte(sd.URL)) {
			continue
		}
		if trimmed, where, ok := trimToExtension(ex, sd.URL); ok {
			w.para(fmt.Sprintf("From the example %s, trimmed to the extension (at %s):", inlineCode(ex.Key()), inlineCode(where)))
			w.code("json", "", jsonx.Pretty(trimmed))
			return
		}
	}
	resourceType := "Resource"
	if len(sd.Context) > 0 {
		resourceType, _, _ = strings.Cut(sd.Context[0].Expression, ".")
	}
	w.para("No example resource of this site carries the extension yet; this is its shape, with a placeholder for each value:")
	ext := extensionShape(sd.URL, value, subs)
	w.code("json", "", jsonx.Pretty([]byte(fmt.Sprintf(`{"resourceType":%s,"extension":[%s]}`, jsonx.Quote(resourceType), ext))))
}

// trimToExtension finds the extension in an example and keeps only the
// path from the resource root to it.
func trimToExtension(ex *model.File, url string) ([]byte, string, bool) {
	doc, err := jsonx.DecodeOrdered(ex.Raw)
	if err != nil {
		return nil, "", false
	}
	steps, ext, ok := findExtension(doc, url, nil)
	if !ok || len(steps) == 0 {
		return nil, "", false
	}
	inner, err := jsonx.Marshal(ext)
	if err != nil {
		return nil, "", false
	}
	where := make([]string, len(steps))
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i].array {
			inner = []byte(fmt.Sprintf(`{%s:[%s]}`, jsonx.Quote(steps[i].key), inner))
		} else {
			inner = []byte(fmt.Sprintf(`{%s:%s}`, jsonx.Quote(steps[i].key), inner))
		}
		where[i] = steps[i].key
	}
	// The outermost object becomes the resource, with its identity.
	head := fmt.Sprintf(`{"resourceType":%s`, jsonx.Quote(ex.ResourceType))
	if ex.ID != "" {
		head += `,"id":` + jsonx.Quote(ex.ID)
	}
	return []byte(head + "," + string(inner[1:])), strings.Join(where, "."), true
}

// pathStep is one key on the way to an extension; array says the key
// holds a list (the trimmed example keeps one item of it).
type pathStep struct {
	key   string
	array bool
}

// findExtension walks objects (in key order) and arrays depth first for an
// extension object with the url.
func findExtension(v any, url string, steps []pathStep) ([]pathStep, any, bool) {
	switch val := v.(type) {
	case *jsonx.Object:
		for _, key := range []string{"extension", "modifierExtension"} {
			if list, ok := val.Values[key].([]any); ok {
				for _, item := range list {
					if obj, ok := item.(*jsonx.Object); ok && obj.Values["url"] == url {
						return append(steps, pathStep{key, true}), obj, true
					}
				}
			}
		}
		for _, key := range val.Keys {
			_, isList := val.Values[key].([]any)
			if s, ext, ok := findExtension(val.Values[key], url, append(slices.Clip(steps), pathStep{key, isList})); ok {
				return s, ext, true
			}
		}
	case []any:
		for _, item := range val {
			if s, ext, ok := findExtension(item, url, steps); ok {
				return s, ext, true
			}
		}
	}
	return nil, nil, false
}

// extensionShape writes the extension with placeholder values.
func extensionShape(url string, value *model.ElementDefinition, subs []subExtension) string {
	if len(subs) > 0 {
		parts := make([]string, 0, len(subs))
		for _, s := range subs {
			parts = append(parts, extensionShape(s.url, s.value, nil))
		}
		return fmt.Sprintf(`{"url":%s,"extension":[%s]}`, jsonx.Quote(url), strings.Join(parts, ","))
	}
	if value == nil || len(value.Type) == 0 {
		return fmt.Sprintf(`{"url":%s}`, jsonx.Quote(url))
	}
	t := value.Type[0].Code
	return fmt.Sprintf(`{"url":%s,"%s":%s}`, jsonx.Quote(url), model.ChoiceName("value", t), placeholder(t))
}

// placeholder is a visibly generic value of a FHIR type.
func placeholder(t string) string {
	switch t {
	case "boolean":
		return "true"
	case "integer", "positiveInt", "unsignedInt", "decimal", "integer64":
		return "0"
	case "Coding":
		return `{"system":"<code system>","code":"<code>","display":"<display>"}`
	case "CodeableConcept":
		return `{"coding":[{"system":"<code system>","code":"<code>","display":"<display>"}],"text":"<text>"}`
	case "Reference":
		return `{"reference":"<Type>/<id>"}`
	case "Identifier":
		return `{"system":"<identifier system>","value":"<value>"}`
	case "Period":
		return `{"start":"<dateTime>","end":"<dateTime>"}`
	case "Quantity", "Age", "Duration":
		return `{"value":0,"unit":"<unit>","system":"http://unitsofmeasure.org","code":"<code>"}`
	case "HumanName":
		return `{"family":"<family>","given":["<given>"]}`
	case "Address":
		return `{"line":["<line>"],"city":"<city>","state":"<state>","postalCode":"<postal code>"}`
	case "ContactPoint":
		return `{"system":"phone","value":"<value>"}`
	}
	return jsonx.Quote("<" + t + ">")
}
