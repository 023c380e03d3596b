package search

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// shardJSON is the JSON of t/{i}.json as the browser reads it.
type shardJSON struct {
	Terms    []string   `json:"terms"`
	Postings [][]uint32 `json:"postings"`
}

// decodedIndex is a built index read back through encoding/json.
type decodedIndex struct {
	meta      meta
	shards    []shardJSON
	postings  map[string][]uint32 // term → triples, from every shard
	fragments []pageFragment
}

func build(t testing.TB, pages []Page) *Index {
	t.Helper()
	ix, err := Build(context.Background(), pages)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return ix
}

func decodeIndex(t testing.TB, ix *Index) decodedIndex {
	t.Helper()
	var d decodedIndex
	decode(t, ix, "index.json", &d.meta)
	d.postings = map[string][]uint32{}
	for i := range d.meta.Shards {
		var s shardJSON
		decode(t, ix, shardFile(t, d.meta, i), &s)
		if len(s.Terms) != len(s.Postings) {
			t.Fatalf("t/%d.json: %d terms, %d postings lists", i, len(s.Terms), len(s.Postings))
		}
		for k, term := range s.Terms {
			d.postings[term] = s.Postings[k]
		}
		d.shards = append(d.shards, s)
	}
	for p := range d.meta.Pages {
		var f pageFragment
		decode(t, ix, pageFile(t, d.meta, p), &f)
		d.fragments = append(d.fragments, f)
	}
	named := map[string]bool{MetaFile: true}
	for i := range d.meta.Shards {
		named[shardFile(t, d.meta, i)] = true
	}
	for p := range d.meta.Pages {
		named[pageFile(t, d.meta, p)] = true
	}
	if got, want := slices.Sorted(maps.Keys(ix.Files)), slices.Sorted(maps.Keys(named)); !slices.Equal(got, want) {
		t.Errorf("index files %v, want those index.json names: %v", got, want)
	}
	return d
}

// readMeta decodes the index's index.json.
func readMeta(t testing.TB, ix *Index) meta {
	t.Helper()
	var m meta
	decode(t, ix, MetaFile, &m)
	return m
}

// shardFile is the name of term shard i, as index.json gives it.
func shardFile(t testing.TB, m meta, i int) string {
	t.Helper()
	if len(m.ShardHashes) != len(m.Shards) {
		t.Fatalf("index.json has %d shard hashes for %d shards", len(m.ShardHashes), len(m.Shards))
	}
	return "t/" + m.ShardHashes[i] + ".json"
}

// pageFile is the name of page p's fragment, as index.json gives it.
func pageFile(t testing.TB, m meta, p int) string {
	t.Helper()
	if len(m.PageHashes) != m.Pages {
		t.Fatalf("index.json has %d page hashes for %d pages", len(m.PageHashes), m.Pages)
	}
	return "p/" + m.PageHashes[p] + ".json"
}

