package config

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/yamlx"
	"gopkg.in/yaml.v3"
)

// FHIR configures the reference pages generated from FHIR conformance
// resources. It has no Docusaurus counterpart: Docusaurus sites write these
// pages by hand.
type FHIR struct {
	// Path is the folder of FHIR JSON resources, relative to the site.
	Path string    `yaml:"path"`
	APIs []FHIRAPI `yaml:"apis"`
	// Dependencies are the implementation guides the statements rely on
	// but the site does not carry (US Core, SMART, Bulk Data…), like an
	// implementation guide's dependsOn.
	Dependencies []FHIRDependency `yaml:"dependencies"`
	// Publish copies FHIR files to fixed URLs of the site, for documents
	// that must stay at one address (a service base URL Bundle listed on
	// CHPL, a brands Bundle named by .well-known/smart-configuration).
	Publish []FHIRPublish `yaml:"publish"`
}

// FHIRPublish is one FHIR file published at a fixed path.
type FHIRPublish struct {
	// Source is the file, relative to FHIR.Path.
	Source string `yaml:"source"`
	// Path is where it is served, relative to the base URL.
	Path string `yaml:"path"`
	Line int    `yaml:"-"`
}

// UnmarshalYAML records the entry's line.
func (p *FHIRPublish) UnmarshalYAML(node *yaml.Node) error {
	type plain FHIRPublish
	if err := node.Decode((*plain)(p)); err != nil {
		return err
	}
	p.Line = node.Line
	return nil
}

// FHIRDependency is an implementation guide published elsewhere: references
// to its canonical URLs are taken as defined there and link to them.
type FHIRDependency struct {
	// Package is the guide's FHIR package id, e.g. hl7.fhir.us.core.
	Package string `yaml:"package"`
	Version string `yaml:"version"`
	// Canonical is the guide's canonical base, e.g. http://hl7.org/fhir/us/core.
	Canonical string `yaml:"canonical"`
	// Definitions is a folder of the site (e.g. fhir-guides/hl7.fhir.us.core-6.1.0)
	// holding the guide's published definitions, exactly as published. When
	// set, every reference into this version of the guide must resolve
	// there, with the guide's parameter names and profiles.
	Definitions string `yaml:"definitions"`
	Line        int    `yaml:"-"`
	// DefinitionsLine is where definitions is written.
	DefinitionsLine int `yaml:"-"`
}

// UnmarshalYAML records the dependency's line.
func (d *FHIRDependency) UnmarshalYAML(node *yaml.Node) error {
	type plain FHIRDependency
	if err := node.Decode((*plain)(d)); err != nil {
		return err
	}
	d.Line = node.Line
	d.DefinitionsLine = yamlx.PathLine(node, "definitions")
	return nil
}

// FHIRAPI is one FHIR API: its CapabilityStatement and where it is served.
type FHIRAPI struct {
	// ID names the API in directives and download paths.
	ID    string `yaml:"id"`
	Title string `yaml:"title"`
	// CapabilityStatement is the statement's file, relative to FHIR.Path.
	CapabilityStatement string `yaml:"capabilityStatement"`
	// BaseURL is the service base URL runnable examples use.
	BaseURL string `yaml:"baseUrl"`
	// Downloads publishes the statement as JSON and a Postman collection
	// generated from it; true unless set to false.
	Downloads *bool `yaml:"downloads"`
	// Authorization is what runnable examples and the Postman collection
	// use to get a token; each value defaults to what the statement says.
	Authorization FHIRAuthorization `yaml:"authorization"`
	// SmartConfiguration is the API's SMART discovery document (what the
	// server returns at [base]/.well-known/smart-configuration), a JSON
	// file relative to FHIR.Path: pages take its values from it, and the
	// scopes pages name are checked against its scopes_supported.
	SmartConfiguration string      `yaml:"smartConfiguration"`
	Pages              []FHIRPages `yaml:"pages"`
	Line               int         `yaml:"-"`
	// SmartConfigurationLine is where smartConfiguration is written.
	SmartConfigurationLine int `yaml:"-"`
}

