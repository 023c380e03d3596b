package refpage

import (
	"fmt"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/model"
)

// interactionRequests is how each RESTful interaction is invoked.
var interactionRequests = map[string]string{
	"read":             "GET [base]/%s/[id]",
	"vread":            "GET [base]/%s/[id]/_history/[vid]",
	"update":           "PUT [base]/%s/[id]",
	"patch":            "PATCH [base]/%s/[id]",
	"delete":           "DELETE [base]/%s/[id]",
	"history-instance": "GET [base]/%s/[id]/_history",
	"history-type":     "GET [base]/%s/_history",
	"create":           "POST [base]/%s",
	"search-type":      "GET [base]/%s?[parameters]",
}

var systemInteractionRequests = map[string]string{
	"transaction":    "POST [base] (Bundle of type transaction)",
	"batch":          "POST [base] (Bundle of type batch)",
	"search-system":  "GET [base]?[parameters]",
	"history-system": "GET [base]/_history",
}

// CapabilityStatement renders the whole statement of an API: overview,
// security, system-level capabilities and every resource.
func (r *Renderer) CapabilityStatement(api *model.API) string {
	var w mdWriter
	cs := api.Statement
	r.overview(&w, api)
	r.conformance(&w, api)
	for i := range cs.Rest {
		rest := &cs.Rest[i]
		if len(cs.Rest) > 1 {
			w.heading(2, fmt.Sprintf("RESTful %s", rest.Mode))
		}
		level := 2
		if len(cs.Rest) > 1 {
			level = 3
		}
		r.restBlock(&w, api, rest, level)
	}
	r.messaging(&w, cs)
	return w.String()
}

func (r *Renderer) overview(w *mdWriter, api *model.API) {
	cs := api.Statement
	site := canonicalSite(cs.URL)
	w.para(absolutize(cs.Description, site))
	rows := [][]string{}
	add := func(k, v string) {
		if v != "" {
			rows = append(rows, []string{k, v})
		}
	}
	add("FHIR version", cs.FHIRVersion)
	add("Kind", cs.Kind)
	add("Formats", joinCodes(cs.Format))
	add("Patch formats", joinCodes(cs.PatchFormat))
	if s := cs.Software; s != nil {
		add("Software", strings.TrimSpace(s.Name+" "+s.Version))
	}
	if im := cs.Implementation; im != nil {
		add("Implementation", cell(strings.TrimSpace(im.Description+" "+inlineCode(im.URL))))
	}
	if api.BaseURL != "" {
		add("Base URL", inlineCode(api.BaseURL))
	}
	var igs []string
	for _, ig := range cs.ImplementationGuide {
		igs = append(igs, r.canonicalLink(string(ig)))
	}
	add("Implementation guides", strings.Join(igs, ", "))
	var inst []string
	for _, c := range cs.Instantiates {
		inst = append(inst, r.canonicalLink(string(c)))
	}
	add("Instantiates", strings.Join(inst, ", "))
	add("Publisher", cell(cs.Publisher))
	add("Status", cs.Status)
	add("Date", cs.Date)
	add("Canonical URL", inlineCode(cs.URL))
	add("Downloads", r.downloadLinks(api))
	w.table([]string{"Property", "Value"}, rows)
}

func (r *Renderer) downloadLinks(api *model.API) string {
	base := r.Links.BaseURL
	if base == "" {
		base = "/"
	}
	var links []string
	if api.CapabilityDownload != "" {
		links = append(links, fmt.Sprintf("[CapabilityStatement (JSON)](%s%s)", base, api.CapabilityDownload))
	}
	if api.PostmanDownload != "" {
		links = append(links, fmt.Sprintf("[Postman collection](%s%s)", base, api.PostmanDownload))
	}
	if api.SmartDownload != "" {
		links = append(links, fmt.Sprintf("[SMART configuration (JSON)](%s%s)", base, api.SmartDownload))
	}
	return strings.Join(links, " · ")
}

