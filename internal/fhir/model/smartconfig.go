package model

import (
	"strconv"
	"strings"
	"sync"

	"github.com/portaldocs/portal/internal/fhir/smart"
	"github.com/portaldocs/portal/internal/jsonx"
)

// SmartConfiguration is an API's SMART discovery document, the JSON its
// server returns at [base]/.well-known/smart-configuration, kept as data so
// pages show it and take its values instead of copying them.
type SmartConfiguration struct {
	// Path is the site-relative file.
	Path string
	// Data is the file exactly as written.
	Data []byte
	// Fields is the decoded document.
	Fields map[string]any
	// Server is what the document says about scopes.
	Server smart.Server
	// V1 is true for a SMART App Launch 1.0.0 document (as parse reads it).
	V1 bool
	// HasScopes is false when the document lists no scopes_supported
	// (only recommended): then no scope can be checked against it.
	HasScopes bool
	// pos indexes Data's lines, on the first Line: only a finding needs
	// them, and indexing took most of the time the documents' load did.
	posOnce sync.Once
	pos     jsonx.Positions
}

// Line is the file line of a top-level field (or of an element inside
// it, e.g. "scopes_supported[3]").
func (c *SmartConfiguration) Line(field string) int {
	c.posOnce.Do(func() { c.pos, _ = jsonx.IndexPositions(c.Data) })
	return c.pos.Line(field)
}

// SmartValue is the value of a top-level field of the document, or of an
// element under it (scopes_supported[0]).
func (c *SmartConfiguration) SmartValue(field string) (any, bool) {
	return lookupPath(c.Fields, field)
}

// lookupPath follows a dotted path with [n] indexes through decoded JSON.
func lookupPath(v any, p string) (any, bool) {
	if p == "" {
		return v, true
	}
	for _, step := range SplitElementPath(p) {
		switch cur := v.(type) {
		case map[string]any:
			next, ok := cur[step]
			if !ok {
				return nil, false
			}
			v = next
		case []any:
			i, err := strconv.Atoi(step)
			if err != nil || i < 0 || i >= len(cur) {
				return nil, false
			}
			v = cur[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// SplitElementPath reads "a.b[2].c" into a, b, 2, c.
func SplitElementPath(p string) []string {
	var out []string
	for _, part := range strings.Split(p, ".") {
		for part != "" {
			open := strings.IndexByte(part, '[')
			if open < 0 {
				out = append(out, part)
				break
			}
			if open > 0 {
				out = append(out, part[:open])
			}
			end := strings.IndexByte(part[open:], ']')
			if end < 0 {
				out = append(out, part[open:])
				break
			}
			out = append(out, part[open+1:open+end])
			part = part[open+end+1:]
		}
	}
	return out
}
