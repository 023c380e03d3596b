package search

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"strconv"

	"github.com/portaldocs/portal/internal/workers"
)

// formatVersion is index.json's "version": the format of docs/search-index.md.
// Version 2 moved index.json out of the hashed folder, which it named;
// version 3 names each shard and fragment by its own content instead, so a
// rebuild leaves every unchanged file where it was.
const formatVersion = 3

// fileHashLength is the number of hex digits of a file's SHA-256 in its name.
const fileHashLength = 10

// maxShardBytes is the size a term shard stays within unless one term's
// postings alone exceed it: small enough that a query fetches little and a
// rebuild after an edit encodes and compresses little again (the shards of
// the words the edit touched), large enough that a typical site needs a few
// dozen shards, not hundreds (docs/search-index.md).
const maxShardBytes = 16 * 1024

// emptyShardBytes is the length of `{"terms":[],"postings":[]}` and its
// trailing newline; cutShards counts from it.
const emptyShardBytes = 27

// meta is the JSON of index.json.
type meta struct {
	Version      int      `json:"version"`
	Pages        int      `json:"pages"`
	Sections     int      `json:"sections"`
	Versions     []string `json:"versions"`
	PageVersions []int    `json:"pageVersions"`
	// PageWeights is present only when some page weighs other than 1.
	PageWeights []float64 `json:"pageWeights,omitempty"`
	// PageNameTokens holds, for each page, the token counts of its title
	// and its sidebar label: a query equal to either ranks the page first.
	PageNameTokens   [][2]int `json:"pageNameTokens"`
	Shards           []string `json:"shards"`
	AvgSectionLength float64  `json:"avgSectionLength"`
	// ShardHashes names shard i's file, t/{hash}.json, and PageHashes page
	// p's fragment, p/{hash}.json, both relative to index.json.
	ShardHashes []string `json:"shardHashes"`
	PageHashes  []string `json:"pageHashes"`
}

// postingList is one term with its flat page, section, weight triples.
type postingList struct {
	term     string
	postings []uint32
	// encoded is postings as Postings.MarshalBinary writes them, when the
	// list was decoded from them and has not changed since: a rebuild
	// changes a few lists of thousands, and encodes only those again.
	encoded []byte
}

// writeIndex assembles the index files from the page analyses.
func writeIndex(pages []Page, analyses []pageAnalysis) (*Index, error) {
	ix, _, err := writeIndexOf(pages, analyses, mergePostings(analyses), nil)
	return ix, err
}

// reuseFunc names a shard an earlier build wrote with the same bytes: it
// returns the shard's hash, or false when the shard must be encoded. first
// is the number of the shard's first list among all lists.
type reuseFunc func(first int, shard []postingList) (hash string, ok bool)

// writeIndexOf assembles the index files from the page analyses and their
// merged postings, lists. A shard reuse names is not encoded: it goes to
// the index's Deferred files. It also returns what it made of each shard,
// for the next build's reuse.
func writeIndexOf(pages []Page, analyses []pageAnalysis, lists []postingList, reuse reuseFunc) (*Index, []shardRecord, error) {
	shards := cutShards(lists)
	files := newIndexFiles(len(shards) + len(pages) + 1)
	deferred := map[string]func() ([]byte, error){}
	m := meta{Version: formatVersion, Pages: len(pages), Shards: make([]string, len(shards))}
	m.ShardHashes = make([]string, len(shards))
	records := make([]shardRecord, len(shards))
	var encode []int
	first := 0
	for i, shard := range shards {
		if len(shard) > 0 { // only a site without terms has an empty shard
			records[i] = shardRecord{first: shard[0].term, last: shard[len(shard)-1].term, count: len(shard)}
		}
		if hash, ok := reuse.reused(first, shard); ok {
			m.ShardHashes[i], records[i].hash = hash, hash
			deferred["t/"+hash+".json"] = func() ([]byte, error) { return encodeShard(shard) }
		} else {
			encode = append(encode, i)
		}
		first += len(shard)
	}
	// Shards encode side by side: on a site of a few hundred pages this was
	// a third of the index's time, on the build's one goroutine.
	encoded := make([][]byte, len(encode))
	errs := make([]error, len(encode))
	workers.Each(context.Background(), runtime.GOMAXPROCS(0), len(encode), func(k int) {
		encoded[k], errs[k] = encodeShard(shards[encode[k]])
	})
	for k, i := range encode {
		if errs[k] != nil {
			return nil, nil, fmt.Errorf("search: encode term shard %d: %w", i, errs[k])
		}
		hash, err := files.addNamed("t/", encoded[k])
		if err != nil {
			return nil, nil, err
		}
		m.ShardHashes[i], records[i].hash = hash, hash
	}
	for i, shard := range shards {
		if i > 0 {
			m.Shards[i] = shard[0].term
		}
	}
	words := 0
	m.PageNameTokens = make([][2]int, len(analyses))
	m.PageHashes = make([]string, len(analyses))
	for i, pa := range analyses {
		hash, err := files.addNamed("p/", pa.fragment)
		if err != nil {
			return nil, nil, err
		}
		m.PageHashes[i] = hash
		m.PageNameTokens[i] = pa.nameTokens
		m.Sections += pa.sections
		words += pa.words
	}
	if m.Sections > 0 {
		m.AvgSectionLength = math.Round(float64(words)/float64(m.Sections)*100) / 100
	}
	m.Versions, m.PageVersions = pageVersions(pages)
	m.PageWeights = pageWeights(pages)
	data, err := encodeJSON(m)
	if err != nil {
		return nil, nil, fmt.Errorf("search: encode %s: %w", MetaFile, err)
	}
	files[MetaFile] = data
	return &Index{Files: files, Deferred: deferred}, records, nil
}

