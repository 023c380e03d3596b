package docusaurus

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/sitefs"
	"github.com/portaldocs/portal/internal/ssr"
	"gopkg.in/yaml.v3"
)

//go:embed prelude.js
var preludeJS string

// evalTimeout bounds the evaluation of one config or sidebars file. They
// build an object; a second means a loop that does not end.
const evalTimeout = 5 * time.Second

// finishJS takes the module's value (its default export, or module.exports),
// calls it when Docusaurus would (an async config function), and writes it
// as data: functions and package stubs become {"$function": name} and
// {"$package": path}, so the mapping can name what it skips.
const finishJS = `
(async () => {
  const m = globalThis.` + moduleGlobal + `;
  let value = m !== null && typeof m === 'object' && 'default' in m ? m.default : m;
  if (typeof value === 'function' && value[__portalPackagePath] === undefined) value = await value();
  const replacer = function (key, v) {
    if (typeof v === 'function') return { $function: v.name || 'anonymous function' };
    if (v instanceof RegExp) return { $regexp: String(v) };
    if (typeof v === 'bigint') return String(v);
    return v;
  };
  return JSON.parse(JSON.stringify(value === undefined ? null : value, replacer));
})()
`

// Env is the environment a config sees as process.env.
type Env map[string]string

// evaluate bundles and runs a config or sidebars file and returns its value
// as a YAML node tree whose lines point into the file (as nearly as the
// keys can be found in its text), for the located diagnostics of the
// config and sidebar packages.
func evaluate(ctx context.Context, site fs.FS, file string, env Env) (*yaml.Node, []diag.Diagnostic) {
	out, source, root, diags := run(ctx, site, file, env, finishJS)
	if len(diags) > 0 {
		return nil, diags
	}
	var tree yaml.Node
	if err := yaml.Unmarshal([]byte(out), &tree); err != nil {
		return nil, []diag.Diagnostic{{File: file, Severity: diag.Error, Message: fmt.Sprintf("read the evaluated value: %v", err)}}
	}
	if len(tree.Content) == 0 {
		return nil, []diag.Diagnostic{{File: file, Severity: diag.Error, Message: "the file exports nothing",
			Hint: "export the object with export default (or module.exports =)"}}
	}
	doc := tree.Content[0]
	placeNodes(doc, source)
	relativeToSite(doc, root)
	return doc, nil
}

// run bundles file and runs it after the prelude, then finish, whose value
// (JSON text) it returns with the file's source and the site root the
// script saw.
func run(ctx context.Context, site fs.FS, file string, env Env, finish string) (out, source, root string, diags []diag.Diagnostic) {
	src, err := fs.ReadFile(site, file)
	if err != nil {
		return "", "", "", []diag.Diagnostic{{File: file, Severity: diag.Error, Message: "read: " + err.Error()}}
	}
	root = siteRoot(site)
	script, resolved, diags := bundle(site, file, root)
	if len(diags) > 0 {
		return "", "", "", diags
	}
	if env == nil {
		env = Env{}
	}
	envJSON, _ := json.Marshal(env)
	fileJSON, _ := json.Marshal(file)
	rootJSON, _ := json.Marshal(root)
	resolvedJSON, _ := json.Marshal(resolved)
	prelude := strings.NewReplacer("__PORTAL_ENV__", string(envJSON), "__PORTAL_FILE__", string(fileJSON),
		"__PORTAL_ROOT__", string(rootJSON), "__PORTAL_RESOLVED__", string(resolvedJSON)).Replace(preludeJS)
	out, err = ssr.EvalJSON(ctx, prelude+"\n"+script+"\n"+finish, evalTimeout)
	if err != nil {
		d := evalDiagnostic(file, err)
		d.Line, d.Col = thrownAt(string(src), err)
		return "", "", "", []diag.Diagnostic{d}
	}
	return out, string(src), root, nil
}

// moduleFinishJS writes a module's exports as data, by name: default and
// named exports of an ES module, module.exports of a CommonJS one as its
// default and its keys (as Node's import of it gives them).
const moduleFinishJS = `
(() => {
  const m = globalThis.` + moduleGlobal + `;
  const replacer = function (key, v) {
    if (typeof v === 'function' && v[__portalPackagePath] === undefined) return { $function: v.name || 'anonymous function' };
    if (v instanceof RegExp) return { $regexp: String(v) };
    if (typeof v === 'bigint') return String(v);
    return v;
  };
  let exports = m;
  if (m === null || typeof m !== 'object' || !('default' in m)) exports = Object.assign({}, m, { default: m });
  return JSON.parse(JSON.stringify(exports, replacer));
})()
`

