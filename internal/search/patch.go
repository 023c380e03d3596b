package search

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"runtime"
	"slices"

	"github.com/portaldocs/portal/internal/workers"
)

// Postings are an index's merged posting lists, which a build cache keeps
// between builds: a rebuild after an edit of a few pages patches them,
// taking out the changed pages' postings and merging in their new ones,
// instead of decoding and merging every page's postings again (on the
// portal's 238 pages that was most of the index's time).
type Postings struct {
	pages int
	lists []postingList
	// shards are the shards the lists were cut into.
	shards []shardRecord
}

// shardRecord is what a later build needs to know of a shard to reuse it:
// a shard of the same first and last terms and number of lists, none of
// which changed, holds the same lists (a term added would be a changed
// list; one gone would change the number), so the same bytes.
type shardRecord struct {
	first, last string
	count       int
	hash        string
}

// BuildPatched is BuildAnalyzed given prev, the postings an earlier build
// merged from as many pages of which only those numbered in changed differ
// (prev nil: every page is merged). Only the changed pages' postings are
// read; the other analyses may hold theirs undecoded (UnmarshalSummary).
// The index is the one BuildAnalyzed makes, byte for byte; the postings
// returned are for the next build.
func BuildPatched(pages []Page, analyses []Analysis, prev *Postings, changed []int) (*Index, *Postings, error) {
	if len(pages) != len(analyses) {
		return nil, nil, fmt.Errorf("search: %d pages but %d analyses", len(pages), len(analyses))
	}
	if prev != nil && prev.pages != len(analyses) {
		prev = nil
	}
	changed = slices.Compact(slices.Sorted(slices.Values(changed))) // each page decoded once
	pas := make([]pageAnalysis, len(analyses))
	if err := decodeAll(analyses, prev, changed); err != nil {
		return nil, nil, err
	}
	for i, a := range analyses {
		pas[i] = a.page
	}
	var (
		lists []postingList
		reuse reuseFunc
	)
	if prev == nil {
		lists = mergePostings(pas)
	} else {
		var same []bool
		var err error
		if lists, same, err = patchLists(prev.lists, pas, changed); err != nil {
			return nil, nil, err
		}
		reuse = prev.reuse(same)
	}
	ix, shards, err := writeIndexOf(pages, pas, lists, reuse)
	if err != nil {
		return nil, nil, err
	}
	return ix, &Postings{pages: len(pages), lists: lists, shards: shards}, nil
}

// reuse names the shards of prev whose lists are all the same (same[i] for
// list i) and which are cut as before.
func (p *Postings) reuse(same []bool) reuseFunc {
	byFirst := make(map[string]shardRecord, len(p.shards))
	for _, r := range p.shards {
		byFirst[r.first] = r
	}
	return func(first int, shard []postingList) (string, bool) {
		r, ok := byFirst[shard[0].term]
		if !ok || r.count != len(shard) || r.last != shard[len(shard)-1].term || r.hash == "" {
			return "", false
		}
		for _, s := range same[first : first+len(shard)] {
			if !s {
				return "", false
			}
		}
		return r.hash, true
	}
}

// decodeAll decodes the postings a merge reads: every page's without prev,
// the changed pages' with it. Analyses are decoded in place, on every core.
func decodeAll(analyses []Analysis, prev *Postings, changed []int) error {
	need := changed
	if prev == nil {
		need = make([]int, len(analyses))
		for i := range need {
			need[i] = i
		}
	}
	errs := make([]error, len(need))
	workers.Each(context.Background(), runtime.GOMAXPROCS(0), len(need), func(k int) {
		if i := need[k]; i >= 0 && i < len(analyses) {
			errs[k] = analyses[i].decodePostings()
		} else {
			errs[k] = fmt.Errorf("search: changed page %d of %d", i, len(analyses))
		}
	})
	return errors.Join(errs...)
}

