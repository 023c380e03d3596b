package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"time"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/dev"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/conform"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/precompress"
	"github.com/portaldocs/portal/internal/server"
	"github.com/portaldocs/portal/internal/sitefs"
)

// version is set at link time (-ldflags "-X main.version=…"); otherwise the
// VCS revision the binary was built from is shown.
var version = ""

const usage = `Portal turns a site folder into a complete documentation website and serves it.

Usage:
  portal <command> [flags]

Commands:
  build     build the site into a folder of static files
  serve     serve a site (built first) or a built folder
  dev       serve a site folder and rebuild it on every change, with live reload
  check     run every validation without writing anything
  mcp       answer coding assistants about a site over the Model Context Protocol
  version   print the version

Run "portal <command> --help" for a command's flags.
`

// run is the whole CLI; main only wires the process to it so that tests can
// call it directly.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "build":
		return runBuild(ctx, rest, stdout, stderr)
	case "serve":
		return runServe(ctx, rest, stdout, stderr)
	case "dev":
		return runDev(ctx, rest, stdout, stderr)
	case "check":
		return runCheck(ctx, rest, stdout, stderr)
	case "mcp":
		return runMCP(ctx, rest, stdout, stderr)
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, "portal", versionString())
		return 0
	case "help", "--help", "-help", "-h":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "portal: unknown command %q\n\n%s", cmd, usage)
	return 2
}

func newFlagSet(name, synopsis, description string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: portal %s %s\n\n%s\n\nFlags:\n", name, synopsis, description)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses and reports whether the command should go on; --help
// exits 0, a bad flag exits 2.
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0, false
	case err != nil:
		return 2, false
	case fs.NArg() > 0:
		fmt.Fprintf(fs.Output(), "unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2, false
	}
	return 0, true
}

func runBuild(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("build", "[--site DIR] [--out DIR] [--locale LOCALE]... [--cache DIR | --no-cache] [--compress MODE] [--timings] [--cpuprofile FILE]",
		"Builds the site into a folder of static files that any static host can serve.\n"+
			"On failure every error is listed as file:line: message and the previous output is left untouched.\n"+
			"The build cache keeps every page's renders, so the next build redoes only what changed; the\n"+
			"output is the same either way. Deleting the cache folder is always safe.\n"+
			"Every locale of i18n.locales is built, the default one at the base URL and each other one\n"+
			"under <base URL><locale>/, unless --locale names the ones to build.", stderr)
	site := fs.String("site", "", "site folder (default: the embedded developer portal)")
	out := fs.String("out", "build", "output folder; replaced only when the build succeeds")
	cacheDir := fs.String("cache", "", "build cache folder (default: "+cacheFolder+" in the site folder; none for the embedded portal)")
	noCache := fs.Bool("no-cache", false, "build without reading or writing the build cache")
	compress := fs.String("compress", compressBalanced, "the .br and .gz siblings: "+compressBalanced+
		" (the theme's files at the best quality, the site's fast), "+compressBest+" (every file at the best), "+
		compressFast+", or "+compressNone)
	timings := fs.Bool("timings", false, "also print how long each stage of the build took")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the build to FILE, for go tool pprof")
	env := envFlag(fs)
	locales := localeFlag(fs)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "portal build: --cpuprofile: %v\n", err)
			return 1
		}
		defer stop()
	}
	compression, ok := compressionOption(*compress)
	if !ok {
		fmt.Fprintf(stderr, "portal build: --compress %q: give %s, %s, %s or %s\n", *compress, compressBalanced, compressBest, compressFast, compressNone)
		return 2
	}
	if *noCache && *cacheDir != "" {
		fmt.Fprintln(stderr, "portal build: give --cache or --no-cache, not both")
		return 2
	}
	start := time.Now()
	limitMemory()
	opts := []pipeline.Option{pipeline.WithOutputDir(*out), pipeline.WithEngineVersion(engineVersion())}
	var store *buildcache.Store
	if dir := cachePath(*site, *cacheDir, *noCache); dir != "" {
		var err error
		if store, err = buildcache.Open(dir); err != nil {
			fmt.Fprintf(stderr, "portal build: %v\n", err)
			return 1
		}
		defer func() {
			if err := store.Close(); err != nil {
				fmt.Fprintf(stderr, "portal build: warning: %v\n", err)
			}
		}()
		opts = append(opts, pipeline.WithStore(store))
	}
	progress := newProgressPrinter(stderr, time.Now)
	opts = append(opts, pipeline.WithProgress(progress.report))
	// Files go to a temporary sibling of the output folder as they are
	// built; the folder replaces the output only when the build succeeded.
	opts = append(opts, pipeline.WithEnv(env))
	if len(*locales) > 0 {
		opts = append(opts, pipeline.WithLocales(*locales))
	}
	if compression != nil {
		opts = append(opts, compression)
	}
	res, ok := buildSite(ctx, *site, stderr, progress.finish, opts...)
	if !ok {
		return 1
	}
	if err := res.Output.WriteDir(*out); err != nil {
		fmt.Fprintf(stderr, "portal: write output: %v\n", err)
		return 1
	}
	if store != nil {
		// What this build did not use, the next one will not either.
		store.Prune()
	}
	fmt.Fprintf(stdout, "built %d routes into %s in %s\n", routesBuilt(res), *out,
		time.Since(start).Round(time.Millisecond))
	if len(res.Locales) > 1 || len(*locales) > 0 {
		for _, l := range res.Locales {
			fmt.Fprintf(stdout, "locale %s: %d routes\n", l.Locale, l.Routes)
		}
	}
	if *timings {
		for _, s := range res.Stages {
			fmt.Fprintf(stdout, "stage %s: %d ms (CPU %d ms)\n", s.Name, s.Duration.Milliseconds(), s.CPU.Milliseconds())
		}
	}
	return 0
}