func decode(t testing.TB, ix *Index, name string, v any) {
	t.Helper()
	data, ok := ix.Files[name]
	if !ok {
		t.Fatalf("index has no %s", name)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func TestPostingWeights(t *testing.T) {
	pages := []Page{
		{URL: "/a/", Title: "Patient resource", HTML: `<p>The patient record. Patient again.</p>` +
			`<h2 id="search">Search parameters</h2><p>Use <code>$export</code> to export the data.</p>` +
			`<h2 id="many">Many</h2><p>` + strings.Repeat("repeat ", 20) + `</p>`},
		{URL: "/b/", Title: "Other", HTML: `<p>A patient.</p><h2 id="all">Export <code>export</code></h2>` +
			`<p>export <code>export</code></p>`},
	}
	d := decodeIndex(t, build(t, pages))
	tests := []struct {
		term string
		want []uint32
	}{
		// title (1) and body (4) in section 0, once in the title and twice in the body
		{"patient", []uint32{0, 0, 5*16 + 3, 1, 0, 4*16 + 1}},
		{"resourc", []uint32{0, 0, 1*16 + 1}},
		{"search", []uint32{0, 1, 2*16 + 1}},
		{"=$export", []uint32{0, 1, 8*16 + 1}},
		// code (8) via "$export" and body (4) via "export"; page 1 uses every field but the title
		{"export", []uint32{0, 1, 12*16 + 2, 1, 1, 14*16 + 4}},
		// tf is capped at 15
		{"repeat", []uint32{0, 2, 4*16 + 15}},
	}
	for _, tt := range tests {
		t.Run(tt.term, func(t *testing.T) {
			if got := d.postings[tt.term]; !slices.Equal(got, tt.want) {
				t.Errorf("postings of %q = %v, want %v", tt.term, got, tt.want)
			}
		})
	}
	for _, dropped := range []string{"the", "a", "to", "=search"} {
		if _, ok := d.postings[dropped]; ok {
			t.Errorf("term %q is indexed, want it dropped", dropped)
		}
	}
}

func TestPostingsSortedByPageThenSection(t *testing.T) {
	d := decodeIndex(t, build(t, syntheticPages(60, 300)))
	for term, p := range d.postings {
		if len(p)%3 != 0 {
			t.Fatalf("postings of %q: %d numbers, not triples", term, len(p))
		}
		for i := 3; i < len(p); i += 3 {
			if p[i] < p[i-3] || p[i] == p[i-3] && p[i+1] <= p[i-2] {
				t.Fatalf("postings of %q not sorted by page then section at %d: %v", term, i/3, p)
			}
		}
	}
}

func TestShardBoundaries(t *testing.T) {
	tests := []struct {
		name       string
		pages      []Page
		wantShards int // at least
	}{
		{"no pages", nil, 1},
		{"one small page", []Page{{URL: "/", Title: "Home", HTML: "<p>Welcome home.</p>"}}, 1},
		{"many pages", syntheticPages(300, 400), 3},
		{"one term larger than a shard", commonTermPages(6000), 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ix := build(t, tt.pages)
			d := decodeIndex(t, ix)
			shards := d.meta.Shards
			if len(shards) < tt.wantShards {
				t.Errorf("%d shards, want at least %d", len(shards), tt.wantShards)
			}
			if shards[0] != "" {
				t.Errorf(`shards[0] = %q, want ""`, shards[0])
			}
			seen := map[string]int{}
			for i, s := range d.shards {
				if i > 0 && (len(s.Terms) == 0 || s.Terms[0] != shards[i]) {
					t.Errorf("shards[%d] = %q is not the first term of t/%d.json", i, shards[i], i)
				}
				size := len(ix.Files[shardFile(t, d.meta, i)])
				if size > maxShardBytes && len(s.Terms) > 1 {
					t.Errorf("t/%d.json is %d bytes with %d terms, want at most %d", i, size, len(s.Terms), maxShardBytes)
				}
				for _, term := range s.Terms {
					if term < shards[i] || i+1 < len(shards) && term >= shards[i+1] {
						t.Errorf("term %q in t/%d.json is outside [%q, next shard)", term, i, shards[i])
					}
					if j, dup := seen[term]; dup {
						t.Errorf("term %q is in t/%d.json and t/%d.json", term, j, i)
					}
					seen[term] = i
				}
				if !slices.IsSorted(s.Terms) {
					t.Errorf("t/%d.json terms are not sorted", i)
				}
			}
			if !slices.IsSorted(shards) {
				t.Errorf("shards not sorted: %q", shards)
			}
		})
	}
}

func TestLargeTermGetsItsOwnShard(t *testing.T) {
	ix := build(t, commonTermPages(6000))
	d := decodeIndex(t, ix)
	for i, s := range d.shards {
		if !slices.Contains(s.Terms, "common") {
			continue
		}
		size := len(ix.Files[shardFile(t, d.meta, i)])
		if len(s.Terms) != 1 || size <= maxShardBytes {
			t.Errorf("t/%d.json holds %q in %d bytes, want \"common\" alone in more than %d", i, s.Terms[:min(len(s.Terms), 3)], size, maxShardBytes)
		}
		return
	}
	t.Error(`no shard holds "common"`)
}

func TestShardEntryBytesMatchesEncoding(t *testing.T) {
	shard := []postingList{
		{term: "=$export", postings: []uint32{0, 0, 17, 12, 3, 255}},
		{term: "café", postings: []uint32{1000000, 9, 9}},
	}
	data, err := encodeShard(shard)
	if err != nil {
		t.Fatal(err)
	}
	want := emptyShardBytes + shardEntryBytes(shard[0]) + shardEntryBytes(shard[1]) + 2
	if len(data) != want {
		t.Errorf("encoded shard is %d bytes, sizes add up to %d:\n%s", len(data), want, data)
	}
	var s shardJSON
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
}

func TestPageFragments(t *testing.T) {
	long := strings.Repeat("word ", 400) // 2,000 characters, 400 words
	pages := []Page{{
		URL: "/docs/api/fhir/patient/", Title: "Patient", Version: "current",
		HTML: `<p>Intro &lt;b&gt; &amp; more.</p><h2 id="long">Long <code>section</code></h2><p>` + long + `</p>`,
	}}
	ix := build(t, pages)
	d := decodeIndex(t, ix)
	f := d.fragments[0]
	if f.URL != pages[0].URL || f.Title != "Patient" || f.Version != "current" {
		t.Errorf("fragment header = %q %q %q", f.URL, f.Title, f.Version)
	}
	want := []fragmentSection{
		{Anchor: "", Heading: "Patient", Text: "Intro <b> & more.", Words: 3},
		{Anchor: "long", Heading: "Long section", Text: strings.TrimSpace(long[:excerptLength]), Words: 400},
	}
	if !slices.Equal(f.Sections, want) {
		t.Errorf("sections\n got %+v\nwant %+v", f.Sections, want)
	}
	if got := len(f.Sections[1].Text); got > excerptLength {
		t.Errorf("excerpt is %d characters, want at most %d", got, excerptLength)
	}
	if !bytes.Contains(ix.Files[pageFile(t, readMeta(t, ix), 0)], []byte("Intro <b> & more.")) {
		t.Error("fragment JSON escapes HTML characters, want them as they are")
	}
}

func TestCamelCasePartsAreMarkedPartOnly(t *testing.T) {
	pages := []Page{
		// One-letter URLs: the slug, which is indexed too, adds no terms.
		{URL: "/r/", Title: "PractitionerRole", HTML: "<p>Roles of a clinician.</p><h2 id=\"x\">X</h2><p>A practitioner.</p>"},
		{URL: "/p/", Title: "Practitioner", HTML: "<p>A person.</p>"},
	}
	d := decodeIndex(t, build(t, pages))
	// Page 0: in section 0 only as a part of the title (title | part only),
	// in section 1 on its own; page 1: the title on its own.
	want := []uint32{0, 0, (fieldTitle|fieldPartOnly)*16 + 1, 0, 1, fieldBody*16 + 1, 1, 0, fieldTitle*16 + 1}
	if got := d.postings["practition"]; !slices.Equal(got, want) {
		t.Errorf("postings of practition = %v, want %v", got, want)
	}
	// "role" also occurs on its own in the body ("Roles"), so it is whole.
	if got, want := d.postings["role"], []uint32{0, 0, (fieldTitle|fieldBody)*16 + 2}; !slices.Equal(got, want) {
		t.Errorf("postings of role = %v, want %v", got, want)
	}
}

// TestPageNamesAreIndexed: the sidebar label, the breadcrumb's category
// labels and the URL slug are indexed in section 0 under their own fields,
// and the meta file counts the tokens of each page's title and label.
func TestPageNamesAreIndexed(t *testing.T) {
	pages := []Page{
		{URL: "/docs/getting-started/ip-allow-list/", Title: "Restrict by network address", Label: "IP allow list",
			Trail: []string{"Getting started"}, HTML: "<p>Only listed networks reach the token endpoint.</p>"},
		{URL: "/docs/other/", Title: "The sandbox", HTML: "<p>Synthetic patients.</p>"},
	}
	ix := build(t, pages)
	d := decodeIndex(t, ix)
	for _, c := range []struct {
		term string
		want []uint32
	}{
		{"allow", []uint32{0, 0, (fieldLabel|fieldPath)*16 + 2}},
		{"ip", []uint32{0, 0, (fieldLabel|fieldPath)*16 + 2}},
		{"=ip-allow-list", []uint32{0, 0, fieldPath*16 + 1}},
		{"start", []uint32{0, 0, fieldPath*16 + 1}},
		{"restrict", []uint32{0, 0, fieldTitle*16 + 1}},
		{"sandbox", []uint32{1, 0, fieldTitle*16 + 1}},
	} {
		if got := d.postings[c.term]; !slices.Equal(got, c.want) {
			t.Errorf("postings of %s = %v, want %v", c.term, got, c.want)
		}
	}
	var m meta
	if err := json.Unmarshal(ix.Files["index.json"], &m); err != nil {
		t.Fatal(err)
	}
	// "by" and "The" are stop words: they do not count.
	if want := [][2]int{{3, 3}, {1, 0}}; !slices.Equal(m.PageNameTokens, want) {
		t.Errorf("pageNameTokens = %v, want %v", m.PageNameTokens, want)
	}
}

func TestPageWeightsOnlyWhenSomePageDiffers(t *testing.T) {
	even := decodeIndex(t, build(t, []Page{{URL: "/a/", Title: "A"}, {URL: "/b/", Title: "B", Weight: 1}}))
	if even.meta.PageWeights != nil {
		t.Errorf("pageWeights = %v, want none when every page weighs 1", even.meta.PageWeights)
	}
	mixed := decodeIndex(t, build(t, []Page{{URL: "/a/", Title: "A"}, {URL: "/b/", Title: "B", Weight: 0.5}}))
	if want := []float64{1, 0.5}; !slices.Equal(mixed.meta.PageWeights, want) {
		t.Errorf("pageWeights = %v, want %v", mixed.meta.PageWeights, want)
	}
}

func TestMeta(t *testing.T) {
	pages := []Page{
		{URL: "/", Title: "Home", HTML: "<p>one two</p>"},
		{URL: "/docs/a/", Title: "A", Version: "current", HTML: `<p>one</p><h2 id="x">X</h2><p>two three four</p>`},
		{URL: "/docs/1.0/a/", Title: "A", Version: "1.0", HTML: ""},
		{URL: "/docs/b/", Title: "B", Version: "current", HTML: "<p>five</p>"},
	}
	ix := build(t, pages)
	d := decodeIndex(t, ix)
	m := d.meta
	if m.Version != 3 || m.Pages != 4 || m.Sections != 5 {
		t.Errorf("version %d, pages %d, sections %d; want 3, 4, 5", m.Version, m.Pages, m.Sections)
	}
	if want := []string{"", "current", "1.0"}; !slices.Equal(m.Versions, want) {
		t.Errorf("versions = %q, want %q", m.Versions, want)
	}
	if want := []int{0, 1, 2, 1}; !slices.Equal(m.PageVersions, want) {
		t.Errorf("pageVersions = %v, want %v", m.PageVersions, want)
	}
	if want := 1.4; m.AvgSectionLength != want { // (2 + 1 + 3 + 0 + 1) / 5
		t.Errorf("avgSectionLength = %v, want %v", m.AvgSectionLength, want)
	}
	// The meta file, whose URL outlives the build, names every other file
	// by the first ten hex digits of its SHA-256.
	for name, data := range ix.Files {
		if name == MetaFile {
			continue
		}
		sum := sha256.Sum256(data)
		if want := name[:2] + hex.EncodeToString(sum[:])[:10] + ".json"; name != want {
			t.Errorf("%s holds bytes whose name would be %s", name, want)
		}
	}
	for _, hash := range append(slices.Clone(m.ShardHashes), m.PageHashes...) {
		if !regexp.MustCompile(`^[0-9a-f]{10}$`).MatchString(hash) {
			t.Errorf("hash %q is not 10 hex digits", hash)
		}
	}
}

func TestIdenticalFragmentsShareAFile(t *testing.T) {
	pages := []Page{
		{URL: "/docs/a/", Title: "Same", HTML: "<p>Same words.</p>"},
		{URL: "/docs/a/", Title: "Same", HTML: "<p>Same words.</p>"},
	}
	ix := build(t, pages)
	if a, b := pageFile(t, readMeta(t, ix), 0), pageFile(t, readMeta(t, ix), 1); a != b {
		t.Errorf("identical fragments are %s and %s, want one file", a, b)
	}
}

func TestAddNamedRefusesTwoContentsOfOneName(t *testing.T) {
	files := newIndexFiles(2)
	if _, err := files.addNamed("p/", []byte("one\n")); err != nil {
		t.Fatal(err)
	}
	// Forge a collision: the name of "one" holding other bytes.
	for name := range files {
		files[name] = []byte("two\n")
	}
	_, err := files.addNamed("p/", []byte("one\n"))
	if err == nil || !strings.Contains(err.Error(), "two index files of different content are both named p/") {
		t.Errorf("addNamed over a file of other bytes: %v, want the collision named", err)
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	pages := syntheticPages(200, 300)
	first, second := build(t, pages), build(t, pages)
	if !maps.EqualFunc(first.Files, second.Files, bytes.Equal) {
		t.Error("files differ between two builds of the same pages")
	}
	changed := slices.Clone(pages)
	changed[7].HTML += "<p>one more word</p>"
	after := build(t, changed)
	if pageFile(t, readMeta(t, after), 7) == pageFile(t, readMeta(t, first), 7) {
		t.Error("the changed page's fragment kept its name")
	}
	if pageFile(t, readMeta(t, after), 8) != pageFile(t, readMeta(t, first), 8) {
		t.Error("an unchanged page's fragment changed its name")
	}
}

func TestBuildStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Build(ctx, syntheticPages(50, 100))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Build with a cancelled context: %v, want context.Canceled", err)
	}
}

