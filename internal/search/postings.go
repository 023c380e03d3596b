package search

import (
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Field bits of a posting (docs/search-index.md, "What is indexed").
const (
	fieldTitle   = 1 // the page title, attributed to section 0
	fieldHeading = 2 // the section's heading
	fieldBody    = 4 // the section's text outside code
	fieldCode    = 8 // text inside <code>
	// fieldPartOnly marks a term seen in the section only as a camelCase
	// part of a longer word ("practitioner" in "PractitionerRole"), which
	// says less about the section than the word on its own.
	fieldPartOnly = 16
	fieldLabel    = 32 // the page's sidebar label, attributed to section 0
	fieldPath     = 64 // its breadcrumb's category labels and URL slug, section 0
)

// maxTF caps the term frequency kept in a weight, whose low four bits hold it.
const maxTF = 15

// excerptLength is the most characters (code points) of a section's text a
// page fragment keeps: enough for an excerpt around any match shown.
const excerptLength = 1000

// pageAnalysis is what one page contributes to the index.
type pageAnalysis struct {
	fragment []byte        // the page's p/{page}.json
	postings []pagePosting // in section order
	sections int
	words    int // sum of the sections' word counts
	// nameTokens are the token counts of the page's title and sidebar
	// label (names.go), 0 for a page without a label.
	nameTokens [2]int
}

// pagePosting is one term's posting in one section of the page.
type pagePosting struct {
	term    string
	section uint32
	weight  uint32 // fields*16 + min(tf, 15)
}

// pageFragment is the JSON of p/{page}.json.
type pageFragment struct {
	URL      string            `json:"url"`
	Title    string            `json:"title"`
	Version  string            `json:"version"`
	Sections []fragmentSection `json:"sections"`
}

type fragmentSection struct {
	Anchor  string `json:"anchor"`
	Heading string `json:"heading"`
	Text    string `json:"text"`
	Words   int    `json:"words"`
}

// termCount is a term's fields and frequency within one section; whole
// says it occurred at least once other than as a camelCase part.
type termCount struct {
	fields uint32
	tf     uint32
	whole  bool
}

// analyzePage splits a page into sections, counts every term of each and
// encodes the page's fragment.
func analyzePage(a *analyzer, p Page) (pageAnalysis, error) {
	sections, err := splitSections(p.Title, p.HTML)
	if err != nil {
		return pageAnalysis{}, err
	}
	pa := pageAnalysis{sections: len(sections), nameTokens: [2]int{a.nameTokens(p.Title), a.nameTokens(p.Label)}}
	label, path := norm.NFC.String(p.Label), pathText(p)
	fragment := pageFragment{URL: p.URL, Title: p.Title, Version: p.Version,
		Sections: make([]fragmentSection, 0, len(sections))}
	counts := make(map[string]termCount, 256) // a typical section's distinct terms
	var terms []string
	for i, s := range sections {
		clear(counts)
		headingField := uint32(fieldHeading)
		if i == 0 {
			headingField = fieldTitle // section 0's heading is the page title
		}
		terms = countTerms(counts, a.appendTerms(terms[:0], s.heading), headingField)
		if i == 0 {
			terms = countTerms(counts, a.appendTerms(terms[:0], label), fieldLabel)
			terms = countTerms(counts, a.appendTerms(terms[:0], path), fieldPath)
		}
		terms = countTerms(counts, a.appendTerms(terms[:0], s.body), fieldBody)
		terms = countTerms(counts, a.appendTerms(terms[:0], s.code), fieldCode)
		pa.postings = slices.Grow(pa.postings, len(counts))
		for term, c := range counts {
			fields := c.fields
			if !c.whole {
				fields |= fieldPartOnly
			}
			pa.postings = append(pa.postings, pagePosting{term: term, section: uint32(i), weight: fields*16 + min(c.tf, maxTF)})
		}
		words := countRawTokens(s.text)
		pa.words += words
		fragment.Sections = append(fragment.Sections, fragmentSection{
			Anchor: s.anchor, Heading: s.heading, Text: cutAtWord(s.text, excerptLength), Words: words,
		})
	}
	if pa.fragment, err = encodeJSON(fragment); err != nil {
		return pageAnalysis{}, err
	}
	return pa, nil
}

// countTerms adds terms found in one field to counts and returns terms for
// reuse as scratch.
func countTerms(counts map[string]termCount, terms []string, field uint32) []string {
	for _, t := range terms {
		term, part := strings.CutPrefix(t, partMarker)
		c := counts[term]
		c.fields |= field
		c.tf++
		c.whole = c.whole || !part
		counts[term] = c
	}
	return terms
}

// cutAtWord cuts s, whose white space is collapsed, to at most limit code
// points, at the last space that keeps it within the limit (at limit when s
// has no space there).
func cutAtWord(s string, limit int) string {
	if len(s) <= limit || utf8.RuneCountInString(s) <= limit {
		return s
	}
	end, n := 0, 0
	for end < len(s) && n < limit {
		_, size := utf8.DecodeRuneInString(s[end:])
		end += size
		n++
	}
	if s[end] == ' ' {
		return s[:end]
	}
	if i := strings.LastIndexByte(s[:end], ' '); i > 0 {
		return s[:i]
	}
	return s[:end]
}
