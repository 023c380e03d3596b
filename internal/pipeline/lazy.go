package pipeline

import (
	"context"
	"fmt"
	"sync"

	"github.com/portaldocs/portal/internal/diag"
)

// lazyPages are the pages of a lazily prerendered build (WithLazyPrerender),
// by output file name, each rendered the first time it is asked for, with
// the data its own build shares.
type lazyPages struct {
	pages  *pageRenderer
	byFile map[string]*builtPage

	mu   sync.Mutex
	html map[string][]byte
}

// RenderPage returns the HTML of the page the output file name holds
// ("docs/intro/index.html", "404.html"), prerendering it on first use with
// ctx, the request's. ok is false when the build has no such page. It is
// safe for concurrent use. A build without WithLazyPrerender has every
// page in its output already.
func (r *Result) RenderPage(ctx context.Context, file string) (html []byte, ok bool, err error) {
	if r.lazy == nil {
		return nil, false, nil
	}
	return r.lazy.page(ctx, file)
}

func (l *lazyPages) page(ctx context.Context, file string) ([]byte, bool, error) {
	p, ok := l.byFile[file]
	if !ok {
		return nil, false, nil
	}
	l.mu.Lock()
	html, done := l.html[file]
	l.mu.Unlock()
	if done {
		return html, true, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, true, err
	}
	var diags diag.List
	html, rendered := l.pages.render(ctx, &diags, p)
	if !rendered {
		if err := ctx.Err(); err != nil {
			return nil, true, err // the request ended: nothing is wrong with the page
		}
		return nil, true, fmt.Errorf("prerender %s: %s", file, joinDiagnostics(diags.Items()))
	}
	l.mu.Lock()
	if l.html == nil {
		l.html = map[string][]byte{}
	}
	l.html[file] = html
	l.mu.Unlock()
	return html, true, nil
}

func joinDiagnostics(ds []diag.Diagnostic) string {
	s := ""
	for i, d := range ds {
		if i > 0 {
			s += "; "
		}
		s += d.String()
	}
	return s
}