// FHIRAuthorization overrides the statement's OAuth endpoints and the scopes
// a client requests, and says how clients authenticate. A statement
// describes production, while examples run against the baseUrl's
// environment (a sandbox), whose authorization server differs; and which
// scopes make sense (v1 or v2 syntax, patient/ or user/ or system/) and
// which client authentication the server accepts are policies the statement
// cannot express.
type FHIRAuthorization struct {
	AuthorizeURL string `yaml:"authorizeUrl"`
	// RedirectURI is the callback URL of the client readers use with the
	// collection (e.g. the sandbox's shared public client).
	RedirectURI string `yaml:"redirectUri"`
	TokenURL    string `yaml:"tokenUrl"`
	Scope       string `yaml:"scope"`
	// ClientAuthentication is how a client authenticates at the token
	// endpoint, one of ClientAuthentications (OAuth's
	// token_endpoint_auth_method names, RFC 7591 §2). "" follows the grant
	// the API uses: private_key_jwt for client credentials (an API without
	// an authorize endpoint), since SMART Backend Services accepts only that;
	// none for authorization code, a public app with PKCE.
	ClientAuthentication string `yaml:"clientAuthentication"`
	// Line is where clientAuthentication is written, else where the
	// authorization settings start: where problems with them are reported.
	Line int `yaml:"-"`
	// ScopeLine is where scope is written, else where the settings start.
	ScopeLine int `yaml:"-"`
}

// Client authentication methods FHIRAuthorization.ClientAuthentication
// accepts.
const (
	// ClientSecretBasic is a confidential client with a secret, sent as HTTP
	// Basic (RFC 6749 §2.3.1).
	ClientSecretBasic = "client_secret_basic"
	// PrivateKeyJWT is a confidential client that signs a JWT with its
	// private key (RFC 7523; SMART client-confidential-asymmetric).
	PrivateKeyJWT = "private_key_jwt"
	// ClientAuthNone is a public client, which sends only its client_id.
	ClientAuthNone = "none"
)

// ClientAuthentications are the values of authorization.clientAuthentication.
var ClientAuthentications = []string{ClientSecretBasic, PrivateKeyJWT, ClientAuthNone}

// FHIRPages generates one doc per resource type, extension or operation.
type FHIRPages struct {
	// Kind is resources (one page per resource type of the statement),
	// extensions or operations (one page per definition in Source), or
	// capabilitystatement (one page for the whole statement).
	Kind string `yaml:"kind"`
	// Source is the folder of definitions for extensions and operations,
	// relative to FHIR.Path.
	Source string `yaml:"source"`
	// Path is the doc path of each page inside the docs folder, with {id}
	// (the definition's id) or {type} (the resource type, lower case).
	Path string `yaml:"path"`
	// Prose is a folder, relative to FHIR.Path, of optional Markdown files
	// named after each page ({id}.md or {type}.md, lower case) whose front
	// matter and text frame the generated content. Default: Source.
	Prose string `yaml:"prose"`
	// Sidebar is the sidebar the pages belong to; when it does not list
	// them itself, they are added at its end under Category.
	Sidebar  string `yaml:"sidebar"`
	Category string `yaml:"category"`
	Line     int    `yaml:"-"`
}

// PageKinds are the kinds of generated pages.
var PageKinds = []string{"resources", "extensions", "operations", "capabilitystatement"}

// UnmarshalYAML records the API's line.
func (a *FHIRAPI) UnmarshalYAML(node *yaml.Node) error {
	type plain FHIRAPI
	if err := node.Decode((*plain)(a)); err != nil {
		return err
	}
	a.Line = node.Line
	a.SmartConfigurationLine = yamlx.PathLine(node, "smartConfiguration")
	return nil
}

