package search

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// summaries decodes each analysis as a warm build reads a kept one:
// everything but the postings.
func summaries(t *testing.T, analyses []Analysis) []Analysis {
	t.Helper()
	out := make([]Analysis, len(analyses))
	for i, a := range analyses {
		data, err := a.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if err := out[i].UnmarshalSummary(data); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// allFiles is the index's files, its deferred ones made.
func allFiles(t *testing.T, ix *Index) map[string][]byte {
	t.Helper()
	files := maps.Clone(ix.Files)
	for name, load := range ix.Deferred {
		if _, dup := files[name]; dup {
			t.Errorf("%s is both made and deferred", name)
		}
		data, err := load()
		if err != nil {
			t.Fatal(err)
		}
		files[name] = data
	}
	return files
}

// editedPages changes a few of the portal's docs the ways an author does:
// a sentence added, a section cut, a page's text replaced by another's,
// a page emptied. It returns the new pages and which ones changed.
func editedPages(pages []Page, rng *rand.Rand) ([]Page, []int) {
	out := slices.Clone(pages)
	changed := map[int]bool{}
	for range 1 + rng.IntN(4) {
		i := rng.IntN(len(out))
		changed[i] = true
		switch rng.IntN(4) {
		case 0:
			out[i].HTML += "<p>One more sentence, with a brandnewterm" + strings.Repeat("x", rng.IntN(5)) + " and Patient.birthDate.</p>"
		case 1:
			if cut := strings.Index(out[i].HTML, "<h2"); cut > 0 {
				out[i].HTML = out[i].HTML[:cut]
			} else {
				out[i].HTML = ""
			}
		case 2:
			out[i].HTML = pages[rng.IntN(len(pages))].HTML
		case 3:
			out[i].HTML = ""
		}
	}
	return out, slices.Sorted(maps.Keys(changed))
}

func analyzeAll(t *testing.T, pages []Page) []Analysis {
	t.Helper()
	z := NewAnalyzer()
	analyses := make([]Analysis, len(pages))
	for i, p := range pages {
		a, err := z.Analyze(p)
		if err != nil {
			t.Fatal(err)
		}
		analyses[i] = a
	}
	return analyses
}

// TestBuildPatchedEqualsBuild patches the kept postings through a chain of
// edits of the portal's docs; after each, the index and the postings must
// be exactly what merging every page's postings gives.
func TestBuildPatchedEqualsBuild(t *testing.T) {
	pages := portalDocsPages(t)
	analyses := analyzeAll(t, pages)
	_, kept, err := BuildPatched(pages, summaries(t, analyses), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(18, 10))
	reused := 0
	defer func() {
		if reused == 0 {
			t.Error("no round reused a shard")
		}
	}()
	for round := range 12 {
		edited, changed := editedPages(pages, rng)
		newAnalyses := analyzeAll(t, edited)
		lazy := summaries(t, newAnalyses)
		want, err := BuildAnalyzed(edited, newAnalyses)
		if err != nil {
			t.Fatal(err)
		}
		got, next, err := BuildPatched(edited, lazy, kept, changed)
		if err != nil {
			t.Fatal(err)
		}
		reused += len(got.Deferred)
		if !reflect.DeepEqual(allFiles(t, got), want.Files) {
			t.Fatalf("round %d (pages %v changed): the patched index differs from the merged one", round, changed)
		}
		full := mergePostings(pageAnalyses(newAnalyses))
		if !reflect.DeepEqual(withoutEncodings(next.lists), full) {
			t.Fatalf("round %d: the patched postings differ from the merged ones", round)
		}
		// Lists kept as they were encoded encode as the merged ones do.
		merged, err := (&Postings{pages: next.pages, lists: full, shards: next.shards}).MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if patched, err := next.MarshalBinary(); err != nil || !bytes.Equal(patched, merged) {
			t.Fatalf("round %d: the patched postings encode differently from the merged ones (%v)", round, err)
		}
		for i, a := range lazy {
			if a.postingsReady != slices.Contains(changed, i) {
				t.Fatalf("round %d: page %d's postings decoded: %v, changed: %v", round, i, a.postingsReady, slices.Contains(changed, i))
			}
		}
		// The next round edits this round's pages, patching these postings
		// after a trip through the cache.
		data, err := next.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		kept = &Postings{}
		if err := kept.UnmarshalBinary(data); err != nil {
			t.Fatal(err)
		}
		pages = edited
	}
}

// TestBuildPatchedMergesAllWhenThePagesDiffer: postings kept from another
// number of pages are not patched; every page is merged.
func TestBuildPatchedMergesAllWhenThePagesDiffer(t *testing.T) {
	pages := portalDocsPages(t)
	analyses := analyzeAll(t, pages)
	_, kept, err := BuildPatched(pages, analyses, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	fewer := pages[1:]
	want, err := BuildAnalyzed(fewer, analyzeAll(t, fewer))
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := BuildPatched(fewer, summaries(t, analyses[1:]), kept, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Deferred) != 0 {
		t.Error("a shard was reused from postings of another number of pages")
	}
	if !reflect.DeepEqual(allFiles(t, got), want.Files) {
		t.Fatal("the index of one page fewer differs from the merged one")
	}
}

func TestPostingsUnmarshalBinaryRefusesDamage(t *testing.T) {
	pages := portalDocsPages(t)[:20]
	_, kept, err := BuildPatched(pages, analyzeAll(t, pages), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := kept.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got Postings
	if err := got.UnmarshalBinary(data); err != nil {
		t.Fatalf("round trip: %v", err)
	}
	if again, _ := got.MarshalBinary(); !bytes.Equal(again, data) {
		t.Fatal("the decoded postings encode to other bytes")
	}
	got.lists = withoutEncodings(got.lists)
	if !reflect.DeepEqual(got, *kept) {
		t.Fatal("round trip: the postings differ")
	}
	for i := 0; i < len(data); i += 1 + len(data)/300 {
		if got.UnmarshalBinary(data[:i]) == nil {
			t.Fatalf("%d of %d bytes decode", i, len(data))
		}
	}
}

// TestSummaryEncodesAsTheAnalysis: an analysis decoded but for its postings
// encodes to the same bytes, and decodes to the same analysis.
func TestSummaryEncodesAsTheAnalysis(t *testing.T) {
	for _, a := range analyzeAll(t, portalDocsPages(t)[:30]) {
		data, _ := a.MarshalBinary()
		var lazy Analysis
		if err := lazy.UnmarshalSummary(data); err != nil {
			t.Fatal(err)
		}
		again, _ := lazy.MarshalBinary()
		if string(again) != string(data) {
			t.Fatal("a summary encodes differently from its analysis")
		}
		if err := lazy.decodePostings(); err != nil || !reflect.DeepEqual(lazy.page, a.page) {
			t.Fatalf("decoded summary differs: %v", err)
		}
	}
}

// BenchmarkPostingsUnmarshal decodes the kept postings of the portal's
// docs, as every rebuild does before it patches them.
func BenchmarkPostingsUnmarshal(b *testing.B) {
	pages, analyses, _ := portalDocsAnalyses(b)
	_, kept, err := BuildPatched(pages, analyses, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	data, _ := kept.MarshalBinary()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var p Postings
		if err := p.UnmarshalBinary(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPostingsMarshal encodes them, as every rebuild does after.
func BenchmarkPostingsMarshal(b *testing.B) {
	pages, analyses, _ := portalDocsAnalyses(b)
	_, kept, err := BuildPatched(pages, analyses, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := kept.MarshalBinary(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBuildPatchedReusesUntouchedShards: a sentence added to one page
// changes the lists of its few words; every shard without one of them is
// reused, not encoded again.
func TestBuildPatchedReusesUntouchedShards(t *testing.T) {
	pages := portalDocsPages(t)
	_, kept, err := BuildPatched(pages, analyzeAll(t, pages), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	edited := slices.Clone(pages)
	edited[7].HTML += "<p>One more sentence, edited for round 7.</p>"
	analyses := analyzeAll(t, edited)
	want, err := BuildAnalyzed(edited, analyses)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := BuildPatched(edited, summaries(t, analyses), kept, []int{7, 7}) // a page named twice is patched once
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(allFiles(t, got), want.Files) {
		t.Fatal("the patched index differs from the merged one")
	}
	encoded := 0
	for name := range got.Files {
		if strings.HasPrefix(name, "t/") {
			encoded++
		}
	}
	// One, more, sentence, edited, round: a shard each at most, and a
	// list grown past a shard's end moves the cut of the next.
	if encoded > 10 || len(got.Deferred) < 2*encoded {
		t.Errorf("%d shards encoded again and %d reused; want at most 10 encoded, the rest reused", encoded, len(got.Deferred))
	}
}

// withoutEncodings is lists without the encodings kept from a decode.
func withoutEncodings(lists []postingList) []postingList {
	out := make([]postingList, len(lists))
	for i, l := range lists {
		out[i] = postingList{term: l.term, postings: l.postings}
	}
	return out
}
