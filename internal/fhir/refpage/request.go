package refpage

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/jsonx"
)

// longJSONLines is where a response body starts to be collapsed.
const longJSONLines = 30

// responseBlock writes a response: status line, then the body, collapsed
// in a <details> when long so the page stays scannable.
func responseBlock(w *mdWriter, status string, body []byte) {
	pretty := jsonx.Pretty(body)
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
func requestBlock(w *mdWriter, api *model.API, req request) {
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
		curl.WriteString(" \\\n  -H 'Content-Type: application/fhir+json' \\\n  --data-binary @- <<'JSON'\n" + jsonx.Pretty(req.Body) + "\nJSON")
	}
	var http strings.Builder
	host, path := splitURL(fullURL)
	fmt.Fprintf(&http, "%s %s HTTP/1.1\nHost: %s\nAccept: application/fhir+json\n", req.Method, path, host)
	if api.Authorized() {
		http.WriteString("Authorization: Bearer {access-token}\n")
	}
	if len(req.Body) > 0 {
		http.WriteString("Content-Type: application/fhir+json\n\n" + jsonx.Pretty(req.Body) + "\n")
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
func searchsetBundle(api *model.API, query string, matches []*model.File) []byte {
	base := strings.TrimSuffix(api.BaseURL, "/")
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"resourceType":"Bundle","type":"searchset","total":%d,"link":[{"relation":"self","url":%s}],"entry":[`,
		len(matches), jsonx.Quote(base+"/"+query))
	for i, m := range matches {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"fullUrl":%s,"resource":%s,"search":{"mode":"match"}}`, jsonx.Quote(base+"/"+m.Key()), m.Raw)
	}
	b.WriteString("]}")
	return b.Bytes()
}

// queryString builds "name=value&…".
func queryString(params [][2]string) string {
	parts := make([]string, len(params))
	for i, p := range params {
		parts[i] = p[0] + "=" + model.QueryEscape(p[1])
	}
	return strings.Join(parts, "&")
}
