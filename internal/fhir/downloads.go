package fhir

import (
	"fmt"
	"github.com/portaldocs/portal/internal/config"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/postman"
)

// Download is a file published for an API, at Path under the base URL.
type Download struct {
	Path string
	Data []byte
	// Source is the site file a published document is copied from ("" for
	// generated files).
	Source string
}

// Downloads are the published files, and each API's CapabilityStatement,
// exactly as written, and a Postman collection generated from it.
func (s *Site) Downloads() ([]Download, []diag.Diagnostic) {
	out := append([]Download(nil), s.Published...)
	var diags []diag.Diagnostic
	for _, api := range s.APIs {
		if api.CapabilityDownload == "" {
			continue
		}
		out = append(out, Download{Path: api.CapabilityDownload, Data: api.File.Raw})
		if api.SmartDownload != "" {
			out = append(out, Download{Path: api.SmartDownload, Data: api.Smart.Data})
		}
		if clientAuthProblem(api) != "" {
			continue // reported at the config line when the API was resolved
		}
		data, err := postman.Build(s.renderer.postmanAPI(api))
		if err != nil {
			diags = append(diags, diag.Diagnostic{File: api.File.Path, Severity: diag.Error,
				Message: fmt.Sprintf("generate the Postman collection of API %q: %v", api.ID, err)})
			continue
		}
		out = append(out, Download{Path: api.PostmanDownload, Data: data})
	}
	return out, diags
}

