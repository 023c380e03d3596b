// Package search builds the site's search index: term shards, page fragments
// and a meta file, in the format of docs/search-index.md, which the theme's
// TypeScript query engine reads in the browser.
package search

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"sync"
)

// Page is one route's rendered content as the index sees it.
type Page struct {
	URL     string // route path, e.g. "/docs/api/fhir/patient/"
	Title   string
	Version string // docs version name, "" outside the docs
	HTML    string // the rendered body HTML
	// Label is the page's sidebar label ("" outside a sidebar) and Trail
	// the labels of the categories above it, outermost first: with the
	// title and the URL's slug, the names a reader calls the page by.
	Label string
	Trail []string
	// Weight scales the page's score (front matter search_weight); 0 means
	// 1. Pages that repeat what others say in detail, such as a whole
	// CapabilityStatement, weigh less so the detailed pages come first.
	Weight float64
}

// Index is a built index.
type Index struct {
	// Files holds every file relative to the search folder (Dir): MetaFile,
	// which names the rest, then "t/{hash}.json" for each term shard and
	// "p/{hash}.json" for each page fragment, hash being the first ten hex
	// digits of the file's SHA-256.
	Files map[string][]byte
	// Deferred are more files of the index, term shards an earlier build
	// wrote with the same bytes (BuildPatched): each is made only when
	// asked, which an output folder that still holds it never does.
	Deferred map[string]func() ([]byte, error)
}

// Dir is where the index goes under the base URL.
const Dir = "search/"

// MetaFile is the meta file's name in Dir. Its URL stays the same from
// build to build, so the site data and every page that name it change only
// when the site does, not whenever a page's text does; it names the
// folder of everything else.
const MetaFile = "index.json"

// Build indexes pages in the given order (page numbers are indexes in pages).
// Pages are analysed in parallel; the result depends only on pages, byte for
// byte.
func Build(ctx context.Context, pages []Page) (*Index, error) {
	analyses, err := analyzePages(ctx, pages)
	if err != nil {
		return nil, err
	}
	return writeIndex(pages, analyses)
}

// analyzePages analyses every page on runtime.GOMAXPROCS workers, each with
// its own analyzer (and so its own stem cache), and returns the analyses in
// page order. It stops at the first error or when ctx is done.
func analyzePages(ctx context.Context, pages []Page) ([]pageAnalysis, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	analyses := make([]pageAnalysis, len(pages))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(len(pages), 1)) {
		wg.Go(func() {
			a := newAnalyzer()
			for i := range next {
				pa, err := analyzePage(a, pages[i])
				if err != nil {
					cancel(fmt.Errorf("index page %q: %w", pages[i].URL, err))
					continue
				}
				analyses[i] = pa
			}
		})
	}
	feed(ctx, next, len(pages))
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return analyses, nil
}

// feed sends 0..n-1 on next until ctx is done, then closes it.
func feed(ctx context.Context, next chan<- int, n int) {
	defer close(next)
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			return
		}
	}
}

// Analysis is what one page gives the index. A build analyses each page as
// soon as its HTML exists and keeps only this, so the HTML of the whole site
// is never in memory at once.
type Analysis struct {
	page pageAnalysis
	// encoded holds the postings as MarshalBinary wrote them when
	// UnmarshalSummary left them to be decoded on first need: a rebuild
	// that patches the kept postings (BuildPatched) reads only the changed
	// pages' postings, and decoding every page's was a fifth of its index.
	encoded       []byte
	encodedCount  uint64
	postingsReady bool
}

// Analyzer analyses pages one at a time. It caches stems, so it is not safe
// for concurrent use: give each goroutine its own.
type Analyzer struct{ a *analyzer }

// NewAnalyzer returns an analyzer with an empty stem cache.
func NewAnalyzer() *Analyzer { return &Analyzer{a: newAnalyzer()} }

// Analyze analyses one page; Build would analyse it the same way.
func (z *Analyzer) Analyze(p Page) (Analysis, error) {
	pa, err := analyzePage(z.a, p)
	if err != nil {
		return Analysis{}, fmt.Errorf("search: index page %q: %w", p.URL, err)
	}
	return Analysis{page: pa, postingsReady: true}, nil
}

// BuildAnalyzed writes the index of pages from their analyses, in page
// order; the pages' HTML is not read. The index is the one Build makes of
// the same pages, byte for byte.
func BuildAnalyzed(pages []Page, analyses []Analysis) (*Index, error) {
	ix, _, err := BuildPatched(pages, analyses, nil, nil)
	return ix, err
}

