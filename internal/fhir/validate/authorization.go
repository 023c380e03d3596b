package validate

import (
	"fmt"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/smart"
)

// Authorization reports where the API's configured
// authorization settings contradict its discovery document: the scopes
// clients are told to request, and endpoints given twice.
func Authorization(api *model.API, ac config.FHIRAPI, configFile string) []diag.Diagnostic {
	c := api.Smart
	if c == nil {
		return nil
	}
	var diags []diag.Diagnostic
	auth := ac.Authorization
	line := auth.ScopeLine
	if line == 0 {
		line = ac.Line
	}
	if c.HasScopes {
		for _, raw := range smart.Fields(auth.Scope) {
			if d := scopeProblem(c, api.ID, raw); d != "" {
				diags = append(diags, diag.Diagnostic{File: configFile, Line: line, Severity: diag.Error,
					Message: fmt.Sprintf("fhir API %q: authorization.scope %s", api.ID, d),
					Hint:    scopeHint(c, raw)})
			}
		}
	}
	for _, pair := range []struct{ key, value, field string }{
		{"authorizeUrl", auth.AuthorizeURL, "authorization_endpoint"},
		{"tokenUrl", auth.TokenURL, "token_endpoint"},
	} {
		documented, _ := c.Fields[pair.field].(string)
		if pair.value != "" && documented != "" && pair.value != documented {
			diags = append(diags, diag.Diagnostic{File: configFile, Line: ac.Line, Severity: diag.Error,
				Message: fmt.Sprintf("fhir API %q: authorization.%s %s differs from %s %s in %s", api.ID, pair.key, pair.value, pair.field, documented, c.Path),
				Hint:    "leave authorization." + pair.key + " out: the discovery document is the one place it is written"})
		}
	}
	return diags
}

// scopeProblem says why the API does not grant a scope, "" when it does.
func scopeProblem(c *model.SmartConfiguration, apiID, raw string) string {
	sc, err := smart.Parse(raw)
	if err != nil {
		return err.Error()
	}
	ok, why, _ := c.Server.Grants(sc)
	if ok {
		return ""
	}
	return fmt.Sprintf("%s is not granted by API %q: %s (%s)", raw, apiID, why, c.Path)
}

// scopeHint names the scope the reader most likely meant.
func scopeHint(c *model.SmartConfiguration, raw string) string {
	sc, err := smart.Parse(raw)
	if err != nil {
		return "write a scope the API lists in scopes_supported"
	}
	if _, _, nearest := c.Server.Grants(sc); nearest != "" {
		return "write " + nearest + ", which the API grants"
	}
	return "write a scope the API lists in scopes_supported, or add it there if the server grants it"
}
