package parse

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"slices"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/smart"
	"github.com/portaldocs/portal/internal/jsonx"
)

// SmartConfiguration reads and validates the API's discovery document.
// A document with errors is still returned when it is valid JSON, so pages
// that use it do not pile further errors on the same cause.
func SmartConfiguration(site fs.FS, dir string, ac config.FHIRAPI, configFile string) (*model.SmartConfiguration, []diag.Diagnostic) {
	p := path.Join(dir, ac.SmartConfiguration)
	data, err := fs.ReadFile(site, p)
	if err != nil {
		return nil, []diag.Diagnostic{{File: configFile, Line: ac.SmartConfigurationLine, Severity: diag.Error,
			Message: fmt.Sprintf("fhir API %q: smartConfiguration %s cannot be read: %v", ac.ID, p, unwrapPathError(err)),
			Hint:    "smartConfiguration is the API's discovery document, relative to the FHIR folder " + dir}}
	}
	var fields map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&fields); err != nil {
		line, col, msg := jsonx.ErrorAt(data, err)
		return nil, []diag.Diagnostic{{File: p, Line: line, Severity: diag.Error,
			Message: fmt.Sprintf("invalid JSON at column %d: %s", col, msg), Hint: "a SMART discovery document is one JSON object"}}
	}
	c := &model.SmartConfiguration{Path: p, Data: data, Fields: fields}
	diags := checkSmartConfiguration(c)
	return c, diags
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// The fields SMART App Launch 2.0.0 defines as URLs and as string arrays
// (https://hl7.org/fhir/smart-app-launch/STU2/conformance.html#metadata).
var (
	smartURLFields = []string{"issuer", "jwks_uri", "authorization_endpoint", "token_endpoint", "registration_endpoint",
		"management_endpoint", "introspection_endpoint", "revocation_endpoint", "user_access_brand_bundle"}
	smartListFields = []string{"grant_types_supported", "token_endpoint_auth_methods_supported", "token_endpoint_auth_methods",
		"token_endpoint_auth_signing_alg_values_supported", "scopes_supported", "response_types_supported", "capabilities",
		"code_challenge_methods_supported"}
)

// checkSmartConfiguration checks the document against SMART App Launch 2.0.0's metadata
// rules (1.0.0's for a 1.0.0 document), and reads its scopes.
func checkSmartConfiguration(c *model.SmartConfiguration) []diag.Diagnostic {
	var diags []diag.Diagnostic
	fail := func(field, hint, format string, args ...any) {
		diags = append(diags, diag.Diagnostic{File: c.Path, Line: c.Line(field), Severity: diag.Error,
			Message: fmt.Sprintf(format, args...), Hint: hint})
	}
	for _, f := range smartURLFields {
		v, present := c.Fields[f]
		if !present {
			continue
		}
		s, ok := v.(string)
		if u, err := url.Parse(s); !ok || err != nil || u.Scheme != "https" || u.Host == "" {
			fail(f, "SMART requires absolute https URLs", "%s must be an absolute https URL, not %v", f, jsonx.Text(v))
		}
	}
	lists := map[string][]string{}
	for _, f := range smartListFields {
		v, present := c.Fields[f]
		if !present {
			continue
		}
		list, ok := stringList(v)
		if !ok {
			fail(f, `write a JSON array of strings, e.g. "`+f+`": ["…"]`, "%s must be an array of strings", f)
			continue
		}
		lists[f] = list
	}
	c.Server.Capabilities = lists["capabilities"]
	for i, raw := range lists["scopes_supported"] {
		sc, err := smart.Parse(raw)
		if err != nil {
			fail(fmt.Sprintf("scopes_supported[%d]", i), "fix the scope, or remove it", "%v", err)
			continue
		}
		c.Server.Supported = append(c.Server.Supported, sc)
	}
	_, c.HasScopes = lists["scopes_supported"]
	c.V1 = smartVersion(c.Server) == 1
	version := "SMART App Launch 2.0.0"
	if c.V1 {
		version = "SMART App Launch 1.0.0"
	}
	has := func(capability string) bool { return slices.Contains(c.Server.Capabilities, capability) }
	require := func(field, why string) {
		if _, ok := c.Fields[field]; !ok {
			fail("", fmt.Sprintf("add %q to the document", field), "%s requires %s%s", version, field, why)
		}
	}
	require("token_endpoint", "")
	require("capabilities", "")
	if has("launch-ehr") || has("launch-standalone") {
		require("authorization_endpoint", " when capabilities include launch-ehr or launch-standalone")
	}
	if !c.V1 {
		require("grant_types_supported", "")
		require("code_challenge_methods_supported", "")
		if has("sso-openid-connect") {
			require("issuer", " when capabilities include sso-openid-connect")
			require("jwks_uri", " when capabilities include sso-openid-connect")
		}
		if methods, ok := lists["code_challenge_methods_supported"]; ok && (!slices.Contains(methods, "S256") || slices.Contains(methods, "plain")) {
			fail("code_challenge_methods_supported", `write ["S256"]`,
				"code_challenge_methods_supported must include S256 and must not include plain (SMART App Launch 2.0.0)")
		}
	}
	return diags
}

// smartVersion is 1 for a SMART App Launch 1.0.0 document: one that
// advertises no permission-v2 and writes every resource scope of
// scopes_supported in 1.0.0 syntax; 2 otherwise.
func smartVersion(s smart.Server) int {
	if slices.Contains(s.Capabilities, "permission-v2") {
		return 2
	}
	resourceScopes := 0
	for _, sc := range s.Supported {
		if sc.IsResource() {
			resourceScopes++
			if sc.Syntax != smart.V1 {
				return 2
			}
		}
	}
	if resourceScopes == 0 {
		return 2
	}
	return 1
}

func stringList(v any) ([]string, bool) {
	items, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(items))
	for _, item := range items {
		s, ok := item.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}
