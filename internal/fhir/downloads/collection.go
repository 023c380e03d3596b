package downloads

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/postman"
	"github.com/portaldocs/portal/internal/jsonx"
)

// Collection maps an API's CapabilityStatement to a Postman collection,
// for postman.Build to write: a folder per resource with one request per
// interaction and per search parameter, every value taken from the API's
// examples in reg, and the statement's SMART endpoints as the OAuth 2.0
// configuration.
func Collection(reg *model.Registry, api *model.API) postman.API {
	return collector{reg}.postmanAPI(api)
}

// collector builds collections from the examples of a registry.
type collector struct{ Registry *model.Registry }

func (r collector) postmanAPI(api *model.API) postman.API {
	out := postman.API{ID: api.ID, Name: api.Title, BaseURL: api.BaseURL}
	rest := api.Server()
	if rest != nil {
		out.Auth = postmanAuth(rest, api.Authorization)
	}
	out.Description = postmanDescription(api, out.Auth)
	if rest == nil {
		return out
	}
	system := postman.Folder{Name: serverFolder, Description: "The CapabilityStatement and system-wide interactions.",
		Requests: []postman.Request{{Name: "Read the CapabilityStatement", Method: "GET", Path: "metadata"}}}
	// The first request of the first folder, so a collection run gets the
	// token before it needs it.
	system.TokenRequest = out.Auth != nil && out.Auth.ClientAuthentication == postman.ClientAuthPrivateKeyJWT
	for _, in := range rest.Interaction {
		if req, ok := r.systemRequest(api, rest, in.Code); ok {
			system.Requests = append(system.Requests, req)
		}
	}
	out.Folders = append(out.Folders, system)
	for _, res := range rest.Resource {
		out.Folders = append(out.Folders, r.postmanFolder(api, res))
	}
	return out
}

// serverFolder is the collection folder of system-wide requests.
const serverFolder = "Server"

// postmanDescription introduces the collection and says how to get a token
// with it, which depends on how the client authenticates.
func postmanDescription(api *model.API, o *postman.OAuth2) string {
	intro := fmt.Sprintf("Requests for the interactions, search parameters and operations of %s, generated from its CapabilityStatement (FHIR %s), "+
		"every value taken from the API's example resources. A request the examples give no value for is left out, and its folder says so.",
		api.Title, api.Statement.FHIRVersion)
	switch {
	case o == nil:
		return intro
	case o.ClientAuthentication == postman.ClientAuthPrivateKeyJWT:
		return intro + " The API authenticates clients with a JWT signed by their private key (`private_key_jwt`, RFC 7523)," +
			" which Postman's OAuth 2.0 settings cannot make, so getting a token takes two steps:\n\n" +
			"1. Make a client assertion with your private key and paste it into the `clientAssertion` variable; the variable's description lists the claims it needs.\n" +
			"2. Send **" + serverFolder + " › " + postman.TokenRequestName + "**. It stores the token in `accessToken`, which every other request sends as a bearer token.\n\n" +
			"An assertion is good for one token request: make a new one whenever the token expires."
	case o.ClientAuthentication == postman.ClientAuthSecretBasic:
		return intro + " Set `clientId` and `clientSecret` and fetch a token with the collection's OAuth 2.0 settings before sending."
	default:
		return intro + " Set `clientId` and fetch a token with the collection's OAuth 2.0 settings before sending."
	}
}

// postmanAuth is the statement's SMART endpoints, with the site's
// overrides: authorization code with PKCE when there is an authorize
// endpoint, client credentials otherwise; the client authenticates as
// configured, else as the grant's clients usually do (clientAuthFor).
func postmanAuth(rest *model.Rest, override config.FHIRAuthorization) *postman.OAuth2 {
	sec := rest.Security
	token := cmp.Or(override.TokenURL, sec.OAuthURI("token"))
	if token == "" {
		return nil
	}
	authorize := cmp.Or(override.AuthorizeURL, sec.OAuthURI("authorize"))
	o := defaultAuth(rest, authorize, token)
	if override.Scope != "" {
		o.Scopes = override.Scope
	}
	if o.GrantType == postman.GrantAuthorizationCode {
		o.RedirectURI = override.RedirectURI
	}
	// The config's values are the postman package's: both are OAuth's
	// token_endpoint_auth_method names.
	o.ClientAuthentication = cmp.Or(override.ClientAuthentication, clientAuthFor(o.GrantType))
	return o
}

