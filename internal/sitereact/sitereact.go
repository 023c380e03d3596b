// Package sitereact bundles a site's own React modules (the components its
// MDX pages import, its React pages) into scripts that run both in the
// build's JavaScript engines, for the server render, and in the browser,
// to hydrate what the server rendered.
//
// One script per module, made by esbuild: the module and the site files it
// imports, with React, the @docusaurus/* and @theme/* modules and clsx
// taken from the theme at run time (globalThis.__portalProvide, see
// theme/src/site/provided.tsx), so that the site's components share the
// theme's React. npm packages come from the site's node_modules when it
// holds them; one that is not installed becomes a module that throws when
// used, so only the components that need it fail. Stylesheets the modules
// import (CSS modules too, Sass compiled with the site's sass package) are
// collected for the site's stylesheet, images and fonts for the output,
// SVG files become components as Docusaurus's SVGR makes them.
package sitereact

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/docusaurus"
	"github.com/portaldocs/portal/internal/sass"
)

// RegistryGlobal is the global each script registers its module's exports
// in, by the module's file: globalThis.__portalSiteModules[file].
const RegistryGlobal = "__portalSiteModules"

// ErrorsGlobal is where a script records why its module threw while it
// loaded, by the module's file.
const ErrorsGlobal = "__portalSiteModuleErrors"

// AssetDir is the output folder of the scripts and the files they import.
const AssetDir = "assets/site"

// Module is one site module, bundled.
type Module struct {
	// File is the module's path in the site folder.
	File string
	// Script is the bundle: it registers the module's exports.
	Script string
	// Name is the script's output path (AssetDir, with its content hash).
	Name string
	// CSS is the stylesheets the module imports, bundled.
	CSS []byte
	// Assets are the files the module imports, by output path.
	Assets map[string][]byte
	// Inputs are the site files the bundle read, the module's included.
	Inputs []string
	// Missing are the npm packages it imports that node_modules lacks.
	Missing []string
	// Warnings are what compiling its Sass warned of (deprecations, @warn).
	Warnings []diag.Diagnostic
	// ServerScript is Script as the server renders it: packages without
	// their browser builds, as Docusaurus's server bundle takes them.
	ServerScript string
}

// Bundler makes the scripts of one site. Root is the site folder on disk
// (for packages in node_modules), BaseURL the site's.
type Bundler struct {
	Site    fs.FS
	Root    string
	BaseURL string
	// StaticDirs are the site's static folders, where an import of a path
	// from "/" is looked for first (then the site folder), as Docusaurus's
	// bundler resolves it (webpack's resolve.roots).
	StaticDirs []string
	// Markdown renders a Markdown or MDX file a module imports (as
	// Docusaurus's MDX loader makes it a component) to its HTML; nil
	// makes such an import an error.
	Markdown func(file string) (string, error)
	// Sass compiles a Sass stylesheet a module imports (package sass); nil
	// reads it as the site without a sass package.
	Sass func(file string) (*sass.Result, error)
}

// Bundle bundles the module in file. An error (a syntax error, an import
// of a site file that does not exist) is returned as diagnostics at the
// file and line esbuild names.
func (b Bundler) Bundle(file string) (*Module, []diag.Diagnostic) {
	return b.build(file, "@site/"+file, nil)
}

// BundleSource bundles source, the JavaScript of the page file (its import
// and export blocks), as the module of that file: its imports resolve
// from the page's folder.
func (b Bundler) BundleSource(file, source string) (*Module, []diag.Diagnostic) {
	return b.build(file, selfImport, &source)
}

// entryName is the entry every bundle starts from, which registers the
// module's exports; selfImport names BundleSource's source.
const (
	entryName  = "<portal-site-entry>"
	selfImport = "portal-self"
)

