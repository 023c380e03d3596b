package pipeline

import (
	"time"

	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/lint"
	"github.com/portaldocs/portal/internal/markdown"
)

// WithToday sets the date the content lint measures stale years against
// (default: the day the build runs), so tests do not age.
func WithToday(day time.Time) Option { return func(o *options) { o.today = day } }

// authorText is a page as its author wrote it, read for the content checks.
type authorText struct {
	outline *markdown.Outline
	body    []byte
	line    int // file line of the body's first line
}

// inspectAuthorText parses a job's body as written, before directives
// are expanded: the content checks are about what authors write, not
// about what the engine generates from data. Pages of the current docs
// version and standalone pages are read; a generated page only for its
// prose file, and older docs versions not at all (they describe the past).
func (b *builder) inspectAuthorText(site *loaded, j *renderJob) {
	if j.doc != nil {
		if j.doc.Version.Name != content.CurrentVersion {
			return
		}
		if p := site.fhir.byDoc[j.doc]; p != nil && p.ProseFile == "" {
			return
		}
	}
	j.author = &authorText{
		outline: b.md.Inspect(j.body, markdown.RenderContext{File: j.source, LineOffset: j.bodyLine,
			MDX: site.cfg.Markdown.IsMDX(j.source)}),
		body: j.body, line: j.bodyLine + 1,
	}
}

// checkContent runs the checks that compare pages with the site's FHIR
// data and the content lint over every page read by inspectAuthorText.
func (b *builder) checkContent(site *loaded, jobs []renderJob) {
	var fhirPages []fhir.PageText
	var lintPages []lint.Page
	for _, j := range jobs {
		if j.author == nil {
			continue
		}
		ignored := lint.Ignores(j.author.body, j.author.line)
		fm := j.frontMatter()
		var generated *fhir.Page
		docID := ""
		if j.doc != nil {
			generated, docID = site.fhir.byDoc[j.doc], j.doc.ID
		}
		apis, ds := site.fhir.site.PageAPIs(j.source, docID, generated, fm.Extra[fhir.FrontMatterAPIKey], fm.Lines[fhir.FrontMatterAPIKey])
		b.diags.Add(ds...)
		fhirPages = append(fhirPages, fhir.PageText{File: j.source, Outline: j.author.outline, APIs: apis, Ignored: ignored})
		lintPages = append(lintPages, lint.Page{File: j.source, Outline: j.author.outline, Body: j.author.body,
			FirstLine: j.author.line, Ignored: ignored})
	}
	// The two sets of checks read the same pages and share nothing else.
	done := make(chan struct{})
	go func() {
		defer close(done)
		b.diags.Add(site.fhir.site.CheckPages(fhirPages)...)
	}()
	defer func() { <-done }()
	opts := lint.Options{Today: b.opts.today}
	if opts.Today.IsZero() {
		opts.Today = time.Now()
	}
	for _, d := range site.cfg.FHIR.Dependencies {
		opts.Guides = append(opts.Guides, lint.Guide{Package: d.Package, Version: d.Version})
	}
	b.diags.Add(lint.Check(lintPages, opts)...)
}

// frontMatter is the front matter of the job's doc or page.
func (j *renderJob) frontMatter() content.FrontMatter {
	switch {
	case j.doc != nil:
		return j.doc.FrontMatter
	case j.page != nil:
		return j.page.FrontMatter
	}
	return content.FrontMatter{}
}
