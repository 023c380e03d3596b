// Package sitecss bundles a site's own stylesheets (Docusaurus's
// theme.customCss, portal.yaml's customCss) into one stylesheet that pages
// load after the theme's: @import followed, the files that url() names
// (images, fonts) copied beside it under names that carry their content's
// hash, as Docusaurus's bundler copies them. Sass (.scss, .sass) is
// compiled with the site's own sass package (package sass), as
// docusaurus-plugin-sass compiles it.
package sitecss

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/sass"
)

// SassCompiler compiles a Sass stylesheet of the site (sass.Compiler).
type SassCompiler interface {
	Compile(ctx context.Context, file string) (*sass.Result, error)
}

// Bundle is the site's stylesheets as one.
type Bundle struct {
	// CSS is the stylesheets' rules, in the config's order; its url()s are
	// relative to the folder the CSS is served from (cssDir in Build).
	CSS []byte
	// Files are the files its url()s name, by their output path.
	Files map[string][]byte
}

const namespace = "portal-site-css"

// Build bundles files (paths in the site folder, in order) for a
// stylesheet served from cssDir (an output folder, such as
// "assets/theme"); the files its url()s name go to assetDir. A file that
// does not exist, or CSS esbuild cannot read, is an error at configFile's
// or the stylesheet's line. Sass is compiled with compiler; without one,
// or when the site has no sass package installed, it is read as CSS, with
// a warning.
func Build(ctx context.Context, site fs.FS, files []string, cssDir, assetDir, configFile string, compiler SassCompiler) (*Bundle, []diag.Diagnostic) {
	var diags []diag.Diagnostic
	var entry strings.Builder
	for _, f := range files {
		f = strings.TrimPrefix(path.Clean(f), "./")
		found, ok := findStylesheet(site, f)
		switch {
		case ok:
			entry.WriteString("@import " + strconv.Quote(found) + ";\n")
		case isPackagePath(site, f):
			diags = append(diags, diag.Diagnostic{File: configFile, Severity: diag.Warning,
				Message: fmt.Sprintf("custom stylesheet %s is a package's, which is not installed; it is not applied", f),
				Hint:    "run npm install in the site folder, so that node_modules holds it"})
		default:
			diags = append(diags, diag.Diagnostic{File: configFile, Severity: diag.Error,
				Message: fmt.Sprintf("custom stylesheet %s does not exist", f), Hint: "point customCss at a CSS file of the site"})
		}
	}
	for _, d := range diags {
		if d.Severity == diag.Error {
			return nil, diags
		}
	}
	if entry.Len() == 0 {
		return nil, diags
	}
	rel := relative(cssDir, assetDir)
	sassDiags := &diagSink{}
	result := api.Build(api.BuildOptions{
		Stdin:         &api.StdinOptions{Contents: entry.String(), Loader: api.LoaderCSS, Sourcefile: "<customCss>"},
		Bundle:        true,
		Write:         false,
		Outdir:        "/" + cssDir,
		AbsWorkingDir: "/",
		AssetNames:    path.Join(rel, "[name]-[hash]"),
		LogLevel:      api.LogLevelSilent,
		Plugins:       []api.Plugin{sitePlugin(ctx, site, compiler, sassDiags)},
	})
	diags = append(diags, sassDiags.list...)
	for _, m := range result.Errors {
		diags = append(diags, messageDiagnostic(m, diag.Error))
	}
	for _, m := range result.Warnings {
		diags = append(diags, messageDiagnostic(m, diag.Warning))
	}
	if len(result.Errors) > 0 {
		return nil, diags
	}
	b := &Bundle{Files: map[string][]byte{}}
	for _, f := range result.OutputFiles {
		name := strings.TrimPrefix(f.Path, "/")
		if strings.HasSuffix(name, ".css") && path.Dir(name) == cssDir {
			b.CSS = append(b.CSS, f.Contents...)
			continue
		}
		b.Files[name] = f.Contents
	}
	return b, diags
}

// findStylesheet finds a stylesheet the config names: a file of the site,
// or of a package the site's node_modules holds.
func findStylesheet(site fs.FS, f string) (string, bool) {
	for _, candidate := range []string{f, path.Join("node_modules", f)} {
		if info, err := fs.Stat(site, candidate); err == nil && !info.IsDir() {
			return candidate, true
		}
	}
	return "", false
}

// isPackagePath reports whether f names a package's file (its first
// segment is no folder of the site), as require.resolve of a package gives.
func isPackagePath(site fs.FS, f string) bool {
	first, _, _ := strings.Cut(f, "/")
	if strings.HasPrefix(first, "@") {
		return true
	}
	info, err := fs.Stat(site, first)
	return err != nil || !info.IsDir()
}

// relative is the path from folder from to folder to, both in the output.
func relative(from, to string) string {
	a, b := strings.Split(path.Clean(from), "/"), strings.Split(path.Clean(to), "/")
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	parts := make([]string, 0, len(a)-i+len(b)-i)
	for range a[i:] {
		parts = append(parts, "..")
	}
	return path.Join(append(parts, b[i:]...)...)
}

// external are url()s the bundle leaves as they are: other sites, data,
// and paths from the site's root (the static folders' files, served there).
var external = regexp.MustCompile(`^(?:[A-Za-z][A-Za-z0-9+.-]*:|//|/|#)`)