// UnmarshalYAML records the line of clientAuthentication, or of the
// authorization settings when it is not written.
func (a *FHIRAuthorization) UnmarshalYAML(node *yaml.Node) error {
	type plain FHIRAuthorization
	if err := node.Decode((*plain)(a)); err != nil {
		return err
	}
	a.Line = yamlx.PathLine(node, "clientAuthentication")
	a.ScopeLine = yamlx.PathLine(node, "scope")
	return nil
}

// UnmarshalYAML records the page set's line.
func (p *FHIRPages) UnmarshalYAML(node *yaml.Node) error {
	type plain FHIRPages
	if err := node.Decode((*plain)(p)); err != nil {
		return err
	}
	p.Line = node.Line
	return nil
}

// PublishesDownloads reports whether the API's JSON and Postman files are
// published.
func (a FHIRAPI) PublishesDownloads() bool { return a.Downloads == nil || *a.Downloads }

func (f *FHIR) applyDefaults() {
	setDefault(&f.Path, "fhir")
	f.Path = strings.Trim(path.Clean(f.Path), "/")
	for i := range f.Dependencies {
		if d := &f.Dependencies[i]; d.Definitions != "" && isSitePath(d.Definitions) {
			d.Definitions = path.Clean(d.Definitions)
		}
	}
	for i := range f.APIs {
		for j := range f.APIs[i].Pages {
			p := &f.APIs[i].Pages[j]
			if p.Prose == "" {
				p.Prose = p.Source
			}
		}
	}
}

var apiIDRe = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

func (f *FHIR) validate(file string) []diag.Diagnostic {
	var out []diag.Diagnostic
	published := map[string]int{}
	for _, p := range f.Publish {
		switch {
		case p.Source == "" || p.Path == "":
			out = append(out, errAt(file, p.Line, "write source: (relative to the FHIR folder) and path: (relative to the base URL), e.g. source: certified/service-base-urls.json, path: fhir/service-base-urls.json",
				"fhir publish entry needs a source and a path"))
		case strings.HasPrefix(p.Path, "/") || strings.Contains(p.Path, "..") || !strings.HasSuffix(p.Path, ".json"):
			out = append(out, errAt(file, p.Line, "write a path relative to the base URL ending in .json, e.g. fhir/service-base-urls.json",
				"fhir publish path %q must be relative and end in .json", p.Path))
		case published[p.Path] != 0:
			out = append(out, errAt(file, p.Line, "publish each file at its own path", "fhir publish path %q is already used at line %d", p.Path, published[p.Path]))
		default:
			published[p.Path] = p.Line
		}
	}
	for _, d := range f.Dependencies {
		u, err := url.Parse(d.Canonical)
		switch {
		case d.Package == "" || d.Version == "":
			out = append(out, errAt(file, d.Line, "write package: and version:, e.g. package: hl7.fhir.us.core, version: 6.1.0",
				"fhir dependency %q needs a package id and a version", d.Canonical))
		case err != nil || u.Scheme == "" || u.Host == "" || strings.HasSuffix(d.Canonical, "/"):
			out = append(out, errAt(file, d.Line, "write the guide's canonical base without a trailing slash, e.g. canonical: http://hl7.org/fhir/us/core",
				"fhir dependency %s: canonical %q is not an absolute URL", d.Package, d.Canonical))
		}
		if d.Definitions != "" && !isSitePath(d.Definitions) {
			out = append(out, errAt(file, d.DefinitionsLine, "write a folder of the site, e.g. definitions: fhir-guides/"+d.Package+"-"+d.Version,
				"fhir dependency %s: definitions %q is not a relative folder of the site", d.Package, d.Definitions))
		}
	}
	seen := map[string]int{}
	for _, api := range f.APIs {
		at := func(hint, format string, args ...any) {
			out = append(out, errAt(file, api.Line, hint, format, args...))
		}
		switch {
		case !apiIDRe.MatchString(api.ID):
			at(`use lower-case letters, digits and dashes, e.g. id: provider-patient-access`, "fhir API id %q is not a valid id", api.ID)
		case seen[api.ID] != 0:
			at("give each API its own id", "fhir API id %q is already used at line %d", api.ID, seen[api.ID])
		default:
			seen[api.ID] = api.Line
		}
		if api.SmartConfiguration != "" && (!isSitePath(api.SmartConfiguration) || !strings.HasSuffix(api.SmartConfiguration, ".json")) {
			out = append(out, errAt(file, api.SmartConfigurationLine, "write the JSON file relative to "+f.Path+", e.g. smartConfiguration: "+api.ID+"/smart-configuration.json",
				"fhir API %q: smartConfiguration %q is not a relative .json file", api.ID, api.SmartConfiguration))
		}
		if api.CapabilityStatement == "" {
			at("add capabilityStatement: the statement's JSON file, relative to "+f.Path, "fhir API %q has no capabilityStatement", api.ID)
		}
		if u, err := url.Parse(api.BaseURL); api.BaseURL == "" || err != nil || u.Scheme == "" || u.Host == "" {
			at(`write the service base URL, e.g. baseUrl: https://fhir.example.org/r4`, "fhir API %q needs an absolute baseUrl, not %q", api.ID, api.BaseURL)
		}
		// Whether the method fits the grant depends on the statement's
		// endpoints, which the FHIR package checks once it has read them.
		if m := api.Authorization.ClientAuthentication; m != "" && !slices.Contains(ClientAuthentications, m) {
			out = append(out, errAt(file, api.Authorization.Line,
				"write client_secret_basic (a client secret), private_key_jwt (a signed JWT, as SMART Backend Services requires) or none (a public app), or leave clientAuthentication out to follow the grant",
				"fhir API %q: authorization.clientAuthentication %q is none of %s", api.ID, m, strings.Join(ClientAuthentications, ", ")))
		}
		for _, p := range api.Pages {
			out = append(out, p.validate(file, api.ID)...)
		}
	}
	return out
}