// build bundles the module the entry imports as spec, registered as file.
func (b Bundler) build(file, spec string, source *string) (*Module, []diag.Diagnostic) {
	// The browser's and the server's bundles take the same render of a
	// Markdown file, and the same compile of a stylesheet, so that what
	// they report is reported once.
	b.Markdown, b.Sass = once(b.Markdown), once(b.Sass)
	run := &bundleRun{Bundler: b, assets: map[string][]byte{}, self: source, selfFile: file}
	result := b.esbuild(run, file, spec, false)
	if len(result.Errors) > 0 {
		var diags []diag.Diagnostic
		for _, m := range result.Errors {
			diags = append(diags, messageDiagnostic(file, m))
		}
		return nil, diags
	}
	mod := &Module{File: file, Assets: run.assets, Missing: run.missingList(), Warnings: run.warnings}
	for _, f := range result.OutputFiles {
		switch path.Ext(f.Path) {
		case ".js":
			mod.Script = guarded(file, b.staticRequire()+string(f.Contents))
		case ".css":
			mod.CSS = f.Contents
		default:
			mod.Assets[strings.TrimPrefix(f.Path, "/")] = f.Contents
		}
	}
	mod.ServerScript = mod.Script
	if !run.usesPackages() {
		// Without packages the server's bundle is the browser's.
		mod.Name, mod.Inputs = moduleName(file, mod.Script), run.inputList()
		return mod, nil
	}
	server := b.esbuild(&bundleRun{Bundler: b, assets: map[string][]byte{}, self: source, selfFile: file}, file, spec, true)
	for _, f := range server.OutputFiles {
		if len(server.Errors) == 0 && path.Ext(f.Path) == ".js" {
			mod.ServerScript = guarded(file, b.staticRequire()+string(f.Contents))
		}
	}
	mod.Name, mod.Inputs = moduleName(file, mod.Script), run.inputList()
	return mod, nil
}

// moduleName is the output path of a module's script, by its content.
func moduleName(file, script string) string {
	sum := sha256.Sum256([]byte(script))
	return path.Join(AssetDir, strings.TrimSuffix(path.Base(file), path.Ext(file))+"-"+hex.EncodeToString(sum[:])[:12]+".js")
}

// esbuild bundles for the browser, or for the server as Docusaurus's
// server bundle resolves packages: without their browser builds, which
// may touch the document as they load. A package the server build cannot
// take (one that needs Node.js's own modules) leaves the browser's.
func (b Bundler) esbuild(run *bundleRun, file, spec string, server bool) api.BuildResult {
	entry := fmt.Sprintf("import * as m from %q;\n(globalThis.%s ??= {})[%q] = m;\n", spec, RegistryGlobal, file)
	stdin := &api.StdinOptions{Contents: entry, Loader: api.LoaderJS, Sourcefile: entryName}
	var nodePaths []string
	if b.Root != "" {
		// Docs beside the site folder (../docs) import the site's packages,
		// as Docusaurus's bundler resolves them.
		nodePaths = []string{filepath.Join(b.Root, "node_modules")}
	}
	platform, mainFields, conditions := api.PlatformBrowser, []string{"browser", "module", "main"}, []string(nil)
	if server {
		platform, mainFields, conditions = api.PlatformNeutral, []string{"module", "main"}, []string{"module"}
	}
	return api.Build(api.BuildOptions{
		NodePaths:         nodePaths,
		Stdin:             stdin,
		Bundle:            true,
		Write:             false,
		Outdir:            "/" + AssetDir,
		AbsWorkingDir:     "/",
		Format:            api.FormatIIFE,
		Platform:          platform,
		Conditions:        conditions,
		Target:            api.ES2020,
		JSX:               api.JSXAutomatic,
		LogLevel:          api.LogLevelSilent,
		Charset:           api.CharsetUTF8,
		Define:            map[string]string{"process.env.NODE_ENV": `"production"`},
		MainFields:        mainFields,
		LegalComments:     api.LegalCommentsNone,
		MinifyWhitespace:  false,
		MinifyIdentifiers: false,
		AssetNames:        "[name]-[hash]",
		Loader:            packageAssetLoaders,
		PublicPath:        strings.TrimSuffix(b.BaseURL, "/") + "/" + AssetDir,
		Plugins:           []api.Plugin{run.plugin()},
	})
}

// packageAssetLoaders copy the files an npm package's stylesheet names
// (its fonts and images), as Docusaurus's bundler emits them as assets.
var packageAssetLoaders = map[string]api.Loader{
	".png": api.LoaderFile, ".jpg": api.LoaderFile, ".jpeg": api.LoaderFile, ".gif": api.LoaderFile, ".webp": api.LoaderFile,
	".avif": api.LoaderFile, ".ico": api.LoaderFile, ".bmp": api.LoaderFile, ".svg": api.LoaderFile,
	".woff": api.LoaderFile, ".woff2": api.LoaderFile, ".ttf": api.LoaderFile, ".otf": api.LoaderFile, ".eot": api.LoaderFile,
}