// BenchmarkBuild indexes a synthetic site of 2,000 pages of about 600 words
// and reports the size of the whole index and of its largest shard.
func BenchmarkBuild(b *testing.B) {
	pages := syntheticPages(2000, 600)
	var ix *Index
	for b.Loop() {
		var err error
		if ix, err = Build(context.Background(), pages); err != nil {
			b.Fatal(err)
		}
	}
	total, largest, shards := 0, 0, 0
	for name, data := range ix.Files {
		total += len(data)
		if strings.HasPrefix(name, "t/") {
			shards++
			largest = max(largest, len(data))
		}
	}
	b.ReportMetric(float64(total), "index-bytes")
	b.ReportMetric(float64(largest), "largest-shard-bytes")
	b.ReportMetric(float64(shards), "shards")
}

// syntheticPages makes n pages of about words words each from a fixed seed:
// prose from a Zipf-distributed vocabulary, an h2 every 100 words, FHIR
// identifiers in inline code and a code block per page.
func syntheticPages(n, words int) []Page {
	rng := rand.New(rand.NewPCG(1, 2))
	vocabulary := syntheticVocabulary(rng, 8000)
	zipf := rand.NewZipf(rng, 1.1, 1, uint64(len(vocabulary)-1))
	identifiers := []string{"Patient.birthDate", "$export", "_include", "Observation.code", "us-core-race",
		"http://loinc.org|8867-4", "valueCodeableConcept", "_revinclude=Provenance:target"}
	pages := make([]Page, n)
	var b strings.Builder
	for p := range pages {
		b.Reset()
		b.WriteString("<p>")
		for w := range words {
			switch {
			case w > 0 && w%100 == 0:
				id := fmt.Sprintf("section-%d", w/100)
				fmt.Fprintf(&b, `</p><h2 id="%s">%s %s<a href="#%s" class="hash-link">&#8203;</a></h2><p>`,
					id, vocabulary[zipf.Uint64()], vocabulary[zipf.Uint64()], id)
			case w%37 == 0:
				fmt.Fprintf(&b, "<code>%s</code> ", identifiers[rng.IntN(len(identifiers))])
			}
			b.WriteString(vocabulary[zipf.Uint64()])
			b.WriteByte(' ')
		}
		b.WriteString(`</p><div class="code-block"><pre class="chroma"><code>GET [base]/Patient?birthdate=ge1970-01-01&amp;_count=10</code></pre></div>`)
		pages[p] = Page{URL: fmt.Sprintf("/docs/page-%d/", p), Title: "Page " + vocabulary[p%len(vocabulary)], Version: "current", HTML: b.String()}
	}
	return pages
}

