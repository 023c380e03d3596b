package pipeline

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/precompress"
	"github.com/portaldocs/portal/internal/search"
)

// memos are every kind of entry a build keeps in its store, each with its
// value's type and codec, and each memo's key function beside it, whose
// parameters are what its key is made of. An entry is addressed by a
// SHA-256 of everything it depends on (buildcache.Hasher), so it is right
// for a build or never looked up. Every key but the content-addressed ones
// (a page's data file and its parts, by the file's own bytes) starts with
// the memo's kind and the engine's version (WithEngineVersion).
//
// The first four are the build's own working set: every build, cached or
// not, keeps its pages' renders and data in them between stages. The rest
// are read only from a store that outlives the build (Store.Persistent).
type memos struct {
	// markdown is a Markdown render without its HTML (CBOR), and
	// markdownHTML its HTML, under the same key: a rebuild reads every
	// page's fields but the HTML only of pages whose data changed.
	// Key (markdownStoreKey): the render's markdownKey and componentsKey.
	markdown     buildcache.Memo[*markdown.Result]
	markdownHTML buildcache.Memo[[]byte]
	// markdownText is the render's Result.Markdown (bytes), under the same
	// key, read only when the page's Markdown file is made.
	markdownText buildcache.Memo[[]byte]
	// pageMarkdown is a page's Markdown file (bytes). Key: the file's own
	// SHA-256 (buildcache.Sum).
	pageMarkdown buildcache.Memo[[]byte]
	// pageData is a page's data file, the JSON the output holds (bytes).
	// Key: the JSON's own SHA-256 (buildcache.Sum), which names the file.
	pageData buildcache.Memo[[]byte]
	// pageRender is the same data as the prerender and the page's
	// document take it (pageParts, CBOR). Key: the data file's key.
	pageRender buildcache.Memo[pageParts]

	// pageDataRef is which data file (its key) a page's data without its
	// content HTML gives, so an unchanged page is neither read nor encoded
	// again (CBOR). Key (pageDataRefKey).
	pageDataRef buildcache.Memo[buildcache.Key]
	// pageHTML is a page's document as the theme rendered it, before
	// finish (bytes). Key (pageHTMLKey).
	pageHTML buildcache.Memo[[]byte]
	// finishedPage is what a page's finished file was (CBOR). Key
	// (finishedPageKey).
	finishedPage buildcache.Memo[finishedPage]
	// outputFiles are the finished pages of the last output written to a
	// folder, by name (CBOR), one entry per folder, replaced by each
	// build. Key (outputFilesKey).
	outputFiles buildcache.Memo[map[string]outputRecord]
	// bytecode is the theme's server bundle compiled by QuickJS, checked
	// by its SHA-256 (the engine cannot check it). Key (bytecodeKey).
	bytecode buildcache.Memo[[]byte]
	// highlight is a code block's tokens as markdown.HighlightMemo keeps
	// them (its own encoding: each token's type and length), checked. Key
	// (highlightKey).
	highlight buildcache.Memo[[]byte]
	// search is a page's search analysis, in search's own encoding: its
	// postings stay undecoded until an index needs them
	// (search.Analysis.UnmarshalSummary). Key (searchKey).
	search buildcache.Memo[search.Analysis]
	// searchPostings is the search index's merged postings, in search's
	// own encoding, with the analysis key of each page they were merged
	// from (CBOR): one entry, replaced by every build. Key
	// (searchPostingsKey).
	searchPostings buildcache.Memo[keptPostings]
	// fhirValidation is what the FHIR folder's validation found (CBOR,
	// checked). Key (fhirValidationKey).
	fhirValidation buildcache.Memo[[]diag.Diagnostic]
	// fhirParsed is what the FHIR folder's files parsed to, in fhir's own
	// encoding (fhir.ParsedMemo): one entry per folder, replaced when a
	// file changes. Key (fhirParsedKey).
	fhirParsed buildcache.Memo[[]byte]
	// fhirExpansion is what expanding a body's FHIR directives made (CBOR,
	// checked). Key (expansionKey).
	fhirExpansion buildcache.Memo[expansion]
	// contentChecks is what a page's content checks found (CBOR). Key
	// (checksKey).
	contentChecks buildcache.Memo[*checkRecord]
	// postman is an API's Postman collection, checked. Key (postmanKey).
	postman buildcache.Memo[[]byte]
	// precompress is the name of the policy that compressed an output
	// folder's siblings. Key (precompressKey).
	precompress buildcache.Memo[string]
	// precompressRecords is what the last build into an output folder
	// recorded of its compressed files and their siblings (CBOR, checked),
	// one entry per folder, replaced by each build. Key
	// (precompressRecordsKey).
	precompressRecords buildcache.Memo[map[string]precompress.Record]
}

