// Package sass compiles a site's Sass stylesheets (.scss, .sass) with the
// site's own sass package, the one docusaurus-plugin-sass compiles them
// with: Portal writes no Sass compiler of its own. The package's browser
// build is bundled once and run in Portal's JavaScript engine, which reads
// the site's files through an importer and nothing else.
package sass

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/portaldocs/portal/internal/ssr"
)

// IsSass reports whether a stylesheet is Sass, by its extension.
func IsSass(file string) bool {
	ext := strings.ToLower(path.Ext(file))
	return ext == ".scss" || ext == ".sass"
}

// ErrNotInstalled is New's error when no sass package is found.
var ErrNotInstalled = errors.New("the sass package is not installed")

// Compiler compiles one site's Sass. It is safe for concurrent use; compiles take turns.
type Compiler struct {
	script *ssr.Script
}

// Error is what Sass says of a stylesheet, at its place (Line and Col from 1).
type Error struct {
	File      string
	Line, Col int
	Message   string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Message) }

// loadTimeout bounds loading the compiler; compileTimeout one stylesheet.
const (
	loadTimeout    = time.Minute
	compileTimeout = time.Minute
)

// New loads the sass package that a file of folder dir (an OS path) would
// import, searching node_modules up the parent folders as Node does; site
// is the site folder the stylesheets are read from.
func New(dir string, site fs.FS) (*Compiler, error) {
	bundle, err := bundlePackage(dir)
	if err != nil {
		return nil, err
	}
	read := func(file string) (string, string) {
		data, err := fs.ReadFile(site, file)
		if err != nil {
			return "", err.Error()
		}
		return string(data), ""
	}
	script, err := ssr.NewScript(browserShims+bundle+compileFunction, read, loadTimeout)
	if err != nil {
		return nil, fmt.Errorf("load the sass package: %w", err)
	}
	return &Compiler{script: script}, nil
}

// bundlePackage bundles the sass package's browser build, which needs no
// Node.js modules, as a script that defines the global Sass.
func bundlePackage(dir string) (string, error) {
	result := api.Build(api.BuildOptions{
		Stdin:      &api.StdinOptions{Contents: `export * from "sass";`, ResolveDir: dir, Loader: api.LoaderJS},
		Bundle:     true,
		Write:      false,
		Format:     api.FormatIIFE,
		GlobalName: "Sass",
		Platform:   api.PlatformNeutral,
		MainFields: []string{"module", "main"},
		Target:     api.ES2020,
		LogLevel:   api.LogLevelSilent,
	})
	if len(result.Errors) > 0 {
		if strings.Contains(result.Errors[0].Text, `Could not resolve "sass"`) {
			return "", ErrNotInstalled
		}
		return "", fmt.Errorf("bundle the sass package: %s", result.Errors[0].Text)
	}
	return string(result.OutputFiles[0].Contents), nil
}

