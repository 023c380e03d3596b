package postman

import "strings"

// The collection variables of an API that uses private_key_jwt, besides
// baseUrl.
const (
	tokenURLVariable        = "tokenUrl"
	scopeVariable           = "scope"
	clientAssertionVariable = "clientAssertion"
	accessTokenVariable     = "accessToken"
)

// TokenRequestName is the name of the request that gets an access token with
// a client assertion, for descriptions that tell readers to send it.
const TokenRequestName = "Get an access token"

// clientAssertionType says client_assertion is a JWT (RFC 7523 §2.2).
const clientAssertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

// clientAssertionHelp tells readers how to make the assertion the collection
// cannot make for them: the JWT of RFC 7523 §3 with the rules of SMART App
// Launch 2.x (client-confidential-asymmetric, backend services).
const clientAssertionHelp = "A client assertion (RFC 7523): a JWT signed with the private key whose public key is registered for your client. " +
	"Header: alg RS384 or ES384, kid the id of that key, typ JWT. " +
	"Claims: iss and sub your client id, aud the token URL (the tokenUrl variable), exp at most 5 minutes from now (epoch seconds), jti a new unique value. " +
	"Make a new one for each " + TokenRequestName + ": the server rejects an expired assertion and a jti it has seen before."

// tokenRequestDescription is the token request's description (Markdown).
const tokenRequestDescription = "Gets an access token with the client credentials grant, the client authenticating with a signed JWT " +
	"(`private_key_jwt`, RFC 7523), as SMART Backend Services requires.\n\n" +
	"Set the `clientAssertion` variable first (its description says how to make one), then send this request. " +
	"Its test stores `access_token` in the collection variable `accessToken`, which every other request sends as a bearer token. " +
	"When the server refuses the request, the test fails with the OAuth 2.0 `error` and `error_description` (RFC 6749 §5.2)."

// tokenTestScript runs after the token response arrives. It fails the test
// with the server's error code and description when there is one (an
// RFC 6749 §5.2 error response), since "invalid_client" alone does not say
// which claim of the assertion was wrong.
const tokenTestScript = `pm.test("The token endpoint returns an access token", function () {
    const body = pm.response.json();
    if (body.error) {
        throw new Error(body.error + (body.error_description ? ": " + body.error_description : ""));
    }
    pm.expect(body.access_token, "access_token").to.be.a("string").that.is.not.empty;
    pm.collectionVariables.set("accessToken", body.access_token);
});`

// tokenRequestItem posts the token request of RFC 6749 §4.4.2 with the client
// assertion of RFC 7523 §2.2: the four form fields SMART Backend Services
// lists. It sends no auth of its own: the inherited bearer token is what it
// is there to get.
func tokenRequestItem() requestItem {
	form := []param{
		{Key: "grant_type", Value: GrantClientCredentials, Type: "text"},
		{Key: "scope", Value: "{{" + scopeVariable + "}}", Type: "text"},
		{Key: "client_assertion_type", Value: clientAssertionType, Type: "text"},
		{Key: "client_assertion", Value: "{{" + clientAssertionVariable + "}}", Type: "text"},
	}
	host := "{{" + tokenURLVariable + "}}"
	return requestItem{
		Name:  TokenRequestName,
		Event: []event{{Listen: "test", Script: script{Exec: strings.Split(tokenTestScript, "\n"), Type: "text/javascript"}}},
		Request: request{
			Auth:   &auth{Type: "noauth"},
			Method: "POST",
			// The token response is JSON (RFC 6749 §5.1).
			Header:      []param{{Key: "Accept", Value: "application/json", Type: "text"}},
			Body:        &body{Mode: "urlencoded", URLEncoded: form},
			URL:         requestURL{Raw: host, Host: []string{host}},
			Description: tokenRequestDescription,
		},
		Response: []struct{}{},
	}
}
