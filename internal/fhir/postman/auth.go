package postman

import "strings"

// newAuth is the collection-level auth every request inherits. With
// private_key_jwt it sends {{accessToken}} as a bearer token (RFC 6750 §2.1),
// which the token request fills; otherwise it configures Postman's OAuth 2.0
// helper, whose "Get New Access Token" fills {{accessToken}}.
func newAuth(o *OAuth2) auth {
	switch {
	case o == nil:
		return auth{Type: "noauth"}
	case o.clientAuthentication() == ClientAuthPrivateKeyJWT:
		return auth{Type: "bearer", Bearer: []authAttribute{text("token", "{{accessToken}}")}}
	}
	return oauth2Helper(*o)
}

// oauth2Helper configures Postman's OAuth 2.0 helper. Attribute keys are
// those of the helper's v2.1 export.
func oauth2Helper(o OAuth2) auth {
	attrs := []authAttribute{
		text("accessToken", "{{accessToken}}"),
		text("tokenType", "Bearer"),
		text("addTokenTo", "header"),
		text("grant_type", postmanGrantType(o)),
	}
	if o.GrantType == GrantAuthorizationCode {
		attrs = append(attrs, text("authUrl", o.AuthorizeURL))
		if o.RedirectURI != "" {
			// The redirect URI must match a registered one exactly, so the
			// collection names it instead of Postman's own callback page.
			attrs = append(attrs, boolean("useBrowser", false), text("redirect_uri", o.RedirectURI))
		} else {
			// The browser flow redirects to Postman's own callback page,
			// which readers register as their app's redirect URI.
			attrs = append(attrs, boolean("useBrowser", true))
		}
		// SMART App Launch requires aud, the FHIR base URL the token is
		// for, on every authorization request.
		attrs = append(attrs, authAttribute{Key: "authRequestParams", Type: "any", Value: []map[string]any{
			{"key": "aud", "value": "{{baseUrl}}", "enabled": true, "send_as": "request_url"}}})
	}
	attrs = append(attrs, text("accessTokenUrl", o.TokenURL), text("clientId", "{{clientId}}"))
	if o.clientAuthentication() == ClientAuthSecretBasic {
		attrs = append(attrs, text("clientSecret", "{{clientSecret}}"))
	}
	attrs = append(attrs,
		text("scope", o.Scopes),
		text("client_authentication", postmanClientAuthentication(o)),
	)
	if o.PKCE {
		attrs = append(attrs, text("challengeAlgorithm", "S256"))
	}
	return auth{Type: "oauth2", OAuth2: attrs}
}

// postmanGrantType names the grant the way Postman does: it treats the
// authorization code grant with PKCE as a grant type of its own.
func postmanGrantType(o OAuth2) string {
	if o.GrantType == GrantAuthorizationCode && o.PKCE {
		return "authorization_code_with_pkce"
	}
	return o.GrantType
}

// postmanClientAuthentication is the helper's name for how the token request
// identifies the client: a client with a secret sends its id and secret as
// HTTP Basic (RFC 6749 §2.3.1), Postman's "header"; a public client sends
// client_id in the body (SMART App Launch 2.x, public apps).
func postmanClientAuthentication(o OAuth2) string {
	if o.clientAuthentication() == ClientAuthSecretBasic {
		return "header"
	}
	return "body"
}

func text(key, value string) authAttribute {
	return authAttribute{Key: key, Value: value, Type: "string"}
}

func boolean(key string, value bool) authAttribute {
	return authAttribute{Key: key, Value: value, Type: "boolean"}
}

// collectionVariables are the values a reader fills in once per collection.
// The credential variables exist only for an API with auth: a public API's
// collection has nothing to put in them.
func collectionVariables(api API) []param {
	// Without the trailing slash, "{{baseUrl}}/Patient" has one slash, not two.
	vars := []param{variable("baseUrl", strings.TrimRight(api.BaseURL, "/"))}
	o := api.Auth
	switch {
	case o == nil:
		return vars
	case o.clientAuthentication() == ClientAuthPrivateKeyJWT:
		// The token request's inputs. No clientId: the assertion carries
		// the client id as its iss and sub, and SMART Backend Services
		// token requests send no client_id.
		tokenURL := variable(tokenURLVariable, o.TokenURL)
		tokenURL.Description = "The token endpoint. Get an access token posts to it; it is also the aud claim of the client assertion."
		scope := variable(scopeVariable, o.Scopes)
		scope.Description = "The scopes to request, space-separated; at most those the client was registered for."
		assertion := variable(clientAssertionVariable, "")
		assertion.Description = clientAssertionHelp
		token := variable(accessTokenVariable, "")
		token.Description = "Filled by Get an access token; every other request sends it as a bearer token."
		return append(vars, tokenURL, scope, assertion, token)
	}
	vars = append(vars, variable("clientId", ""))
	if o.clientAuthentication() == ClientAuthSecretBasic {
		vars = append(vars, variable("clientSecret", ""))
	}
	return append(vars, variable(accessTokenVariable, ""))
}

func variable(key, value string) param {
	return param{Key: key, Value: value, Type: "string"}
}
