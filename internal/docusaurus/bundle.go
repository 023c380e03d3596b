package docusaurus

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"sync"

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
//
// root is the site folder as Node.js would name it (sitePaths): each file
// of the bundle gets its own __dirname, __filename and import.meta.url
// from it, and require.resolve calls of files are answered from what the
// bundle found (the returned map: the absolute path asked for, without an
// extension, to the file's).
func bundle(site fs.FS, file, root string) (string, map[string]string, []diag.Diagnostic) {
	b := &bundler{site: site, root: root, resolved: map[string]string{}}
	result := api.Build(api.BuildOptions{
		EntryPoints: []string{file},
		Bundle:      true,
		Write:       false,
		Format:      api.FormatIIFE,
		GlobalName:  moduleGlobal,
		Platform:    api.PlatformNeutral,
		JSX:         api.JSXAutomatic,
		Target:      api.ES2020,
		LogLevel:    api.LogLevelSilent,
		Charset:     api.CharsetUTF8,
		Plugins:     []api.Plugin{b.plugin()},
	})
	var diags []diag.Diagnostic
	for _, m := range result.Errors {
		diags = append(diags, messageDiagnostic(file, m))
	}
	if len(diags) > 0 || len(result.OutputFiles) == 0 {
		if len(diags) == 0 {
			diags = append(diags, diag.Diagnostic{File: file, Severity: diag.Error, Message: "esbuild produced no output"})
		}
		return "", nil, diags
	}
	return string(result.OutputFiles[0].Contents), b.resolved, nil
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

// bundler is one bundle's esbuild plugin and what it learns.
type bundler struct {
	site fs.FS
	root string

	mu       sync.Mutex // esbuild calls the plugin from several goroutines
	resolved map[string]string
}

// plugin resolves and loads every import inside the site folder.
func (b *bundler) plugin() api.Plugin {
	site := b.site
	return api.Plugin{Name: "portal-site", Setup: func(build api.PluginBuild) {
		build.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
			return resolveImport(site, args)
		})
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: siteNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			return b.load(args.Path)
		})
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: packageNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			contents := "module.exports = __portalPackage(" + QuoteJS(args.Path) + ");"
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
	// A file outside the site folder is found only in a folder the config
	// names (sitefs.WithOutside): the site refuses any other.
	found, ok := FindModule(site, target)
	if !ok {
		return api.OnResolveResult{}, fmt.Errorf("cannot find %q (looked for %s from the site folder)", spec, target)
	}
	return api.OnResolveResult{Path: found, Namespace: siteNamespace}, nil
}

// FindModule finds the file an import names (target, in the site folder),
// as Node.js and Docusaurus's bundler find it: as written, with a script
// extension, or as a folder's index file.
func FindModule(site fs.FS, target string) (string, bool) {
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

func (b *bundler) load(file string) (api.OnLoadResult, error) {
	data, err := fs.ReadFile(b.site, file)
	if err != nil {
		return api.OnLoadResult{}, err
	}
	contents := string(data)
	loader, ok := loaders[strings.ToLower(path.Ext(file))]
	switch {
	case !ok:
		// CSS, images and the like: Docusaurus's bundler would give their
		// URL; the config only ever passes it on.
		contents = "module.exports = " + QuoteJS(file) + ";"
		loader = api.LoaderJS
	case loader != api.LoaderJSON:
		contents = b.asNodeSees(file, contents)
	}
	return api.OnLoadResult{Contents: &contents, Loader: loader, ResolveDir: path.Dir(file)}, nil
}

var (
	declaresDirname   = regexp.MustCompile(`\b(?:var|let|const)\s+__dirname\b`)
	declaresFilename  = regexp.MustCompile(`\b(?:var|let|const)\s+__filename\b`)
	requireResolve    = regexp.MustCompile(`\brequire\.resolve\(`)
	requireResolveArg = regexp.MustCompile(`\brequire\.resolve\(\s*(?:'([^'\n]*)'|"([^"\n]*)"|` + "`([^`$\\n]*)`" + `)`)
)

// asNodeSees gives a script file what Node.js gives each module: its own
// __dirname and __filename (unless it declares them), import.meta.url,
// and require.resolve relative to its folder. The names go on the file's
// first line, so that its lines keep their numbers in esbuild's messages.
func (b *bundler) asNodeSees(file, contents string) string {
	abs := path.Join(b.root, file)
	dir := path.Dir(abs)
	for _, m := range requireResolveArg.FindAllStringSubmatch(contents, -1) {
		spec := m[1] + m[2] + m[3]
		if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") {
			continue
		}
		if found, ok := FindModule(b.site, path.Join(path.Dir(file), spec)); ok {
			b.mu.Lock()
			b.resolved[path.Join(dir, spec)] = path.Join(b.root, found)
			b.mu.Unlock()
		}
	}
	var head strings.Builder
	if !declaresDirname.MatchString(contents) {
		head.WriteString("var __dirname = " + QuoteJS(dir) + ";")
	}
	if !declaresFilename.MatchString(contents) {
		head.WriteString("var __filename = " + QuoteJS(abs) + ";")
	}
	url := QuoteJS("file://" + abs)
	contents = strings.NewReplacer("import.meta.url", url, "import.meta.dirname", QuoteJS(dir),
		"import.meta.filename", QuoteJS(abs)).Replace(contents)
	contents = requireResolve.ReplaceAllLiteralString(contents, "__portalRequireResolve(__dirname, ")
	return head.String() + contents
}

var loaders = map[string]api.Loader{
	// Docusaurus's bundler reads JSX in .js files: a components module is one.
	".js": api.LoaderJSX, ".mjs": api.LoaderJS, ".cjs": api.LoaderJS, ".jsx": api.LoaderJSX,
	".ts": api.LoaderTS, ".mts": api.LoaderTS, ".cts": api.LoaderTS, ".tsx": api.LoaderTSX,
	".json": api.LoaderJSON,
}

// QuoteJS writes s as a JavaScript string literal (also for the site's
// React bundles, package sitereact).
func QuoteJS(s string) string {
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
