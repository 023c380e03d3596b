package pipeline

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/csp"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/precompress"
	"github.com/portaldocs/portal/internal/search"
)

func testMemos(t *testing.T) *memos {
	t.Helper()
	store, err := buildcache.OpenTemporary()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	return newMemos(store, "test engine")
}

// roundTrip keeps v in memo and reads it back.
func roundTrip[V any](t *testing.T, memo buildcache.Memo[V], v V) V {
	t.Helper()
	key := buildcache.Sum(fmt.Appendf(nil, "%#v", v))
	if err := memo.Replace(key, v); err != nil {
		t.Fatal(err)
	}
	got, ok := memo.Get(key)
	if !ok {
		t.Fatalf("%s: the value kept does not read back", memo.Kind())
	}
	return got
}

// fillEveryField sets every field reachable from v (a settable value) to a
// value other than its zero, so that a field a codec leaves out shows in a
// round trip. It fails on a kind of field it does not know, so that a new
// kind is taught to it rather than skipped.
func fillEveryField(t *testing.T, v reflect.Value, path string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("«" + path + "»")
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(len(path)) + 1)
	case reflect.Uint64, reflect.Uint32, reflect.Uint8:
		v.SetUint(uint64(len(path))%200 + 1)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Struct:
		for i := range v.NumField() {
			fillEveryField(t, v.Field(i), path+"."+v.Type().Field(i).Name)
		}
	case reflect.Array:
		for i := range v.Len() {
			fillEveryField(t, v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fillEveryField(t, v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		for i := range 2 {
			key, value := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			fillEveryField(t, key, fmt.Sprintf("%s key %d", path, i))
			fillEveryField(t, value, fmt.Sprintf("%s[%d]", path, i))
			v.SetMapIndex(key, value)
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillEveryField(t, v.Elem(), path)
	default:
		t.Fatalf("fillEveryField: a field of kind %s at %s", v.Kind(), path)
	}
}

func filled[V any](t *testing.T) V {
	var v V
	fillEveryField(t, reflect.ValueOf(&v).Elem(), reflect.TypeFor[V]().String())
	return v
}

// TestMemosKeepEveryField: each memo whose values are encoded (CBOR) gives
// back every field of a value whose every field is set, and lists nil and
// empty apart.
func TestMemosKeepEveryField(t *testing.T) {
	m := testMemos(t)
	check := func(name string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: round trip\n got %#v\nwant %#v", name, got, want)
		}
	}
	res := filled[*markdown.Result](t)
	check("markdown", roundTrip(t, m.markdown, res), res)
	empty := &markdown.Result{Headings: []markdown.Heading{}, Anchors: []string{},
		DocCardLists: []markdown.DocCardList{{Items: []markdown.CardItem{}}, {Items: nil}}}
	check("markdown, empty lists", roundTrip(t, m.markdown, empty), empty)
	parts := filled[pageParts](t)
	check("pageRender", roundTrip(t, m.pageRender, parts), parts)
	ref := filled[buildcache.Key](t)
	check("pageDataRef", roundTrip(t, m.pageDataRef, ref), ref)
	finished := filled[finishedPage](t)
	check("finishedPage", roundTrip(t, m.finishedPage, finished), finished)
	noCode := finishedPage{Sum: buildcache.Sum([]byte("page")), CSP: csp.Hashes{Scripts: []string{}}}
	check("finishedPage without inline code", roundTrip(t, m.finishedPage, noCode), noCode)
	outputs := filled[map[string]outputRecord](t)
	check("outputFiles", roundTrip(t, m.outputFiles, outputs), outputs)
	diags := filled[[]diag.Diagnostic](t)
	check("fhirValidation", roundTrip(t, m.fhirValidation, diags), diags)
	exp := filled[expansion](t)
	check("fhirExpansion", roundTrip(t, m.fhirExpansion, exp), exp)
	rec := filled[*checkRecord](t)
	check("contentChecks", roundTrip(t, m.contentChecks, rec), rec)
	records := filled[map[string]precompress.Record](t)
	check("precompressRecords", roundTrip(t, m.precompressRecords, records), records)
}

// TestMarkdownMemoKeepsPortalRenders: every doc of the portal's site reads
// back from the markdown memo as it was rendered; every truncation of an
// entry is a miss.
func TestMarkdownMemoKeepsPortalRenders(t *testing.T) {
	m := testMemos(t)
	r := markdown.New()
	n := 0
	err := filepath.WalkDir("../../site/docs", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") && !strings.HasSuffix(path, ".mdx") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		res, err := r.Render(src, markdown.RenderContext{File: path, MDX: strings.HasSuffix(path, ".mdx")})
		if err != nil {
			return err
		}
		res.HTML = "" // kept apart (markdownHTML)
		if got := roundTrip(t, m.markdown, res); !reflect.DeepEqual(got, res) {
			t.Errorf("%s: round trip\n got %+v\nwant %+v", path, got, res)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 30 {
		t.Fatalf("only %d docs rendered", n)
	}
	res := filled[*markdown.Result](t)
	data, err := buildcache.CBOR[*markdown.Result]{}.Encode(res)
	if err != nil {
		t.Fatal(err)
	}
	for cut := range len(data) {
		if _, err := (buildcache.CBOR[*markdown.Result]{}).Decode(data[:cut]); err == nil {
			t.Fatalf("the first %d of %d bytes decoded", cut, len(data))
		}
	}
	if _, err := (buildcache.CBOR[*markdown.Result]{}).Decode(append(data, 0)); err == nil {
		t.Error("a byte too many was accepted")
	}
}

// TestOutputRecordsRoundTrip: an output's records read back as they were
// kept.
func TestOutputRecordsRoundTrip(t *testing.T) {
	store, err := buildcache.OpenTemporaryCache()
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	b := &builder{store: store, memo: newMemos(store, "test engine"), opts: options{outputDir: "out"}}
	out := &Output{target: "out"}
	records := map[string]outputRecord{
		"index.html":            {Sum: buildcache.Sum([]byte("a")), Inode: 1 << 40, Size: 12, MTime: 1795749039000000001},
		"docs/intro/index.html": {Sum: buildcache.Sum([]byte("b")), Inode: 7, Size: 0, MTime: -1},
	}
	b.keepOutputRecords(out, records)
	b.recallOutputFiles(out)
	if !reflect.DeepEqual(out.prevFinished, records) {
		t.Errorf("output records: got %+v, want %+v", out.prevFinished, records)
	}
}

// TestSearchPostingsMemoKeepsThePostings: the merged postings come back
// as search encoded them, with their pages' keys.
func TestSearchPostingsMemoKeepsThePostings(t *testing.T) {
	m := testMemos(t)
	z := search.NewAnalyzer()
	var pages []search.Page
	var analyses []search.Analysis
	for _, p := range []search.Page{{URL: "/a/", Title: "Alpha", HTML: "<h2>One</h2><p>patient record</p>"},
		{URL: "/b/", Title: "Beta", HTML: "<p>consent and records</p>"}} {
		a, err := z.Analyze(p)
		if err != nil {
			t.Fatal(err)
		}
		pages, analyses = append(pages, p), append(analyses, a)
	}
	_, postings, err := search.BuildPatched(pages, analyses, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	kept := keptPostings{Keys: []buildcache.Key{buildcache.Sum([]byte("a")), buildcache.Sum([]byte("b"))}, Postings: postings}
	got := roundTrip(t, m.searchPostings, kept)
	want, _ := postings.MarshalBinary()
	again, _ := got.Postings.MarshalBinary()
	if !reflect.DeepEqual(got.Keys, kept.Keys) || !bytes.Equal(again, want) {
		t.Errorf("kept postings: keys %v, postings %x; want %v, %x", got.Keys, again, kept.Keys, want)
	}
	analysis := roundTrip(t, m.search, analyses[0])
	encoded, _ := analysis.MarshalBinary()
	if first, _ := analyses[0].MarshalBinary(); !bytes.Equal(encoded, first) {
		t.Errorf("analysis: %x, want %x", encoded, first)
	}
}