// reused is reuse's answer, false for a nil reuse.
func (reuse reuseFunc) reused(first int, shard []postingList) (string, bool) {
	if reuse == nil || len(shard) == 0 {
		return "", false
	}
	return reuse(first, shard)
}

// indexFiles are the index's files by name.
type indexFiles map[string][]byte

func newIndexFiles(n int) indexFiles { return make(indexFiles, n) }

// addNamed adds data as folder/{hash}.json, named by its content so that a
// URL's bytes never change and a rebuild keeps every unchanged file in
// place; it returns the hash. Byte-identical fragments share a file. Two
// different files with one name (ten hex digits of SHA-256 alike) would
// serve one page's results for another's, so that fails the build.
func (f indexFiles) addNamed(folder string, data []byte) (string, error) {
	sum := sha256.Sum256(data)
	hash := hex.EncodeToString(sum[:])[:fileHashLength]
	name := folder + hash + ".json"
	if prev, ok := f[name]; ok && !bytes.Equal(prev, data) {
		return "", fmt.Errorf("search: two index files of different content are both named %s (their SHA-256 digests share the first %d hex digits); change either page's text slightly to rebuild", name, fileHashLength)
	}
	f[name] = data
	return hash, nil
}

// cutShards splits the sorted lists into shards of at most maxShardBytes of
// JSON, never inside a term. There is always at least one shard, so that
// shards[0] = "" covers every term a query may ask for.
func cutShards(lists []postingList) [][]postingList {
	shards := [][]postingList{}
	start, size := 0, emptyShardBytes
	for i, l := range lists {
		entry := shardEntryBytes(l)
		if i > start {
			entry += 2 // the commas before the term and before its postings
		}
		if i > start && size+entry > maxShardBytes {
			shards = append(shards, lists[start:i])
			start, size = i, emptyShardBytes
			entry -= 2
		}
		size += entry
	}
	return append(shards, lists[start:])
}

// shardEntryBytes is the JSON length of a term and of its postings array.
// Terms are made of letters, digits and ASCII punctuation that JSON does not
// escape, so a term's JSON is the term in quotes.
func shardEntryBytes(l postingList) int {
	n := len(l.term) + 2 + len("[]")
	for i, v := range l.postings {
		if i > 0 {
			n++
		}
		n += decimalLength(v)
	}
	return n
}

func decimalLength(v uint32) int {
	n := 1
	for v >= 10 {
		v /= 10
		n++
	}
	return n
}

// encodeShard writes t/{i}.json. Postings, the bulk of the index, are
// written by hand: they are plain integers, and encoding/json's reflection
// would cost more than the rest of the build.
func encodeShard(shard []postingList) ([]byte, error) {
	terms := make([]string, len(shard))
	size := emptyShardBytes
	for i, l := range shard {
		terms[i] = l.term
		size += shardEntryBytes(l) + 2
	}
	termsJSON, err := encodeJSON(terms)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, 0, size)
	buf = append(buf, `{"terms":`...)
	buf = append(buf, bytes.TrimSuffix(termsJSON, []byte("\n"))...)
	buf = append(buf, `,"postings":[`...)
	for i, l := range shard {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, '[')
		for j, v := range l.postings {
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendUint(buf, uint64(v), 10)
		}
		buf = append(buf, ']')
	}
	return append(buf, "]}\n"...), nil
}

// pageVersions lists the docs versions in order of first appearance ("" only
// when some page is outside the docs) and each page's index in that list.
func pageVersions(pages []Page) (versions []string, pageVersions []int) {
	versions, pageVersions = []string{}, make([]int, len(pages))
	at := map[string]int{}
	for i, p := range pages {
		k, ok := at[p.Version]
		if !ok {
			k = len(versions)
			at[p.Version] = k
			versions = append(versions, p.Version)
		}
		pageVersions[i] = k
	}
	return versions, pageVersions
}

// encodeJSON encodes v as JSON with a trailing newline, leaving "<", ">"
// and "&" as they are: the files are fetched as data, never embedded in HTML.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// pageWeights lists every page's weight, or nothing when all weigh 1.
func pageWeights(pages []Page) []float64 {
	weights := make([]float64, len(pages))
	uniform := true
	for i, p := range pages {
		weights[i] = 1
		if p.Weight > 0 && p.Weight != 1 {
			weights[i] = p.Weight
			uniform = false
		}
	}
	if uniform {
		return nil
	}
	return weights
}
