package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/mcpdocs"
	"github.com/portaldocs/portal/internal/pipeline"
)

// searchEngineFile is the theme's search host bundle (vite.search.config.ts).
const searchEngineFile = "search/engine.js"

func runMCP(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("mcp", "[--site DIR | --dir BUILT_DIR] [--http ADDR]",
		"Answers Model Context Protocol clients (coding assistants) about a site: search, pages as Markdown, the page list, and for a FHIR site\n"+
			"each API's resources, search parameters, profiles, operations, scopes and examples. It speaks over stdin and stdout unless --http\n"+
			"gives an address for the streamable HTTP transport. --site builds the site first (default: the embedded developer portal);\n"+
			"--dir answers from a folder portal build wrote (without the FHIR tools, which need the site's FHIR folder).", stderr)
	site := fs.String("site", "", "site folder to build and answer about (default: the embedded developer portal)")
	dir := fs.String("dir", "", "answer from this built folder instead of building")
	httpAddr := fs.String("http", "", "serve the streamable HTTP transport at `ADDR` (HOST:PORT) instead of stdio")
	env := envFlag(fs)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *site != "" && *dir != "" {
		fmt.Fprintln(stderr, "portal mcp: give --site or --dir, not both")
		return 2
	}
	out, fhirSite, closeOut, ok := mcpSource(ctx, *site, *dir, env, stderr)
	if !ok {
		return 1
	}
	defer closeOut()
	engine, err := fsReadString(portal.Theme(), searchEngineFile)
	if err != nil {
		fmt.Fprintf(stderr, "portal mcp: the binary has no search engine bundle (make theme builds it): %v\n", err)
		return 1
	}
	docs, err := mcpdocs.Open(out, engine, fhirSite)
	if err != nil {
		fmt.Fprintf(stderr, "portal mcp: %v\n", err)
		return 1
	}
	defer docs.Close()
	server := mcpdocs.NewServer(docs, versionString())
	if *httpAddr != "" {
		return serveMCPHTTP(ctx, server, *httpAddr, stderr)
	}
	transport := &mcp.IOTransport{Reader: io.NopCloser(os.Stdin), Writer: nopWriteCloser{stdout}}
	if err := server.Run(ctx, transport); err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
		fmt.Fprintf(stderr, "portal mcp: %v\n", err)
		return 1
	}
	return 0
}

// mcpSource is the built site to answer from: the folder given, or the
// site built into a temporary one (closeOut removes it).
func mcpSource(ctx context.Context, siteDir, builtDir string, env map[string]string, stderr io.Writer) (fs.FS, *model.Site, func(), bool) {
	if builtDir != "" {
		info, err := os.Stat(builtDir)
		if err != nil || !info.IsDir() {
			fmt.Fprintf(stderr, "portal mcp: %s is not a built site folder\n", builtDir)
			return nil, nil, nil, false
		}
		return os.DirFS(builtDir), nil, func() {}, true
	}
	fast, _ := compressionOption(compressFast)
	res, ok := buildSite(ctx, siteDir, stderr, nil, fast, pipeline.WithEnv(env))
	if !ok {
		return nil, nil, nil, false
	}
	return res.Output.FS(), res.FHIR, func() { _ = res.Output.Close() }, true
}

func serveMCPHTTP(ctx context.Context, server *mcp.Server, addr string, stderr io.Writer) int {
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	httpServer := &http.Server{Addr: addr, Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = httpServer.Shutdown(shutdown)
	}()
	logger.Info("portal mcp: streamable HTTP", "url", "http://"+addr+"/")
	if err := httpServer.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "portal mcp: %v\n", err)
		return 1
	}
	return 0
}

func fsReadString(fsys fs.FS, name string) (string, error) {
	data, err := fs.ReadFile(fsys, name)
	return string(data), err
}

// nopWriteCloser keeps the transport from closing the process's stdout.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