// clientAuthFor is the client authentication of an API that does not
// configure one. A client credentials API is taken to follow SMART Backend
// Services, which accepts only private_key_jwt (SMART App Launch 2.x,
// backend services); an authorization code API to serve public apps, which
// SMART 2.x secures with PKCE instead of a secret.
func clientAuthFor(grant string) string {
	if grant == postman.GrantClientCredentials {
		return postman.ClientAuthPrivateKeyJWT
	}
	return postman.ClientAuthNone
}

// ClientAuthProblem says why the API's configured clientAuthentication
// cannot work with the grant its endpoints imply, "" when it can (or when
// the API has no authorization server). The postman package refuses the
// same combinations; this check exists to report them at the config line.
func ClientAuthProblem(api *model.API) string {
	rest := api.Server()
	if rest == nil {
		return ""
	}
	o := postmanAuth(rest, api.Authorization)
	switch {
	case o == nil:
		return ""
	case o.GrantType == postman.GrantClientCredentials && o.ClientAuthentication == postman.ClientAuthNone:
		return "clientAuthentication none does not fit the client credentials grant (the API has no authorize endpoint), which is for confidential clients only"
	case o.GrantType == postman.GrantAuthorizationCode && o.ClientAuthentication == postman.ClientAuthPrivateKeyJWT:
		return "clientAuthentication private_key_jwt is supported for client credentials APIs only, and this API has an authorize endpoint " + o.AuthorizeURL +
			"; Postman's OAuth 2.0 settings cannot sign a client assertion"
	}
	return ""
}

// defaultAuth requests read access to every resource of the statement.
func defaultAuth(rest *model.Rest, authorize, token string) *postman.OAuth2 {
	resources := make([]string, 0, len(rest.Resource))
	for _, res := range rest.Resource {
		resources = append(resources, res.Type)
	}
	if authorize != "" {
		scopes := []string{"launch/patient", "openid", "fhirUser", "offline_access"}
		for _, t := range resources {
			scopes = append(scopes, "patient/"+t+".read")
		}
		return &postman.OAuth2{AuthorizeURL: authorize, TokenURL: token, GrantType: postman.GrantAuthorizationCode, PKCE: true,
			Scopes: strings.Join(scopes, " ")}
	}
	scopes := make([]string, 0, len(resources))
	for _, t := range resources {
		scopes = append(scopes, "system/"+t+".read")
	}
	return &postman.OAuth2{TokenURL: token, GrantType: postman.GrantClientCredentials, Scopes: strings.Join(scopes, " ")}
}

// systemRequest is the request of a system-wide interaction: a transaction
// or batch built from the API's examples, a search across the resource types
// the statement lets clients search, or the whole server's history. A
// transaction or batch the examples cannot fill is left out: an empty Bundle
// would be sent but would show nothing.
func (r collector) systemRequest(api *model.API, rest *model.Rest, code string) (postman.Request, bool) {
	switch code {
	case "transaction", "batch":
		body, ok := r.bundleBody(api, rest, code)
		if !ok {
			return postman.Request{}, false
		}
		return postman.Request{Name: "Submit a " + code + " Bundle", Method: "POST", Path: "", Body: body}, true
	case "search-system":
		var types []string
		for _, res := range rest.Resource {
			if supports(res, "search-type") {
				types = append(types, res.Type)
			}
		}
		if len(types) == 0 {
			return postman.Request{}, false
		}
		return postman.Request{Name: "Search all resource types", Method: "GET", Path: "",
			Query: []postman.Param{{Key: "_type", Value: strings.Join(types, ","), Description: "resource types to search"}}}, true
	case "history-system":
		return postman.Request{Name: "History of all resources", Method: "GET", Path: "_history"}, true
	}
	return postman.Request{}, false
}

