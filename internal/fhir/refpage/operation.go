package refpage

import (
	"fmt"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/jsonx"
)

// invocations lists how an operation is invoked at each level it allows,
// for the given resource type ("" for every type it names).
func invocations(od *model.OperationDefinition, resourceType string) []string {
	method := "POST"
	if od.AllowsGET() {
		method = "GET or POST"
	}
	var out []string
	if od.System && resourceType == "" {
		out = append(out, fmt.Sprintf("%s [base]/$%s", method, od.Code))
	}
	types := od.Resource
	if resourceType != "" {
		types = []string{resourceType}
	}
	for _, t := range types {
		if od.Type {
			out = append(out, fmt.Sprintf("%s [base]/%s/$%s", method, t, od.Code))
		}
		if od.Instance {
			out = append(out, fmt.Sprintf("%s [base]/%s/[id]/$%s", method, t, od.Code))
		}
	}
	if len(out) == 0 && od.System {
		out = append(out, fmt.Sprintf("%s [base]/$%s", method, od.Code))
	}
	return out
}

func invocationCodes(od *model.OperationDefinition, resourceType string) []string {
	inv := invocations(od, resourceType)
	for i, s := range inv {
		inv[i] = inlineCode(s)
	}
	return inv
}

// Operation renders an operation: invocation at each level, input and
// output parameters, and an example request and response.
func (r *Renderer) Operation(api *model.API, f *model.File) string {
	od := f.Resource.(*model.OperationDefinition)
	var w mdWriter
	site := canonicalSite(od.URL)
	w.para(absolutize(od.Description, site))
	rows := [][]string{{"Canonical URL", inlineCode(od.URL)}, {"Name", inlineCode("$" + od.Code)}}
	if od.Version != "" {
		rows = append(rows, []string{"Version", od.Version})
	}
	rows = append(rows, []string{"Status", od.Status}, []string{"Kind", od.Kind})
	if od.AffectsState != nil {
		rows = append(rows, []string{"Changes data on the server", yesNo(*od.AffectsState)})
	}
	if len(od.Resource) > 0 {
		rows = append(rows, []string{"Resources", strings.Join(od.Resource, ", ")})
	}
	w.table([]string{"Property", "Value"}, rows)
	w.heading(2, "Invocation")
	var inv [][]string
	for _, s := range invocations(od, "") {
		inv = append(inv, []string{invocationLevel(s), inlineCode(s)})
	}
	w.table([]string{"Level", "Request"}, inv)
	if od.AllowsGET() {
		w.para("It changes no data and all its inputs are primitive, so it may be invoked with `GET`, the inputs in the query string, as well as with `POST` and a Parameters body.")
	}
	r.parameterSection(&w, od, "in", "Input parameters", site)
	r.parameterSection(&w, od, "out", "Output parameters", site)
	w.para(absolutize(od.Comment, site))
	if api != nil {
		r.operationExample(&w, api, od)
	}
	return w.String()
}

func invocationLevel(request string) string {
	switch strings.Count(request, "/") {
	case 1:
		return "System"
	case 2:
		return "Type"
	}
	return "Instance"
}

func (r *Renderer) parameterSection(w *mdWriter, od *model.OperationDefinition, use, title, site string) {
	var rows [][]string
	var walk func(params []model.OperationParameter, prefix string)
	walk = func(params []model.OperationParameter, prefix string) {
		for _, p := range params {
			if prefix == "" && p.Use != use {
				continue
			}
			name := prefix + p.Name
			typ := r.typeLabel(p.Type, nil, p.TargetProfile)
			if p.SearchType != "" {
				typ += " (search: " + p.SearchType + ")"
			}
			if p.Binding != nil {
				typ += "<br>" + r.binding(p.Binding)
			}
			rows = append(rows, []string{inlineCode(name), cardinality(p.Min, p.Max), typ, cell(absolutize(p.Documentation, site))})
			walk(p.Part, name+".")
		}
	}
	walk(od.Parameter, "")
	if len(rows) == 0 {
		return
	}
	w.heading(2, title)
	w.table([]string{"Name", "Cardinality", "Type", "Documentation"}, rows)
	if use == "out" && len(rows) == 1 && strings.HasPrefix(rows[0][0], "`return`") {
		w.para("A single output named `return` whose type is a resource is returned as that resource, not wrapped in Parameters.")
	}
}