// MarshalBinary encodes the analysis, so that a build cache can keep it for
// a page whose content did not change. The postings come last, after their
// number and their length in bytes, so that UnmarshalSummary can leave them
// undecoded.
func (a Analysis) MarshalBinary() ([]byte, error) {
	p := a.page
	if !a.postingsReady {
		// Still as decoded: its postings are the bytes kept.
		out := a.appendSummary(nil)
		out = binary.AppendUvarint(out, a.encodedCount)
		out = binary.AppendUvarint(out, uint64(len(a.encoded)))
		return append(out, a.encoded...), nil
	}
	var postings []byte
	for _, po := range p.postings {
		postings = binary.AppendUvarint(postings, uint64(len(po.term)))
		postings = append(postings, po.term...)
		postings = binary.AppendUvarint(postings, uint64(po.section))
		postings = binary.AppendUvarint(postings, uint64(po.weight))
	}
	out := a.appendSummary(make([]byte, 0, len(p.fragment)+len(postings)+32))
	out = binary.AppendUvarint(out, uint64(len(p.postings)))
	out = binary.AppendUvarint(out, uint64(len(postings)))
	return append(out, postings...), nil
}

// appendSummary encodes everything but the postings.
func (a Analysis) appendSummary(out []byte) []byte {
	p := a.page
	out = binary.AppendUvarint(out, uint64(p.sections))
	out = binary.AppendUvarint(out, uint64(p.words))
	out = binary.AppendUvarint(out, uint64(len(p.fragment)))
	out = append(out, p.fragment...)
	out = binary.AppendUvarint(out, uint64(p.nameTokens[0]))
	return binary.AppendUvarint(out, uint64(p.nameTokens[1]))
}

// UnmarshalBinary decodes what MarshalBinary encoded.
func (a *Analysis) UnmarshalBinary(data []byte) error {
	var got Analysis
	if err := got.UnmarshalSummary(data); err != nil {
		return err
	}
	if err := got.decodePostings(); err != nil {
		return err
	}
	*a = got
	return nil
}

// UnmarshalSummary decodes what MarshalBinary encoded but the postings,
// which it keeps (sharing data's bytes) to decode when an index needs them.
// Their bytes are checked only then: give it data whose integrity the
// caller has checked (a build cache's checksum), or a damaged entry fails
// the index.
func (a *Analysis) UnmarshalSummary(data []byte) error {
	r := analysisReader{data: data}
	var p pageAnalysis
	p.sections = int(r.uvarint())
	p.words = int(r.uvarint())
	p.fragment = r.bytes()
	p.nameTokens = [2]int{int(r.uvarint()), int(r.uvarint())}
	count := r.uvarint()
	encoded := r.bytes()
	if r.err == nil && len(r.data) != 0 {
		r.err = errors.New("search: trailing bytes after an analysis")
	}
	if r.err != nil {
		return r.err
	}
	*a = Analysis{page: p, encoded: encoded, encodedCount: count}
	return nil
}

// decodePostings decodes the postings UnmarshalSummary kept.
func (a *Analysis) decodePostings() error {
	if a.postingsReady {
		return nil
	}
	r := analysisReader{data: a.encoded}
	postings := r.postings(a.encodedCount)
	if r.err == nil && len(r.data) != 0 {
		r.err = errors.New("search: trailing bytes after an analysis's postings")
	}
	if r.err != nil {
		return r.err
	}
	a.page.postings, a.encoded, a.encodedCount, a.postingsReady = postings, nil, 0, true
	return nil
}

var errTruncated = errors.New("search: truncated analysis")

type analysisReader struct {
	data []byte
	err  error
}

func (r *analysisReader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.data)
	if n <= 0 {
		r.err = errTruncated
		return 0
	}
	r.data = r.data[n:]
	return v
}

// postings decodes n postings. Their terms are substrings of one copy of
// the bytes they are in, so that decoding costs two allocations rather than
// one per posting (a warm build decodes every page's analysis). The copy
// holds the postings' numbers too, about 3 bytes a posting: a little more
// memory than a string per term, rounded up to its size class, took.
func (r *analysisReader) postings(n uint64) []pagePosting {
	if r.err == nil && n > uint64(len(r.data)) { // each posting takes bytes
		r.err = errTruncated
	}
	if r.err != nil {
		return nil
	}
	region := string(r.data)
	postings := make([]pagePosting, n)
	for i := range postings {
		term := r.bytes()
		at := len(region) - len(r.data) - len(term)
		postings[i] = pagePosting{term: region[at : at+len(term)], section: uint32(r.uvarint()), weight: uint32(r.uvarint())}
		if r.err != nil {
			return nil
		}
	}
	return postings
}

func (r *analysisReader) bytes() []byte {
	n := r.uvarint()
	if r.err != nil || n > uint64(len(r.data)) {
		r.err = errTruncated
		return nil
	}
	b := r.data[:n:n]
	r.data = r.data[n:]
	return b
}
