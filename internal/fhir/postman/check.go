package postman

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// problems collects every problem of an API with where it is, so the engine
// reports them all at once instead of one per run.
type problems []error

func (p *problems) add(where, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if where != "" {
		msg = where + ": " + msg
	}
	*p = append(*p, errors.New(msg))
}

// check returns every problem in api that would make a broken or misleading
// collection, joined; nil if there is none.
func check(api API) error {
	var p problems
	if api.ID == "" {
		p.add("", "ID is empty; the collection id is derived from it")
	}
	if api.Name == "" {
		p.add("", "Name is empty")
	}
	checkBaseURL(&p, api.BaseURL)
	if api.Auth != nil {
		checkAuth(&p, *api.Auth)
	}
	checkTokenRequest(&p, api)
	for i, f := range api.Folders {
		where := fmt.Sprintf("folder %q", f.Name)
		if f.Name == "" {
			where = fmt.Sprintf("folder %d", i+1)
			p.add(where, "Name is empty")
		}
		for j, r := range f.Requests {
			checkRequest(&p, where, j, r)
		}
	}
	return errors.Join(p...)
}

// checkBaseURL wants an absolute http(s) URL with nothing after the path,
// since request paths and queries are appended to it.
func checkBaseURL(p *problems, raw string) {
	u := checkAbsoluteURL(p, "BaseURL", raw)
	if u != nil && (u.RawQuery != "" || u.Fragment != "") {
		p.add("", "BaseURL %q has a query or fragment; request URLs are appended to it", raw)
	}
}

func checkAuth(p *problems, o OAuth2) {
	switch o.GrantType {
	case GrantAuthorizationCode:
		checkAbsoluteURL(p, "Auth.AuthorizeURL", o.AuthorizeURL)
	case GrantClientCredentials:
		if o.PKCE {
			p.add("", "Auth.PKCE is set for the client_credentials grant; PKCE protects an authorization code")
		}
	default:
		p.add("", "Auth.GrantType %q is neither %q nor %q", o.GrantType, GrantAuthorizationCode, GrantClientCredentials)
	}
	checkAbsoluteURL(p, "Auth.TokenURL", o.TokenURL)
	checkClientAuthentication(p, o)
}

// checkClientAuthentication wants a method the collection can carry out for
// the grant. The client_credentials grant is for confidential clients only
// (RFC 6749 §4.4), so not none; and only its token request is one the
// collection can send itself, so private_key_jwt is for it alone (Postman's
// OAuth 2.0 helper cannot sign a client assertion for an authorization code).
func checkClientAuthentication(p *problems, o OAuth2) {
	m := o.clientAuthentication()
	switch {
	case m != ClientAuthNone && m != ClientAuthSecretBasic && m != ClientAuthPrivateKeyJWT:
		p.add("", "Auth.ClientAuthentication %q is none of %q, %q, %q", m, ClientAuthNone, ClientAuthSecretBasic, ClientAuthPrivateKeyJWT)
	case o.GrantType == GrantClientCredentials && m == ClientAuthNone:
		p.add("", "Auth.ClientAuthentication is %q with the client_credentials grant, which only confidential clients may use", m)
	case o.GrantType == GrantAuthorizationCode && m == ClientAuthPrivateKeyJWT:
		p.add("", "Auth.ClientAuthentication is %q with the authorization_code grant; the collection supports it for client_credentials only", m)
	}
}

// checkTokenRequest wants the token request exactly once in an API that uses
// private_key_jwt, where readers have no other way to get a token, and
// nowhere else, where it would post a form no server expects.
func checkTokenRequest(p *problems, api API) {
	var with []string
	for i, f := range api.Folders {
		if f.TokenRequest {
			with = append(with, fmt.Sprintf("folder %d", i+1))
		}
	}
	wanted := api.Auth != nil && api.Auth.clientAuthentication() == ClientAuthPrivateKeyJWT
	switch {
	case wanted && len(with) == 0:
		p.add("", "Auth.ClientAuthentication is %q but no folder has TokenRequest; readers would have no way to get a token", ClientAuthPrivateKeyJWT)
	case wanted && len(with) > 1:
		p.add("", "TokenRequest is set on %s; one token request is enough", strings.Join(with, " and "))
	case !wanted && len(with) > 0:
		p.add("", "TokenRequest is set on %s, but only an API whose Auth uses %q has a token request", strings.Join(with, " and "), ClientAuthPrivateKeyJWT)
	}
}