// newMemos are the memos of store, by this engine.
func newMemos(store *buildcache.Store, engine string) *memos {
	bytes, checkedBytes := buildcache.Bytes{}, buildcache.Checked[[]byte]{Codec: buildcache.Bytes{}}
	return &memos{
		markdown:       buildcache.NewMemo[*markdown.Result](store, "markdown", buildcache.CBOR[*markdown.Result]{}, engine),
		markdownHTML:   buildcache.NewMemo[[]byte](store, "markdown-html", bytes, engine),
		markdownText:   buildcache.NewMemo[[]byte](store, "markdown-text", bytes, engine),
		pageMarkdown:   buildcache.NewMemo[[]byte](store, "page-markdown", bytes, engine),
		pageData:       buildcache.NewMemo[[]byte](store, "page-data", bytes, engine),
		pageRender:     buildcache.NewMemo[pageParts](store, "page-render", buildcache.CBOR[pageParts]{}, engine),
		pageDataRef:    buildcache.NewMemo[buildcache.Key](store, "page-data-ref", buildcache.CBOR[buildcache.Key]{}, engine),
		pageHTML:       buildcache.NewMemo[[]byte](store, "page-html", bytes, engine),
		finishedPage:   buildcache.NewMemo[finishedPage](store, "finished-page", buildcache.CBOR[finishedPage]{}, engine),
		outputFiles:    buildcache.NewMemo[map[string]outputRecord](store, "output-files", buildcache.CBOR[map[string]outputRecord]{}, engine),
		bytecode:       buildcache.NewMemo[[]byte](store, "bytecode", checkedBytes, engine),
		highlight:      buildcache.NewMemo[[]byte](store, "highlight", checkedBytes, engine),
		search:         buildcache.NewMemo[search.Analysis](store, "search", analysisCodec, engine),
		searchPostings: buildcache.NewMemo[keptPostings](store, "search-postings", buildcache.CBOR[keptPostings]{}, engine),
		fhirValidation: buildcache.NewMemo[[]diag.Diagnostic](store, "fhir-validation",
			buildcache.Checked[[]diag.Diagnostic]{Codec: buildcache.CBOR[[]diag.Diagnostic]{}}, engine),
		fhirParsed:    buildcache.NewMemo[[]byte](store, "fhir-parsed", bytes, engine),
		fhirExpansion: buildcache.NewMemo[expansion](store, "fhir-expansion", buildcache.Checked[expansion]{Codec: buildcache.CBOR[expansion]{}}, engine),
		contentChecks: buildcache.NewMemo[*checkRecord](store, "content-checks", buildcache.CBOR[*checkRecord]{}, engine),
		postman:       buildcache.NewMemo[[]byte](store, "postman", checkedBytes, engine),
		precompress:   buildcache.NewMemo[string](store, "precompress", buildcache.String{}, engine),
		precompressRecords: buildcache.NewMemo[map[string]precompress.Record](store, "precompress-records",
			buildcache.Checked[map[string]precompress.Record]{Codec: buildcache.CBOR[map[string]precompress.Record]{}}, engine),
	}
}

// analysisCodec keeps a search analysis in search's encoding, whose
// postings UnmarshalSummary leaves undecoded: a rebuild that patches the
// kept postings decodes only the changed pages'. The store's CRC-32C is
// the check UnmarshalSummary asks of its input.
var analysisCodec = buildcache.Funcs[search.Analysis]{
	Enc: search.Analysis.MarshalBinary,
	Dec: func(data []byte) (search.Analysis, error) {
		var a search.Analysis
		err := a.UnmarshalSummary(data)
		return a, err
	},
}