func (r *Renderer) restBlock(w *mdWriter, api *model.API, rest *model.Rest, level int) {
	site := canonicalSite(api.Statement.URL)
	w.para(absolutize(rest.Documentation, site))
	r.security(w, rest.Security, level, site)
	if len(rest.Interaction) > 0 {
		w.heading(level, "System interactions")
		rows := make([][]string, 0, len(rest.Interaction))
		for _, in := range rest.Interaction {
			req := systemInteractionRequests[in.Code]
			rows = append(rows, []string{inlineCode(in.Code), inlineCode(req), expectationCell(in.Expectation()), cell(absolutize(in.Documentation, site))})
		}
		w.table([]string{"Interaction", "Request", "Expectation", "Notes"}, rows)
	}
	if len(rest.SearchParam) > 0 {
		w.heading(level, "Search parameters for all resources")
		r.searchParamTable(w, api, "Resource", rest.SearchParam)
	}
	if len(rest.Operation) > 0 {
		w.heading(level, "System operations")
		r.operationTable(w, api, rest.Operation, "")
	}
	if len(rest.Resource) == 0 {
		return
	}
	w.heading(level, "Resources")
	r.resourceSummary(w, api, rest)
	for _, res := range rest.Resource {
		w.heading(level+1, res.Type)
		r.resourceCapabilities(w, api, res, level+2)
	}
}

func (r *Renderer) security(w *mdWriter, sec *model.Security, level int, site string) {
	if sec == nil {
		return
	}
	w.heading(level, "Security")
	var services []string
	for _, s := range sec.Service {
		for _, c := range s.Coding {
			services = append(services, model.Label(c.Display, c.Code, ""))
		}
		if len(s.Coding) == 0 && s.Text != "" {
			services = append(services, s.Text)
		}
	}
	rows := [][]string{}
	if len(services) > 0 {
		rows = append(rows, []string{"Services", strings.Join(services, ", ")})
	}
	if sec.CORS != nil {
		rows = append(rows, []string{"CORS", yesNo(*sec.CORS)})
	}
	for _, u := range sec.OAuthURIs() {
		rows = append(rows, []string{oauthLabel(u.URL), inlineCode(u.Value())})
	}
	w.table([]string{"Property", "Value"}, rows)
	w.para(absolutize(sec.Description, site))
}

func oauthLabel(name string) string {
	switch name {
	case "authorize":
		return "Authorization endpoint"
	case "token":
		return "Token endpoint"
	case "register":
		return "Registration endpoint"
	case "manage":
		return "Authorization management"
	case "introspect":
		return "Introspection endpoint"
	case "revoke":
		return "Revocation endpoint"
	}
	return name
}

// resourceSummary is the one-table view of every resource of an API.
func (r *Renderer) resourceSummary(w *mdWriter, api *model.API, rest *model.Rest) {
	rows := make([][]string, 0, len(rest.Resource))
	for _, res := range rest.Resource {
		name := res.Type
		if page := r.resourcePage(api.ID, res.Type); page != "" {
			name = fmt.Sprintf("[%s](%s)", res.Type, page)
		}
		var profiles []string
		for _, p := range res.Profiles() {
			profiles = append(profiles, r.canonicalLink(string(p)))
		}
		var codes []string
		for _, in := range res.Interaction {
			codes = append(codes, in.Code)
		}
		var params []string
		for _, sp := range res.SearchParam {
			params = append(params, sp.Name)
		}
		rows = append(rows, []string{name, strings.Join(profiles, "<br>"), joinCodes(codes), joinCodes(params)})
	}
	w.table([]string{"Resource", "Profiles", "Interactions", "Search parameters"}, rows)
}