// once remembers what do gives for each file.
func once[T any](do func(string) (T, error)) func(string) (T, error) {
	if do == nil {
		return nil
	}
	type result struct {
		value T
		err   error
	}
	var mu sync.Mutex
	done := map[string]result{}
	return func(file string) (T, error) {
		mu.Lock()
		defer mu.Unlock()
		r, ok := done[file]
		if !ok {
			r.value, r.err = do(file)
			done[file] = r
		}
		return r.value, r.err
	}
}

// staticRequire declares the require that a module's require() calls of
// a computed path reach (esbuild bundles only the ones it can resolve, so
// require(`@site/static/img/${name}`) is left to run): a file of a static
// folder is its URL, as webpack's context module gives it; any other path
// throws, as esbuild's own stand-in does.
func (b Bundler) staticRequire() string {
	var prefixes []string
	for _, dir := range b.StaticDirs {
		prefixes = append(prefixes, docusaurus.QuoteJS("@site/"+path.Clean(dir)+"/"))
	}
	base := docusaurus.QuoteJS(strings.TrimSuffix(b.BaseURL, "/") + "/")
	return "const require = (spec) => {\n" +
		"  for (const dir of [" + strings.Join(prefixes, ", ") + "]) {\n" +
		"    if (typeof spec === \"string\" && spec.startsWith(dir)) return { __esModule: true, default: " + base + " + spec.slice(dir.length) };\n" +
		"  }\n" +
		"  throw new Error('Dynamic require of \"' + spec + '\" is not supported');\n" +
		"};\n"
}

// guarded makes a module that throws while it loads (new URL(…) where the
// engine has none) fail its own components only: the theme reads why.
func guarded(file, script string) string {
	return "try {\n" + script + "} catch (error) {\n  (globalThis." + ErrorsGlobal + " ??= {})[" + docusaurus.QuoteJS(file) +
		"] = String(error && error.message || error);\n}\n"
}

// messageDiagnostic locates an esbuild error in the site file it names.
func messageDiagnostic(entry string, m api.Message) diag.Diagnostic {
	d := diag.Diagnostic{File: entry, Severity: diag.Error, Message: m.Text,
		Hint: "fix the file so that Docusaurus could bundle it"}
	switch loc := m.Location; {
	case loc == nil || loc.File == entryName:
	case loc.Namespace == selfNamespace || strings.HasPrefix(loc.File, selfNamespace+":"):
		// The page's import and export blocks, joined: no line of the page.
		d.Message = "in the page's import and export blocks: " + d.Message
	default:
		d.File = strings.TrimPrefix(loc.File, siteNamespace+":")
		d.Line, d.Col = loc.Line, loc.Column+1
	}
	return d
}

const (
	siteNamespace     = "portal-site"
	providedNamespace = "portal-provided"
	svgNamespace      = "portal-svg"
	assetNamespace    = "portal-asset"
	cssAssetNamespace = "portal-css-asset"
	selfNamespace     = "portal-self"
	mdxNamespace      = "portal-mdx"
)

// bundleRun is one Bundle call's plugin state; esbuild calls the plugin
// from several goroutines.
type bundleRun struct {
	Bundler
	// self is BundleSource's source, of selfFile.
	self     *string
	selfFile string
	mu       sync.Mutex
	assets   map[string][]byte
	inputs   map[string]bool
	missing  map[string]bool
	// packages is set once the module imports an installed npm package.
	packages bool
	warnings []diag.Diagnostic
}

func (r *bundleRun) plugin() api.Plugin {
	return api.Plugin{Name: "portal-site-react", Setup: func(build api.PluginBuild) {
		build.OnResolve(api.OnResolveOptions{Filter: ".*"}, r.resolve)
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: siteNamespace}, r.load)
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: providedNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			contents := "module.exports = globalThis.__portalProvide(" + docusaurus.QuoteJS(args.Path) + ");"
			return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJS}, nil
		})
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: svgNamespace}, r.loadSVG)
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: mdxNamespace}, r.loadMarkdown)
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: selfNamespace}, func(api.OnLoadArgs) (api.OnLoadResult, error) {
			return api.OnLoadResult{Contents: r.self, Loader: api.LoaderJSX, ResolveDir: r.resolveDir(r.selfFile)}, nil
		})
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: assetNamespace}, r.loadAsset)
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: cssAssetNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			data, err := fs.ReadFile(r.Site, args.Path)
			if err != nil {
				return api.OnLoadResult{}, err
			}
			contents := string(data)
			return api.OnLoadResult{Contents: &contents, Loader: api.LoaderFile}, nil
		})
	}}
}

