package main

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpSession starts `portal mcp` with args (this test binary run as portal)
// and connects the SDK's client to it over stdio.
func mcpSession(t *testing.T, args ...string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	cmd := exec.Command(os.Args[0], append([]string{"mcp"}, args...)...)
	cmd.Env = append(os.Environ(), runMainEnv+"=1")
	cmd.Stderr = &testLog{t: t}
	client := mcp.NewClient(&mcp.Implementation{Name: "portal-test", Version: "1"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to portal mcp: %v", err)
	}
	t.Cleanup(func() { _ = session.Close() })
	return session
}

// testLog passes the server's stderr (build warnings) to the test log.
type testLog struct{ t *testing.T }

func (l *testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// callTool calls a tool and decodes its structured answer into out; it
// fails the test on a tool error unless wantError.
func callTool(t *testing.T, session *mcp.ClientSession, name string, args map[string]any, out any) *mcp.CallToolResult {
	t.Helper()
	res, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if res.IsError {
		return res
	}
	if out != nil {
		data, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s: decode %s: %v", name, data, err)
		}
	}
	return res
}

func toolError(res *mcp.CallToolResult) string {
	if !res.IsError || len(res.Content) == 0 {
		return ""
	}
	if text, ok := res.Content[0].(*mcp.TextContent); ok {
		return text.Text
	}
	return ""
}

func toolNames(t *testing.T, session *mcp.ClientSession) []string {
	t.Helper()
	list, err := session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	return names
}

// TestMCPOnAFixtureSite drives portal mcp on the engine's FHIR fixture site
// and on a plain Docusaurus docs site: the tools a site has, search, pages,
// and the errors a client gets for a wrong API or resource type.
func TestMCPOnAFixtureSite(t *testing.T) {
	t.Run("docs site", func(t *testing.T) {
		session := mcpSession(t, "--site", "../../internal/docusaurus/testdata/site")
		if got, want := toolNames(t, session), []string{"list_pages", "read_page", "search_docs"}; !slices.Equal(got, want) {
			t.Fatalf("tools %v, want %v (no FHIR tools on a site without FHIR)", got, want)
		}
		var pages struct {
			Pages []struct{ Title, URL string }
		}
		callTool(t, session, "list_pages", nil, &pages)
		if len(pages.Pages) == 0 {
			t.Fatal("list_pages lists no page")
		}
		first := pages.Pages[0]
		var page struct{ Title, URL, Markdown string }
		callTool(t, session, "read_page", map[string]any{"url": first.URL}, &page)
		if page.Title != first.Title || !strings.Contains(page.Markdown, "# ") {
			t.Errorf("read_page(%s) = title %q, Markdown %.80q", first.URL, page.Title, page.Markdown)
		}
		res := callTool(t, session, "read_page", map[string]any{"url": "/docs/no-such-page/"}, nil)
		if msg := toolError(res); !strings.Contains(msg, "no page at /docs/no-such-page/") {
			t.Errorf("read_page of a missing page: error %q", msg)
		}
	})
	t.Run("docs site with a search box", func(t *testing.T) {
		session := mcpSession(t, "--site", "../../internal/pipeline/testdata/docs-instances")
		var found struct {
			Hits []struct{ Title, URL, Excerpt string }
		}
		// "toolchain" is only on the second docs instance's install page,
		// which a reader finds in its latest version (2.0, at /sdk/), as
		// the site's search box finds it.
		callTool(t, session, "search_docs", map[string]any{"query": "toolchain"}, &found)
		if len(found.Hits) != 1 || !strings.HasSuffix(found.Hits[0].URL, "/sdk/install/") {
			t.Fatalf("search_docs(toolchain) = %+v, want the SDK 2.0 install page alone", found.Hits)
		}
		if !strings.Contains(found.Hits[0].Excerpt, "toolchain") {
			t.Errorf("excerpt %q, want the words that matched", found.Hits[0].Excerpt)
		}
		found.Hits = nil
		callTool(t, session, "search_docs", map[string]any{"query": "spaceship"}, &found)
		if len(found.Hits) != 0 {
			t.Errorf("search_docs(spaceship) = %+v, want nothing: no page says it", found.Hits)
		}
	})
	t.Run("FHIR site", func(t *testing.T) {
		session := mcpSession(t, "--site", "../../internal/pipeline/testdata/fhir-site")
		want := []string{"describe_fhir_resource", "get_fhir_example", "list_fhir_apis", "list_pages", "read_page", "search_docs"}
		if got := toolNames(t, session); !slices.Equal(got, want) {
			t.Fatalf("tools %v, want %v", got, want)
		}
		var apis struct {
			APIs []struct {
				ID            string   `json:"id"`
				ResourceTypes []string `json:"resourceTypes"`
			} `json:"apis"`
		}
		callTool(t, session, "list_fhir_apis", nil, &apis)
		if len(apis.APIs) != 1 || apis.APIs[0].ID != "example-r4" || !slices.Contains(apis.APIs[0].ResourceTypes, "Patient") {
			t.Fatalf("list_fhir_apis = %+v", apis)
		}
		// The fixture's navbar has no search box, so the build writes no index.
		res := callTool(t, session, "search_docs", map[string]any{"query": "Patient"}, nil)
		if msg := toolError(res); !strings.Contains(msg, "no search index") {
			t.Errorf("search_docs on a site without search: error %q", msg)
		}
		res = callTool(t, session, "describe_fhir_resource", map[string]any{"api": "example-r5", "resourceType": "Patient"}, nil)
		if msg := toolError(res); !strings.Contains(msg, `unknown FHIR API "example-r5"`) || !strings.Contains(msg, "example-r4") {
			t.Errorf("an unknown API: error %q, want it to name the APIs there are", msg)
		}
		res = callTool(t, session, "describe_fhir_resource", map[string]any{"api": "example-r4", "resourceType": "Spaceship"}, nil)
		if msg := toolError(res); !strings.Contains(msg, `does not support "Spaceship"`) || !strings.Contains(msg, "Patient") {
			t.Errorf("an unsupported type: error %q, want it to list the supported ones", msg)
		}
	})
	t.Run("streamable HTTP", func(t *testing.T) {
		addr := freeAddr(t)
		cmd := exec.Command(os.Args[0], "mcp", "--site", "../../internal/docusaurus/testdata/site", "--http", addr)
		cmd.Env = append(os.Environ(), runMainEnv+"=1")
		cmd.Stderr = &testLog{t: t}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		// The site is built first: under the race detector that takes a while.
		waitListening(t, addr, 2*time.Minute)
		client := mcp.NewClient(&mcp.Implementation{Name: "portal-test", Version: "1"}, nil)
		session, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: "http://" + addr + "/"}, nil)
		if err != nil {
			t.Fatalf("connect over HTTP: %v", err)
		}
		defer session.Close()
		if got := toolNames(t, session); !slices.Contains(got, "read_page") {
			t.Errorf("tools over HTTP: %v", got)
		}
	})
}

// waitListening waits until something accepts connections at addr.
func waitListening(t *testing.T, addr string, limit time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if conn, err := net.Dial("tcp", addr); err == nil {
			_ = conn.Close()
			return
		}
	}
	t.Fatalf("nothing listens at %s after %s", addr, limit)
}
