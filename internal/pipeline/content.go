package pipeline

import (
	"fmt"
	"time"

	"github.com/portaldocs/portal/internal/buildcache"
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
//
// A persistent build store keeps each page's findings (checkRecord): a
// page whose text and FHIR inputs did not change is not read again, and
// the checks that compare pages get what the store kept of it.
func (b *builder) inspectAuthorText(site *loaded, j *renderJob) {
	if j.doc != nil {
		if j.doc.Version.Name != content.CurrentVersion {
			return
		}
		if p := site.fhir.byDoc[j.doc]; p != nil && p.ProseFile == "" {
			return
		}
	}
	if key, ok := b.checksKey(site, j); ok {
		j.checksKey = key
		if rec, ok := b.recallChecks(key); ok {
			j.checked = rec
			return
		}
	}
	j.author = &authorText{
		outline: b.md.Inspect(j.body, markdown.RenderContext{File: j.source, LineOffset: j.bodyLine,
			MDX: site.cfg.Markdown.IsMDX(j.source)}),
		body: j.body, line: j.bodyLine + 1,
	}
}

// contentChecker runs the checks that compare pages with the site's FHIR
// data, and the content lint, over every page read by inspectAuthorText,
// page by page in site order as the Markdown workers read them (give),
// on a goroutine of its own, so that only the pages in flight are in
// memory: the checks that compare pages keep what they compare, not the
// pages.
type contentChecker struct {
	b    *builder
	site *loaded
	fhir *fhir.PageChecker
	lint *lint.Checker

	given chan givenJob
	done  chan struct{}
	total int
	// checked counts the jobs checked, read after done is closed.
	checked int
}

// givenJob is job i of the Markdown stage, with what the checks read.
type givenJob struct {
	i   int
	job *renderJob
}

func (b *builder) newContentChecker(site *loaded, jobs int) *contentChecker {
	opts := lint.Options{Today: b.opts.today}
	if opts.Today.IsZero() {
		opts.Today = time.Now()
	}
	for _, d := range site.cfg.FHIR.Dependencies {
		opts.Guides = append(opts.Guides, lint.Guide{Package: d.Package, Version: d.Version})
	}
	c := &contentChecker{b: b, site: site, fhir: site.fhir.site.NewPageChecker(), lint: lint.NewChecker(opts),
		given: make(chan givenJob, 64), done: make(chan struct{}), total: jobs}
	go c.run()
	return c
}

// give hands over job i once its worker has read its author text (which
// may be nil), before it renders the page; the worker's job lets go of the
// author text.
func (c *contentChecker) give(i int, j *renderJob) {
	c.given <- givenJob{i, &renderJob{source: j.source, doc: j.doc, page: j.page, author: j.author, dated: j.dated,
		checksKey: j.checksKey, checked: j.checked}}
	j.author, j.checked = nil, nil
}

// run checks the jobs in order as they are given: those finished ahead of
// an earlier one wait for it.
func (c *contentChecker) run() {
	defer close(c.done)
	pending := map[int]*renderJob{}
	for g := range c.given {
		pending[g.i] = g.job
		for {
			job, ok := pending[c.checked]
			if !ok {
				break
			}
			delete(pending, c.checked)
			c.checked++
			c.check(job)
		}
	}
}

// check runs every check on one page, or replays what the store kept of
// them (checkRecord): the page's own findings, and what the checks that
// compare pages need of it.
func (c *contentChecker) check(j *renderJob) {
	rec := j.checked
	if rec == nil {
		if j.author == nil {
			return
		}
		rec = c.checkPage(j)
		if j.checksKey != (buildcache.Key{}) {
			c.b.rememberChecks(j.checksKey, rec)
		}
	}
	c.b.diags.Add(rec.Diags...)
	c.b.diags.Add(c.fhir.Compare(rec.Shown)...)
	c.lint.Add(rec.Mentions)
}

// checkPage runs the checks that read one page alone.
func (c *contentChecker) checkPage(j *renderJob) *checkRecord {
	site := c.site
	ignored := lint.Ignores(j.author.body, j.author.line)
	fm := j.frontMatter()
	var generated *fhir.Page
	docID := ""
	if j.doc != nil {
		generated, docID = site.fhir.byDoc[j.doc], j.doc.ID
	}
	apis, diags := site.fhir.site.PageAPIs(j.source, docID, generated, fm.Extra[fhir.FrontMatterAPIKey], fm.Lines[fhir.FrontMatterAPIKey])
	fhirDiags, shown := c.fhir.Check(fhir.PageText{File: j.source, Outline: j.author.outline, APIs: apis, Ignored: ignored})
	lintDiags, mentions := c.lint.Check(lint.Page{File: j.source, Outline: j.author.outline, Body: j.author.body,
		FirstLine: j.author.line, Dated: j.dated, Ignored: ignored})
	diags = append(append(diags, fhirDiags...), lintDiags...)
	return &checkRecord{Diags: diags, Shown: shown, Mentions: mentions}
}

// finish waits for every page given to be checked, then runs the checks
// that compare pages. Every job must have been given, unless the build was
// cancelled (which leaves the rest unchecked).
func (c *contentChecker) finish() {
	close(c.given)
	<-c.done
	if c.checked < c.total && c.b.ctx.Err() == nil {
		panic(fmt.Sprintf("content checks: %d of %d pages given", c.checked, c.total))
	}
	c.b.diags.Add(c.lint.Finish()...)
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
