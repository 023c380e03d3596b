package docusaurus

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/portaldocs/portal/internal/diag"
)

// moduleGlobal is the global the bundle assigns the entry module's exports to.
const moduleGlobal = "__portalModule"

// Namespaces of the esbuild plugin: files of the site, and npm packages,
// which are never read (see packageStub in prelude.js).
const (
	siteNamespace    = "portal-site"
	packageNamespace = "portal-package"
)

// scriptExtensions are tried, in Node's order, for an import without one.
var scriptExtensions = []string{".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json"}

// bundle turns file (a config or sidebars file of the site, in TypeScript or
// JavaScript, ESM or CommonJS) and the local files it imports into one
// script that assigns the module's exports to moduleGlobal. Files are read
// from site only, never from the disk around it; package imports become
// stubs; type-only imports vanish with the types.
func bundle(site fs.FS, file string) (string, []diag.Diagnostic) {
	result := api.Build(api.BuildOptions{
		EntryPoints: []string{file},
		Bundle:      true,
		Write:       false,
		Format:      api.FormatIIFE,
		GlobalName:  moduleGlobal,
		Platform:    api.PlatformNeutral,
		Target:      api.ES2020,
		LogLevel:    api.LogLevelSilent,
		Charset:     api.CharsetUTF8,
		Plugins:     []api.Plugin{sitePlugin(site)},
	})
	var diags []diag.Diagnostic
	for _, m := range result.Errors {
		diags = append(diags, messageDiagnostic(file, m))
	}
	if len(diags) > 0 || len(result.OutputFiles) == 0 {
		if len(diags) == 0 {
			diags = append(diags, diag.Diagnostic{File: file, Severity: diag.Error, Message: "esbuild produced no output"})
		}
		return "", diags
	}
	return string(result.OutputFiles[0].Contents), nil
}

// messageDiagnostic locates an esbuild error in the site file it names.
func messageDiagnostic(entry string, m api.Message) diag.Diagnostic {
	d := diag.Diagnostic{File: entry, Severity: diag.Error, Message: m.Text,
		Hint: "fix the file so that Docusaurus could load it"}
	if loc := m.Location; loc != nil {
		if file, ok := strings.CutPrefix(loc.File, siteNamespace+":"); ok {
			d.File = file
		} else if loc.Namespace == siteNamespace || loc.Namespace == "" {
			d.File = loc.File
		}
		d.Line, d.Col = loc.Line, loc.Column+1
	}
	return d
}

// sitePlugin resolves and loads every import inside the site folder.
func sitePlugin(site fs.FS) api.Plugin {
	return api.Plugin{Name: "portal-site", Setup: func(build api.PluginBuild) {
		build.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
			return resolveImport(site, args)
		})
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: siteNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			return loadSiteFile(site, args.Path)
		})
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: packageNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			contents := "module.exports = __portalPackage(" + quote(args.Path) + ");"
			return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJS}, nil
		})
	}}
}

func resolveImport(site fs.FS, args api.OnResolveArgs) (api.OnResolveResult, error) {
	spec := args.Path
	var target string
	switch {
	case args.Kind == api.ResolveEntryPoint:
		target = path.Clean(spec)
	case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || spec == "." || spec == "..":
		target = path.Join(path.Dir(args.Importer), spec)
	case strings.HasPrefix(spec, "@site/"):
		target = path.Clean(strings.TrimPrefix(spec, "@site/"))
	case strings.HasPrefix(spec, "/"):
		return api.OnResolveResult{}, fmt.Errorf("cannot import %q: an absolute path is outside the site folder", spec)
	default:
		return api.OnResolveResult{Path: spec, Namespace: packageNamespace}, nil
	}
	if target == ".." || strings.HasPrefix(target, "../") {
		return api.OnResolveResult{}, fmt.Errorf("cannot import %q: it is outside the site folder", spec)
	}
	found, ok := findModule(site, target)
	if !ok {
		return api.OnResolveResult{}, fmt.Errorf("cannot find %q (looked for %s in the site folder)", spec, target)
	}
	return api.OnResolveResult{Path: found, Namespace: siteNamespace}, nil
}

// findModule finds the file an import names: as written, with a script
// extension, or as a folder's index file.
func findModule(site fs.FS, target string) (string, bool) {
	if info, err := fs.Stat(site, target); err == nil && !info.IsDir() {
		return target, true
	}
	for _, ext := range scriptExtensions {
		if _, err := fs.Stat(site, target+ext); err == nil {
			return target + ext, true
		}
	}
	for _, ext := range scriptExtensions {
		index := path.Join(target, "index"+ext)
		if _, err := fs.Stat(site, index); err == nil {
			return index, true
		}
	}
	return "", false
}

func loadSiteFile(site fs.FS, file string) (api.OnLoadResult, error) {
	data, err := fs.ReadFile(site, file)
	if err != nil {
		return api.OnLoadResult{}, err
	}
	contents := string(data)
	loader, ok := loaders[strings.ToLower(path.Ext(file))]
	if !ok {
		// CSS, images and the like: Docusaurus's bundler would give their
		// URL; the config only ever passes it on.
		contents = "module.exports = " + quote(file) + ";"
		loader = api.LoaderJS
	}
	return api.OnLoadResult{Contents: &contents, Loader: loader, ResolveDir: path.Dir(file)}, nil
}

var loaders = map[string]api.Loader{
	".js": api.LoaderJS, ".mjs": api.LoaderJS, ".cjs": api.LoaderJS, ".jsx": api.LoaderJSX,
	".ts": api.LoaderTS, ".mts": api.LoaderTS, ".cts": api.LoaderTS, ".tsx": api.LoaderTSX,
	".json": api.LoaderJSON,
}

// quote writes s as a JavaScript string literal.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == '\u2028' || r == '\u2029':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