// provided reports whether the theme gives the module an import names.
func provided(spec string) bool {
	switch {
	case spec == "react", strings.HasPrefix(spec, "react/"), spec == "react-dom", strings.HasPrefix(spec, "react-dom/"),
		spec == "clsx", strings.HasPrefix(spec, "@docusaurus/"), strings.HasPrefix(spec, "@theme/"),
		strings.HasPrefix(spec, "@theme-original/"), strings.HasPrefix(spec, "@theme-init/"):
		return true
	}
	return false
}

func (r *bundleRun) resolve(args api.OnResolveArgs) (api.OnResolveResult, error) {
	spec := args.Path
	if spec == selfImport {
		return api.OnResolveResult{Path: spec, Namespace: selfNamespace}, nil
	}
	if args.Kind == api.ResolveCSSURLToken || args.Kind == api.ResolveCSSImportRule {
		return r.resolveCSS(args)
	}
	if args.Namespace == "file" && !isLocal(spec) && !provided(spec) && !strings.HasPrefix(spec, "@site/") {
		return api.OnResolveResult{}, nil // a package's own import: esbuild resolves it in node_modules
	}
	var target string
	switch {
	case provided(spec):
		return api.OnResolveResult{Path: spec, Namespace: providedNamespace}, nil
	case strings.HasPrefix(spec, "@site/"):
		target = path.Clean(strings.TrimPrefix(spec, "@site/"))
	case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || spec == "." || spec == "..":
		if args.Namespace == "file" {
			return api.OnResolveResult{}, nil
		}
		dir := args.ResolveDir
		if args.Importer == entryName || dir == "" || dir == "/" {
			dir = "."
		} else {
			dir = r.siteRelative(dir)
		}
		target = path.Join(dir, spec)
	case args.Importer == entryName:
		target = path.Clean(spec)
	case strings.HasPrefix(spec, "/"):
		return r.resolveFromRoots(spec)
	default:
		return r.resolvePackage(spec)
	}
	return r.resolveFound(spec, target)
}

// resolveFromRoots resolves an import of a path from "/" in the static
// folders, then the site folder.
func (r *bundleRun) resolveFromRoots(spec string) (api.OnResolveResult, error) {
	roots := append(slices.Clone(r.StaticDirs), ".")
	for _, root := range roots {
		if found, ok := docusaurus.FindModule(r.Site, path.Join(root, spec)); ok {
			return r.loaded(found), nil
		}
	}
	return api.OnResolveResult{}, fmt.Errorf("cannot find %q (a path from / is looked for in %s, as Docusaurus resolves it)", spec, strings.Join(roots, ", "))
}

// resolveFound gives the module at target, a path in the site folder, to
// the loader its kind needs.
func (r *bundleRun) resolveFound(spec, target string) (api.OnResolveResult, error) {
	found, ok := docusaurus.FindModule(r.Site, target)
	if !ok {
		return api.OnResolveResult{}, fmt.Errorf("cannot find %q (looked for %s from the site folder)", spec, target)
	}
	return r.loaded(found), nil
}

// loaded notes found, a file of the site, as an input and gives it to the
// loader its kind needs.
func (r *bundleRun) loaded(found string) api.OnResolveResult {
	r.note(found)
	switch ext := strings.ToLower(path.Ext(found)); {
	case ext == ".svg":
		return api.OnResolveResult{Path: found, Namespace: svgNamespace}
	case ext == ".md" || ext == ".mdx":
		return api.OnResolveResult{Path: found, Namespace: mdxNamespace}
	case scriptLoaders[ext] != 0 || ext == ".css" || sass.IsSass(found):
		return api.OnResolveResult{Path: found, Namespace: siteNamespace}
	default:
		return api.OnResolveResult{Path: found, Namespace: assetNamespace}
	}
}

// resolveCSS resolves a stylesheet's @import and url(): a file of the site
// is bundled or copied, a root path (url(/img/x.png)) is left to the
// static folders, as Docusaurus leaves it.
func (r *bundleRun) resolveCSS(args api.OnResolveArgs) (api.OnResolveResult, error) {
	spec := args.Path
	if strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "data:") || strings.Contains(spec, "://") || strings.HasPrefix(spec, "#") {
		return api.OnResolveResult{Path: spec, External: true}, nil
	}
	if args.Namespace == "file" {
		return api.OnResolveResult{}, nil
	}
	target := path.Join(r.siteRelative(args.ResolveDir), spec)
	if rest, ok := strings.CutPrefix(spec, "@site/"); ok {
		target = path.Clean(rest)
	}
	if _, err := fs.Stat(r.Site, target); err != nil {
		if args.Kind == api.ResolveCSSImportRule && !isLocal(spec) {
			return api.OnResolveResult{}, nil // a package's stylesheet, from node_modules
		}
		return api.OnResolveResult{}, fmt.Errorf("cannot find %q (looked for %s from the site folder)", spec, target)
	}
	r.note(target)
	if args.Kind == api.ResolveCSSImportRule {
		return api.OnResolveResult{Path: target, Namespace: siteNamespace}, nil
	}
	return api.OnResolveResult{Path: target, Namespace: cssAssetNamespace}, nil
}

