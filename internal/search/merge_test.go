package search

import (
	"bytes"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"gopkg.in/yaml.v3"
)

// portalDocsDir holds the portal's own docs: the pages a real build indexes,
// whose analyses the merge benchmarks and tests run on.
const portalDocsDir = "../../site/docs"

// portalDocsPages renders every Markdown page of the portal's docs to HTML,
// with heading ids so that pages split into sections as rendered docs do.
// It skips when the docs are not there (a copy of the package alone).
func portalDocsPages(tb testing.TB) []Page {
	tb.Helper()
	md := goldmark.New(goldmark.WithExtensions(extension.GFM),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()))
	var pages []Page
	err := filepath.WalkDir(portalDocsDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".md" {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(portalDocsDir, path)
		p, err := markdownPage(md, filepath.ToSlash(strings.TrimSuffix(rel, ".md")), src)
		if err != nil {
			return err
		}
		pages = append(pages, p)
		return nil
	})
	if os.IsNotExist(err) {
		tb.Skipf("no portal docs at %s", portalDocsDir)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return pages
}

// markdownPage is one doc as the pipeline gives it to the index: its front
// matter's title and sidebar label, and its body rendered.
func markdownPage(md goldmark.Markdown, slug string, src []byte) (Page, error) {
	var front struct {
		Title        string `yaml:"title"`
		SidebarLabel string `yaml:"sidebar_label"`
	}
	body := src
	if rest, ok := bytes.CutPrefix(src, []byte("---\n")); ok {
		if head, tail, ok := bytes.Cut(rest, []byte("\n---\n")); ok {
			if err := yaml.Unmarshal(head, &front); err != nil {
				return Page{}, err
			}
			body = tail
		}
	}
	var html bytes.Buffer
	if err := md.Convert(body, &html); err != nil {
		return Page{}, err
	}
	if front.Title == "" {
		front.Title = slug
	}
	return Page{URL: "/docs/" + slug + "/", Title: front.Title, Label: front.SidebarLabel,
		Version: "current", HTML: html.String()}, nil
}

// portalDocsAnalyses analyses the portal's docs as a build does, each kept
// through MarshalBinary as the build cache keeps it.
func portalDocsAnalyses(tb testing.TB) ([]Page, []Analysis, [][]byte) {
	tb.Helper()
	pages := portalDocsPages(tb)
	z := NewAnalyzer()
	analyses := make([]Analysis, len(pages))
	encoded := make([][]byte, len(pages))
	for i, p := range pages {
		a, err := z.Analyze(p)
		if err != nil {
			tb.Fatal(err)
		}
		if encoded[i], err = a.MarshalBinary(); err != nil {
			tb.Fatal(err)
		}
		if err := analyses[i].UnmarshalBinary(encoded[i]); err != nil {
			tb.Fatal(err)
		}
		pages[i].HTML = "" // BuildAnalyzed does not read it
	}
	return pages, analyses, encoded
}

func pageAnalyses(analyses []Analysis) []pageAnalysis {
	pas := make([]pageAnalysis, len(analyses))
	for i, a := range analyses {
		pas[i] = a.page
	}
	return pas
}

// mergePostingsReference is mergePostings as it was before it ran in
// parallel: the result the new one must give exactly.
func mergePostingsReference(analyses []pageAnalysis) []postingList {
	at := map[string]int{}
	var lists []postingList
	for page, pa := range analyses {
		for _, p := range pa.postings {
			k, ok := at[p.term]
			if !ok {
				k = len(lists)
				at[p.term] = k
				lists = append(lists, postingList{term: p.term})
			}
			lists[k].postings = append(lists[k].postings, uint32(page), p.section, p.weight)
		}
	}
	slices.SortFunc(lists, func(a, b postingList) int { return strings.Compare(a.term, b.term) })
	return lists
}

func TestMergePostingsMatchesReferenceOnPortalDocs(t *testing.T) {
	_, analyses, _ := portalDocsAnalyses(t)
	pas := pageAnalyses(analyses)
	want := mergePostingsReference(pas)
	if len(want) == 0 {
		t.Fatal("the portal docs give no terms")
	}
	if got := mergePostings(pas); !reflect.DeepEqual(got, want) {
		t.Error("merged lists differ from the reference")
	}
	for _, parts := range []int{0, 1, 3, 8, 300} {
		if got := mergePostingsOn(pas, parts); !reflect.DeepEqual(got, want) {
			t.Errorf("%d ranges: merged lists differ from the reference", parts)
		}
	}
}

func newTestRand() *rand.Rand { return rand.New(rand.NewPCG(3, 4)) }

// postingsPage makes a page analysis of terms, posting i in section i.
func postingsPage(terms ...string) pageAnalysis {
	pa := pageAnalysis{}
	for i, term := range terms {
		pa.postings = append(pa.postings, pagePosting{term: term, section: uint32(i), weight: uint32(16 + i)})
	}
	return pa
}

