package pipeline

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/components"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/markdown"
)

// rendered is what the Markdown stage hands on: each body's render, and
// each doc's title, which needs its first heading. The renders' HTML is in
// the build's store, not here (builtPage.contentHTML reads it): the site's
// HTML is never in memory at once.
type rendered struct {
	// results holds each doc's and page's render without its HTML, by
	// renderKey: generated FHIR pages share a source file, so the file
	// cannot be the key.
	results map[string]*markdown.Result
	// html is where each render's HTML is in the store, by renderKey.
	html   map[string]buildcache.Key
	titles map[*content.Doc]string
	// assets are the files pages link to or show by a relative path
	// (MDX), by output name (without the base URL) → site file.
	assets map[string]string
}

// doc is a doc's render, nil when it failed.
func (r *rendered) doc(d *content.Doc) *markdown.Result { return r.results[docKey(d)] }

// page is a standalone page's render, nil when it failed.
func (r *rendered) page(p *content.Page) *markdown.Result { return r.results[pageKey(p.Source)] }

// title is a doc's title: front matter title, else its first h1, else the
// last segment of its id.
func (r *rendered) title(d *content.Doc) string { return r.titles[d] }

// renderJob is one Markdown source to render.
type renderJob struct {
	source   string
	body     []byte
	bodyLine int
	version  string
	// versionOf is the doc's version (nil for a standalone page).
	versionOf *content.Version
	resolve   func(string) (string, bool)
	// doc is the doc rendered (nil for a standalone page); fileLines maps
	// body lines to file lines once FHIR directives are expanded.
	doc       *content.Doc
	fileLines []int
	// page is the standalone page or blog post rendered (nil for a doc).
	page *content.Page
	// excerpt marks the render of a blog post's excerpt (the body before
	// its truncate marker): its post's own render reports what it finds.
	excerpt bool
	// linkBase is the URL a blog post's relative links resolve from.
	linkBase string
	// dated marks a blog post: what it says holds as of its date.
	dated bool
	// author is the body as written, read for the content checks (nil
	// when the page is not checked, or when checked holds its findings).
	author *authorText
	// checksKey is the store key of the page's findings (zero when the
	// build keeps none); checked is what the store kept under it.
	checksKey buildcache.Key
	checked   *checkRecord
}

// renderMarkdown renders every doc and page across all workers, or takes
// the render from the build cache when the same body was rendered before
// in the same site structure by the same engine. Each render goes to the
// store (memos.markdown, memos.markdownHTML) and only its HTML-less part
// stays in memory.
func (b *builder) renderMarkdown(site *loaded) *rendered {
	var jobs []renderJob
	resolver := newMarkdownLinkResolver(site.content, site.blog, site.cfg)
	for _, v := range site.content.Versions {
		for _, d := range v.Docs {
			jobs = append(jobs, renderJob{source: d.Source, bodyLine: d.BodyLine, version: v.Name,
				versionOf: v, resolve: resolver.forFile(d.Source, v), doc: d})
		}
	}
	for _, p := range site.content.Pages {
		jobs = append(jobs, renderJob{source: p.Source, body: p.Body, bodyLine: p.BodyLine, resolve: resolver.forFile(p.Source, nil), page: p})
	}
	jobs = append(jobs, blogJobs(site, resolver)...)
	results := make([]*markdown.Result, len(jobs))
	htmlKeys := make([]buildcache.Key, len(jobs))
	structure := structureKey(site)
	checks := b.newContentChecker(site, len(jobs))
	b.parallel(len(jobs), b.counted(StageMarkdown, len(jobs), func(i int) {
		j := &jobs[i]
		if j.doc != nil {
			// Read now, not when the site was loaded: only the bodies of the
			// pages in flight are in memory.
			body, err := j.doc.ReadBody(b.site)
			if err != nil {
				b.diags.Add(diag.Diagnostic{File: j.source, Severity: diag.Error, Message: err.Error()})
				checks.give(i, j)
				return
			}
			j.body = body
		}
		if !j.excerpt {
			b.inspectAuthorText(site, j)
		}
		// The checks read the text as written, not its render: a changed
		// page is checked while it renders.
		checks.give(i, j)
		expansionKey, memo := b.expansionKey(site, structure, j)
		if memo {
			// A body whose FHIR inputs did not change expands as before: its
			// render is taken by the key the expansion had.
			if e, ok := b.memo.fhirExpansion.Get(expansionKey); ok {
				storeKey := b.memo.markdownStoreKey(e.Render, b.components)
				if res, ok := b.cachedMarkdown(storeKey); ok && len(res.Partials) == 0 && len(res.Assets) == 0 {
					b.diags.Add(e.Diags...)
					results[i], htmlKeys[i] = res, storeKey
					return
				}
			}
		}
		body, fileLines, ds := site.fhir.expand(j)
		b.diags.Add(ds...)
		j.body, j.fileLines = body, fileLines
		key := markdownKey(structure, j)
		if memo {
			// Only an optimisation: a store that cannot keep it expands again.
			_ = b.memo.fhirExpansion.Put(expansionKey, expansion{Render: key, Diags: ds})
		}
		storeKey := b.memo.markdownStoreKey(key, b.components)
		if b.store.Persistent() {
			// A render that read other files (partials, assets) may change
			// when they do, which the key does not see: it is rendered again.
			if res, ok := b.cachedMarkdown(storeKey); ok && len(res.Partials) == 0 && len(res.Assets) == 0 {
				results[i], htmlKeys[i] = res, storeKey
				return
			}
		}
		res, err := b.md.Render(j.body, b.renderContext(site, j, resolver))
		if err != nil {
			b.diags.Add(diag.Diagnostic{File: j.source, Severity: diag.Error, Message: "render Markdown: " + err.Error()})
			return
		}
		if components.Has(res.HTML) {
			var assembled bool
			if res.HTML, assembled = b.assembleComponents(j.source, res.HTML); !assembled {
				return
			}
			// The theme's markup has ids of its own (a tab panel's).
			res.Anchors = markdown.HTMLIDs(res.HTML)
			for _, name := range slices.Compact(slices.Sorted(slices.Values(takeLayout(res)))) {
				res.Diagnostics = append(res.Diagnostics, diag.Diagnostic{File: j.source, Severity: diag.Warning,
					Message: fmt.Sprintf("<%s> in a <Head> of the page's components is left out: Portal adds its <title>, <meta> and <link> tags to the page's head", name),
					Hint:    "keep only <title>, <meta> and <link> in <Head>"})
			}
		}
		results[i], htmlKeys[i] = b.keepMarkdown(storeKey, res)
		j.body = nil
	}))
	checks.finish()
	out := &rendered{results: make(map[string]*markdown.Result, len(jobs)), html: make(map[string]buildcache.Key, len(jobs)),
		titles: map[*content.Doc]string{}, assets: assetFiles(results, site.cfg.BaseURL)}
	for i, j := range jobs {
		if results[i] != nil {
			out.results[j.key()] = results[i]
			out.html[j.key()] = htmlKeys[i]
			if !j.excerpt {
				b.reportMarkdownLinks(site.cfg, j, results[i])
				b.diags.Add(results[i].Diagnostics...)
			}
		}
		if j.doc != nil {
			out.titles[j.doc] = docTitle(j.doc, results[i])
		}
	}
	return out
}