func isLocal(spec string) bool {
	return strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || strings.HasPrefix(spec, "/")
}

// resolvePackage finds a package in the site's node_modules; one that is
// not installed throws when it is used.
func (r *bundleRun) resolvePackage(spec string) (api.OnResolveResult, error) {
	name := packageName(spec)
	if r.installed(name) {
		r.mu.Lock()
		r.packages = true
		r.mu.Unlock()
		return api.OnResolveResult{}, nil // esbuild resolves it from the importer's folder on disk
	}
	r.mu.Lock()
	if r.missing == nil {
		r.missing = map[string]bool{}
	}
	r.missing[name] = true
	r.mu.Unlock()
	return api.OnResolveResult{Path: "missing:" + name, Namespace: providedNamespace}, nil
}

// installed reports whether a node_modules folder holds the package: the
// site folder's or one above it, as Node.js looks (a workspace's root).
func (r *bundleRun) installed(name string) bool {
	if r.Root == "" {
		return false
	}
	for dir := r.Root; ; dir = filepath.Dir(dir) {
		if info, err := os.Stat(filepath.Join(dir, "node_modules", filepath.FromSlash(name))); err == nil && info.IsDir() {
			return true
		}
		if filepath.Dir(dir) == dir {
			return false
		}
	}
}