// resourceCapabilities is what the server supports for one resource, at
// the given heading level.
func (r *Renderer) resourceCapabilities(w *mdWriter, api *model.API, res model.RestResource, level int) {
	site := canonicalSite(api.Statement.URL)
	if e := res.Expectation(); e != "" {
		w.para(fmt.Sprintf("Support for %s: %s.", res.Type, expectationCell(e)))
	}
	w.para(absolutize(res.Documentation, site))
	if profiles := res.Profiles(); len(profiles) > 0 {
		w.heading(level, "Profiles")
		for _, p := range profiles {
			w.line("- " + r.canonicalLink(string(p)))
		}
		w.blank()
	}
	if len(res.Interaction) > 0 {
		w.heading(level, "Interactions")
		r.interactionTable(w, res, site)
	}
	if len(res.SearchParam) > 0 {
		w.heading(level, "Search parameters")
		r.searchParamTable(w, api, res.Type, res.SearchParam)
		r.combinations(w, res)
	}
	if len(res.SearchInclude) > 0 || len(res.SearchRevInclude) > 0 {
		w.heading(level, "Includes")
		rows := [][]string{}
		if len(res.SearchInclude) > 0 {
			rows = append(rows, []string{inlineCode("_include"), joinCodes(res.SearchInclude)})
		}
		if len(res.SearchRevInclude) > 0 {
			rows = append(rows, []string{inlineCode("_revinclude"), joinCodes(res.SearchRevInclude)})
		}
		w.table([]string{"Parameter", "Values"}, rows)
	}
	if len(res.Operation) > 0 {
		w.heading(level, "Operations")
		r.operationTable(w, api, res.Operation, res.Type)
	}
	var notes []string
	if res.Versioning != "" {
		notes = append(notes, "Versioning: "+inlineCode(res.Versioning))
	}
	if len(res.ReferencePolicy) > 0 {
		notes = append(notes, "Reference policy: "+joinCodes(res.ReferencePolicy))
	}
	if res.ConditionalCreate != nil && *res.ConditionalCreate {
		notes = append(notes, "Conditional create: supported")
	}
	if res.ConditionalUpdate != nil && *res.ConditionalUpdate {
		notes = append(notes, "Conditional update: supported")
	}
	if res.ConditionalDelete != "" && res.ConditionalDelete != "not-supported" {
		notes = append(notes, "Conditional delete: "+inlineCode(res.ConditionalDelete))
	}
	if len(notes) > 0 {
		for _, n := range notes {
			w.line("- " + n)
		}
		w.blank()
	}
}

func (r *Renderer) interactionTable(w *mdWriter, res model.RestResource, site string) {
	rows := make([][]string, 0, len(res.Interaction))
	for _, in := range res.Interaction {
		req := ""
		if tmpl, ok := interactionRequests[in.Code]; ok {
			req = inlineCode(fmt.Sprintf(tmpl, res.Type))
		}
		rows = append(rows, []string{inlineCode(in.Code), req, expectationCell(in.Expectation()), cell(absolutize(in.Documentation, site))})
	}
	w.table([]string{"Interaction", "Request", "Expectation", "Notes"}, rows)
}

// SearchParams is the table of one resource type's search parameters, and
// the combinations of them the server supports.
func (r *Renderer) SearchParams(api *model.API, res model.RestResource) string {
	var w mdWriter
	r.searchParamTable(&w, api, res.Type, res.SearchParam)
	r.combinations(&w, res)
	return w.String()
}

func (r *Renderer) combinations(w *mdWriter, res model.RestResource) {
	combos := res.Combinations()
	if len(combos) == 0 {
		return
	}
	w.para("Combinations the server supports:")
	for _, c := range combos {
		line := "- " + joinCodesWith(c.Required, " + ")
		if c.Expectation != "" {
			line += " (" + expectationCell(c.Expectation) + ")"
		}
		w.line(line)
	}
	w.blank()
}

func joinCodesWith(codes []string, sep string) string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = inlineCode(c)
	}
	return strings.Join(out, sep)
}

// operationTable lists operations with their invocation and definition.
func (r *Renderer) operationTable(w *mdWriter, api *model.API, ops []model.OperationRef, resourceType string) {
	site := canonicalSite(api.Statement.URL)
	rows := make([][]string, 0, len(ops))
	for _, op := range ops {
		doc := op.Documentation
		od := r.Registry.OperationDefinition(op.Definition.URL())
		if doc == "" && od != nil {
			doc = model.FirstSentence(od.Description)
		}
		invocation := ""
		if od != nil {
			invocation = strings.Join(invocationCodes(od, resourceType), "<br>")
		}
		rows = append(rows, []string{inlineCode("$" + op.Name), invocation, r.canonicalLink(string(op.Definition)),
			expectationCell(op.Expectation()), cell(absolutize(doc, site))})
	}
	w.table([]string{"Operation", "Invocation", "Definition", "Expectation", "Description"}, rows)
}

// messaging lists the messages the statement supports.
func (r *Renderer) messaging(w *mdWriter, cs *model.CapabilityStatement) {
	if len(cs.Messaging) == 0 {
		return
	}
	site := canonicalSite(cs.URL)
	w.heading(2, "Messaging")
	for _, m := range cs.Messaging {
		w.para(absolutize(m.Documentation, site))
		rows := make([][]string, 0, len(m.SupportedMessage))
		for _, sm := range m.SupportedMessage {
			rows = append(rows, []string{sm.Mode, r.canonicalLink(string(sm.Definition))})
		}
		w.table([]string{"Mode", "Message definition"}, rows)
	}
}
