package directive

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/jsonx"
	"github.com/portaldocs/portal/internal/yamlx"
)

// valueSource is what a directive's attributes point at.
type valueSource struct {
	// label names the source in messages ("API \"x\" statement").
	label string
	// doc is the decoded JSON document (*jsonx.Object, []any…), nil for a
	// config value.
	doc any
	// data is the document as written, for showing it whole.
	data []byte
	// title is the default code block title.
	title string
	// value is set for a config value or dependency version.
	value *string
}

// configValueKeys are the site config values of an API a page may use.
var configValueKeys = []string{"id", "title", "baseUrl", "capabilityStatement", "smartConfiguration",
	"authorization.authorizeUrl", "authorization.tokenUrl", "authorization.scope", "authorization.redirectUri",
	"authorization.clientAuthentication", "downloads.capabilityStatement", "downloads.postman", "downloads.smartConfiguration"}

// configValue is one of configValueKeys for an API; ok is false for an
// unknown key, and the value is "" when the API leaves it unset.
func (e *Expander) configValue(api *model.API, key string) (string, bool) {
	base := e.renderer.Links.BaseURL
	if base == "" {
		base = "/"
	}
	download := func(p string) string {
		if p == "" {
			return ""
		}
		return base + p
	}
	auth := api.Authorization
	values := map[string]string{
		"id": api.ID, "title": api.Title, "baseUrl": api.BaseURL,
		"capabilityStatement": api.Config.CapabilityStatement, "smartConfiguration": api.Config.SmartConfiguration,
		"authorization.authorizeUrl": auth.AuthorizeURL, "authorization.tokenUrl": auth.TokenURL,
		"authorization.scope": auth.Scope, "authorization.redirectUri": auth.RedirectURI,
		"authorization.clientAuthentication": auth.ClientAuthentication,
		"downloads.capabilityStatement":      download(api.CapabilityDownload),
		"downloads.postman":                  download(api.PostmanDownload),
		"downloads.smartConfiguration":       download(api.SmartDownload),
	}
	v, ok := values[key]
	return v, ok
}

// resolveSource finds what the directive's attributes name. leaf is true for
// ::fhir-json, which shows documents, false for :fhir-value, which also
// reads config values and dependency versions.
func (e *Expander) resolveSource(attrs map[string]string, leaf bool) (*valueSource, error) {
	if pkg := attrs["dependency"]; pkg != "" && !leaf {
		v, err := e.dependencyVersion(pkg, attrs["api"])
		if err != nil {
			return nil, err
		}
		return &valueSource{label: "dependency " + pkg, value: &v}, nil
	}
	if f := attrs["file"]; f != "" {
		return e.fileSource(f)
	}
	if u := attrs["url"]; u != "" {
		file := e.site.Registry.ByURL(u)
		if file == nil {
			return nil, fmt.Errorf("no FHIR resource of the site has the canonical URL %s%s", u, suggest(u, e.canonicalURLs()))
		}
		return e.fileSourceOf(file, path.Base(file.Path))
	}
	if attrs["api"] == "" {
		if leaf {
			return nil, fmt.Errorf(`::fhir-json needs api="…" (with show="smart-configuration", show="capabilitystatement" or resource="Type/id"), file="…" or url="…"`)
		}
		return nil, fmt.Errorf(`:fhir-value needs api="…", file="…", url="…" or dependency="…"`)
	}
	api := e.site.API(attrs["api"])
	if api == nil {
		return nil, fmt.Errorf("no FHIR API with id %q is configured%s", attrs["api"], e.site.APISuggestion(attrs["api"]))
	}
	switch {
	case attrs["resource"] != "":
		return e.resourceSource(api, attrs["resource"])
	case !leaf && attrs["config"] != "":
		v, ok := e.configValue(api, attrs["config"])
		if !ok {
			return nil, fmt.Errorf("config=%q is not a value of a fhir API%s; the values are %s", attrs["config"],
				suggest(attrs["config"], configValueKeys), strings.Join(configValueKeys, ", "))
		}
		if v == "" {
			return nil, fmt.Errorf("fhir API %q sets no %s in the site config", api.ID, attrs["config"])
		}
		return &valueSource{label: fmt.Sprintf("the config of API %q", api.ID), value: &v}, nil
	case !leaf && attrs["smart"] != "", leaf && attrs["show"] == "smart-configuration":
		if api.Smart == nil {
			return nil, fmt.Errorf("fhir API %q has no smartConfiguration in the site config", api.ID)
		}
		doc, err := e.site.Documents.Smart(api.Smart)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", api.Smart.Path, err)
		}
		return &valueSource{label: api.Smart.Path, doc: doc, data: api.Smart.Data,
			title: "GET " + strings.TrimSuffix(api.BaseURL, "/") + "/.well-known/smart-configuration"}, nil
	case leaf && attrs["show"] != "" && attrs["show"] != "capabilitystatement":
		return nil, fmt.Errorf(`show=%q: write show="smart-configuration" or show="capabilitystatement"`, attrs["show"])
	}
	src, err := e.fileSourceOf(api.File, "")
	if err != nil {
		return nil, err
	}
	src.title = "GET " + strings.TrimSuffix(api.BaseURL, "/") + "/metadata"
	return src, nil
}

