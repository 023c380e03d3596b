//go:build !race

// The embedded portal renders every page in QuickJS, which the race
// detector slows twenty-fold: make go-test runs this file's test in its
// pass without the race detector (its name holds "Portal").

package main

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestPortalMCP drives portal mcp on the embedded portal over stdio and
// checks its answers against the site's own files.
func TestPortalMCP(t *testing.T) {
	session := mcpSession(t)

	t.Run("search ranks as the site's search box", func(t *testing.T) {
		var found struct {
			Hits []struct{ Title, URL, Excerpt string }
		}
		callTool(t, session, "search_docs", map[string]any{"query": "registration"}, &found)
		if len(found.Hits) == 0 || !strings.HasSuffix(found.Hits[0].URL, "/docs/getting-started/registration/") {
			t.Fatalf("search_docs(registration) = %+v, want the registration page first", found.Hits)
		}
		if found.Hits[0].Excerpt == "" || strings.Contains(found.Hits[0].Excerpt, "<mark>") {
			t.Errorf("excerpt %q, want plain text", found.Hits[0].Excerpt)
		}
	})

	t.Run("pages and their Markdown", func(t *testing.T) {
		var listed struct {
			Sidebars []string
			Pages    []struct{ Title, URL, Sidebar string }
		}
		callTool(t, session, "list_pages", map[string]any{"sidebar": "docs"}, &listed)
		if !slices.Contains(listed.Sidebars, "docs") || len(listed.Pages) == 0 {
			t.Fatalf("list_pages(docs) = %+v", listed)
		}
		for _, p := range listed.Pages {
			if p.Sidebar != "docs" {
				t.Fatalf("list_pages(docs) lists %s of sidebar %q", p.URL, p.Sidebar)
			}
		}
		want, err := os.ReadFile("../../site/docs/getting-started/registration.md")
		if err != nil {
			t.Fatal(err)
		}
		var page struct{ Title, Markdown string }
		callTool(t, session, "read_page", map[string]any{"url": "/docs/getting-started/registration"}, &page)
		if page.Title == "" || !strings.Contains(page.Markdown, firstProseLine(string(want))) {
			t.Errorf("read_page(registration): title %q, Markdown lacks the page's first line %q", page.Title, firstProseLine(string(want)))
		}
		resources, err := session.ListResources(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var uri string
		for _, r := range resources.Resources {
			if strings.HasSuffix(r.URI, "/docs/getting-started/registration/") {
				uri = r.URI
			}
		}
		if uri == "" {
			t.Fatal("the registration page is not a resource")
		}
		read, err := session.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
		if err != nil || len(read.Contents) != 1 || read.Contents[0].Text != page.Markdown {
			t.Errorf("resource %s: %v, want the Markdown read_page gives", uri, err)
		}
	})

	t.Run("the APIs and the types each statement supports", func(t *testing.T) {
		var listed struct {
			APIs []struct {
				ID            string   `json:"id"`
				ResourceTypes []string `json:"resourceTypes"`
			} `json:"apis"`
		}
		callTool(t, session, "list_fhir_apis", nil, &listed)
		var want []string
		for _, r := range readStatement(t, statementFile) {
			want = append(want, r.resourceType)
		}
		for _, api := range listed.APIs {
			if api.ID == "provider-patient-access" {
				if !slices.Equal(api.ResourceTypes, want) {
					t.Errorf("provider-patient-access supports %v, its statement %v", api.ResourceTypes, want)
				}
				return
			}
		}
		t.Fatalf("list_fhir_apis does not list provider-patient-access: %+v", listed.APIs)
	})

	t.Run("a resource type as the statement declares it", func(t *testing.T) {
		var described struct {
			SearchParams []struct{ Name, Type string } `json:"searchParams"`
			Profiles     []string                      `json:"profiles"`
			Interactions []struct{ Code string }       `json:"interactions"`
			ExampleIDs   []string                      `json:"exampleIds"`
			Scopes       []string                      `json:"scopes"`
		}
		callTool(t, session, "describe_fhir_resource", map[string]any{"api": "provider-patient-access", "resourceType": "Patient"}, &described)
		var statement statementResource
		for _, r := range readStatement(t, statementFile) {
			if r.resourceType == "Patient" {
				statement = r
			}
		}
		var names []string
		for _, sp := range described.SearchParams {
			names = append(names, sp.Name)
		}
		if !slices.Equal(names, statement.searchParams) {
			t.Errorf("search parameters %v, the statement lists %v", names, statement.searchParams)
		}
		if !slices.Equal(described.Profiles, statement.profiles) {
			t.Errorf("profiles %v, the statement's are %v", described.Profiles, statement.profiles)
		}
		if len(described.Interactions) != len(statement.interactions) {
			t.Errorf("interactions %v, the statement lists %v", described.Interactions, statement.interactions)
		}
		if len(described.Scopes) == 0 {
			t.Error("no scope grants Patient, though the discovery document lists patient scopes")
		}
		if len(described.ExampleIDs) == 0 {
			t.Fatal("no Patient example")
		}
		var example struct {
			Resource struct{ ResourceType, ID string }
		}
		callTool(t, session, "get_fhir_example", map[string]any{"api": "provider-patient-access", "resourceType": "Patient", "id": described.ExampleIDs[0]}, &example)
		if example.Resource.ResourceType != "Patient" || example.Resource.ID != described.ExampleIDs[0] {
			t.Errorf("get_fhir_example = %+v", example.Resource)
		}
	})
}

// statementFile is where the provider patient access API's statement is.
const statementFile = "../../site/fhir/provider/patient-access/capabilitystatement.json"

// statementResource is what a CapabilityStatement file says of one type.
type statementResource struct {
	resourceType                         string
	searchParams, interactions, profiles []string
}

// readStatement reads the resource types of a CapabilityStatement file's
// server block, in its order.
func readStatement(t *testing.T, file string) []statementResource {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var cs struct {
		Rest []struct {
			Resource []struct {
				Type             string
				Profile          string
				SupportedProfile []string
				Interaction      []struct{ Code string }
				SearchParam      []struct{ Name string }
			}
		}
	}
	if err := json.Unmarshal(data, &cs); err != nil {
		t.Fatal(err)
	}
	var out []statementResource
	for _, r := range cs.Rest[0].Resource {
		res := statementResource{resourceType: r.Type}
		if r.Profile != "" {
			res.profiles = append(res.profiles, r.Profile)
		}
		res.profiles = append(res.profiles, r.SupportedProfile...)
		for _, sp := range r.SearchParam {
			res.searchParams = append(res.searchParams, sp.Name)
		}
		for _, i := range r.Interaction {
			res.interactions = append(res.interactions, i.Code)
		}
		out = append(out, res)
	}
	return out
}

// firstProseLine is the first line of a Markdown file's body that is
// plain prose (after its front matter and title).
func firstProseLine(md string) string {
	body := md
	if strings.HasPrefix(body, "---\n") {
		if end := strings.Index(body[4:], "\n---\n"); end >= 0 {
			body = body[4+end+5:]
		}
	}
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "import ") || strings.ContainsAny(line, "<>{}[]*`_|") {
			continue
		}
		return line
	}
	return ""
}