// batchEntries is how many entries a generated batch Bundle holds: enough to
// show entries of several types, few enough to read at a glance.
const batchEntries = 3

// bundleBody is a batch that reads the examples of the first resource types
// the API lets clients read, or a transaction that updates the example of
// the first type it lets clients update (as one unit, which is what a
// transaction is for), in statement order.
func (r collector) bundleBody(api *model.API, rest *model.Rest, code string) (string, bool) {
	type request struct {
		Method string `json:"method"`
		URL    string `json:"url"`
	}
	type entry struct {
		Resource json.RawMessage `json:"resource,omitempty"`
		Request  request         `json:"request"`
	}
	var entries []entry
	for _, res := range rest.Resource {
		ex := r.Registry.ExampleOf(api, res)
		if ex == nil || ex.ID == "" {
			continue
		}
		url := res.Type + "/" + ex.ID
		switch {
		case code == "batch" && supports(res, "read"):
			entries = append(entries, entry{Request: request{Method: "GET", URL: url}})
		case code == "transaction" && supports(res, "update"):
			entries = append(entries, entry{Resource: ex.Raw, Request: request{Method: "PUT", URL: url}})
		}
		if code == "transaction" && len(entries) > 0 || len(entries) == batchEntries {
			break
		}
	}
	if len(entries) == 0 {
		return "", false
	}
	body, err := json.Marshal(struct {
		ResourceType string  `json:"resourceType"`
		Type         string  `json:"type"`
		Entry        []entry `json:"entry"`
	}{"Bundle", code, entries})
	if err != nil {
		return "", false
	}
	return jsonx.Pretty(body), true
}

// supports tells whether the statement lists the interaction for the resource.
func supports(res model.RestResource, code string) bool {
	for _, in := range res.Interaction {
		if in.Code == code {
			return true
		}
	}
	return false
}

// folderBuilder collects a folder's requests and what it leaves out for want
// of a value, which the folder's description then names.
type folderBuilder struct {
	folder   postman.Folder
	leftOut  []string
	unsearch []string // search parameters without an example value
}

func (b *folderBuilder) add(r postman.Request) { b.folder.Requests = append(b.folder.Requests, r) }

func (b *folderBuilder) leave(what, why string) { b.leftOut = append(b.leftOut, what+" ("+why+")") }

// done appends to the description a sentence naming what was left out.
func (b *folderBuilder) done() postman.Folder {
	var parts []string
	if len(b.unsearch) > 0 {
		parts = append(parts, "search by "+codeList(b.unsearch)+" (the example has no value for them)")
	}
	parts = append(parts, b.leftOut...)
	if len(parts) > 0 {
		note := "Left out, for want of a value in the API's examples: " + strings.Join(parts, "; ") + "."
		b.folder.Description = strings.TrimSpace(b.folder.Description + "\n\n" + note)
	}
	return b.folder
}

func codeList(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = "`" + n + "`"
	}
	return strings.Join(quoted, ", ")
}

