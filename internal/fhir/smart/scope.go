// Package smart reads SMART App Launch scopes and decides whether a server
// that advertises a list of scopes (scopes_supported) grants one a page
// asks for, by the rules of SMART App Launch 2.0.0
// (https://hl7.org/fhir/smart-app-launch/STU2/scopes-and-launch-context.html).
package smart

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/portaldocs/portal/internal/yamlx"
)

// Syntax is the scope syntax a resource scope is written in.
type Syntax int

// Scope syntaxes: SMART 1.0.0's read/write/* and SMART 2.0.0's c r u d s
// letters. Scopes that name no resource have no syntax.
const (
	NoSyntax Syntax = iota
	V1
	V2
)

// Scope is one parsed scope.
type Scope struct {
	// Raw is the scope as written.
	Raw string
	// Context is patient, user or system for a resource scope, "" otherwise.
	Context string
	// Type is the resource type or "*", "" for a scope that names no
	// resource (openid, launch/patient…).
	Type string
	// Permissions are the SMART 2.0.0 letters the scope grants, in order
	// (a v1 scope is translated: read = rs, write = cud, * = cruds).
	Permissions string
	// Query is the v2 granular restriction after "?", normalized (its
	// parameters sorted), "" when none.
	Query  string
	Syntax Syntax
}

// IsResource says whether the scope grants access to FHIR resources.
func (s Scope) IsResource() bool { return s.Context != "" }

// V2 is the scope in SMART 2.0.0 syntax.
func (s Scope) V2() string {
	if !s.IsResource() {
		return s.Raw
	}
	out := s.Context + "/" + s.Type + "." + s.Permissions
	if s.Query != "" {
		out += "?" + s.Query
	}
	return out
}

var resourceScopeRe = regexp.MustCompile(`^(patient|user|system)/(\*|[A-Z][A-Za-z]*)\.([A-Za-z*]+)(?:\?(.*))?$`)

// v1Permissions are SMART 1.0.0's permission words in 2.0.0 letters
// (SMART App Launch 2.0.0, "Scope equivalence").
var v1Permissions = map[string]string{"read": "rs", "write": "cud", "*": "cruds"}

// Parse reads one scope. A string shaped like a resource scope whose
// permissions are neither SMART 1.0.0 words nor SMART 2.0.0 letters in
// their order (c, r, u, d, s) is an error; any other string is a scope
// that names no resource (openid, launch/patient, a server's own scope).
func Parse(raw string) (Scope, error) {
	m := resourceScopeRe.FindStringSubmatch(raw)
	if m == nil {
		if strings.HasPrefix(raw, "patient/") || strings.HasPrefix(raw, "user/") || strings.HasPrefix(raw, "system/") {
			return Scope{}, fmt.Errorf("%q is not a SMART resource scope: write <patient|user|system>/<Type or *>.<permissions>, e.g. patient/Observation.rs", raw)
		}
		return Scope{Raw: raw}, nil
	}
	s := Scope{Raw: raw, Context: m[1], Type: m[2]}
	if p, ok := v1Permissions[m[3]]; ok {
		if m[4] != "" {
			return Scope{}, fmt.Errorf("%q: SMART 1.0.0 scopes take no ?query; write the SMART 2.0.0 form %s/%s.%s?%s", raw, m[1], m[2], p, m[4])
		}
		s.Permissions, s.Syntax = p, V1
		return s, nil
	}
	if !isV2Permissions(m[3]) {
		return Scope{}, fmt.Errorf("%q: permissions %q are neither SMART 2.0.0 letters in the order c, r, u, d, s (e.g. rs) nor SMART 1.0.0's read, write or *",
			raw, m[3])
	}
	s.Permissions, s.Syntax = m[3], V2
	if m[4] != "" {
		q, err := normalizeQuery(m[4])
		if err != nil {
			return Scope{}, fmt.Errorf("%q: %v", raw, err)
		}
		s.Query = q
	}
	return s, nil
}

// isV2Permissions: one or more of c, r, u, d, s, each at most once, in that
// order.
func isV2Permissions(p string) bool {
	last := -1
	for _, r := range p {
		i := strings.IndexRune("cruds", r)
		if i <= last {
			return false
		}
		last = i
	}
	return p != ""
}