// --compress modes of portal build.
const (
	compressBalanced = "balanced"
	compressBest     = "best"
	compressFast     = "fast"
	compressNone     = "none"
)

// compressionOption is the build option of a --compress mode; nil for
// none. ok is false for an unknown mode. Brotli's best quality (11) costs
// about forty times what its quality 5 does: on every file it would take
// longer than the rest of a cold build (docs/performance.md). balanced,
// the default, keeps it for the theme's files, compressed once per machine
// and Portal version through the user's cache, and compresses the site's
// own files fast, 10–15% larger.
func compressionOption(mode string) (opt pipeline.Option, ok bool) {
	switch mode {
	case compressBalanced:
		return pipeline.WithPrecompressPolicy(compressBalanced, precompress.ThemeBest(pipeline.ThemeDir)), true
	case compressBest:
		return pipeline.WithPrecompress(precompress.Best), true
	case compressFast:
		return pipeline.WithPrecompressPolicy(compressFast, precompress.ThemeFast(pipeline.ThemeDir)), true
	case compressNone:
		return nil, true
	}
	return nil, false
}

func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "[--site DIR]",
		"Runs every validation of a build (config, front matter, sidebars, navbar, links) and writes nothing.", stderr)
	site := fs.String("site", "", "site folder (default: the embedded developer portal)")
	published := fs.String("published", "", "folder of built FHIR packages (*.tgz) to validate the examples' profiles against\n(default: ../../shared/testdata/fhir/published/packages from the site folder, when it exists)")
	env := envFlag(fs)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	res, ok := buildSite(ctx, *site, stderr, nil, pipeline.WithEnv(env))
	if !ok {
		return 1
	}
	if err := res.Output.Close(); err != nil {
		fmt.Fprintf(stderr, "portal: remove the checked output: %v\n", err)
	}
	if !checkProfiles(ctx, *site, *published, stdout, stderr) {
		return 1
	}
	fmt.Fprintf(stdout, "ok: %d routes, no errors\n", len(res.Output.Manifest.Routes))
	return 0
}

