package search

import (
	"cmp"
	"context"
	"encoding/binary"
	"runtime"
	"slices"
	"strings"

	"github.com/portaldocs/portal/internal/workers"
)

// termsPerPosting estimates a range's distinct terms from its postings, to
// size its map about once: the portal's docs have a term per 11 postings,
// the whole portal one per 20, as more pages repeat more of their words.
const termsPerPosting = 1.0 / 16

// mergePostings gathers every page's postings into one list per term, sorted
// by term in byte order. Pages are merged in order and each page's postings
// come in section order, so every list is sorted by page, then section.
// It is on the build's critical path, so it uses every core.
func mergePostings(analyses []pageAnalysis) []postingList {
	return mergePostingsOn(analyses, runtime.GOMAXPROCS(0))
}

// mergePostingsOn merges on n goroutines. The terms are cut into n ranges of
// first bytes that hold about as many postings each; every range is merged
// on its own and sorted, and as all the terms of a range sort before those
// of the next, the ranges' lists in order are all the lists sorted. More
// ranges than goroutines, to even out a busy core, cost more than they
// saved: each range reads every posting for its first byte.
func mergePostingsOn(analyses []pageAnalysis, n int) []postingList {
	counts := firstByteCounts(analyses)
	ranges := splitByteRanges(&counts, max(n, 1))
	merged := make([][]postingList, len(ranges))
	workers.Each(context.Background(), n, len(ranges), func(i int) {
		merged[i] = mergeRange(analyses, ranges[i])
	})
	return slices.Concat(merged...)
}

// firstByte is the byte a term is partitioned by; the empty term goes with
// those starting with 0, before which it sorts.
func firstByte(term string) byte {
	if term == "" {
		return 0
	}
	return term[0]
}

// firstByteCounts counts the postings of every first byte: the one quick
// pass that balances the ranges.
func firstByteCounts(analyses []pageAnalysis) [256]int {
	var counts [256]int
	for _, pa := range analyses {
		for _, p := range pa.postings {
			counts[firstByte(p.term)]++
		}
	}
	return counts
}

// byteRange is the terms whose first bytes are lo to hi, and their number
// of postings.
type byteRange struct {
	lo, hi   byte
	postings int
}

// splitByteRanges cuts the first bytes into at most parts ranges of about
// equal postings. Bytes of no posting are in no range.
func splitByteRanges(counts *[256]int, parts int) []byteRange {
	total := 0
	for _, c := range counts {
		total += c
	}
	var ranges []byteRange
	cut := 0 // the postings in ranges so far
	cur := byteRange{}
	for b, c := range counts {
		if c == 0 {
			continue
		}
		// Close the range before b when most of b's postings would be past
		// the range's share of the total.
		share := total * (len(ranges) + 1) / parts
		if cur.postings > 0 && len(ranges) < parts-1 && 2*(cut+cur.postings)+c > 2*share {
			ranges = append(ranges, cur)
			cut += cur.postings
			cur = byteRange{}
		}
		if cur.postings == 0 {
			cur.lo = byte(b)
		}
		cur.hi, cur.postings = byte(b), cur.postings+c
	}
	if cur.postings > 0 {
		ranges = append(ranges, cur)
	}
	return ranges
}

// rangePosting is one posting of a range, with its term's number in the
// range's order of first appearance.
type rangePosting struct {
	term, page, section, weight uint32
}

// mergeRange merges the postings of the terms in r. Postings are numbered
// by term in one pass, with one map lookup each; then the terms are sorted
// and the postings placed by a counting sort into one array, which keeps
// each term's postings in page order without a slice per term.
func mergeRange(analyses []pageAnalysis, r byteRange) []postingList {
	at := make(map[string]uint32, int(float64(r.postings)*termsPerPosting))
	var terms []string
	postings := make([]rangePosting, 0, r.postings)
	for page, pa := range analyses {
		for _, p := range pa.postings {
			if b := firstByte(p.term); b < r.lo || b > r.hi {
				continue
			}
			k, ok := at[p.term]
			if !ok {
				k = uint32(len(terms))
				at[p.term] = k
				terms = append(terms, p.term)
			}
			postings = append(postings, rangePosting{term: k, page: uint32(page), section: p.section, weight: p.weight})
		}
	}
	if len(terms) == 0 {
		return nil
	}
	return sortedLists(terms, postings)
}

// sortedLists makes the lists of terms, sorted, from their postings in page
// order.
func sortedLists(terms []string, postings []rangePosting) []postingList {
	// next[k] counts the numbers of term k's postings (3 each), then is where
	// its next posting goes in the one array all lists share.
	next := make([]int, len(terms))
	for _, p := range postings {
		next[p.term] += 3
	}
	flat := make([]uint32, 3*len(postings))
	lists := make([]postingList, len(terms))
	at := 0
	for i, key := range sortTerms(terms) {
		k := key.k
		size := next[k]
		lists[i] = postingList{term: terms[k], postings: flat[at : at+size : at+size]}
		at, next[k] = at+size, at
	}
	for _, p := range postings {
		i := next[p.term]
		flat[i], flat[i+1], flat[i+2] = p.page, p.section, p.weight
		next[p.term] = i + 3
	}
	return lists
}

// termKey is a term's number and its first eight bytes as a big-endian
// number, which order as the bytes do: sorting keys compares numbers, and
// whole terms only when those are equal, and moves no pointers.
type termKey struct {
	prefix uint64
	k      uint32
}

// sortTerms returns the keys of terms in the byte order of the terms.
func sortTerms(terms []string) []termKey {
	keys := make([]termKey, len(terms))
	for k, term := range terms {
		var head [8]byte
		copy(head[:], term) // a shorter term ends in zeros, and ties with its extensions by zeros
		keys[k] = termKey{prefix: binary.BigEndian.Uint64(head[:]), k: uint32(k)}
	}
	slices.SortFunc(keys, func(a, b termKey) int {
		if c := cmp.Compare(a.prefix, b.prefix); c != 0 {
			return c
		}
		return strings.Compare(terms[a.k], terms[b.k])
	})
	return keys
}