// markdownKey of one Markdown render: the site's structure (which decides
// where its .md links resolve), the file, where its body starts, the file
// line of each body line, and the body as rendered (directives expanded).
// An expansion keeps it (expansion.Render) to find its render again.
func markdownKey(structure [32]byte, j *renderJob) [32]byte {
	h := buildcache.NewHasher().AddKey(structure).AddString(j.source).AddString(strconv.Itoa(j.bodyLine))
	var lines strings.Builder
	for _, l := range j.fileLines {
		lines.WriteString(strconv.Itoa(l) + ",")
	}
	return h.AddString(lines.String()).Add(j.body).Key()
}

// markdownStoreKey is where markdown and markdownHTML keep the render of
// markdownKey render, whose HTML holds the theme's markup of its
// components (componentsKey).
func (m *memos) markdownStoreKey(render [32]byte, components buildcache.Key) buildcache.Key {
	return m.markdown.Key().AddKey(render).AddKey(components).Key()
}

// structureKey fingerprints the site's docs and pages (files, ids and
// permalinks), what .md links resolve against, and the config's settings
// every render reads (the base URL, renderSettings).
func structureKey(site *loaded) [32]byte {
	var entries []string
	for _, v := range site.content.Versions {
		for _, d := range v.Docs {
			entries = append(entries, v.Key()+"\x00"+d.Source+"\x00"+d.ID+"\x00"+d.Permalink)
		}
	}
	for _, p := range site.content.Pages {
		entries = append(entries, "\x00"+p.Source+"\x00"+p.Permalink)
	}
	if site.blog != nil {
		for _, p := range site.blog.Posts {
			entries = append(entries, "\x00blog\x00"+p.Source+"\x00"+p.Permalink)
		}
	}
	sort.Strings(entries)
	h := buildcache.NewHasher().AddString(site.cfg.BaseURL).AddString(renderSettings(site.cfg))
	for _, e := range entries {
		h.AddString(e)
	}
	return h.Key()
}

// renderSettings are the config's values a Markdown render depends on (MDX
// or not, TOCInline's levels, trailing slashes).
func renderSettings(cfg *config.Site) string {
	toc := cfg.ThemeConfig.TableOfContents
	trailing := "unset"
	if cfg.TrailingSlash != nil {
		trailing = strconv.FormatBool(*cfg.TrailingSlash)
	}
	return fmt.Sprintf("\x00%s\x00%d\x00%d\x00%s\x00", cfg.Markdown.Format, toc.MinHeadingLevel, toc.MaxHeadingLevel, trailing)
}

// pageDataRefKey: the page's data as JSON without its content HTML, the
// key of its Markdown render's HTML (nil for a page without Markdown), and
// the edits made to that HTML (docCards).
func (m *memos) pageDataRefKey(leanData []byte, html []byte, htmlEdits []string) buildcache.Key {
	h := m.pageDataRef.Key().Add(leanData).Add(html)
	for _, e := range htmlEdits {
		h.AddString(e)
	}
	return h.Key()
}

// pageRendererKey is what every page's render in a build depends on
// besides its data (pageRenderer.inputs): the engine, the theme's server
// bundle, the site data and sidebars, the renderer, and the tail of the
// render input (its stand-in URLs and assets).
func (m *memos) pageRendererKey(server, siteData, sidebarsData []byte, renderer string, inputTail []byte) buildcache.Key {
	return m.pageHTML.Key().Add(server).Add(siteData).Add(sidebarsData).AddString(renderer).Add(inputTail).Key()
}

// pageHTMLKey: what every page's render depends on (pageRendererKey) and
// the page's data as the theme gets it (pageParts.Render): a page whose
// content alone changed is not rendered again.
func (m *memos) pageHTMLKey(renderer buildcache.Key, render []byte) buildcache.Key {
	return m.pageHTML.Key().AddKey(renderer).Add(render).Key()
}

// finishedPageKey: what every page's render depends on (pageRendererKey),
// the render input's tail with the real URLs that replace the stand-ins,
// and the page's data file's key.
func (m *memos) finishedPageKey(renderer buildcache.Key, inputTail []byte, data buildcache.Key) buildcache.Key {
	return m.finishedPage.Key().AddKey(renderer).Add(inputTail).AddKey(data).Key()
}

