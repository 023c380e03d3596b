package pipeline

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/docusaurus"
)

// siteModules evaluates the site's JavaScript modules that MDX pages import
// for their values (a constants file a page's tabs read their labels
// from), each once per build, whichever pages import it.
type siteModules struct {
	ctx   context.Context
	site  fs.FS
	env   docusaurus.Env
	diags *diag.List

	failures *moduleFailures

	mu          sync.Mutex
	modules     map[string]*siteModule
	expressions map[string]*siteModule
}

// moduleFailures reports why a site module cannot be built or run once,
// whether pages import it for its values or its components.
type moduleFailures struct {
	diags *diag.List
	mu    sync.Mutex
	seen  map[string]bool
}

// moduleFailureEffect is what the pages that import a failed module do
// without it.
const moduleFailureEffect = " (the MDX pages that import it show its components' children and leave out its values)"

func newModuleFailures(diags *diag.List) *moduleFailures {
	return &moduleFailures{diags: diags, seen: map[string]bool{}}
}

func (f *moduleFailures) report(ds []diag.Diagnostic) {
	f.add(ds, moduleFailureEffect)
}

// warn reports what a module's bundle warned of (its Sass), once for the
// site: modules that import one stylesheet share its warnings.
func (f *moduleFailures) warn(ds []diag.Diagnostic) {
	f.add(ds, "")
}

func (f *moduleFailures) add(ds []diag.Diagnostic, effect string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, d := range ds {
		key := fmt.Sprintf("%s:%d:%s", d.File, d.Line, d.Message)
		if f.seen[key] {
			continue
		}
		f.seen[key] = true
		d.Severity = diag.Warning
		d.Message += effect
		f.diags.Add(d)
	}
}

type siteModule struct {
	once    sync.Once
	exports []byte
	ok      bool
}

func newSiteModules(ctx context.Context, site fs.FS, env docusaurus.Env, diags *diag.List) *siteModules {
	return &siteModules{ctx: ctx, site: site, env: env, diags: diags, failures: newModuleFailures(diags), modules: map[string]*siteModule{}, expressions: map[string]*siteModule{}}
}

// exports answers markdown.RenderContext.ModuleExports for a page file: the
// module an import names (relative to the page, or @site/…), evaluated.
// A module that cannot be evaluated is reported once, at its file.
func (m *siteModules) exports(page, source string) ([]byte, string, bool) {
	file, ok := m.find(page, source)
	if !ok {
		return nil, "", false
	}
	mod := m.entry(m.modules, file)
	mod.once.Do(func() {
		data, ds := docusaurus.EvaluateModule(m.ctx, m.site, file, docusaurus.Options{Env: m.env})
		if len(ds) > 0 {
			m.failures.report(ds)
			return
		}
		mod.exports, mod.ok = data, true
	})
	return mod.exports, file, mod.ok
}

// expression answers markdown.RenderContext.ModuleExpression: the value
// of an expression over a module's exports, computed once per build for
// each module, bindings and text. One that cannot be computed is left to
// the page, which says what it shows instead.
func (m *siteModules) expression(page, source string, bindings map[string]string, expr string) ([]byte, string, bool) {
	file, ok := m.find(page, source)
	if !ok {
		return nil, "", false
	}
	names := slices.Sorted(maps.Keys(bindings))
	key := file + "\x00" + expr
	for _, name := range names {
		key += "\x00" + name + "=" + bindings[name]
	}
	value := m.entry(m.expressions, key)
	value.once.Do(func() {
		data, ds := docusaurus.EvaluateExpression(m.ctx, m.site, file, docusaurus.Options{Env: m.env}, bindings, expr)
		value.exports, value.ok = data, len(ds) == 0
	})
	return value.exports, file, value.ok
}

// find is the file an import names: relative to the page, or @site/….
func (m *siteModules) find(page, source string) (string, bool) {
	target := path.Join(path.Dir(page), source)
	if rest, ok := strings.CutPrefix(source, "@site/"); ok {
		target = path.Clean(rest)
	}
	return docusaurus.FindModule(m.site, target)
}

func (m *siteModules) entry(entries map[string]*siteModule, key string) *siteModule {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := entries[key]
	if e == nil {
		e = &siteModule{}
		entries[key] = e
	}
	return e
}