// checkProfiles validates the site's examples against the snapshots of the
// profiles they claim, from the published packages; the embedded portal
// and a site with no packages beside it are not checked (a line says so).
func checkProfiles(ctx context.Context, siteDir, packagesDir string, stdout, stderr io.Writer) bool {
	if siteDir == "" {
		return true
	}
	explicit := packagesDir != ""
	if !explicit {
		packagesDir = filepath.Join(siteDir, "..", "..", "shared", "testdata", "fhir", "published", "packages")
		if _, err := os.Stat(packagesDir); err != nil {
			fmt.Fprintf(stdout, "profiles: not validated, no published packages at %s (give --published DIR)\n", packagesDir)
			return true
		}
	}
	rep, err := conform.CheckSite(ctx, os.DirFS(siteDir), "fhir", packagesDir)
	if err != nil {
		fmt.Fprintf(stderr, "portal check: validate profiles: %v\n", err)
		return false
	}
	for _, d := range rep.Diagnostics {
		fmt.Fprintln(stderr, filepath.Join(siteDir, d.File)+strings.TrimPrefix(d.String(), d.File))
	}
	fmt.Fprintln(stdout, rep.Summary())
	return rep.Errors() == 0
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", "[--site DIR | --dir BUILT_DIR] [--addr HOST:PORT] [--tls-cert FILE --tls-key FILE]",
		"Serves a site over HTTP/1.1 and HTTP/2: --site builds it into a temporary folder first, --dir serves a folder written by portal build.\n"+
			"Without a certificate HTTP/2 is spoken in clear text to clients that start with it (h2c, as proxies do); with --tls-cert and --tls-key it serves HTTPS.\n"+
			"Stops gracefully on SIGINT or SIGTERM.", stderr)
	site := fs.String("site", "", "site folder to build and serve (default: the embedded developer portal)")
	dir := fs.String("dir", "", "serve this built folder instead of building")
	addr := fs.String("addr", "localhost:3000", "address to listen on")
	tlsCert := fs.String("tls-cert", "", "serve HTTPS with the PEM certificate chain in `FILE` (needs --tls-key)")
	tlsKey := fs.String("tls-key", "", "the PEM private key of --tls-cert, in `FILE`")
	env := envFlag(fs)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *site != "" && *dir != "" {
		fmt.Fprintln(stderr, "portal serve: give --site or --dir, not both")
		return 2
	}
	var listenOpts []server.ListenOption
	switch {
	case *tlsCert != "" && *tlsKey != "":
		// Read before any build, so a wrong path fails at once.
		cert, err := server.LoadCertificate(*tlsCert, *tlsKey)
		if err != nil {
			fmt.Fprintf(stderr, "portal serve: %v\n", err)
			return 1
		}
		listenOpts = append(listenOpts, server.WithTLS(cert))
	case *tlsCert != "":
		fmt.Fprintln(stderr, "portal serve: --tls-cert needs --tls-key, the certificate's private key")
		return 2
	case *tlsKey != "":
		fmt.Fprintln(stderr, "portal serve: --tls-key needs --tls-cert, the certificate it belongs to")
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	var src server.Source
	if *dir != "" {
		s, err := server.Dir(*dir)
		if err != nil {
			fmt.Fprintf(stderr, "portal serve: %v\n", err)
			return 1
		}
		src = s
	} else {
		// The server never compresses on the fly; a site built at every
		// start is compressed at a fast quality (portal build uses the best).
		fast, _ := compressionOption(compressFast)
		res, ok := buildSite(ctx, *site, stderr, nil, fast, pipeline.WithEnv(env))
		if !ok {
			return 1
		}
		defer res.Output.Close()
		src = server.Static(server.Snapshot{FS: res.Output.FS(), Manifest: res.Output.Manifest})
	}
	// Access-log lines are buffered for a quarter second (server.WithAccessLog).
	h := server.New(src, server.WithLogger(logger), server.WithAccessLog(stderr))
	if err := server.ListenAndServe(ctx, *addr, h, logger, listenOpts...); err != nil {
		fmt.Fprintf(stderr, "portal serve: %v\n", err)
		return 1
	}
	return 0
}