// outputFilesKey: the output folder (its path).
func (m *memos) outputFilesKey(target string) buildcache.Key {
	return m.outputFiles.Key().AddString(target).Key()
}

// bytecodeKey: the engine and the theme's server bundle.
func (m *memos) bytecodeKey(server []byte) buildcache.Key { return m.bytecode.Key().Add(server).Key() }

// highlightKey: the block's language and code (and the engine, which names
// chroma's version).
func (m *memos) highlightKey(language, code string) buildcache.Key {
	return m.highlight.Key().AddString(language).AddString(code).Key()
}

// searchKey: everything of the page the analysis reads: its URL, title,
// version and weight, its text (the key of its content HTML, or a SHA-256
// of the text search takes instead), and its sidebar label and the
// categories above it, which are names the page is found by.
func (m *memos) searchKey(sp search.Page, content []byte) buildcache.Key {
	return m.search.Key().AddString(sp.URL).AddString(sp.Title).AddString(sp.Version).
		AddString(strconv.FormatFloat(sp.Weight, 'g', -1, 64)).Add(content).AddString(sp.Label).
		AddString(strings.Join(sp.Trail, "\x00")).AddString(strconv.Itoa(len(sp.Trail))).Key()
}

// searchPostingsKey: the engine alone: one entry, replaced by each build.
func (m *memos) searchPostingsKey() buildcache.Key { return m.searchPostings.Key().Key() }

// fhirValidationKey: the key fhir.Prepare gives of what the validation
// read (its base specifications in it).
func (m *memos) fhirValidationKey(inputs [32]byte) buildcache.Key {
	return m.fhirValidation.Key().AddKey(inputs).Key()
}

// fhirParsedKey: the FHIR folder (its path in the site).
func (m *memos) fhirParsedKey(folder string) buildcache.Key {
	return m.fhirParsed.Key().AddString(folder).Key()
}

// expansionKey: the FHIR inputs (loaded.fhirInputs: everything the FHIR
// preparation read), the site's structure (the generated pages link each
// other by route), and the job's page (jobKeyParts).
func (m *memos) expansionKey(fhirInputs, structure [32]byte, j *renderJob) buildcache.Key {
	h := m.fhirExpansion.Key().AddKey(fhirInputs).AddKey(structure)
	return addJob(h, j).Key()
}

// checksKey: the FHIR inputs (the APIs, their grants, examples and
// guides), the day (years are stale against it), the config's render
// settings (MDX or not) and the job's page (jobKeyParts).
func (m *memos) checksKey(fhirInputs [32]byte, today time.Time, settings string, j *renderJob) buildcache.Key {
	h := m.contentChecks.Key().AddKey(fhirInputs).AddString(today.Format(time.DateOnly)).AddString(settings)
	return addJob(h, j).Key()
}

// addJob adds what identifies a job's page: its file, version, doc id and
// first body line, the APIs its front matter names (and the line that
// names them), and its body as written.
func addJob(h *buildcache.Hasher, j *renderJob) *buildcache.Hasher {
	fm := j.frontMatter()
	declared, _ := json.Marshal(fm.Extra[fhir.FrontMatterAPIKey]) // front matter values are plain data
	docID, version := "", ""
	if j.doc != nil {
		docID, version = j.doc.ID, j.doc.Version.Key()
	}
	return h.AddString(j.source).AddString(version).AddString(docID).AddString(strconv.Itoa(j.bodyLine)).
		Add(declared).AddString(strconv.Itoa(fm.Lines[fhir.FrontMatterAPIKey])).Add(j.body)
}

// postmanKey: the FHIR inputs and the API.
func (m *memos) postmanKey(fhirInputs [32]byte, apiID string) buildcache.Key {
	return m.postman.Key().AddKey(fhirInputs).AddString(apiID).Key()
}

// precompressKey: the output folder (its path).
func (m *memos) precompressKey(target string) buildcache.Key {
	return m.precompress.Key().AddString(target).Key()
}

// precompressRecordsKey: the output folder (its path).
func (m *memos) precompressRecordsKey(target string) buildcache.Key {
	return m.precompressRecords.Key().AddString(target).Key()
}