func (e *Expander) fileSource(rel string) (*valueSource, error) {
	p := path.Join(e.site.Dir, rel)
	f := e.site.Registry.ByPath(p)
	if f == nil {
		var paths []string
		for _, file := range e.site.Registry.Files() {
			if file.Entry == "" {
				paths = append(paths, strings.TrimPrefix(file.Path, e.site.Dir+"/"))
			}
		}
		return nil, fmt.Errorf("%s is not a FHIR file of the FHIR folder %s%s", rel, e.site.Dir, suggest(rel, paths))
	}
	return e.fileSourceOf(f, path.Base(f.Path))
}

func (e *Expander) fileSourceOf(f *model.File, title string) (*valueSource, error) {
	decoded := e.site.Documents.File(f)
	if decoded.Err != nil {
		return nil, fmt.Errorf("%s: %v", f.Path, decoded.Err)
	}
	return &valueSource{label: f.Location(), doc: decoded.Value, data: decoded.Text, title: title}, nil
}

// resourceSource is an example resource the API may show, by Type/id.
func (e *Expander) resourceSource(api *model.API, key string) (*valueSource, error) {
	scope := path.Dir(api.File.Path)
	f := e.site.Registry.ByKey(scope, key)
	if f == nil {
		f = e.site.Registry.ByKey("", key)
	}
	if f == nil {
		var keys []string
		for _, file := range e.site.Registry.Files() {
			if file.ID != "" && (file.Scope == scope || file.Scope == "") {
				keys = append(keys, file.Key())
			}
		}
		return nil, fmt.Errorf("API %q has no resource %s in its folder %s%s", api.ID, key, scope, suggest(key, keys))
	}
	src, err := e.fileSourceOf(f, "")
	if err != nil {
		return nil, err
	}
	src.title = "GET " + strings.TrimSuffix(api.BaseURL, "/") + "/" + f.Key()
	return src, nil
}

// dependencyVersion is the declared version of a package; with several
// declared, the one the API's statement pins its references to.
func (e *Expander) dependencyVersion(pkg, apiID string) (string, error) {
	var versions []string
	var canonical string
	var packages []string
	for _, d := range e.site.Guides.Declared {
		packages = append(packages, d.Package)
		if d.Package == pkg {
			versions = append(versions, d.Version)
			canonical = d.Canonical
		}
	}
	switch {
	case len(versions) == 0:
		return "", fmt.Errorf("%s is not a declared fhir dependency%s", pkg, suggest(pkg, packages))
	case len(versions) == 1:
		return versions[0], nil
	case apiID == "":
		return "", fmt.Errorf("the site declares %s in versions %s: add api=\"…\" to take the version that API's statement uses", pkg, strings.Join(versions, " and "))
	}
	api := e.site.API(apiID)
	if api == nil {
		return "", fmt.Errorf("no FHIR API with id %q is configured%s", apiID, e.site.APISuggestion(apiID))
	}
	used := e.site.Documents.PinnedVersions(api.File, canonical, versions)
	if len(used) != 1 {
		return "", fmt.Errorf("the statement of API %q pins references into %s to %s, not to one declared version (%s)", api.ID, pkg,
			orNone(used), strings.Join(versions, ", "))
	}
	return used[0], nil
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}

// suggest is " (did you mean X?)" when a candidate is close, else "".
func suggest(s string, candidates []string) string {
	if n := yamlx.Nearest(s, candidates); n != "" {
		return fmt.Sprintf(" (did you mean %q?)", n)
	}
	return ""
}

func (e *Expander) canonicalURLs() []string {
	var out []string
	for _, f := range e.site.Registry.Files() {
		if f.URL != "" && f.Resource != nil {
			out = append(out, f.URL)
		}
	}
	return out
}

