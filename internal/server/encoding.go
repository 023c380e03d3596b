package server

import (
	"net/http"
	"strconv"
	"strings"
)

// acceptedQ reads Accept-Encoding (RFC 9110 §12.5.3) for one coding: its
// own weight when listed (x-gzip counts as gzip, §8.4.1.3), else the
// weight of "*", else 0 for a compression and identityUnlisted for the
// identity, which is acceptable unless refused. A request without the header accepts only
// the identity here: a client that says nothing gets what every client can
// read. Parsing does not allocate.
func acceptedQ(values []string, coding string) float64 {
	own, star := -1.0, -1.0
	for _, v := range values {
		for v != "" {
			var item string
			item, v, _ = strings.Cut(v, ",")
			name, q := parseCoding(item)
			switch {
			case strings.EqualFold(name, coding), coding == "gzip" && strings.EqualFold(name, "x-gzip"):
				own = max(own, q)
			case name == "*":
				star = max(star, q)
			}
		}
	}
	switch {
	case own >= 0:
		return own
	case star >= 0:
		return star
	case coding == "identity":
		return identityUnlisted
	}
	return 0
}

// identityUnlisted is the identity's weight when Accept-Encoding does not
// name it: acceptable, but after any coding the client lists (RFC 9110
// §12.5.3 only says it stays acceptable; every browser that lists gzip
// wants gzip).
const identityUnlisted = 0.001

// parseCoding splits one Accept-Encoding item into its coding and its q
// weight (1 when absent, 0 when malformed so it is not chosen).
func parseCoding(item string) (string, float64) {
	coding, params, _ := strings.Cut(item, ";")
	coding = strings.TrimSpace(coding)
	q := 1.0
	for params != "" {
		var param string
		param, params, _ = strings.Cut(params, ";")
		name, value, _ := strings.Cut(strings.TrimSpace(param), "=")
		if !strings.EqualFold(name, "q") {
			continue
		}
		parsed, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || parsed < 0 || parsed > 1 {
			return coding, 0
		}
		q = parsed
	}
	return coding, q
}

// pickVariant chooses the representation of e for r: the one whose coding
// the request weighs highest, the smaller (earlier in e.variants) on a tie,
// the identity when the client accepts nothing the build wrote. variants
// are a fileEntry's. Range and
// conditional requests get the same choice, so a byte range always indexes
// the representation the client was sent before (RFC 9110 §14.1.2).
func pickVariant(variants []*variant, r *http.Request) *variant {
	identity := variants[0]
	if len(variants) == 1 {
		return identity
	}
	values := r.Header["Accept-Encoding"]
	if len(values) == 0 {
		return identity
	}
	return pickFromValues(variants, values)
}

// pickFromValues is pickVariant's choice for the Accept-Encoding values.
func pickFromValues(variants []*variant, values []string) *variant {
	identity := variants[0]
	best, bestQ := identity, acceptedQ(values, "identity")
	for _, v := range variants[1:] {
		// Strictly better: the identity's weight defaults to 1, and an
		// encoding listed without q has 1 too; prefer the encoding.
		if q := acceptedQ(values, v.encoding); q > 0 && (q > bestQ || (q == bestQ && best == identity)) {
			best, bestQ = v, q
		}
	}
	return best
}