// operationExample shows the request with the site's example Parameters
// ("<operation id>-request") and the example response
// ("<operation id>-response"), when the site has them.
func (r *Renderer) operationExample(w *mdWriter, api *model.API, od *model.OperationDefinition) {
	var reqBody []byte
	if ex := r.Registry.ExampleWithID(od.ID+"-request", api); ex != nil {
		reqBody = ex.Raw
	} else if od.RequiresInput() {
		reqBody = []byte(parametersShape(od))
	}
	resp := r.Registry.ExampleWithID(od.ID+"-response", api)
	path, ok := r.examplePath(api, od)
	if !ok {
		return
	}
	w.heading(2, "Example")
	method := "POST"
	switch {
	case reqBody == nil && od.AllowsGET():
		method = "GET"
		w.para("The operation needs no input parameters and changes no data, so a plain `GET` invokes it:")
	case reqBody == nil:
		w.para("The operation needs no input parameters:")
	case r.Registry.ExampleWithID(od.ID+"-request", api) == nil:
		w.para("No example request is published; this is the shape of its input, with a placeholder for each value:")
	}
	requestBlock(w, api, request{Method: method, Path: path, Body: reqBody})
	if resp != nil {
		status := "200 OK"
		if resp.ResourceType == "OperationOutcome" {
			status = "202 Accepted"
		}
		responseBlock(w, status, resp.Raw)
	}
}

// examplePath is the example's invocation path: type level on the first
// resource, else instance level on an example of it, else system level.
func (r *Renderer) examplePath(api *model.API, od *model.OperationDefinition) (string, bool) {
	if len(od.Resource) > 0 {
		t := od.Resource[0]
		if od.Type {
			return t + "/$" + od.Code, true
		}
		if od.Instance {
			if exs := r.Registry.Examples(t, api.File.Scope, api.File.Version); len(exs) > 0 && exs[0].ID != "" {
				return exs[0].Key() + "/$" + od.Code, true
			}
		}
	}
	if od.System {
		return "$" + od.Code, true
	}
	return "", false
}

// parametersShape is a Parameters resource with a placeholder for each
// required input.
func parametersShape(od *model.OperationDefinition) string {
	var parts []string
	for _, p := range od.Parameter {
		if p.Use != "in" || p.Min == 0 {
			continue
		}
		switch {
		case p.Type == "" || len(p.Part) > 0:
			parts = append(parts, fmt.Sprintf(`{"name":%s,"part":[]}`, jsonx.Quote(p.Name)))
		case p.Type == "Resource" || model.IsTypeName(p.Type) && !isDataType(p.Type):
			parts = append(parts, fmt.Sprintf(`{"name":%s,"resource":{"resourceType":%s}}`, jsonx.Quote(p.Name), jsonx.Quote(resourceTypeOf(p.Type))))
		default:
			parts = append(parts, fmt.Sprintf(`{"name":%s,"%s":%s}`, jsonx.Quote(p.Name), model.ChoiceName("value", p.Type), placeholder(p.Type)))
		}
	}
	return `{"resourceType":"Parameters","parameter":[` + strings.Join(parts, ",") + `]}`
}

func resourceTypeOf(t string) string {
	if t == "Resource" {
		return "<ResourceType>"
	}
	return t
}

var dataTypes = map[string]bool{"Coding": true, "CodeableConcept": true, "Reference": true, "Identifier": true, "Period": true,
	"Quantity": true, "HumanName": true, "Address": true, "ContactPoint": true, "Attachment": true, "Age": true, "Duration": true,
	"Range": true, "Ratio": true, "Money": true, "Timing": true, "Signature": true, "Annotation": true, "SampledData": true, "Meta": true}

func isDataType(t string) bool { return dataTypes[t] }
