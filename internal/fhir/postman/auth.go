package postman

import "strings"

// newAuth configures Postman's OAuth 2.0 helper at collection level, so every
// request inherits it and "Get New Access Token" fills {{accessToken}}.
// Attribute keys are those of the helper's v2.1 export.
func newAuth(o *OAuth2) auth {
	if o == nil {
		return auth{Type: "noauth"}
	}
	attrs := []authAttribute{
		text("accessToken", "{{accessToken}}"),
		text("tokenType", "Bearer"),
		text("addTokenTo", "header"),
		text("grant_type", postmanGrantType(*o)),
	}
	if o.GrantType == GrantAuthorizationCode {
		// The browser flow redirects to Postman's own callback page, which
		// readers register as their app's redirect URI.
		attrs = append(attrs, text("authUrl", o.AuthorizeURL), boolean("useBrowser", true))
	}
	attrs = append(attrs, text("accessTokenUrl", o.TokenURL), text("clientId", "{{clientId}}"))
	if o.GrantType == GrantClientCredentials {
		attrs = append(attrs, text("clientSecret", "{{clientSecret}}"))
	}
	attrs = append(attrs,
		text("scope", o.Scopes),
		text("client_authentication", clientAuthentication(*o)),
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

// clientAuthentication says how the token request identifies the client.
// An authorization code client here is public (it has no secret variable),
// so it sends client_id in the body (SMART App Launch 2.x, public apps); a
// client credentials client sends its id and secret as HTTP Basic
// (RFC 6749 §2.3.1), Postman's "header".
func clientAuthentication(o OAuth2) string {
	if o.GrantType == GrantClientCredentials {
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
	if api.Auth == nil {
		return vars
	}
	vars = append(vars, variable("clientId", ""))
	if api.Auth.GrantType == GrantClientCredentials {
		vars = append(vars, variable("clientSecret", ""))
	}
	return append(vars, variable("accessToken", ""))
}

func variable(key, value string) param {
	return param{Key: key, Value: value, Type: "string"}
}
