package pipeline

import (
	"fmt"
	"slices"

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
	return WithPrecompressPolicy(fmt.Sprintf("all b%d g%d", q.Brotli, q.Gzip), precompress.All(q))
}

// WithPrecompressPolicy writes .br and .gz siblings of the output's
// compressible files, each at the quality policy gives its name (for
// example precompress.ThemeBest(ThemeDir)); name identifies the policy.
func WithPrecompressPolicy(name string, policy precompress.Policy) Option {
	return func(o *options) { o.precompress, o.precompressName = policy, name }
}

// ThemeDir is the output folder of the theme's files, which are named by
// their content and the same in every build of one Portal version.
const ThemeDir = themeDir

// emitDeploy writes the security headers and the host configuration for
// nginx and static hosts (package deploy). The Content-Security-Policy
// allows the inline code of every HTML file written (Output.add scans them),
// so a lazy build, which renders pages only when asked, writes none.
func (b *builder) emitDeploy(out *Output, cfg *config.Site, m *route.Manifest, lazy *lazyPages) {
	if lazy != nil || b.opts.locale != "" {
		return // a locale's build is part of the default one's output, whose files cover it
	}
	headers := policy.SecurityHeaders(cfg.URL, csp.Policy(out.inline.Hashes()))
	for name, data := range deploy.Files(deploy.Site{Manifest: b.withLocaleRoutes(m), Headers: headers}) {
		out.add(name, data)
	}
}

// precompressOutput writes the compressed siblings of a finished output in
// its folder, reusing the previous output's siblings of unchanged files, or
// the user's cache's, and adds them to the output's files.
func (b *builder) precompressOutput(out *Output) {
	quality := b.opts.precompress
	if quality == nil || out == nil || b.diags.HasErrors() || b.ctx.Err() != nil {
		return
	}
	b.stage(StagePrecompress, func() { b.precompressWith(out, quality) })
}

// precompressWith compresses out's files at quality, reusing the previous
// output's siblings when the same policy made them.
func (b *builder) precompressWith(out *Output, quality precompress.Policy) {
	// The previous output's siblings are reused only when the build store
	// says the same policy made them: a build with another --compress must
	// write what a build without a previous output writes.
	prev, stamp := "", b.memo.precompressKey(out.target)
	records := b.memo.precompressRecordsKey(out.target)
	known := precompress.Known{Kept: out.keptNow()}
	if b.store.Persistent() {
		if used, ok := b.memo.precompress.Get(stamp); ok && used == b.opts.precompressName {
			prev = out.prev
			known.Records, _ = b.memo.precompressRecords.Get(records) // nil when the store has nothing
		}
	}
	files := slices.DeleteFunc(out.Files(), out.isCopy)
	stats, err := precompress.FilesFrom(b.ctx, out.dir, prev, files, known, quality, precompress.DefaultCache())
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: "compress the output: " + err.Error()})
		return
	}
	if b.store.Persistent() {
		// Only optimisations: without them the next build compresses again,
		// or looks at every sibling.
		_ = b.memo.precompress.Put(stamp, b.opts.precompressName)
		_ = b.memo.precompressRecords.Replace(records, stats.Records)
	}
	out.adopt(stats.Siblings)
	linked, err := out.linkCopySiblings()
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: "compress the output: " + err.Error()})
	}
	out.adopt(linked)
}
