package pipeline

import (
	"context"
	"fmt"
	"io/fs"
	"path"
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

	mu      sync.Mutex
	modules map[string]*siteModule
}

type siteModule struct {
	once    sync.Once
	exports []byte
	ok      bool
}

func newSiteModules(ctx context.Context, site fs.FS, env docusaurus.Env, diags *diag.List) *siteModules {
	return &siteModules{ctx: ctx, site: site, env: env, diags: diags, modules: map[string]*siteModule{}}
}

// exports answers markdown.RenderContext.ModuleExports for a page file: the
// module an import names (relative to the page, or @site/…), evaluated.
// A module that cannot be evaluated is reported once, at its file.
func (m *siteModules) exports(page, source string) ([]byte, string, bool) {
	target := path.Join(path.Dir(page), source)
	if rest, ok := strings.CutPrefix(source, "@site/"); ok {
		target = path.Clean(rest)
	}
	file, ok := docusaurus.FindModule(m.site, target)
	if !ok {
		return nil, "", false
	}
	m.mu.Lock()
	mod := m.modules[file]
	if mod == nil {
		mod = &siteModule{}
		m.modules[file] = mod
	}
	m.mu.Unlock()
	mod.once.Do(func() {
		data, ds := docusaurus.EvaluateModule(m.ctx, m.site, file, docusaurus.Options{Env: m.env})
		if len(ds) > 0 {
			for _, d := range ds {
				d.Severity = diag.Warning
				d.Message = fmt.Sprintf("%s (imported by MDX pages for its values, which are left out)", d.Message)
				m.diags.Add(d)
			}
			return
		}
		mod.exports, mod.ok = data, true
	})
	return mod.exports, file, mod.ok
}