// normalizeQuery sorts a granular scope's parameters, so the same
// restriction written in another order is the same scope.
func normalizeQuery(q string) (string, error) {
	parts := strings.Split(q, "&")
	for _, p := range parts {
		if k, _, ok := strings.Cut(p, "="); !ok || k == "" {
			return "", fmt.Errorf("the restriction %q is not name=value pairs joined by &", q)
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, "&"), nil
}

// Server is what a SMART discovery document says about scopes.
type Server struct {
	// Supported are the parsed scopes_supported.
	Supported []Scope
	// Capabilities is the document's capabilities array.
	Capabilities []string
}

// Speaks says whether the server accepts scopes of a syntax: SMART 2.0.0
// servers say so with permission-v1 and permission-v2; a SMART 1.0.0
// server, which predates those capabilities, speaks the syntax its
// scopes_supported are written in.
func (s Server) Speaks(syn Syntax) bool {
	capability := map[Syntax]string{V1: "permission-v1", V2: "permission-v2"}[syn]
	if slices.Contains(s.Capabilities, capability) {
		return true
	}
	for _, sc := range s.Supported {
		if sc.Syntax == syn {
			return true
		}
	}
	return false
}

// Grants says whether the server grants the scope; when it does not, why
// says so in a sentence and nearest is the supported scope closest to it
// ("" when none is close).
func (s Server) Grants(sc Scope) (ok bool, why string, nearest string) {
	if ok, why = s.Allows(sc); ok {
		return true, "", ""
	}
	return false, why, s.Nearest(sc)
}

// Allows is Grants without the nearest scope, which takes an edit distance
// to every supported scope: a page that names a scope several APIs may
// grant needs it only when none does.
func (s Server) Allows(sc Scope) (ok bool, why string) {
	if !sc.IsResource() {
		for _, sup := range s.Supported {
			if sup.Raw == sc.Raw {
				return true, ""
			}
		}
		return false, "not in scopes_supported"
	}
	if !s.Speaks(sc.Syntax) {
		if sc.Syntax == V1 {
			return false, "a SMART 1.0.0 scope, and the server advertises no permission-v1"
		}
		return false, "a SMART 2.0.0 scope, and the server speaks SMART 1.0.0 scopes only"
	}
	// The most specific entry wins: a type listed on its own
	// (patient/Medication.r) is granted what its entry says, and a
	// wildcard (patient/*.rs) covers the types not listed on their own.
	listed := false
	for _, sup := range s.Supported {
		if sup.IsResource() && sup.Context == sc.Context && sup.Type == sc.Type && sc.Type != "*" && sup.Query == "" {
			listed = true
		}
	}
	for _, sup := range s.Supported {
		if listed && sup.Type == "*" {
			continue
		}
		if covers(sup, sc) {
			return true, ""
		}
	}
	if listed {
		return false, "scopes_supported lists " + sc.Context + "/" + sc.Type + " with fewer permissions"
	}
	return false, "not granted by any of scopes_supported"
}

// covers: the same context; the same resource type or a wildcard (a
// wildcard request needs a wildcard; see Grants for types listed on their
// own); every permission asked for; and no
// restriction, or the same one. A v1 supported scope covers through its
// 2.0.0 equivalent.
func covers(sup, req Scope) bool {
	if !sup.IsResource() || sup.Context != req.Context {
		return false
	}
	if sup.Type != "*" && sup.Type != req.Type {
		return false
	}
	for _, p := range req.Permissions {
		if !strings.ContainsRune(sup.Permissions, p) {
			return false
		}
	}
	return sup.Query == "" || sup.Query == req.Query
}

// Nearest is the supported scope a reader most likely meant: for a
// resource scope, the one of the same context and type (so a reader sees
// the permissions the server does grant), else the closest string; ""
// when none is close.
func (s Server) Nearest(sc Scope) string {
	if sc.IsResource() {
		for _, sup := range s.Supported {
			if sup.Context == sc.Context && sup.Type == sc.Type && sup.Query == sc.Query {
				// In the syntax the server speaks.
				if !s.Speaks(V2) {
					return sup.Raw
				}
				return sup.V2()
			}
		}
	}
	best, bestDist := "", len(sc.Raw)/2+1
	for _, sup := range s.Supported {
		if d := yamlx.EditDistance(sc.Raw, sup.Raw); d < bestDist {
			best, bestDist = sup.Raw, d
		}
	}
	return best
}

// Fields splits a scope parameter's value (space-separated, possibly
// URL-encoded as in a query string) into scopes.
func Fields(value string) []string {
	if strings.ContainsAny(value, "%+") {
		if decoded, err := url.QueryUnescape(value); err == nil {
			value = decoded
		}
	}
	return strings.Fields(value)
}
