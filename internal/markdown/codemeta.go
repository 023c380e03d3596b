package markdown

import (
	"regexp"
	"strconv"
	"strings"
)

// codeMeta is what a fence's meta string (the info string after the
// language) asks for (reference 10.7).
type codeMeta struct {
	// title is shown in a bar above the code; "" for none.
	title string
	// highlightRanges are 1-based inclusive line ranges from "{1,3-5}".
	highlightRanges [][2]int
	// hasRange is true when the meta has a "{…}" range; magic comments are
	// then left alone.
	hasRange bool
	// lineNumbers asks for line numbers, starting at firstLineNumber.
	lineNumbers     bool
	firstLineNumber int
}

var (
	// metaTitle matches title="…" or title='…'; the value ends at the first
	// matching quote.
	metaTitle = regexp.MustCompile(`title=(?:"([^"]*)"|'([^']*)')`)
	// metaRange matches a highlighted-lines range such as {1,3-5}.
	metaRange = regexp.MustCompile(`\{([\d,\s-]+)\}`)
	// metaLineNumbers matches showLineNumbers or showLineNumbers=N.
	metaLineNumbers = regexp.MustCompile(`\bshowLineNumbers\b(?:=(\d+))?`)
)

func parseCodeMeta(meta string) codeMeta {
	var m codeMeta
	if match := metaTitle.FindStringSubmatch(meta); match != nil {
		m.title = match[1] + match[2]
	}
	if match := metaRange.FindStringSubmatch(meta); match != nil {
		m.hasRange = true
		m.highlightRanges = parseLineRanges(match[1])
	}
	if match := metaLineNumbers.FindStringSubmatch(meta); match != nil {
		m.lineNumbers = true
		m.firstLineNumber = 1
		if n, err := strconv.Atoi(match[1]); err == nil {
			m.firstLineNumber = n
		}
	}
	return m
}

// parseLineRanges reads "1,3-5" into [[1,1],[3,5]]. Malformed parts are
// skipped rather than failing the page: a wrong range only loses a highlight.
func parseLineRanges(spec string) [][2]int {
	var ranges [][2]int
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		from, to, isRange := strings.Cut(part, "-")
		first, err := strconv.Atoi(strings.TrimSpace(from))
		if err != nil {
			continue
		}
		last := first
		if isRange {
			if last, err = strconv.Atoi(strings.TrimSpace(to)); err != nil {
				continue
			}
		}
		if last < first {
			first, last = last, first
		}
		ranges = append(ranges, [2]int{first, last})
	}
	return ranges
}

// highlightedLines marks the lines of a block with lineCount lines that the
// ranges select.
func highlightedLines(ranges [][2]int, lineCount int) []bool {
	marked := make([]bool, lineCount)
	for _, r := range ranges {
		for line := max(r[0], 1); line <= min(r[1], lineCount); line++ {
			marked[line-1] = true
		}
	}
	return marked
}