// buildSite builds the site and prints every diagnostic; ok is false when
// the build failed. The caller owns the result's output folder. done, when
// not nil, is called once the build ends, before anything is printed.
func buildSite(ctx context.Context, siteDir string, stderr io.Writer, done func(), opts ...pipeline.Option) (*pipeline.Result, bool) {
	siteFS, label, err := openSite(siteDir)
	if err != nil {
		fmt.Fprintf(stderr, "portal: %v\n", err)
		return nil, false
	}
	opts = append([]pipeline.Option{pipeline.WithTheme(portal.Theme())}, opts...)
	if base, err := os.UserCacheDir(); err == nil {
		opts = append(opts, pipeline.WithBytecodeCache(filepath.Join(base, "portal", "bytecode")))
	}
	res, err := pipeline.Run(ctx, siteFS, opts...)
	if done != nil {
		done()
	}
	if res != nil {
		printDiagnostics(stderr, label, res.Diagnostics)
	}
	if err != nil {
		if errors.Is(err, pipeline.ErrFailed) {
			fmt.Fprintf(stderr, "portal: build failed with %d error(s)\n", countErrors(res.Diagnostics))
		} else {
			fmt.Fprintf(stderr, "portal: %v\n", err)
		}
		return nil, false
	}
	return res, true
}

func openSite(dir string) (fs.FS, string, error) {
	if dir == "" {
		return portal.Site(), "", nil
	}
	info, err := os.Stat(dir)
	if err != nil {
		return nil, "", fmt.Errorf("site folder: %w", err)
	}
	if !info.IsDir() {
		return nil, "", fmt.Errorf("site folder %s is not a folder", dir)
	}
	return sitefs.Dir(dir), dir, nil
}

// printDiagnostics prints file:line: message, with the site folder in front
// of the file so editors and terminals can open it; of one kind of problem
// in one file only the first few are printed, then how many more there are.
func printDiagnostics(w io.Writer, siteDir string, ds []diag.Diagnostic) {
	for _, d := range diag.Cap(ds, diag.PerKindLimit) {
		if siteDir != "" && d.File != "" {
			d.File = filepath.ToSlash(filepath.Join(siteDir, d.File))
		}
		fmt.Fprintln(w, d.String())
	}
}

func countErrors(ds []diag.Diagnostic) int {
	n := 0
	for _, d := range ds {
		if d.Severity == diag.Error {
			n++
		}
	}
	return n
}

// cacheFolder is the build cache's folder in a site folder by default.
const cacheFolder = ".portal-cache"

// cachePath is the build cache folder: --cache, else .portal-cache in the
// site folder; "" for none (--no-cache, or the embedded portal, which has
// no folder of its own).
func cachePath(site, flagDir string, off bool) string {
	switch {
	case off:
		return ""
	case flagDir != "":
		return flagDir
	case site == "":
		return ""
	}
	return filepath.Join(site, cacheFolder)
}

// engineVersion names this binary for the build cache, whose entries it
// only reuses from the same engine. A development build (no release version
// stamped in) adds its executable's size and time, so that rebuilding the
// binary after a code change never reuses what the old code made.
func engineVersion() string {
	v := versionString()
	if version != "" && !strings.HasSuffix(version, "-dirty") {
		return v
	}
	if exe, err := os.Executable(); err == nil {
		if info, err := os.Stat(exe); err == nil {
			v += fmt.Sprintf(" exe:%d:%d", info.Size(), info.ModTime().UnixNano())
		}
	}
	return v
}

// limitMemory sets a soft limit on the Go heap, unless GOMEMLIMIT does: the
// build keeps every page's HTML and data on disk, and the limit makes the
// garbage collector return memory before the heap grows past it, so peak
// memory follows the work in flight rather than the collector's pace.
// Below the limit the collector runs less often than Go's default, unless
// GOGC says otherwise: at GOGC=100 it took a tenth of a build's CPU, and
// buildGCPercent made the corpus's scale-16 build 5–15% faster for a peak
// of 233 MB instead of 150 (docs/performance.md).
func limitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(buildMemoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(buildGCPercent)
	}
}

