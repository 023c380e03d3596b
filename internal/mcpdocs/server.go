package mcpdocs

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// defaultSearchLimit is how many pages search_docs gives unless asked.
const defaultSearchLimit = 10

// SearchInput is search_docs's arguments.
type SearchInput struct {
	Query string `json:"query" jsonschema:"what to look for, as a reader would type it in the site's search box"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many pages at most (default 10)"`
}

// SearchOutput is search_docs's answer.
type SearchOutput struct {
	Hits []SearchHit `json:"hits"`
}

// PageInput names a page.
type PageInput struct {
	URL string `json:"url" jsonschema:"the page's URL on the site, or its path (/docs/x/)"`
}

// PageOutput is a page's Markdown.
type PageOutput struct {
	Title    string `json:"title"`
	URL      string `json:"url"`
	Markdown string `json:"markdown"`
}

// ListPagesInput is list_pages's arguments.
type ListPagesInput struct {
	Sidebar string `json:"sidebar,omitempty" jsonschema:"a sidebar id, to list only its pages; empty lists every page"`
}

// ListedPage is one page list_pages gives.
type ListedPage struct {
	Title   string `json:"title"`
	URL     string `json:"url"`
	Sidebar string `json:"sidebar,omitempty"`
	Version string `json:"version,omitempty"`
}

// ListPagesOutput is list_pages's answer.
type ListPagesOutput struct {
	Sidebars []string     `json:"sidebars"`
	Pages    []ListedPage `json:"pages"`
}

// FHIRAPIsOutput is list_fhir_apis's answer.
type FHIRAPIsOutput struct {
	APIs []FHIRAPI `json:"apis"`
}

// ResourceInput names a resource type of an API.
type ResourceInput struct {
	API  string `json:"api" jsonschema:"the API's id, as list_fhir_apis gives it"`
	Type string `json:"resourceType" jsonschema:"a FHIR resource type the API supports, e.g. Patient"`
}

// ExampleInput names an example resource.
type ExampleInput struct {
	API  string `json:"api" jsonschema:"the API's id, as list_fhir_apis gives it"`
	Type string `json:"resourceType" jsonschema:"the example's resource type"`
	ID   string `json:"id" jsonschema:"the example's id, as describe_fhir_resource lists them"`
}

// ExampleOutput is an example resource; the tool's text content is the
// file exactly as written, key order included.
type ExampleOutput struct {
	Resource map[string]any `json:"resource"`
}

// NewServer is an MCP server answering from site; version is the engine's.
func NewServer(site *Site, version string) *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "portal", Title: site.title, Version: version}, &mcp.ServerOptions{
		Instructions: "Documentation of " + site.title + " (" + site.url + "). search_docs finds pages as the site's search box does; read_page gives a page's Markdown." +
			fhirInstructions(site),
	})
	mcp.AddTool(server, &mcp.Tool{Name: "search_docs", Description: "Search the documentation with the site's own search index and ranking; gives each page's title, URL and an excerpt."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in SearchInput) (*mcp.CallToolResult, SearchOutput, error) {
			limit := in.Limit
			if limit <= 0 {
				limit = defaultSearchLimit
			}
			hits, err := site.Search(ctx, in.Query, limit)
			return nil, SearchOutput{Hits: hits}, err
		})
	mcp.AddTool(server, &mcp.Tool{Name: "read_page", Description: "A documentation page as Markdown, by its URL or path."},
		func(_ context.Context, _ *mcp.CallToolRequest, in PageInput) (*mcp.CallToolResult, PageOutput, error) {
			r, md, err := site.Page(in.URL)
			if err != nil {
				return nil, PageOutput{}, err
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: md}}}, PageOutput{Title: r.Title, URL: site.AbsoluteURL(r.Path), Markdown: md}, nil
		})
	mcp.AddTool(server, &mcp.Tool{Name: "list_pages", Description: "The site's pages with their titles and URLs, of every sidebar or of one."},
		func(_ context.Context, _ *mcp.CallToolRequest, in ListPagesInput) (*mcp.CallToolResult, ListPagesOutput, error) {
			return nil, listPages(site, in.Sidebar), nil
		})
	if site.HasFHIR() {
		addFHIRTools(server, site)
	}
	addPageResources(server, site)
	return server
}

func fhirInstructions(site *Site) string {
	if !site.HasFHIR() {
		return ""
	}
	return " For the FHIR APIs, list_fhir_apis names them and describe_fhir_resource gives what an API's CapabilityStatement says of a resource type (interactions, search parameters, profiles, operations, scopes, example ids); get_fhir_example gives an example resource."
}

func listPages(site *Site, sidebar string) ListPagesOutput {
	out := ListPagesOutput{Sidebars: site.Sidebars(), Pages: []ListedPage{}}
	for _, r := range site.Pages(sidebar) {
		out.Pages = append(out.Pages, ListedPage{Title: r.Title, URL: site.AbsoluteURL(r.Path), Sidebar: r.Sidebar, Version: r.Version})
	}
	return out
}

func addFHIRTools(server *mcp.Server, site *Site) {
	mcp.AddTool(server, &mcp.Tool{Name: "list_fhir_apis", Description: "The site's FHIR APIs: id, title, FHIR version, base URLs, resource types."},
		func(_ context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, FHIRAPIsOutput, error) {
			return nil, FHIRAPIsOutput{APIs: site.FHIRAPIs()}, nil
		})
	mcp.AddTool(server, &mcp.Tool{Name: "describe_fhir_resource", Description: "What one API's CapabilityStatement says of a resource type: interactions, search parameters with their types and combinations, includes, profiles, operations, the SMART scopes that grant it, and its example ids."},
		func(_ context.Context, _ *mcp.CallToolRequest, in ResourceInput) (*mcp.CallToolResult, FHIRResource, error) {
			res, err := site.DescribeFHIRResource(in.API, in.Type)
			return nil, res, err
		})
	mcp.AddTool(server, &mcp.Tool{Name: "get_fhir_example", Description: "An example resource of an API, exactly as the documentation shows it."},
		func(_ context.Context, _ *mcp.CallToolRequest, in ExampleInput) (*mcp.CallToolResult, ExampleOutput, error) {
			raw, err := site.FHIRExample(in.API, in.Type, in.ID)
			if err != nil {
				return nil, ExampleOutput{}, err
			}
			var resource map[string]any
			if err := json.Unmarshal(raw, &resource); err != nil {
				return nil, ExampleOutput{}, err
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(raw)}}}, ExampleOutput{Resource: resource}, nil
		})
}

// addPageResources offers every page as a resource: its URL on the site,
// its Markdown as the contents.
func addPageResources(server *mcp.Server, site *Site) {
	for _, r := range site.routes {
		uri := site.AbsoluteURL(r.Path)
		server.AddResource(&mcp.Resource{URI: uri, Name: r.Path, Title: r.Title, MIMEType: "text/markdown"},
			func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				_, md, err := site.Page(req.Params.URI)
				if err != nil {
					return nil, mcp.ResourceNotFoundError(req.Params.URI)
				}
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/markdown", Text: md}}}, nil
			})
	}
}