// highlightMemo keeps code blocks' tokens in the build store
// (memos.highlight): an edited page lexes only its changed blocks.
type highlightMemo struct{ m *memos }

// Recall returns a block's tokens as Keep recorded them.
func (h highlightMemo) Recall(language, code string) ([]byte, bool) {
	return h.m.highlight.Get(h.m.highlightKey(language, code))
}

// Keep records a block's tokens; a store that cannot write them only
// costs the next build the lexing.
func (h highlightMemo) Keep(language, code string, tokens []byte) {
	_ = h.m.highlight.Put(h.m.highlightKey(language, code), tokens)
}

// keepMarkdown puts a render in the store and returns it without its HTML,
// with the key its HTML is kept under. A store that cannot be written fails
// the build: the HTML would be lost.
func (b *builder) keepMarkdown(key buildcache.Key, res *markdown.Result) (*markdown.Result, buildcache.Key) {
	fields := *res
	fields.HTML, fields.Markdown = "", ""
	err := b.memo.markdownHTML.Put(key, []byte(res.HTML))
	if err == nil {
		err = b.memo.markdownText.Put(key, []byte(res.Markdown))
	}
	if err == nil {
		err = b.memo.markdown.Put(key, &fields)
	}
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: err.Error(), Hint: "check the build cache folder (--cache) and the free disk space"})
	}
	return &fields, key
}

// cachedMarkdown reads a render's fields back from the store; its HTML
// stays there (markdownHTML), but must be there: the store keeps the
// entries a build touched. A damaged entry is rendered again.
func (b *builder) cachedMarkdown(key buildcache.Key) (*markdown.Result, bool) {
	res, ok := b.memo.markdown.Get(key)
	if !ok || res == nil || !b.memo.markdownHTML.Has(key) || !b.memo.markdownText.Has(key) {
		return nil, false
	}
	return res, true
}

// docTitle: front matter title, else the first h1, else the base id.
func docTitle(d *content.Doc, res *markdown.Result) string {
	if d.FrontMatter.Title != "" {
		return d.FrontMatter.Title
	}
	if res != nil && res.Title != "" {
		return res.Title
	}
	return lastSegment(d.ID)
}

func (b *builder) reportMarkdownLinks(cfg *config.Site, job renderJob, res *markdown.Result) {
	if cfg.OnBrokenMarkdownLinks == config.LevelIgnore {
		return
	}
	sev := diag.Warning
	if cfg.OnBrokenMarkdownLinks == config.LevelThrow {
		sev = diag.Error
	}
	for _, l := range res.UnresolvedMarkdownLinks {
		file := job.source
		if l.File != "" {
			file = l.File // written in a partial
		}
		b.diags.Add(diag.Diagnostic{File: file, Line: l.Line, Severity: sev,
			Message: fmt.Sprintf("Docs markdown link couldn't be resolved: (url=%s) in source file path=%s for version number=%s",
				l.Dest, file, job.version),
			Hint: "link to an existing .md file, relative to this file"})
	}
}

// containsDirective reports whether a body may hold FHIR directives:
// "::fhir-" leaf directives and ":fhir-value" text directives both contain
// ":fhir-".
func containsDirective(body []byte) bool { return bytes.Contains(body, []byte(":fhir-")) }

// key identifies the job's render.
func (j *renderJob) key() string {
	if j.excerpt {
		return excerptKey(j.source)
	}
	return renderKey(j.source, j.doc)
}

// excerptKey identifies the render of a blog post's excerpt.
func excerptKey(source string) string { return "excerpt\x00" + source }

// renderKey identifies one rendered body: a doc by version key and id, a
// standalone page by its file.
func renderKey(source string, doc *content.Doc) string {
	if doc != nil {
		return docKey(doc)
	}
	return pageKey(source)
}

func docKey(d *content.Doc) string { return "doc\x00" + d.Version.Key() + "\x00" + d.ID }

func pageKey(source string) string { return "page\x00" + source }

func lastSegment(id string) string {
	for i := len(id) - 1; i >= 0; i-- {
		if id[i] == '/' {
			return id[i+1:]
		}
	}
	return id
}
