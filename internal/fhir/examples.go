package fhir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// prettyJSON indents raw JSON keeping its key order (resourceType first, as
// authors write it), which re-marshalling a map would lose.
func prettyJSON(raw []byte) string {
	var out bytes.Buffer
	if err := json.Indent(&out, bytes.TrimSpace(raw), "", "  "); err != nil {
		return string(raw)
	}
	return out.String()
}

// longJSONLines is where a response body starts to be collapsed.
const longJSONLines = 30

// responseBlock writes a response: status line, then the body, collapsed
// in a <details> when long so the page stays scannable.
func responseBlock(w *mdWriter, status string, body []byte) {
	pretty := prettyJSON(body)
	lines := strings.Count(pretty, "\n") + 1
	if lines <= longJSONLines {
		w.para("Response: " + inlineCode(status))
		w.code("json", "", pretty)
		return
	}
	w.line("<details>")
	w.line(fmt.Sprintf("<summary>Response: <code>%s</code> (%d lines)</summary>", status, lines))
	w.blank()
	w.code("json", "", pretty)
	w.line("</details>")
	w.blank()
}

// request is one example HTTP request.
type request struct {
	Method string
	// Path is relative to the base URL, query included ("Patient?name=x").
	Path string
	Body []byte
}

// requestBlock writes the request as tabs: a copyable curl command using
// the API's base URL, and the raw HTTP request.
func requestBlock(w *mdWriter, api *API, req request) {
	fullURL := strings.TrimSuffix(api.BaseURL, "/") + "/" + req.Path
	var curl strings.Builder
	curl.WriteString("curl")
	if req.Method != "GET" {
		curl.WriteString(" -X " + req.Method)
	}
	curl.WriteString(" '" + fullURL + "' \\\n  -H 'Accept: application/fhir+json'")
	if api.Authorized() {
		curl.WriteString(" \\\n  -H \"Authorization: Bearer $ACCESS_TOKEN\"")
	}
	if len(req.Body) > 0 {
		curl.WriteString(" \\\n  -H 'Content-Type: application/fhir+json' \\\n  --data-binary @- <<'JSON'\n" + prettyJSON(req.Body) + "\nJSON")
	}
	var http strings.Builder
	host, path := splitURL(fullURL)
	fmt.Fprintf(&http, "%s %s HTTP/1.1\nHost: %s\nAccept: application/fhir+json\n", req.Method, path, host)
	if api.Authorized() {
		http.WriteString("Authorization: Bearer {access-token}\n")
	}
	if len(req.Body) > 0 {
		http.WriteString("Content-Type: application/fhir+json\n\n" + prettyJSON(req.Body) + "\n")
	}
	w.line("::::tabs{groupId=\"fhir-request\"}")
	w.line(":::tab[curl]")
	w.code("bash", "", curl.String())
	w.line(":::")
	w.line(":::tab[HTTP]")
	w.code("http", "", http.String())
	w.line(":::")
	w.line("::::")
	w.blank()
}

func splitURL(full string) (host, path string) {
	u, err := url.Parse(full)
	if err != nil || u.Host == "" {
		return "fhir.example.org", full
	}
	path = u.EscapedPath()
	if u.RawQuery != "" {
		path += "?" + u.RawQuery
	}
	return u.Host, path
}

// searchsetBundle wraps example resources in the Bundle a search returns.
func searchsetBundle(api *API, query string, matches []*File) []byte {
	base := strings.TrimSuffix(api.BaseURL, "/")
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"resourceType":"Bundle","type":"searchset","total":%d,"link":[{"relation":"self","url":%s}],"entry":[`,
		len(matches), jsonString(base+"/"+query))
	for i, m := range matches {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"fullUrl":%s,"resource":%s,"search":{"mode":"match"}}`, jsonString(base+"/"+m.Key()), m.Raw)
	}
	b.WriteString("]}")
	return b.Bytes()
}

// jsonString quotes s for JSON without escaping <, > and &, which
// readers would otherwise see as \u0026 in examples.
func jsonString(s string) string {
	out, _ := marshalNoEscape(s) // a string always marshals
	return string(out)
}

// searchValue derives a value for a search parameter from an example
// resource by following the parameter's expression, so the example query
// matches the example response. ok is false when the value cannot be
// derived (the example lacks the element, or the expression is beyond the
// simple paths this follows).
func searchValue(raw []byte, resourceType, paramType, expression string) (string, bool) {
	path, ok := simplePath(resourceType, expression)
	if !ok {
		return "", false
	}
	var doc any
	if json.Unmarshal(raw, &doc) != nil {
		return "", false
	}
	v := walkPath(doc, path)
	if v == nil {
		return "", false
	}
	return formatSearchValue(paramType, v)
}