// EvaluateModule runs a JavaScript or TypeScript module of the site as the
// config is run (without Node.js, packages as stand-ins) and returns its
// exports as JSON: an MDX page's import of site data (a constants file)
// then gives the values the page shows.
func EvaluateModule(ctx context.Context, site fs.FS, file string, opts Options) ([]byte, []diag.Diagnostic) {
	out, _, _, diags := run(ctx, site, file, opts.Env, moduleFinishJS)
	if len(diags) > 0 {
		return nil, diags
	}
	return []byte(out), nil
}

// EvaluateExpression runs a site module as EvaluateModule does, then one
// expression an MDX page writes over the module's exports (a tab list a
// function builds: constants.getDevNotesTabs(["web"])), and returns the
// expression's value as JSON. bindings maps each name the expression
// uses to the export it stands for: "default", a named export, or "*".
func EvaluateExpression(ctx context.Context, site fs.FS, file string, opts Options, bindings map[string]string, expr string) ([]byte, []diag.Diagnostic) {
	out, _, _, diags := run(ctx, site, file, opts.Env, expressionFinishJS(bindings, expr))
	if len(diags) > 0 {
		return nil, diags
	}
	return []byte(out), nil
}

// expressionFinishJS calls a function whose parameters are the bound names
// with their exports, so the expression sees them as the page's imports.
func expressionFinishJS(bindings map[string]string, expr string) string {
	names := slices.Sorted(maps.Keys(bindings))
	args := make([]string, len(names))
	for i, name := range names {
		if bindings[name] == "*" {
			args[i] = "ns"
		} else {
			args[i] = "ns[" + QuoteJS(bindings[name]) + "]"
		}
	}
	return `
(() => {
  const m = globalThis.` + moduleGlobal + `;
  const ns = m !== null && typeof m === 'object' && 'default' in m ? m : Object.assign({}, m, { default: m });
  const replacer = function (key, v) {
    if (typeof v === 'function') return { $function: v.name || 'anonymous function' };
    if (v instanceof RegExp) return { $regexp: String(v) };
    if (typeof v === 'bigint') return String(v);
    return v;
  };
  const value = (function (` + strings.Join(names, ", ") + `) { return (` + expr + "\n" + `); })(` + strings.Join(args, ", ") + `);
  return JSON.parse(JSON.stringify(value === undefined ? null : value, replacer));
})()
`
}

// virtualRoot is where a site that is not a folder on disk (the embedded
// portal, a test's files) is as the config's scripts see it.
const virtualRoot = "/site"

// siteRoot is the site folder as Node.js would name it: its absolute path.
func siteRoot(site fs.FS) string {
	if dir, ok := sitefs.Folder(site); ok {
		return dir
	}
	return virtualRoot
}

// relativeToSite turns the absolute paths a script made of the site's
// files (path.resolve(__dirname, './sidebars.json')) back into paths
// relative to the site folder, as the config is read: a path inside the
// site folder always, one beside it ("../docs") when it names something
// on disk, so that a URL path ("/docs/intro") is never taken for one.
func relativeToSite(node *yaml.Node, root string) {
	if node.Kind == yaml.ScalarNode {
		if node.Tag == "!!str" {
			if rel, ok := siteRelative(node.Value, root); ok {
				node.Value = rel
			}
		}
		return
	}
	for _, child := range node.Content {
		relativeToSite(child, root)
	}
}