// isSitePath says whether p is a relative path that stays inside the site.
func isSitePath(p string) bool {
	clean := path.Clean(p)
	return p != "" && !strings.HasPrefix(p, "/") && clean != "." && clean != ".." && !strings.HasPrefix(clean, "../")
}

func (p FHIRPages) validate(file, apiID string) []diag.Diagnostic {
	var out []diag.Diagnostic
	at := func(hint, format string, args ...any) {
		out = append(out, errAt(file, p.Line, hint, format, args...))
	}
	placeholder := map[string]string{"resources": "{type}", "extensions": "{id}", "operations": "{id}"}
	switch p.Kind {
	case "resources", "extensions", "operations":
		if !strings.Contains(p.Path, placeholder[p.Kind]) {
			at(fmt.Sprintf("put %s in the path, e.g. path: api/fhir/%s/%s", placeholder[p.Kind], p.Kind, placeholder[p.Kind]),
				"fhir API %q: %s pages need %s in their path, not %q", apiID, p.Kind, placeholder[p.Kind], p.Path)
		}
		if p.Kind != "resources" && p.Source == "" {
			at("add source: the folder of definitions, relative to the FHIR folder", "fhir API %q: %s pages need a source folder", apiID, p.Kind)
		}
	case "capabilitystatement":
		if p.Path == "" || strings.Contains(p.Path, "{") {
			at("write the doc path of the page, e.g. path: api/fhir/capabilitystatement", "fhir API %q: the capabilitystatement page needs a plain path", apiID)
		}
	default:
		at("use kind: "+strings.Join(PageKinds, ", kind: "), "fhir API %q: unknown page kind %q", apiID, p.Kind)
	}
	if strings.HasPrefix(p.Path, "/") || strings.Contains(p.Path, "..") {
		at("write the path relative to the docs folder, without a leading slash", "fhir API %q: page path %q is not a docs path", apiID, p.Path)
	}
	return out
}