// buildGCPercent is the collector's pace in a build (GOGC).
const buildGCPercent = 300

// buildMemoryLimit is the soft limit portal build sets on the Go heap; the
// JavaScript engines' memory comes on top of it. Builds of a few thousand
// pages stay far below it (145 MB at 3,456 pages); at 50,000 pages 640 MiB
// let the process reach 1,172 MB and 400 MiB 933 MB, for about 40% more CPU
// in the collector (docs/performance.md).
const buildMemoryLimit = 400 << 20

func versionString() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return strings.TrimSpace(info.Main.Version + " " + info.GoVersion)
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return rev + " (" + info.GoVersion + ")"
}

func runDev(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("dev", "[--site DIR] [--addr HOST:PORT]",
		"Builds a site folder and serves it; rebuilds on every change under the folder and\n"+
			"updates open browsers: content changes in place, other changes with a reload, build errors\n"+
			"as an overlay over the last good site. Stops on SIGINT or SIGTERM.", stderr)
	site := fs.String("site", ".", "site folder to watch and build")
	addr := fs.String("addr", "localhost:3000", "address to listen on")
	env := envFlag(fs)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if _, _, err := openSite(*site); err != nil {
		fmt.Fprintf(stderr, "portal dev: %v\n", err)
		return 1
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	report := func(ds []diag.Diagnostic, took time.Duration, err error) {
		printDiagnostics(stderr, *site, ds)
		switch {
		case err == nil:
			fmt.Fprintf(stderr, "portal dev: built in %s\n", took.Round(time.Millisecond))
		case errors.Is(err, pipeline.ErrFailed):
			fmt.Fprintf(stderr, "portal dev: build failed with %d error(s); still serving the last good build\n", countErrors(ds))
		default:
			fmt.Fprintf(stderr, "portal dev: %v\n", err)
		}
	}
	srv, err := dev.New(ctx, dev.Options{Site: *site, Theme: portal.Theme(), Logger: logger, Report: report,
		BuildOptions: []pipeline.Option{pipeline.WithEnv(env)}})
	if err != nil {
		fmt.Fprintf(stderr, "portal dev: %v\n", err)
		return 1
	}
	defer srv.Close()
	go func() {
		if err := srv.Watch(ctx); err != nil {
			fmt.Fprintf(stderr, "portal dev: watching %s: %v\n", *site, err)
		}
	}()
	if err := server.ListenAndServe(ctx, *addr, srv, logger); err != nil {
		fmt.Fprintf(stderr, "portal dev: %v\n", err)
		return 1
	}
	return 0
}

// envFlag adds --env NAME=VALUE, repeatable: the variables a Docusaurus
// config sees in process.env, which is otherwise empty.
func envFlag(fs *flag.FlagSet) map[string]string {
	env := map[string]string{}
	fs.Func("env", "NAME=VALUE for process.env of a Docusaurus config or sidebars file (repeatable; none by default)", func(s string) error {
		name, value, ok := strings.Cut(s, "=")
		if !ok || name == "" {
			return fmt.Errorf("want NAME=VALUE, got %q", s)
		}
		env[name] = value
		return nil
	})
	return env
}

// routesBuilt counts the routes of every locale built.
func routesBuilt(res *pipeline.Result) int {
	if len(res.Locales) == 0 {
		return len(res.Output.Manifest.Routes)
	}
	n := 0
	for _, l := range res.Locales {
		n += l.Routes
	}
	return n
}

// localeFlag is --locale: a locale to build, repeatable, or several in one
// comma-separated list.
func localeFlag(fs *flag.FlagSet) *[]string {
	var locales []string
	fs.Func("locale", "build only this locale of i18n.locales (repeatable, or a comma-separated list; default: every locale)", func(s string) error {
		for _, loc := range strings.Split(s, ",") {
			if loc = strings.TrimSpace(loc); loc != "" {
				locales = append(locales, loc)
			}
		}
		if len(locales) == 0 {
			return fmt.Errorf("want a locale, got %q", s)
		}
		return nil
	})
	return &locales
}

// startCPUProfile profiles the process into path until stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
