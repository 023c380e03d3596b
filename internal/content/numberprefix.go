package content

import (
	"regexp"
	"strconv"
)

// numberPrefixRe matches "01-intro", "1_intro", "1.intro", "003 - intro"
// (behaviour reference 10.4).
var numberPrefixRe = regexp.MustCompile(`^(\d+)\s*[-_.]+\s*([^-_.\s].*)$`)

// dateLikeRe matches names that only look prefixed: dates ("2021-10-foo")
// and versions ("7.0-foo") keep their digits.
var dateLikeRe = regexp.MustCompile(`^\d+[-_.]\d+`)

// StripNumberPrefix splits a file or folder name into its name without the
// number prefix and the prefix as a position (nil when there is none).
func StripNumberPrefix(name string) (string, *float64) {
	if dateLikeRe.MatchString(name) {
		return name, nil
	}
	m := numberPrefixRe.FindStringSubmatch(name)
	if m == nil {
		return name, nil
	}
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return name, nil
	}
	return m[2], &n
}