// postmanFolder is one resource's requests, every value taken from the
// API's example of the type (model.Registry.ExampleOf): its id for instance requests, its
// meta.versionId for vread, the example itself as the body of create and
// update, a search value per parameter (model.SearchValue). A request the example
// cannot fill is left out rather than sent with an empty value.
func (r collector) postmanFolder(api *model.API, res model.RestResource) postman.Folder {
	b := &folderBuilder{folder: postman.Folder{Name: res.Type, Description: model.FirstSentence(res.Documentation)}}
	ex := r.Registry.ExampleOf(api, res)
	noExample := "no example " + res.Type
	var idVar []postman.Param
	if ex != nil && ex.ID != "" {
		idVar = []postman.Param{{Key: "id", Value: ex.ID, Description: "the " + res.Type + " id"}}
	}
	instance := func(name, method, suffix, body string) {
		if idVar == nil {
			b.leave("`"+name+"`", noExample)
			return
		}
		b.add(postman.Request{Name: instanceRequestName(name, res.Type), Method: method, Path: res.Type + "/:id" + suffix,
			PathVariables: idVar, Body: body})
	}
	for _, in := range res.Interaction {
		switch in.Code {
		case "read":
			instance("read", "GET", "", "")
		case "history-instance":
			instance("history-instance", "GET", "/_history", "")
		case "delete":
			instance("delete", "DELETE", "", "")
		case "update":
			if ex != nil {
				instance("update", "PUT", "", jsonx.Pretty(ex.Raw))
			} else {
				b.leave("`update`", noExample)
			}
		case "vread":
			addVread(b, res, ex, idVar)
		case "patch":
			addPatch(b, res, ex, idVar)
		case "history-type":
			b.add(postman.Request{Name: "History of all " + res.Type + " resources", Method: "GET", Path: res.Type + "/_history"})
		case "create":
			if ex == nil {
				b.leave("`create`", noExample)
				continue
			}
			b.add(postman.Request{Name: "Create a " + res.Type, Method: "POST", Path: res.Type, Body: jsonx.Pretty(ex.Raw)})
		case "search-type":
			r.addSearches(b, api, res, ex)
		}
	}
	for _, op := range res.Operation {
		req, why := r.postmanOperation(api, res, op, idVar)
		if why != "" {
			b.leave("`$"+op.Name+"`", why)
			continue
		}
		b.add(req)
	}
	return b.done()
}

// instanceRequestName names an instance interaction's request.
func instanceRequestName(interaction, resourceType string) string {
	switch interaction {
	case "read":
		return "Read a " + resourceType
	case "history-instance":
		return "History of a " + resourceType
	case "delete":
		return "Delete a " + resourceType
	case "update":
		return "Update a " + resourceType
	}
	return interaction + " a " + resourceType
}

// addVread reads the example's own version: its meta.versionId.
func addVread(b *folderBuilder, res model.RestResource, ex *model.File, idVar []postman.Param) {
	if idVar == nil {
		b.leave("`vread`", "no example "+res.Type)
		return
	}
	vid := exampleVersionID(ex.Raw)
	if vid == "" {
		b.leave("`vread`", "the example "+res.Type+" has no `meta.versionId`")
		return
	}
	vars := append(append([]postman.Param(nil), idVar...), postman.Param{Key: "vid", Value: vid, Description: "the version id"})
	b.add(postman.Request{Name: "Read a version of a " + res.Type, Method: "GET", Path: res.Type + "/:id/_history/:vid", PathVariables: vars})
}

