package pipeline

import (
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/csp"
	"github.com/portaldocs/portal/internal/deploy"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/policy"
	"github.com/portaldocs/portal/internal/precompress"
	"github.com/portaldocs/portal/internal/route"
)

// WithPrecompress writes .br and .gz siblings of the output's compressible
// files at quality q once the output is complete (package precompress).
func WithPrecompress(q precompress.Quality) Option {
	return func(o *options) { o.precompress = &q }
}

// emitDeploy writes the security headers and the host configuration for
// nginx and static hosts (package deploy). The Content-Security-Policy
// allows the inline code of every HTML file written (Output.add scans them),
// so a lazy build, which renders pages only when asked, writes none.
func (b *builder) emitDeploy(out *Output, cfg *config.Site, m *route.Manifest, lazy *lazyPages) {
	if lazy != nil {
		return
	}
	headers := policy.SecurityHeaders(cfg.URL, csp.Policy(out.inline.Hashes()))
	for name, data := range deploy.Files(deploy.Site{Manifest: m, Headers: headers}) {
		out.add(name, data)
	}
}

// precompressOutput writes the compressed siblings of a finished output in
// its folder, reusing the previous output's siblings of unchanged files, or
// the user's cache's, and adds them to the output's files.
func (b *builder) precompressOutput(out *Output) {
	q := b.opts.precompress
	if q == nil || out == nil || b.diags.HasErrors() || b.ctx.Err() != nil {
		return
	}
	if _, err := precompress.Dir(b.ctx, out.dir, out.prev, *q, precompress.DefaultCache()); err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: "compress the output: " + err.Error()})
		return
	}
	for _, name := range out.Files() {
		for _, enc := range policy.Encodings {
			out.adopt(name + enc.Suffix)
		}
	}
}