func siteRelative(value, root string) (string, bool) {
	if !strings.HasPrefix(value, "/") || strings.HasPrefix(value, "//") {
		return "", false
	}
	if value == root {
		return ".", true
	}
	if rest, ok := strings.CutPrefix(value, root+"/"); ok {
		return rest, true
	}
	if root == virtualRoot {
		return "", false
	}
	// Beside the site folder: within its parent's parent at most, and on disk.
	rel, err := filepath.Rel(root, value)
	if err != nil || strings.Count(filepath.ToSlash(rel), "../") > 2 || !strings.HasPrefix(rel, "..") {
		return "", false
	}
	// A folder that holds the site folder ("/", a baseUrl) is not beside it.
	if strings.Trim(strings.ReplaceAll(filepath.ToSlash(rel), "..", ""), "/") == "" {
		return "", false
	}
	if _, err := os.Stat(value); err != nil {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// evalDiagnostic reports a script that threw or did not finish.
func evalDiagnostic(file string, err error) diag.Diagnostic {
	d := diag.Diagnostic{File: file, Severity: diag.Error,
		Hint: "Portal runs the file without Node.js: it may read process.env (see --env) but not files or the network"}
	var se *ssr.ScriptError
	switch {
	case errors.As(err, &se):
		d.Message = "evaluating the file threw " + strings.TrimSpace(se.Name+": "+se.Message)
	case errors.Is(err, ssr.ErrTimeout):
		d.Message = fmt.Sprintf("evaluating the file did not finish within %s", evalTimeout)
	default:
		d.Message = "evaluating the file: " + err.Error()
	}
	return d
}

// thrownAt finds where an error's message is written in the file (the
// throw statement, usually): the bundle's own positions mean nothing to
// the author. 0 when the message is not in the file.
func thrownAt(source string, err error) (int, int) {
	var se *ssr.ScriptError
	if !errors.As(err, &se) || strings.TrimSpace(se.Message) == "" {
		return 0, 0
	}
	at := strings.Index(source, se.Message)
	if at < 0 {
		return 0, 0
	}
	l := locator{source: source, lineStarts: lineStarts(source)}
	return l.position(at)
}

// placeNodes sets each node's line and column to where its key (or, for
// strings in lists, its text) is written in source, searching forward from
// its parent, and to 0 where it cannot be found: the evaluated object has
// no positions of its own.
func placeNodes(doc *yaml.Node, source string) {
	l := locator{source: source, lineStarts: lineStarts(source)}
	l.place(doc, 0)
}

type locator struct {
	source     string
	lineStarts []int
}

func lineStarts(s string) []int {
	starts := []int{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// position returns the 1-based line and column of byte offset.
func (l locator) position(offset int) (int, int) {
	lo, hi := 0, len(l.lineStarts)
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if l.lineStarts[mid] <= offset {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + 1, offset - l.lineStarts[lo] + 1
}

// place positions node, whose text starts at or after from, and returns
// where the search for what follows it should continue.
func (l locator) place(node *yaml.Node, from int) int {
	node.Line, node.Column = 0, 0
	switch node.Kind {
	case yaml.MappingNode:
		cursor, first := from, -1
		for i := 0; i+1 < len(node.Content); i += 2 {
			key, value := node.Content[i], node.Content[i+1]
			at := l.find(keyPattern(key.Value), cursor)
			if at < 0 {
				at = l.find(keyPattern(key.Value), from)
			}
			key.Line, key.Column = 0, 0
			if at < 0 {
				l.place(value, cursor)
				continue
			}
			if first < 0 {
				first = at
			}
			key.Line, key.Column = l.position(at)
			cursor = l.place(value, at)
			value.Line, value.Column = key.Line, key.Column
		}
		if first >= 0 {
			node.Line, node.Column = l.position(first)
		}
		return cursor
	case yaml.SequenceNode:
		cursor, first := from, -1
		for _, item := range node.Content {
			next := l.place(item, cursor)
			if item.Line > 0 && first < 0 {
				first = l.lineStarts[item.Line-1] + item.Column - 1
			}
			cursor = max(cursor, next)
		}
		if first >= 0 {
			node.Line, node.Column = l.position(first)
		}
		return cursor
	case yaml.ScalarNode:
		if node.Tag != "!!str" || node.Value == "" {
			return from
		}
		if at := l.find("("+regexp.QuoteMeta(node.Value)+")", from); at >= 0 {
			node.Line, node.Column = l.position(at)
			return at + len(node.Value)
		}
	}
	return from
}

// keyPattern matches an object key as written in JavaScript: bare or
// quoted, followed by a colon (or, for shorthand properties, by a comma or
// brace). Its group is the key itself, quotes included.
func keyPattern(key string) string {
	q := regexp.QuoteMeta(key)
	return `(?:^|[^\w$])(` + q + `|'` + q + `'|"` + q + `")\s*[:,}\n]`
}

// find returns the offset of the first group of pattern's first match at
// or after from, or -1.
func (l locator) find(pattern string, from int) int {
	if from > len(l.source) {
		return -1
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return -1
	}
	loc := re.FindStringSubmatchIndex(l.source[from:])
	if loc == nil {
		return -1
	}
	return from + loc[2]
}