// packageName is the package of an import: "lodash" of "lodash/get",
// "@scope/pkg" of "@scope/pkg/sub".
func packageName(spec string) string {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") && len(parts) > 1 {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

// siteRelative turns a resolve folder back into the site folder's terms.
func (r *bundleRun) siteRelative(dir string) string {
	if r.Root != "" {
		// A folder beside the site's ("../docs") is one the config names,
		// which the site's files reach (sitefs.WithOutside).
		if rel, err := filepath.Rel(r.Root, dir); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return path.Clean(strings.TrimPrefix(dir, "/"))
}

// resolveDir is the folder of a site file as esbuild resolves from it: on
// disk, so that a package the file imports is found in node_modules.
func (r *bundleRun) resolveDir(file string) string {
	if r.Root == "" {
		return "/" + path.Dir(file)
	}
	return filepath.Join(r.Root, filepath.FromSlash(path.Dir(file)))
}

var scriptLoaders = map[string]api.Loader{
	".js": api.LoaderJSX, ".mjs": api.LoaderJSX, ".cjs": api.LoaderJS, ".jsx": api.LoaderJSX,
	".ts": api.LoaderTS, ".mts": api.LoaderTS, ".cts": api.LoaderTS, ".tsx": api.LoaderTSX,
	".json": api.LoaderJSON,
}

func (r *bundleRun) load(args api.OnLoadArgs) (api.OnLoadResult, error) {
	data, err := fs.ReadFile(r.Site, args.Path)
	if err != nil {
		return api.OnLoadResult{}, err
	}
	contents := string(data)
	lower := strings.ToLower(args.Path)
	loader := scriptLoaders[path.Ext(lower)]
	if path.Ext(lower) == ".css" || sass.IsSass(lower) {
		loader = api.LoaderCSS
		if base := strings.TrimSuffix(lower, path.Ext(lower)); strings.HasSuffix(base, ".module") {
			loader = api.LoaderLocalCSS
		}
	}
	if sass.IsSass(lower) {
		css, problems := r.compileSass(args.Path)
		if problems != nil {
			return api.OnLoadResult{Errors: problems}, nil
		}
		contents = css
	}
	return api.OnLoadResult{Contents: &contents, Loader: loader, ResolveDir: r.resolveDir(args.Path)}, nil
}

// compileSass compiles a Sass stylesheet a module imports, as
// docusaurus-plugin-sass does in Docusaurus's bundler: its CSS, or the
// error at its place. The files it reads are the module's inputs too.
func (r *bundleRun) compileSass(file string) (string, []api.Message) {
	var res *sass.Result
	err := sass.ErrNotInstalled
	if r.Sass != nil {
		res, err = r.Sass(file)
	}
	var se *sass.Error
	switch {
	case errors.Is(err, sass.ErrNotInstalled):
		return "", []api.Message{{Text: "is Sass, and the site has no sass package installed to compile it (docusaurus-plugin-sass compiles it with sass): run npm install in the site folder",
			Location: &api.Location{File: siteNamespace + ":" + file}}}
	case errors.As(err, &se):
		return "", []api.Message{{Text: "Sass: " + se.Message, Location: &api.Location{File: siteNamespace + ":" + se.File, Line: se.Line, Column: max(se.Col-1, 0)}}}
	case err != nil:
		return "", []api.Message{{Text: err.Error(), Location: &api.Location{File: siteNamespace + ":" + file}}}
	}
	for _, f := range res.Loaded {
		r.note(f)
	}
	r.mu.Lock()
	for _, w := range res.Warnings {
		r.warnings = append(r.warnings, diag.Diagnostic{File: w.File, Line: w.Line, Col: w.Col, Severity: diag.Warning, Message: "Sass: " + w.Message})
	}
	r.mu.Unlock()
	return res.CSS, nil
}

// loadSVG makes an SVG file a component, as Docusaurus's SVGR does.
func (r *bundleRun) loadSVG(args api.OnLoadArgs) (api.OnLoadResult, error) {
	data, err := fs.ReadFile(r.Site, args.Path)
	if err != nil {
		return api.OnLoadResult{}, err
	}
	url, err := r.asset(args.Path, data)
	if err != nil {
		return api.OnLoadResult{}, err
	}
	contents := "const svg = globalThis.__portalSvg(" + docusaurus.QuoteJS(string(data)) + ");\nexport default svg;\nexport const ReactComponent = svg;\nexport const url = " + docusaurus.QuoteJS(url) + ";\n"
	return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJS}, nil
}

// loadMarkdown makes a Markdown or MDX file the component Docusaurus's MDX
// loader makes of it: the page's HTML, which the engine rendered.
func (r *bundleRun) loadMarkdown(args api.OnLoadArgs) (api.OnLoadResult, error) {
	if r.Markdown == nil {
		return api.OnLoadResult{}, fmt.Errorf("cannot import %s: Markdown is not rendered here", args.Path)
	}
	html, err := r.Markdown(args.Path)
	if err != nil {
		return api.OnLoadResult{}, err
	}
	contents := "import {createElement} from 'react';\nconst __html = " + docusaurus.QuoteJS(html) +
		";\nexport default function MDXContent() { return createElement('portal-mdx', {dangerouslySetInnerHTML: {__html}}); }\n"
	return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJS, ResolveDir: r.resolveDir(args.Path)}, nil
}

// loadAsset makes an image or other file a URL, copied to the output.
func (r *bundleRun) loadAsset(args api.OnLoadArgs) (api.OnLoadResult, error) {
	data, err := fs.ReadFile(r.Site, args.Path)
	if err != nil {
		return api.OnLoadResult{}, err
	}
	url, err := r.asset(args.Path, data)
	if err != nil {
		return api.OnLoadResult{}, err
	}
	contents := "export default " + docusaurus.QuoteJS(url) + ";\n"
	return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJS}, nil
}

// asset records a file for the output and returns its URL.
func (r *bundleRun) asset(file string, data []byte) (string, error) {
	sum := sha256.Sum256(data)
	ext := path.Ext(file)
	name := path.Join(AssetDir, strings.TrimSuffix(path.Base(file), ext)+"-"+hex.EncodeToString(sum[:])[:8]+ext)
	r.mu.Lock()
	r.assets[name] = data
	r.mu.Unlock()
	return strings.TrimSuffix(r.BaseURL, "/") + "/" + name, nil
}

func (r *bundleRun) note(file string) {
	r.mu.Lock()
	if r.inputs == nil {
		r.inputs = map[string]bool{}
	}
	r.inputs[file] = true
	r.mu.Unlock()
}

func (r *bundleRun) inputList() []string { return r.sortedKeys(r.inputs) }

func (r *bundleRun) usesPackages() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.packages
}

func (r *bundleRun) missingList() []string { return r.sortedKeys(r.missing) }

// sortedKeys lists a set the plugin fills, in order, once esbuild is done.
func (r *bundleRun) sortedKeys(set map[string]bool) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Sorted(maps.Keys(set))
}