// element selects the element at p ("" for the whole document).
func (v *valueSource) element(p string) (any, error) {
	if p == "" {
		return v.doc, nil
	}
	cur := v.doc
	walked := ""
	for _, step := range model.SplitElementPath(p) {
		switch x := cur.(type) {
		case *jsonx.Object:
			next, ok := x.Values[step]
			if !ok {
				return nil, fmt.Errorf("%s has no element %s%s", v.label, p, suggest(p, elementPaths(v.doc, "")))
			}
			cur = next
			walked = jsonx.JoinPath(walked, step)
		case []any:
			var i int
			if _, err := fmt.Sscanf(step, "%d", &i); err != nil || fmt.Sprint(i) != step {
				return nil, fmt.Errorf("%s: %s is a list; write %s[0].%s", v.label, walked, walked, step)
			}
			if i < 0 || i >= len(x) {
				return nil, fmt.Errorf("%s: %s has %d items, so %s[%d] does not exist", v.label, walked, len(x), walked, i)
			}
			cur = x[i]
			walked += fmt.Sprintf("[%d]", i)
		default:
			return nil, fmt.Errorf("%s: %s is a single value, so %s does not exist", v.label, walked, p)
		}
	}
	return cur, nil
}

// elementPaths lists every element path of a document, for suggestions.
func elementPaths(v any, prefix string) []string {
	var out []string
	switch x := v.(type) {
	case *jsonx.Object:
		for _, k := range x.Keys {
			p := jsonx.JoinPath(prefix, k)
			out = append(out, p)
			out = append(out, elementPaths(x.Values[k], p)...)
		}
	case []any:
		for i, item := range x {
			p := fmt.Sprintf("%s[%d]", prefix, i)
			out = append(out, p)
			out = append(out, elementPaths(item, p)...)
		}
	}
	return out
}

// text is a value as a page shows it: a primitive as is, a list of
// primitives joined by sep.
func valueText(v any, sep string) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	case bool:
		return fmt.Sprint(x), nil
	case nil:
		return "null", nil
	case []any:
		parts := make([]string, 0, len(x))
		for _, item := range x {
			t, err := valueText(item, sep)
			if err != nil || isComposite(item) {
				return "", fmt.Errorf("is a list of objects; name one element, e.g. path=\"…[0].…\", or show it with ::fhir-json")
			}
			parts = append(parts, t)
		}
		return strings.Join(parts, sep), nil
	}
	return "", fmt.Errorf("is an object; name one of its elements, or show it with ::fhir-json")
}

func isComposite(v any) bool {
	switch v.(type) {
	case *jsonx.Object, []any:
		return true
	}
	return false
}

// InlineValue is the text of a :fhir-value directive's attributes.
func (e *Expander) InlineValue(attrs map[string]string) (string, error) {
	for _, both := range [][2]string{{"config", "path"}, {"smart", "path"}, {"config", "smart"}} {
		if attrs[both[0]] != "" && attrs[both[1]] != "" {
			return "", fmt.Errorf(":fhir-value takes %s=\"…\" or %s=\"…\", not both", both[0], both[1])
		}
	}
	src, err := e.resolveSource(attrs, false)
	if err != nil {
		return "", err
	}
	if src.value != nil {
		return *src.value, nil
	}
	p := attrs["path"]
	if attrs["smart"] != "" {
		p = attrs["smart"]
	}
	if p == "" {
		return "", fmt.Errorf(`:fhir-value needs path="…" (the element to show) for %s; a whole document goes in ::fhir-json`, src.label)
	}
	v, err := src.element(p)
	if err != nil {
		return "", err
	}
	sep := ", "
	if j, ok := attrs["join"]; ok {
		sep = j
	}
	text, err := valueText(v, sep)
	if err != nil {
		return "", fmt.Errorf("%s in %s %s", p, src.label, err)
	}
	if strings.ContainsAny(text, "\n\r") {
		return "", fmt.Errorf("%s in %s spans several lines; show it with ::fhir-json", p, src.label)
	}
	return text, nil
}

// jsonBlock is the Markdown of a ::fhir-json directive: a JSON code block,
// titled, holding the document exactly as written, or one element of it.
func (e *Expander) jsonBlock(attrs map[string]string) (string, error) {
	src, err := e.resolveSource(attrs, true)
	if err != nil {
		return "", err
	}
	body := strings.TrimRight(string(src.data), "\r\n")
	if p := attrs["path"]; p != "" {
		v, err := src.element(p)
		if err != nil {
			return "", err
		}
		raw, err := jsonx.Marshal(v)
		if err != nil {
			return "", fmt.Errorf("%s of %s: %v", p, src.label, err)
		}
		body = jsonx.Pretty(raw)
	}
	title := src.title
	if t, ok := attrs["title"]; ok {
		title = t
	}
	fence := codeFence(body)
	info := "json"
	if title != "" {
		info += ` title="` + strings.ReplaceAll(title, `"`, "'") + `"`
	}
	return fence + info + "\n" + body + "\n" + fence + "\n", nil
}

// codeFence is a backtick fence longer than any backtick run in body.
func codeFence(body string) string {
	longest, run := 0, 0
	for _, r := range body {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}