// exampleVersionID is an example's meta.versionId, "" when it has none.
func exampleVersionID(raw []byte) string {
	var r struct {
		Meta struct {
			VersionID string `json:"versionId"`
		} `json:"meta"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return ""
	}
	return r.Meta.VersionID
}

// addPatch replaces an element the example has with the example's own value
// (a JSON Patch replace needs its target to exist, RFC 6902 §4.3).
func addPatch(b *folderBuilder, res model.RestResource, ex *model.File, idVar []postman.Param) {
	if idVar == nil {
		b.leave("`patch`", "no example "+res.Type)
		return
	}
	body := patchBody(ex.Raw)
	if body == "" {
		b.leave("`patch`", "the example "+res.Type+" has no top-level primitive element to patch")
		return
	}
	b.add(postman.Request{Name: "Patch a " + res.Type, Method: "PATCH", Path: res.Type + "/:id", PathVariables: idVar,
		Headers: []postman.Param{{Key: "Content-Type", Value: "application/json-patch+json"}}, Body: body})
}

// patchBody is a JSON Patch setting one of the example's top-level
// primitive elements to the value it has: status, else active, else the
// first one in the example's order besides the resource's identity. ""
// when it has none.
func patchBody(raw []byte) string {
	v, err := jsonx.DecodeOrdered(raw)
	obj, ok := v.(*jsonx.Object)
	if err != nil || !ok {
		return ""
	}
	primitive := func(key string) bool {
		switch obj.Values[key].(type) {
		case string, bool, json.Number:
			return true
		}
		return false
	}
	name := ""
	for _, key := range append([]string{"status", "active"}, obj.Keys...) {
		switch key {
		case "resourceType", "id", "implicitRules", "language":
			continue
		}
		if primitive(key) {
			name = key
			break
		}
	}
	if name == "" {
		return ""
	}
	op, err := json.Marshal([]map[string]any{{"op": "replace", "path": "/" + name, "value": obj.Values[name]}})
	if err != nil {
		return ""
	}
	return string(op)
}

// addSearches adds one search per parameter the example gives a value for
// (_id its id, any other the value its expression leads to, model.SearchValue).
func (r collector) addSearches(b *folderBuilder, api *model.API, res model.RestResource, ex *model.File) {
	for _, ref := range res.SearchParam {
		info := r.Registry.SearchParamInfo(api, res.Type, ref)
		value, ok := "", false
		switch {
		case ex == nil:
		case ref.Name == "_id":
			value, ok = ex.ID, ex.ID != ""
		default:
			value, ok = model.SearchValue(ex.Raw, res.Type, info.Type, info.Expression)
		}
		if !ok {
			b.unsearch = append(b.unsearch, ref.Name)
			continue
		}
		b.add(postman.Request{Name: fmt.Sprintf("Search %s by %s", res.Type, ref.Name), Method: "GET", Path: res.Type,
			Description: model.FirstSentence(info.Description),
			Query:       []postman.Param{{Key: ref.Name, Value: model.QueryEscape(value), Description: info.Type}}})
	}
}

// bulkDataOperations is the canonical base of the FHIR Bulk Data Access
// export operations, asynchronous kick-offs that take their parameters in
// the query string (Bulk Data 1.0.1 and 2.0.0, export).
const bulkDataOperations = "http://hl7.org/fhir/uv/bulkdata/OperationDefinition/"

// asynchronous tells the operations whose kick-off needs
// Prefer: respond-async and is answered 202 Accepted with a status URL (the
// FHIR asynchronous request pattern): the Bulk Data exports, and the Da
// Vinci operations that follow Bulk Data's kick-off, Member Attribution's
// $davinci-data-export and PDex's $bulk-member-match.
func asynchronous(canonical string) bool {
	switch canonical {
	case "http://hl7.org/fhir/us/davinci-atr/OperationDefinition/davinci-data-export",
		"http://hl7.org/fhir/us/davinci-pdex/OperationDefinition/bulk-member-match":
		return true
	}
	return strings.HasPrefix(canonical, bulkDataOperations)
}

// postmanOperation invokes one of a resource's operations with the API's
// example request (the example Parameters "<operation id>-request", as the
// operation's page shows it): its parameters in the query string of a GET
// when FHIR allows one and they are all primitive, else as the body of a
// POST. An operation allowed only at instance level is invoked on the
// resource's example. A definition the site does not carry is stood in for
// by one of the site's that derives from it. why says why the operation is
// left out: no definition, no example to invoke it on, or required inputs
// no example request gives.
func (r collector) postmanOperation(api *model.API, res model.RestResource, op model.OperationRef, idVar []postman.Param) (req postman.Request, why string) {
	url := op.Definition.URL()
	od := r.Registry.OperationDefinition(url)
	if od == nil {
		od = r.Registry.OperationDerivedFrom(url)
	}
	standard := url
	if od != nil && od.Base.URL() != "" {
		standard = od.Base.URL()
	}
	export, bulkExport := strings.CutPrefix(standard, bulkDataOperations)
	if od == nil && !bulkExport {
		// A Bulk Data export is known without its definition: a GET
		// kick-off whose inputs are all optional.
		return req, "its definition is not on this site, so its inputs are unknown"
	}
	req = postman.Request{Name: "$" + op.Name, Description: model.FirstSentence(op.Documentation), Path: res.Type + "/$" + op.Name}
	if od != nil && od.Instance && !od.Type || export == "group-export" {
		if idVar == nil {
			return req, "no example " + res.Type + " to invoke it on"
		}
		req.Path, req.PathVariables = res.Type+"/:id/$"+op.Name, idVar
	}
	// Bulk Data kicks an export off with GET (1.0.1 knows no other way).
	get := bulkExport || od.AllowsGET()
	var input *model.File
	elsewhere := ""
	if od != nil {
		input, elsewhere = r.operationRequest(api, od, res.Type)
	}
	query, primitive := parametersQuery(input)
	switch {
	case input != nil && get && primitive:
		req.Method, req.Query = "GET", query
	case input != nil:
		req.Method, req.Body = "POST", jsonx.Pretty(input.Raw)
	case od != nil && od.RequiresInput() && elsewhere != "":
		return req, "its example request `" + od.ID + "-request` is for " + elsewhere
	case od != nil && od.RequiresInput():
		return req, "no example request `" + od.ID + "-request` gives its required inputs"
	case get:
		req.Method = "GET"
	default:
		req.Method, req.Body = "POST", `{"resourceType":"Parameters"}`
	}
	if asynchronous(standard) {
		req.Headers = []postman.Param{{Key: "Prefer", Value: "respond-async"}}
	}
	return req, ""
}

// operationRequest is the API's example request of the operation, when it
// is meant for resourceType: the operation's page shows it on the first
// resource type the operation names, and elsewhere names that type when the
// example is meant for it and not for resourceType.
func (r collector) operationRequest(api *model.API, od *model.OperationDefinition, resourceType string) (ex *model.File, elsewhere string) {
	ex = r.Registry.ExampleWithID(od.ID+"-request", api)
	if ex == nil || ex.ResourceType != "Parameters" {
		return nil, ""
	}
	if len(od.Resource) > 1 && od.Resource[0] != resourceType {
		return nil, od.Resource[0]
	}
	return ex, ""
}

// parametersQuery turns an example Parameters into query parameters, in
// order; primitive is false when one is not a primitive value (a resource,
// parts, a Reference), which only a POST body can carry.
func parametersQuery(ex *model.File) (query []postman.Param, primitive bool) {
	if ex == nil {
		return nil, false
	}
	var p struct {
		Parameter []map[string]json.RawMessage `json:"parameter"`
	}
	if json.Unmarshal(ex.Raw, &p) != nil {
		return nil, false
	}
	for _, param := range p.Parameter {
		var name string
		if json.Unmarshal(param["name"], &name) != nil || len(param) != 2 {
			return nil, false
		}
		value, ok := primitiveValue(param)
		if !ok {
			return nil, false
		}
		query = append(query, postman.Param{Key: name, Value: model.QueryEscape(value)})
	}
	return query, true
}

// primitiveValue is the text of a parameter's value[x] when x is a
// primitive type.
func primitiveValue(param map[string]json.RawMessage) (string, bool) {
	for key, raw := range param {
		typ, ok := strings.CutPrefix(key, "value")
		if !ok || typ == "" || !model.IsPrimitiveType(strings.ToLower(typ[:1])+typ[1:]) {
			continue
		}
		var v any
		if json.Unmarshal(raw, &v) != nil {
			return "", false
		}
		switch val := v.(type) {
		case string:
			return val, val != ""
		case bool, float64:
			return strings.TrimSpace(string(raw)), true
		}
	}
	return "", false
}