// patchLists takes the changed pages' postings out of prev and merges in
// their postings in analyses. As mergePostings does, it gives every term
// with a posting its list, in byte order, each list sorted by page and
// within a page in the page's own order (its sections').
func patchLists(prev []postingList, analyses []pageAnalysis, changed []int) (lists []postingList, same []bool, err error) {
	isChanged := make([]bool, len(analyses))
	pages := slices.Compact(slices.Sorted(slices.Values(changed)))
	fresh := map[string][]uint32{}
	added := 0
	for _, page := range pages {
		if page < 0 || page >= len(analyses) {
			return nil, nil, fmt.Errorf("search: changed page %d of %d", page, len(analyses))
		}
		isChanged[page] = true
		for _, p := range analyses[page].postings {
			fresh[p.term] = append(fresh[p.term], uint32(page), p.section, p.weight)
		}
		added += 3 * len(analyses[page].postings)
	}
	terms := make([]string, 0, len(fresh))
	for t := range fresh {
		terms = append(terms, t)
	}
	slices.Sort(terms)
	total := added
	for _, l := range prev {
		if hasPage(l.postings, isChanged) {
			total += len(l.postings)
		}
	}
	// One array for every list that changes, large enough that no append
	// moves it.
	flat := make([]uint32, 0, total)
	out := make([]postingList, 0, len(prev)+len(terms))
	same = make([]bool, 0, len(prev)+len(terms))
	i, j := 0, 0
	for i < len(prev) || j < len(terms) {
		var (
			term     string
			kept     postingList // prev's list of the term, if any
			old, add []uint32
		)
		switch {
		case j == len(terms) || (i < len(prev) && prev[i].term < terms[j]):
			kept = prev[i]
			term, old = kept.term, kept.postings
			i++
		case i == len(prev) || terms[j] < prev[i].term:
			term, add = terms[j], fresh[terms[j]]
			j++
		default:
			kept = prev[i]
			term, old, add = kept.term, kept.postings, fresh[terms[j]]
			i++
			j++
		}
		if len(add) == 0 && !hasPage(old, isChanged) {
			out = append(out, kept) // most lists: shared, not copied
			same = append(same, true)
			continue
		}
		start := len(flat)
		flat = mergeTriples(flat, old, add, isChanged)
		switch merged := flat[start:len(flat):len(flat)]; {
		case len(merged) == 0:
		case slices.Equal(merged, old):
			// An edited page's postings of this term are as they were: a
			// page's edit leaves most of its terms' lists alone, and the
			// shards of lists all the same are reused.
			flat = flat[:start]
			out = append(out, kept)
			same = append(same, true)
		default:
			out = append(out, postingList{term: term, postings: merged})
			same = append(same, false)
		}
	}
	return out, same, nil
}

// hasPage reports whether a list of triples has a posting of a page marked
// in pages.
func hasPage(triples []uint32, pages []bool) bool {
	for i := 0; i+2 < len(triples); i += 3 {
		if p := triples[i]; int(p) < len(pages) && pages[p] {
			return true
		}
	}
	return false
}

// mergeTriples appends to dst the page, section, weight triples of old
// whose page did not change, merged by page with those of add (all of
// changed pages, so no page is in both).
func mergeTriples(dst, old, add []uint32, isChanged []bool) []uint32 {
	k := 0
	for o := 0; o+2 < len(old); o += 3 {
		page := old[o]
		if int(page) < len(isChanged) && isChanged[page] {
			continue
		}
		for k+2 < len(add) && add[k] < page {
			dst = append(dst, add[k:k+3]...)
			k += 3
		}
		dst = append(dst, old[o:o+3]...)
	}
	return append(dst, add[k:]...)
}