// Compile compiles file, a path in the site folder, to CSS. Its @use,
// @forward and @import of relative paths and of partials (_name.scss) are
// read from the site folder.
func (c *Compiler) Compile(ctx context.Context, file string) (*Result, error) {
	out, err := c.script.Call(ctx, "compileSiteSass("+quote(file)+")", compileTimeout)
	if err != nil {
		return nil, fmt.Errorf("compile %s: %w", file, err)
	}
	var res struct {
		CSS      string    `json:"css"`
		Loaded   []string  `json:"loaded"`
		Warnings []message `json:"warnings"`
		Error    *message  `json:"error"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		return nil, fmt.Errorf("compile %s: %w", file, err)
	}
	if res.Error != nil {
		return nil, res.Error.at(file)
	}
	r := &Result{CSS: res.CSS, Loaded: res.Loaded}
	for _, w := range res.Warnings {
		r.Warnings = append(r.Warnings, *w.at(file))
	}
	return r, nil
}

// Result is a compiled stylesheet and what Sass warned about (deprecated
// features, @warn), each at its place.
type Result struct {
	CSS string
	// Loaded are the site files the stylesheet read, itself included.
	Loaded   []string
	Warnings []Error
}

// message is a Sass error or warning as the script gives it.
type message struct {
	Message string `json:"message"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
}

func (m message) at(file string) *Error {
	where := m.File
	if where == "" {
		where = file
	}
	return &Error{File: where, Line: m.Line, Col: m.Col, Message: m.Message}
}

// OnDemand is a site's compiler, loaded when a stylesheet first needs
// it: most sites have no Sass, and loading takes a second or two. It
// remembers each stylesheet's result, as the site's files do not change
// during the build it serves (every locale's build compiles the same
// customCss, and a large one such as Bootstrap's takes seconds). It is
// safe for concurrent use.
type OnDemand struct {
	dir  string
	site fs.FS
	once sync.Once
	c    *Compiler
	err  error

	mu       sync.Mutex
	compiled map[string]compiled
}

// compiled is what compiling one stylesheet gave.
type compiled struct {
	result *Result
	err    error
}

// NewOnDemand is New(dir, site), put off until the first Compile.
func NewOnDemand(dir string, site fs.FS) *OnDemand { return &OnDemand{dir: dir, site: site} }

// Compile loads the compiler if it is not loaded yet, and compiles file
// with it. Its error is ErrNotInstalled (errors.Is) when the site has no
// sass package.
func (o *OnDemand) Compile(ctx context.Context, file string) (*Result, error) {
	o.once.Do(func() {
		if o.dir == "" { // a site not on disk has no node_modules
			o.err = ErrNotInstalled
			return
		}
		o.c, o.err = New(o.dir, o.site)
	})
	if o.err != nil {
		return nil, o.err
	}
	o.mu.Lock()
	done, ok := o.compiled[file]
	o.mu.Unlock()
	if ok {
		return done.result, done.err
	}
	res, err := o.c.Compile(ctx, file)
	var sassErr *Error
	if err == nil || errors.As(err, &sassErr) { // not a cancelled or timed-out compile
		o.mu.Lock()
		if o.compiled == nil {
			o.compiled = map[string]compiled{}
		}
		o.compiled[file] = compiled{res, err}
		o.mu.Unlock()
	}
	return res, err
}

// Close frees the compiler, if one was loaded; call it once no Compile runs.
func (o *OnDemand) Close() error {
	o.once.Do(func() { o.err = ErrNotInstalled })
	if o.c == nil {
		return nil
	}
	return o.c.Close()
}

// Close frees the compiler's engine.
func (c *Compiler) Close() error { return c.script.Close() }

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// browserShims are what the package's browser build reads of a browser
// that Portal's engine lacks: a location for its base URI, and URL, which
// it hands importers (only the parts they use: scheme and path).
const browserShims = `var self = globalThis;
globalThis.location = { href: "portal:///" };
if (typeof URL === "undefined") {
  globalThis.URL = class URL {
    constructor(input, base) {
      let u = String(input);
      if (base !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(u)) {
        const b = new URL(base);
        u = b.protocol + "//" + b.host + (u.startsWith("/") ? u : b.pathname.slice(0, b.pathname.lastIndexOf("/") + 1) + u);
      }
      const m = /^([a-z][a-z0-9+.-]*:)(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(u);
      if (!m) throw new TypeError("Invalid URL: " + u);
      this.protocol = m[1].toLowerCase();
      this.host = this.hostname = m[2] || "";
      this.pathname = m[3] || "/";
      this.search = m[4] || "";
      this.hash = m[5] || "";
    }
    get href() { return this.protocol + "//" + this.host + this.pathname + this.search + this.hash; }
    toString() { return this.href; }
    toJSON() { return this.href; }
  };
}
`

// compileFunction compiles one stylesheet of the site. Every URL it gives
// Sass is portal:///<path in the site folder>, so that Sass never reaches
// for a file system of its own (its browser build has none).
const compileFunction = `
function compileSiteSass(file) {
  const exists = (p) => !__portalReadFile(p)[1];
  const read = (p) => {
    const [text, problem] = __portalReadFile(p);
    if (problem) throw new Error(problem);
    return text;
  };
  const folder = (p) => p.slice(0, p.lastIndexOf("/") + 1);
  const clean = (p) => {
    const out = [];
    for (const part of p.split("/")) {
      if (part === "..") { if (out.length && out[out.length - 1] !== "..") out.pop(); else out.push(".."); }
      else if (part !== "." && part !== "") out.push(part);
    }
    return out.join("/");
  };
  const candidates = (p) => {
    const dir = folder(p), name = p.slice(dir.length);
    if (/\.(scss|sass|css)$/.test(name)) return [p, dir + "_" + name];
    const out = [];
    for (const ext of [".scss", ".sass", ".css"]) out.push(p + ext, dir + "_" + name + ext);
    for (const ext of [".scss", ".sass", ".css"]) out.push(p + "/index" + ext, p + "/_index" + ext);
    return out;
  };
  const importer = {
    canonicalize(url, context) {
      let target = url;
      if (/^[a-z][a-z0-9+.-]*:/i.test(url)) {
        if (!url.startsWith("portal:")) return null;
        target = new URL(url).pathname;
      }
      const from = context && context.containingUrl ? context.containingUrl.pathname.slice(1) : file;
      const base = target.startsWith("/") ? "" : folder(from);
      const found = candidates(clean(base + target)).find(exists);
      return found === undefined ? null : new URL("portal:///" + found);
    },
    load(url) {
      const p = url.pathname.slice(1);
      return { contents: read(p), syntax: p.endsWith(".sass") ? "indented" : p.endsWith(".css") ? "css" : "scss" };
    },
  };
  // Sass gives a load that no file beside the importer answers to the
  // importers list as written (quietDeps: their deprecations are the
  // package's to fix, not the site's): "~pkg/x" and a bare "pkg/x" are the site's
  // node_modules, as sass-loader resolves them.
  const packages = {
    canonicalize(url, context) {
      if (url.startsWith("portal:")) return importer.canonicalize(url, context); // a load relative to a package's file
      if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
      const target = url.replace(/^~/, "");
      if (/^[./]/.test(target)) return null;
      const found = candidates(clean("node_modules/" + target)).find(exists);
      return found === undefined ? null : new URL("portal:///" + found);
    },
    load: importer.load,
  };
  const warnings = [];
  const logger = {
    warn(message, options) {
      const span = options && options.span;
      warnings.push({
        message: options && options.deprecation ? "deprecated: " + message : message,
        file: span && span.url ? String(span.url).replace(/^portal:\/\/\//, "") : "",
        line: span ? span.start.line + 1 : 0,
        col: span ? span.start.column + 1 : 0,
      });
    },
    debug() {},
  };
  try {
    const syntax = file.endsWith(".sass") ? "indented" : "scss";
    const result = Sass.compileString(read(file), { syntax, importer, importers: [packages], quietDeps: true, logger, url: new URL("portal:///" + file) });
    const loaded = result.loadedUrls.map((u) => String(u)).filter((u) => u.startsWith("portal:///")).map((u) => u.slice("portal:///".length));
    return { css: result.css, loaded, warnings };
  } catch (e) {
    const span = e && e.span;
    const where = span && span.url ? String(span.url).replace(/^portal:\/\/\//, "") : "";
    return { error: {
      message: (e && (e.sassMessage || e.message)) || String(e),
      file: where,
      line: span ? span.start.line + 1 : 0,
      col: span ? span.start.column + 1 : 0,
    } };
  }
}
`