// checkAbsoluteURL returns the parsed URL, or nil after reporting that raw
// is not an absolute http(s) URL.
func checkAbsoluteURL(p *problems, field, raw string) *url.URL {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		p.add("", "%s %q is not an absolute http or https URL", field, raw)
		return nil
	}
	return u
}

// isFHIRMethod tells the HTTP methods of the FHIR RESTful API (FHIR R4 §3.1.0).
func isFHIRMethod(method string) bool {
	switch method {
	case "GET", "POST", "PUT", "DELETE", "PATCH":
		return true
	}
	return false
}

// checkRequest checks the request at index i (0-based) of a folder.
func checkRequest(p *problems, folder string, i int, r Request) {
	where := fmt.Sprintf("%s, request %q", folder, r.Name)
	if r.Name == "" {
		where = fmt.Sprintf("%s, request %d", folder, i+1)
		p.add(where, "Name is empty")
	}
	if !isFHIRMethod(r.Method) {
		p.add(where, "Method %q is not GET, POST, PUT, DELETE or PATCH", r.Method)
	}
	checkPath(p, where, r.Path, r.PathVariables)
	checkQuery(p, where, r.Query)
	if r.Body == "" && (r.Method == "POST" || r.Method == "PUT" || r.Method == "PATCH") {
		p.add(where, "a %s request has no Body; FHIR creates, updates, patches, transactions and operations send one", r.Method)
	}
	for _, h := range r.Headers {
		if h.Key == "" {
			p.add(where, "a header has no name")
		}
	}
	checkBody(p, where, r.Method, r.Body)
}

// checkPath wants a relative path of non-empty segments whose ":name"
// variables are distinct, a value for each, and values only for variables
// the path has.
func checkPath(p *problems, where, path string, given []Param) {
	if strings.Contains(path, "://") {
		p.add(where, "Path %q is absolute; it is relative to the base URL", path)
		return
	}
	if strings.ContainsAny(path, "?#") {
		p.add(where, "Path %q has a query or fragment; put query parameters in Query", path)
		return
	}
	var names []string
	for _, s := range pathSegments(path) {
		name, isVariable := pathVariableName(s)
		switch {
		case s == "":
			p.add(where, "Path %q has an empty segment", path)
		case isVariable && name == "":
			p.add(where, "Path %q has a path variable without a name", path)
		case isVariable && slices.Contains(names, name):
			p.add(where, "Path %q has the path variable %q twice", path, name)
		case isVariable:
			names = append(names, name)
		}
	}
	var seen []string
	for _, v := range given {
		if !slices.Contains(names, v.Key) {
			p.add(where, "PathVariables has %q, which Path %q does not have as :%s", v.Key, path, v.Key)
		}
		if slices.Contains(seen, v.Key) {
			p.add(where, "PathVariables has %q twice", v.Key)
		}
		if v.Value != "" {
			seen = append(seen, v.Key)
		}
	}
	for _, name := range names {
		if !slices.Contains(seen, name) {
			p.add(where, "Path %q has :%s, which PathVariables gives no value; leave the request out when there is none", path, name)
		}
	}
}

// checkQuery wants a value for every parameter, and rejects characters that
// would make Postman split the raw URL into other parameters than the query
// list holds: "&" and "#" anywhere, and "=" in a name (Postman splits a
// parameter at its first "=").
func checkQuery(p *problems, where string, query []Param) {
	for _, q := range query {
		switch {
		case q.Key == "":
			p.add(where, "a query parameter has no name")
		case strings.ContainsAny(q.Key, "&#="):
			p.add(where, "query parameter name %q has one of & # =; percent-encode it", q.Key)
		}
		if q.Value == "" {
			p.add(where, "query parameter %q has no value; leave it out when there is none", q.Key)
		}
		if strings.ContainsAny(q.Value, "&#") {
			p.add(where, "query parameter %q has & or # in its value %q; percent-encode it", q.Key, q.Value)
		}
	}
}

// checkBody wants a body to be JSON, since it is sent as application/fhir+json,
// and none on GET or DELETE, whose FHIR interactions take no body.
func checkBody(p *problems, where, method, body string) {
	if body == "" {
		return
	}
	if method == "GET" || method == "DELETE" {
		p.add(where, "a %s request has a Body", method)
	}
	if !json.Valid([]byte(body)) {
		p.add(where, "Body is not valid JSON")
	}
}