// MarshalBinary encodes the postings for a build cache: a CRC-32C of the
// rest, the number of pages and lists, each list's term and number of
// numbers, then every list's triples as varints, each page as its
// difference from the list's page before, then the shards' records. About 3 bytes a posting: a
// rebuild reads and writes them whole.
func (p *Postings) MarshalBinary() ([]byte, error) {
	total := 0
	for _, l := range p.lists {
		total += len(l.postings)
	}
	out := make([]byte, 4, 4+16*len(p.lists)+2*total)
	out = binary.AppendUvarint(out, uint64(p.pages))
	out = binary.AppendUvarint(out, uint64(len(p.lists)))
	for _, l := range p.lists {
		out = binary.AppendUvarint(out, uint64(len(l.term)))
		out = append(out, l.term...)
		out = binary.AppendUvarint(out, uint64(len(l.postings)))
	}
	for _, l := range p.lists {
		if l.encoded != nil {
			out = append(out, l.encoded...)
			continue
		}
		page := uint32(0)
		for i := 0; i+2 < len(l.postings); i += 3 {
			out = binary.AppendUvarint(out, uint64(l.postings[i]-page))
			out = binary.AppendUvarint(out, uint64(l.postings[i+1]))
			out = binary.AppendUvarint(out, uint64(l.postings[i+2]))
			page = l.postings[i]
		}
	}
	out = binary.AppendUvarint(out, uint64(len(p.shards)))
	for _, r := range p.shards {
		for _, s := range []string{r.first, r.last, r.hash} {
			out = binary.AppendUvarint(out, uint64(len(s)))
			out = append(out, s...)
		}
		out = binary.AppendUvarint(out, uint64(r.count))
	}
	binary.LittleEndian.PutUint32(out, crc32.Checksum(out[4:], castagnoli))
	return out, nil
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

var errDamaged = errors.New("search: kept postings are damaged")

// UnmarshalBinary decodes what MarshalBinary encoded, checking its CRC, that
// it is whole and that the lists are in order.
func (p *Postings) UnmarshalBinary(data []byte) error {
	if len(data) < 4 || binary.LittleEndian.Uint32(data) != crc32.Checksum(data[4:], castagnoli) {
		return errDamaged
	}
	r := analysisReader{data: data[4:]}
	pages := r.uvarint()
	n := r.uvarint()
	if r.err == nil && n > uint64(len(r.data)) {
		r.err = errTruncated
	}
	if r.err != nil {
		return r.err
	}
	// The terms are substrings of one copy of the part that holds them.
	type listHead struct {
		at, length int
		size       uint64
	}
	heads := make([]listHead, n)
	base := len(r.data)
	var total uint64
	for i := range heads {
		term := r.bytes()
		heads[i] = listHead{at: base - len(r.data) - len(term), length: len(term), size: r.uvarint()}
		if r.err != nil {
			return r.err
		}
		if size := heads[i].size; size == 0 || size%3 != 0 || size > uint64(len(r.data)) {
			return errDamaged
		}
		total += heads[i].size
	}
	headsStart := len(data) - base
	termBytes := string(data[headsStart : len(data)-len(r.data)])
	flat := make([]uint32, total)
	lists := make([]postingList, n)
	body := r.data
	at := uint64(0)
	for i, h := range heads {
		lists[i].term = termBytes[h.at : h.at+h.length]
		if i > 0 && lists[i-1].term >= lists[i].term {
			return errDamaged
		}
		list := flat[at : at+h.size : at+h.size]
		rest, ok := decodeTriples(list, body)
		if !ok {
			return errDamaged
		}
		lists[i].postings = list
		lists[i].encoded = body[: len(body)-len(rest) : len(body)-len(rest)]
		body = rest
		at += h.size
	}
	r.data = body
	shards := make([]shardRecord, r.uvarint())
	if r.err == nil && uint64(len(shards)) > uint64(len(r.data)) {
		return errTruncated
	}
	for i := range shards {
		shards[i] = shardRecord{first: string(r.bytes()), last: string(r.bytes()), hash: string(r.bytes()), count: int(r.uvarint())}
	}
	if r.err != nil {
		return r.err
	}
	if len(r.data) != 0 {
		return errDamaged
	}
	*p = Postings{pages: int(pages), lists: lists, shards: shards}
	return nil
}

// decodeTriples fills list with triples encoded as MarshalBinary writes
// them, from the start of data, and returns the rest of data; ok is false
// for data that ends early or a number past 32 bits.
func decodeTriples(list []uint32, data []byte) (rest []byte, ok bool) {
	page := uint64(0)
	for k := 0; k+2 < len(list); k += 3 {
		delta, n1 := uvarint(data)
		if n1 <= 0 {
			return nil, false
		}
		section, n2 := uvarint(data[n1:])
		if n2 <= 0 {
			return nil, false
		}
		weight, n3 := uvarint(data[n1+n2:])
		if n3 <= 0 {
			return nil, false
		}
		data = data[n1+n2+n3:]
		page += delta
		if page|section|weight > math.MaxUint32 {
			return nil, false
		}
		list[k], list[k+1], list[k+2] = uint32(page), uint32(section), uint32(weight)
	}
	return data, true
}

// uvarint is binary.Uvarint with the one-byte case, most numbers here,
// inlined.
func uvarint(b []byte) (uint64, int) {
	if len(b) > 0 && b[0] < 0x80 {
		return uint64(b[0]), 1
	}
	return binary.Uvarint(b)
}
