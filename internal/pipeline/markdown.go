package pipeline

import (
	"bytes"
	"fmt"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/markdown"
)

// rendered is what the Markdown stage hands on: each body's render, and
// each doc's title, which needs its first heading.
type rendered struct {
	// results holds each doc's and page's render, by renderKey: generated
	// FHIR pages share a source file, so the file cannot be the key.
	results map[string]*markdown.Result
	titles  map[*content.Doc]string
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
	// page is the standalone page rendered (nil for a doc).
	page *content.Page
	// author is the body as written, read for the content checks (nil
	// when the page is not checked).
	author *authorText
}

// renderMarkdown renders every doc and page across all workers.
func (b *builder) renderMarkdown(site *loaded) *rendered {
	var jobs []renderJob
	resolver := newMarkdownLinkResolver(site.content, site.cfg)
	for _, v := range site.content.Versions {
		for _, d := range v.Docs {
			jobs = append(jobs, renderJob{source: d.Source, body: d.Body, bodyLine: d.BodyLine, version: v.Name,
				versionOf: v, resolve: resolver.forFile(d.Source, v), doc: d})
		}
	}
	for _, p := range site.content.Pages {
		jobs = append(jobs, renderJob{source: p.Source, body: p.Body, bodyLine: p.BodyLine, resolve: resolver.forFile(p.Source, nil), page: p})
	}
	results := make([]*markdown.Result, len(jobs))
	cache := b.opts.cache
	var structure [32]byte
	if cache != nil {
		structure = structureKey(site)
		cache.begin()
		defer cache.end()
	}
	b.parallel(len(jobs), func(i int) {
		j := &jobs[i]
		b.inspectAuthorText(site, j)
		body, fileLines, ds := site.fhir.expand(j)
		b.diags.Add(ds...)
		j.body, j.fileLines = body, fileLines
		var key [32]byte
		if cache != nil {
			key = markdownKey(structure, j)
			if res, ok := cache.lookup(key); ok {
				results[i] = res
				return
			}
		}
		res, err := b.md.Render(j.body, b.renderContext(site, j, resolver))
		if err != nil {
			b.diags.Add(diag.Diagnostic{File: j.source, Severity: diag.Error, Message: "render Markdown: " + err.Error()})
			return
		}
		// A page that read other files (partials, assets) may change when
		// they do, which the key does not see: it is not cached.
		if cache != nil && len(res.Partials) == 0 && len(res.Assets) == 0 {
			cache.store(key, res)
		}
		results[i] = res
	})
	b.checkContent(site, jobs)
	out := &rendered{results: make(map[string]*markdown.Result, len(jobs)), titles: map[*content.Doc]string{},
		assets: assetFiles(results, site.cfg.BaseURL)}
	for i, j := range jobs {
		if results[i] != nil {
			out.results[renderKey(j.source, j.doc)] = results[i]
			b.reportMarkdownLinks(site.cfg, j, results[i])
			b.diags.Add(results[i].Diagnostics...)
		}
		if j.doc != nil {
			out.titles[j.doc] = docTitle(j.doc, results[i])
		}
	}
	return out
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