// postmanAPI maps a CapabilityStatement to a collection: a folder per
// resource with one request per interaction and per search parameter, and
// the statement's SMART endpoints as the OAuth 2.0 configuration.
func (r *Renderer) postmanAPI(api *API) postman.API {
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
		if req, ok := systemRequest(in.Code); ok {
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
func postmanDescription(api *API, o *postman.OAuth2) string {
	intro := fmt.Sprintf("Requests for every interaction and search parameter of %s, generated from its CapabilityStatement (FHIR %s).",
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
func postmanAuth(rest *Rest, override config.FHIRAuthorization) *postman.OAuth2 {
	sec := rest.Security
	token := firstNonEmpty(override.TokenURL, sec.OAuthURI("token"))
	if token == "" {
		return nil
	}
	authorize := firstNonEmpty(override.AuthorizeURL, sec.OAuthURI("authorize"))
	o := defaultAuth(rest, authorize, token)
	if override.Scope != "" {
		o.Scopes = override.Scope
	}
	if o.GrantType == postman.GrantAuthorizationCode {
		o.RedirectURI = override.RedirectURI
	}
	// The config's values are the postman package's: both are OAuth's
	// token_endpoint_auth_method names.
	o.ClientAuthentication = firstNonEmpty(override.ClientAuthentication, clientAuthFor(o.GrantType))
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

// clientAuthProblem says why the API's configured clientAuthentication
// cannot work with the grant its endpoints imply, "" when it can (or when
// the API has no authorization server). The postman package refuses the
// same combinations; this check exists to report them at the config line.
func clientAuthProblem(api *API) string {
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
func defaultAuth(rest *Rest, authorize, token string) *postman.OAuth2 {
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

func systemRequest(code string) (postman.Request, bool) {
	switch code {
	case "transaction", "batch":
		return postman.Request{Name: "Submit a " + code + " Bundle", Method: "POST", Path: "",
			Body: fmt.Sprintf(`{"resourceType":"Bundle","type":%q,"entry":[]}`, code)}, true
	case "search-system":
		return postman.Request{Name: "Search all resource types", Method: "GET", Path: "",
			Query: []postman.Param{{Key: "_type", Description: "resource types to search"}}}, true
	case "history-system":
		return postman.Request{Name: "History of all resources", Method: "GET", Path: "_history"}, true
	}
	return postman.Request{}, false
}

// postmanFolder is one resource's requests.
func (r *Renderer) postmanFolder(api *API, res RestResource) postman.Folder {
	f := postman.Folder{Name: res.Type, Description: firstSentence(res.Documentation)}
	idVar := []postman.Param{{Key: "id", Description: "the " + res.Type + " id"}}
	ex := r.pickExample(api, res)
	if ex != nil {
		idVar[0].Value = ex.ID
	}
	body := ""
	if ex != nil {
		body = prettyJSON(ex.Raw)
	}
	for _, in := range res.Interaction {
		switch in.Code {
		case "read":
			f.Requests = append(f.Requests, postman.Request{Name: "Read a " + res.Type, Method: "GET", Path: res.Type + "/:id", PathVariables: idVar})
		case "vread":
			f.Requests = append(f.Requests, postman.Request{Name: "Read a version of a " + res.Type, Method: "GET",
				Path: res.Type + "/:id/_history/:vid", PathVariables: append(idVar, postman.Param{Key: "vid", Description: "the version id"})})
		case "history-instance":
			f.Requests = append(f.Requests, postman.Request{Name: "History of a " + res.Type, Method: "GET", Path: res.Type + "/:id/_history", PathVariables: idVar})
		case "history-type":
			f.Requests = append(f.Requests, postman.Request{Name: "History of all " + res.Type + " resources", Method: "GET", Path: res.Type + "/_history"})
		case "create":
			f.Requests = append(f.Requests, postman.Request{Name: "Create a " + res.Type, Method: "POST", Path: res.Type, Body: body})
		case "update":
			f.Requests = append(f.Requests, postman.Request{Name: "Update a " + res.Type, Method: "PUT", Path: res.Type + "/:id", PathVariables: idVar, Body: body})
		case "patch":
			f.Requests = append(f.Requests, postman.Request{Name: "Patch a " + res.Type, Method: "PATCH", Path: res.Type + "/:id", PathVariables: idVar,
				Headers: []postman.Param{{Key: "Content-Type", Value: "application/json-patch+json"}},
				Body:    `[{"op":"replace","path":"/active","value":true}]`})
		case "delete":
			f.Requests = append(f.Requests, postman.Request{Name: "Delete a " + res.Type, Method: "DELETE", Path: res.Type + "/:id", PathVariables: idVar})
		case "search-type":
			f.Requests = append(f.Requests, r.searchRequests(api, res, ex)...)
		}
	}
	for _, op := range res.Operation {
		f.Requests = append(f.Requests, r.postmanOperation(res, op, idVar))
	}
	return f
}

// bulkDataOperations is the canonical base of the FHIR Bulk Data Access
// export operations, asynchronous kick-offs that take their parameters in
// the query string (Bulk Data 1.0.1 and 2.0.0, export).
const bulkDataOperations = "http://hl7.org/fhir/uv/bulkdata/OperationDefinition/"

// postmanOperation invokes one of a resource's operations: at instance level
// when its definition allows only that, with GET when it changes nothing and
// needs no body, and as the asynchronous request Bulk Data defines for an
// export. A definition the site does not carry is stood in for by one of
// the site's that derives from it.
func (r *Renderer) postmanOperation(res RestResource, op OperationRef, idVar []postman.Param) postman.Request {
	url := op.Definition.URL()
	od := r.Registry.OperationDefinition(url)
	if od == nil {
		od = r.Registry.OperationDerivedFrom(url)
	}
	req := postman.Request{Name: "$" + op.Name, Description: firstSentence(op.Documentation), Method: "POST", Path: res.Type + "/$" + op.Name}
	if od != nil && od.Instance && !od.Type {
		req.Path, req.PathVariables = res.Type+"/:id/$"+op.Name, idVar
	}
	if od != nil && getAllowed(od) && !hasRequiredInput(od) {
		req.Method = "GET"
	}
	standard := url
	if od != nil && od.Base.URL() != "" {
		standard = od.Base.URL()
	}
	if export, ok := strings.CutPrefix(standard, bulkDataOperations); ok {
		req.Method = "GET"
		req.Headers = []postman.Param{{Key: "Prefer", Value: "respond-async"}}
		if export == "group-export" {
			req.Path, req.PathVariables = res.Type+"/:id/$"+op.Name, idVar
		}
	}
	return req
}

// searchRequests is one search request per parameter, with a value from
// the example resource where one can be derived.
func (r *Renderer) searchRequests(api *API, res RestResource, ex *File) []postman.Request {
	var out []postman.Request
	for _, ref := range res.SearchParam {
		info := r.searchParamInfo(api, res.Type, ref)
		value := ""
		if ex != nil {
			if ref.Name == "_id" {
				value = ex.ID
			} else if v, ok := searchValue(ex.Raw, res.Type, info.Type, info.Expression); ok {
				value = v
			}
		}
		out = append(out, postman.Request{Name: fmt.Sprintf("Search %s by %s", res.Type, ref.Name), Method: "GET", Path: res.Type,
			Description: firstSentence(info.Description),
			Query:       []postman.Param{{Key: ref.Name, Value: value, Description: info.Type}}})
	}
	return out
}
