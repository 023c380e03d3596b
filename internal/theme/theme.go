// Package theme reads the React theme's bundles as Vite wrote them: the
// client bundle (hashed files and Vite's manifest, which names the entry
// script and its styles), the server bundle the engine prerenders with, and
// the runtime that hydrates a site's own components.
package theme

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// Where the bundles sit inside the theme folder (theme/bundle in the repo).
const (
	clientDir    = "client"
	viteManifest = "client/.vite/manifest.json"
	serverBundle = "server/render.js"
	siteRuntime  = "site/runtime.js"
	clientEntry  = "src/entry-client.tsx"
)

// ErrNotBuilt means the theme's bundles are missing: the binary was built
// without running the theme build first.
var ErrNotBuilt = errors.New("the theme has not been built: run `make theme` (or `make build`) before building the engine")

// Bundle is a built theme.
type Bundle struct {
	// Names are the client bundle's files, by path relative to the client
	// folder; the build copies them under assets/theme/. File reads one:
	// a rebuild whose previous output holds them reads none (about 4 MB).
	Names []string
	fsys  fs.FS
	// Entry is the client entry script, relative to the client folder.
	Entry string
	// Preload are the entry's static imports, worth a modulepreload.
	Preload []string
	// Styles are the entry's stylesheets, relative to the client folder.
	Styles []string
	// Server is the server bundle's source.
	Server []byte
	// SiteRuntime is the script that hydrates a site's own React
	// components (theme/vite.site.config.ts), loaded only by pages with one.
	SiteRuntime []byte
}

type manifestChunk struct {
	File    string   `json:"file"`
	IsEntry bool     `json:"isEntry"`
	CSS     []string `json:"css"`
	Imports []string `json:"imports"`
}

// Load reads a theme folder holding client/ and server/ as the theme build
// writes them.
func Load(fsys fs.FS) (*Bundle, error) {
	server, err := fs.ReadFile(fsys, serverBundle)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotBuilt
	}
	if err != nil {
		return nil, fmt.Errorf("read theme server bundle: %w", err)
	}
	raw, err := fs.ReadFile(fsys, viteManifest)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotBuilt
	}
	if err != nil {
		return nil, fmt.Errorf("read theme manifest: %w", err)
	}
	var manifest map[string]manifestChunk
	if err := json.Unmarshal(raw, &manifest); err != nil {
		return nil, fmt.Errorf("parse theme manifest %s: %w", viteManifest, err)
	}
	entry, ok := manifest[clientEntry]
	if !ok || !entry.IsEntry {
		return nil, fmt.Errorf("theme manifest %s has no entry %s", viteManifest, clientEntry)
	}
	runtime, err := fs.ReadFile(fsys, siteRuntime)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotBuilt
	}
	if err != nil {
		return nil, fmt.Errorf("read theme site runtime: %w", err)
	}
	b := &Bundle{Entry: entry.File, Styles: entry.CSS, Server: server, SiteRuntime: runtime, fsys: fsys}
	b.Preload, b.Styles = staticImports(manifest, entry)
	if err := b.listClientFiles(fsys); err != nil {
		return nil, err
	}
	return b, nil
}

// staticImports walks the entry's static imports: their files are worth
// preloading and their CSS belongs on every page.
func staticImports(manifest map[string]manifestChunk, entry manifestChunk) (preload, styles []string) {
	seen := map[string]bool{}
	styleSet := map[string]bool{}
	var walk func(c manifestChunk)
	walk = func(c manifestChunk) {
		for _, css := range c.CSS {
			styleSet[css] = true
		}
		for _, imp := range c.Imports {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			chunk := manifest[imp]
			preload = append(preload, chunk.File)
			walk(chunk)
		}
	}
	walk(entry)
	for css := range styleSet {
		styles = append(styles, css)
	}
	sort.Strings(styles)
	return preload, styles
}

// listClientFiles lists the client bundle's files; File reads them.
func (b *Bundle) listClientFiles(fsys fs.FS) error {
	return fs.WalkDir(fsys, clientDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("read theme client bundle: %w", err)
		}
		rel := strings.TrimPrefix(p, clientDir+"/")
		if d.IsDir() {
			if rel == ".vite" {
				return fs.SkipDir // build metadata, not served
			}
			return nil
		}
		b.Names = append(b.Names, path.Clean(rel))
		return nil
	})
}

// File reads the client file name (one of Names).
func (b *Bundle) File(name string) ([]byte, error) {
	data, err := fs.ReadFile(b.fsys, path.Join(clientDir, name))
	if err != nil {
		return nil, fmt.Errorf("read theme file %s: %w", name, err)
	}
	return data, nil
}