// fileExtensions are the files url() names that are copied as they are;
// anything else a stylesheet imports is read as CSS.
var fileExtensions = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true, ".webp": true, ".avif": true, ".ico": true,
	".woff": true, ".woff2": true, ".ttf": true, ".otf": true, ".eot": true,
}

// findStylesheetFile finds what a stylesheet imports: target, the path
// beside the importer; or, for a bare or "~" path (bootstrap-icons/x.css,
// ~bootstrap/dist/x.css), the file in the site's node_modules, as
// Docusaurus's css-loader resolves a module request.
func findStylesheetFile(site fs.FS, target, spec string) (string, bool) {
	if !strings.HasPrefix(spec, "~") {
		if _, err := fs.Stat(site, target); err == nil {
			return target, true
		}
	}
	if bare := strings.TrimPrefix(spec, "~"); !strings.HasPrefix(bare, ".") && !strings.HasPrefix(bare, "@site/") {
		inPackages := path.Join("node_modules", bare)
		if _, err := fs.Stat(site, inPackages); err == nil {
			return inPackages, true
		}
	}
	return target, false
}

// diagSink collects what the plugin reports; esbuild loads files in parallel.
type diagSink struct {
	mu   sync.Mutex
	list []diag.Diagnostic
}

func (d *diagSink) add(ds ...diag.Diagnostic) {
	d.mu.Lock()
	d.list = append(d.list, ds...)
	d.mu.Unlock()
}

func sitePlugin(ctx context.Context, site fs.FS, compiler SassCompiler, diags *diagSink) api.Plugin {
	return api.Plugin{Name: "portal-site-css", Setup: func(build api.PluginBuild) {
		build.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
			spec := args.Path
			if args.Importer == "<customCss>" || args.Importer == "" {
				return api.OnResolveResult{Path: spec, Namespace: namespace}, nil
			}
			if external.MatchString(spec) {
				return api.OnResolveResult{Path: spec, External: true}, nil
			}
			clean := spec
			if i := strings.IndexAny(clean, "?#"); i >= 0 {
				clean = clean[:i]
			}
			target := path.Join(path.Dir(args.Importer), clean)
			if rest, ok := strings.CutPrefix(clean, "@site/"); ok {
				target = path.Clean(rest)
			}
			target, ok := findStylesheetFile(site, target, clean)
			if !ok {
				return api.OnResolveResult{}, fmt.Errorf("cannot find %q (looked for %s in the site folder)", spec, target)
			}
			return api.OnResolveResult{Path: target, Namespace: namespace}, nil
		})
		build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: namespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			data, err := fs.ReadFile(site, args.Path)
			if err != nil {
				return api.OnLoadResult{}, err
			}
			contents := string(data)
			loader := api.LoaderCSS
			switch {
			case fileExtensions[strings.ToLower(path.Ext(args.Path))]:
				loader = api.LoaderFile
			case sass.IsSass(args.Path):
				css, problems := compileSass(ctx, compiler, args.Path, diags)
				if problems != nil {
					return api.OnLoadResult{Errors: problems}, nil
				}
				if css != nil {
					contents = *css
				}
			}
			return api.OnLoadResult{Contents: &contents, Loader: loader, ResolveDir: path.Dir(args.Path)}, nil
		})
	}}
}

// compileSass compiles a Sass stylesheet: its CSS, or the error to give
// esbuild at the stylesheet's place. Without a compiler, or without the
// sass package, the file is read as CSS (nil, nil), which is said.
func compileSass(ctx context.Context, compiler SassCompiler, file string, diags *diagSink) (*string, []api.Message) {
	var res *sass.Result
	err := sass.ErrNotInstalled
	if compiler != nil {
		res, err = compiler.Compile(ctx, file)
	}
	var se *sass.Error
	switch {
	case errors.Is(err, sass.ErrNotInstalled):
		diags.add(diag.Diagnostic{File: file, Severity: diag.Warning,
			Message: "is Sass, and the site has no sass package installed to compile it (as docusaurus-plugin-sass does); it is read as CSS",
			Hint:    "run npm install in the site folder, so that node_modules holds sass"})
		return nil, nil
	case errors.As(err, &se):
		return nil, []api.Message{{Text: se.Message, Location: &api.Location{File: namespace + ":" + se.File, Line: se.Line, Column: max(se.Col-1, 0)}}}
	case err != nil:
		return nil, []api.Message{{Text: err.Error(), Location: &api.Location{File: namespace + ":" + file}}}
	}
	for _, w := range res.Warnings {
		diags.add(diag.Diagnostic{File: w.File, Line: w.Line, Col: w.Col, Severity: diag.Warning, Message: "Sass: " + w.Message})
	}
	return &res.CSS, nil
}

// messageDiagnostic locates an esbuild message in the stylesheet it names.
func messageDiagnostic(m api.Message, sev diag.Severity) diag.Diagnostic {
	d := diag.Diagnostic{Severity: sev, Message: m.Text, Hint: "fix the stylesheet so that a browser reads it"}
	if loc := m.Location; loc != nil {
		d.File = strings.TrimPrefix(loc.File, namespace+":")
		d.Line, d.Col = loc.Line, loc.Column+1
	}
	return d
}