// simplePath picks the branch of a FHIRPath expression for resourceType
// and reduces it to dotted element names: "Patient.name | Person.name" →
// [name]; "Observation.subject.where(resolve() is Patient)" → [subject];
// "(Observation.value as Quantity)" → [valueQuantity].
func simplePath(resourceType, expression string) ([]string, bool) {
	for _, branch := range strings.Split(expression, "|") {
		branch = strings.TrimSpace(branch)
		branch = strings.TrimSuffix(strings.TrimPrefix(branch, "("), ")")
		rest, ok := strings.CutPrefix(branch, resourceType+".")
		if !ok {
			continue
		}
		asType := ""
		if before, after, found := strings.Cut(rest, " as "); found {
			rest, asType = before, strings.TrimSpace(strings.TrimSuffix(after, ")"))
		}
		if i := strings.Index(rest, ".where("); i >= 0 {
			rest = rest[:i]
		}
		if i := strings.Index(rest, ".as("); i >= 0 {
			asType = strings.TrimSuffix(rest[i+4:], ")")
			rest = rest[:i]
		}
		if strings.ContainsAny(rest, "()[]") {
			return nil, false
		}
		parts := strings.Split(rest, ".")
		if asType != "" {
			parts[len(parts)-1] += upperFirst(asType)
		}
		return parts, true
	}
	return nil, false
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// walkPath follows element names, taking the first item of every list.
func walkPath(v any, path []string) any {
	for _, name := range path {
		if list, ok := v.([]any); ok {
			if len(list) == 0 {
				return nil
			}
			v = list[0]
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = obj[name]
		if v == nil {
			return nil
		}
	}
	if list, ok := v.([]any); ok {
		if len(list) == 0 {
			return nil
		}
		v = list[0]
	}
	return v
}

// formatSearchValue writes an element value the way the parameter type
// expects it in a query string.
func formatSearchValue(paramType string, v any) (string, bool) {
	switch val := v.(type) {
	case string:
		if paramType == "date" && len(val) > 10 {
			return val[:10], true
		}
		return val, val != ""
	case bool:
		return fmt.Sprint(val), true
	case float64:
		return fmt.Sprint(val), true
	case map[string]any:
		return formatComplex(paramType, val)
	}
	return "", false
}

func formatComplex(paramType string, obj map[string]any) (string, bool) {
	str := func(k string) string { s, _ := obj[k].(string); return s }
	switch paramType {
	case "reference":
		return str("reference"), str("reference") != ""
	case "token":
		if codings, ok := obj["coding"].([]any); ok && len(codings) > 0 {
			if c, ok := codings[0].(map[string]any); ok {
				return formatComplex("token", c)
			}
		}
		code := firstNonEmpty(str("code"), str("value"))
		if code == "" {
			return "", false
		}
		if sys := str("system"); sys != "" {
			return sys + "|" + code, true
		}
		return code, true
	case "date":
		d := firstNonEmpty(str("start"), str("end"))
		if len(d) > 10 {
			d = d[:10]
		}
		return d, d != ""
	case "quantity":
		if n, ok := obj["value"].(float64); ok {
			q := fmt.Sprint(n)
			if sys, code := str("system"), str("code"); code != "" {
				q += "|" + sys + "|" + code
			}
			return q, true
		}
	case "string":
		if s := firstNonEmpty(str("family"), str("city"), str("text"), str("name"), str("display"), str("value")); s != "" {
			return s, true
		}
		if given, ok := obj["given"].([]any); ok && len(given) > 0 {
			s, _ := given[0].(string)
			return s, s != ""
		}
		if lines, ok := obj["line"].([]any); ok && len(lines) > 0 {
			s, _ := lines[0].(string)
			return s, s != ""
		}
	}
	return "", false
}

// queryEscaper escapes only what would change a query's meaning, so
// example URLs stay readable (system|code, not system%7Ccode): FHIR
// servers accept both.
var queryEscaper = strings.NewReplacer("%", "%25", " ", "%20", "&", "%26", "#", "%23", "+", "%2B")

// queryString builds "name=value&…".
func queryString(params [][2]string) string {
	parts := make([]string, len(params))
	for i, p := range params {
		parts[i] = p[0] + "=" + queryEscaper.Replace(p[1])
	}
	return strings.Join(parts, "&")
}