func TestMergePostingsMatchesReferenceOnEdgeCases(t *testing.T) {
	tests := map[string][]pageAnalysis{
		"no pages":              nil,
		"pages with no posting": {{}, {}, {}},
		"some pages empty":      {postingsPage("b", "a"), {}, postingsPage("a")},
		"one first byte":        {postingsPage("pa", "pb", "p", "pab"), postingsPage("pb", "pa"), postingsPage("pz", "p")},
		"all in one partition":  {postingsPage("x", "xy", "xyz"), postingsPage("x", "xyz")},
		"every first byte": {postingsPage("\x00", "\x01a", "0", "9", "A", "_x", "z", "\x7f", "\x80", "\xff", "\xff\xff"),
			postingsPage("\xff", "z", "\x00")},
		"non-ASCII":  {postingsPage("é", "ézé", "über", "zz", "日本"), postingsPage("日本", "über", "e")},
		"empty term": {postingsPage("", "\x00", "a"), postingsPage("a", ""), postingsPage("\x00")},
		"one term":   {postingsPage("same"), postingsPage("same"), postingsPage("same")},
		"skewed":     {postingsPage(slices.Repeat([]string{"s"}, 50)...), postingsPage("a", "t", "s")},
		"many terms": {postingsPage(syntheticVocabulary(newTestRand(), 3000)...), postingsPage(syntheticVocabulary(newTestRand(), 500)...)},
		"repeated":   {postingsPage("a", "a"), postingsPage("a")},
	}
	for name, pas := range tests {
		want := mergePostingsReference(pas)
		for _, parts := range []int{1, 2, 3, 7, 64, 300} {
			if got := mergePostingsOn(pas, parts); !reflect.DeepEqual(got, want) {
				t.Errorf("%s, %d ranges:\ngot  %v\nwant %v", name, parts, got, want)
			}
		}
	}
}

func TestUnmarshalBinaryRoundTripsPortalDocs(t *testing.T) {
	pages := portalDocsPages(t)
	z := NewAnalyzer()
	for _, p := range pages {
		want, err := z.Analyze(p)
		if err != nil {
			t.Fatal(err)
		}
		data, err := want.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var got Analysis
		if err := got.UnmarshalBinary(data); err != nil {
			t.Fatalf("%s: %v", p.URL, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the decoded analysis differs", p.URL)
		}
		// Every cut of a short analysis, a sample of a long one's.
		for i := 0; i < len(data); i += 1 + len(data)/500 {
			if got.UnmarshalBinary(data[:i]) == nil {
				t.Fatalf("%s: %d of %d bytes decode", p.URL, i, len(data))
			}
		}
	}
}

// BenchmarkMergePostings merges the postings of the portal's docs, as every
// warm build does on its critical path.
func BenchmarkMergePostings(b *testing.B) {
	_, analyses, _ := portalDocsAnalyses(b)
	pas := pageAnalyses(analyses)
	for b.Loop() {
		mergePostings(pas)
	}
}

// BenchmarkUnmarshalAnalyses decodes the cached analyses of the portal's
// docs, as a warm build does on its workers.
func BenchmarkUnmarshalAnalyses(b *testing.B) {
	_, _, encoded := portalDocsAnalyses(b)
	size := 0
	for _, data := range encoded {
		size += len(data)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, data := range encoded {
			var a Analysis
			if err := a.UnmarshalBinary(data); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkBuildAnalyzed writes the index of the portal's docs from their
// analyses: a warm build's whole index step.
func BenchmarkBuildAnalyzed(b *testing.B) {
	pages, analyses, _ := portalDocsAnalyses(b)
	for b.Loop() {
		if _, err := BuildAnalyzed(pages, analyses); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSplitByteRangesCoversEveryPostingInOrder(t *testing.T) {
	var counts [256]int
	for b, c := range map[byte]int{0: 5, 'a': 40, 'b': 1, 'c': 30, 's': 30, 0x80: 2, 0xff: 7} {
		counts[b] = c
	}
	for parts := 1; parts <= 10; parts++ {
		ranges := splitByteRanges(&counts, parts)
		if len(ranges) > parts {
			t.Errorf("%d parts: %d ranges", parts, len(ranges))
		}
		sum, next := 0, 0
		for _, r := range ranges {
			if int(r.lo) < next || r.hi < r.lo {
				t.Errorf("%d parts: range %+v overlaps or is reversed: %+v", parts, r, ranges)
			}
			in := 0
			for b := int(r.lo); b <= int(r.hi); b++ {
				in += counts[b]
			}
			if in != r.postings || in == 0 {
				t.Errorf("%d parts: range %+v holds %d postings", parts, r, in)
			}
			sum, next = sum+in, int(r.hi)+1
		}
		if sum != 115 {
			t.Errorf("%d parts: ranges hold %d postings, want 115", parts, sum)
		}
	}
	if got := splitByteRanges(&counts, 2); len(got) != 2 || got[0].hi != 'b' {
		t.Errorf("2 parts: %+v, want 0–'b' (46 postings) and the rest (69)", got)
	}
}