// syntheticVocabulary makes size distinct pronounceable words.
func syntheticVocabulary(rng *rand.Rand, size int) []string {
	const consonants, vowels = "bcdfghklmnprstvz", "aeiou"
	seen := map[string]bool{}
	var out []string
	for len(out) < size {
		var w []byte
		for range 2 + rng.IntN(3) {
			w = append(w, consonants[rng.IntN(len(consonants))], vowels[rng.IntN(len(vowels))])
		}
		if s := string(w); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// commonTermPages makes n one-line pages that all mention the same word, so
// that word's postings alone outgrow a shard.
func commonTermPages(n int) []Page {
	pages := make([]Page, n)
	for i := range pages {
		pages[i] = Page{URL: fmt.Sprintf("/p%d/", i), Title: "T", HTML: fmt.Sprintf("<p>common word%d</p>", i)}
	}
	return pages
}

// TestBuildAnalyzedEqualsBuild: an index written from analyses made one page
// at a time, kept through MarshalBinary, is Build's index byte for byte.
func TestBuildAnalyzedEqualsBuild(t *testing.T) {
	pages := []Page{
		{URL: "/docs/a/", Title: "Patient read", Label: "Read a patient", Trail: []string{"Guides"}, HTML: "<p>Read a <code>Patient</code> by id.</p><h2 id=\"search\">Search</h2><p>Search by _id and name.</p>"},
		{URL: "/docs/b/", Title: "Bulk export", Version: "current", Weight: 0.5, HTML: "<p>Start a $export and poll it.</p>"},
		{URL: "/docs/c/", Title: "Empty"},
	}
	want, err := Build(context.Background(), pages)
	if err != nil {
		t.Fatal(err)
	}
	z := NewAnalyzer()
	analyses := make([]Analysis, len(pages))
	for i, p := range pages {
		a, err := z.Analyze(p)
		if err != nil {
			t.Fatal(err)
		}
		data, err := a.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if err := analyses[i].UnmarshalBinary(data); err != nil {
			t.Fatal(err)
		}
		pages[i].HTML = "" // not read again
	}
	got, err := BuildAnalyzed(pages, analyses)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Files) != len(want.Files) {
		t.Fatalf("%d files, want %d", len(got.Files), len(want.Files))
	}
	for name, data := range want.Files {
		if string(got.Files[name]) != string(data) {
			t.Errorf("%s differs", name)
		}
	}
	var broken Analysis
	if err := broken.UnmarshalBinary([]byte{1, 2}); err == nil {
		t.Error("a truncated analysis decodes")
	}
}
