package fhir

import "github.com/portaldocs/portal/internal/jsonx"
import "sort"
import "strings"
import "sync"

// A build expands hundreds of :fhir-value and ::fhir-json directives, on
// several goroutines, and most of them read the same few documents: an
// API's statement, its discovery document, a handful of examples. Each
// document is decoded once per Site (once per build) and the decoded value
// is shared by every directive that reads it. Shared values are read-only:
// element lookup, listing element paths, formatting and marshalling only
// read them.

// decodedSources are the documents the value directives read, decoded.
type decodedSources struct {
	// files are FHIR files (and Bundle entries) as jsonx.Object trees,
	// with the text ::fhir-json shows.
	files onceMap[*File, decodedDoc]
	// smart are the APIs' discovery documents as jsonx.Object trees.
	smart onceMap[*SmartConfiguration, decodedDoc]
	// pinned are a file's versioned references (url|version), for the
	// dependency version its statement pins.
	pinned onceMap[*File, []string]
}

// decodedDoc is one decoded document, or why it could not be decoded.
type decodedDoc struct {
	doc any
	// data is the document's text as ::fhir-json shows it whole.
	data []byte
	err  error
}

func (d decodedDoc) result() (any, error) { return d.doc, d.err }

// onceMap computes a value per key at most once. Callers of a key that is
// being computed wait for it and get the same value; callers of other keys
// do not wait. The zero onceMap is empty and ready to use.
type onceMap[K comparable, V any] struct {
	mu    sync.Mutex
	value map[K]func() V
}

// get is key's value, computed by compute when key is asked for the first
// time.
func (m *onceMap[K, V]) get(key K, compute func() V) V {
	m.mu.Lock()
	value, ok := m.value[key]
	if !ok {
		if m.value == nil {
			m.value = map[K]func() V{}
		}
		value = sync.OnceValue(compute)
		m.value[key] = value
	}
	m.mu.Unlock()
	return value()
}

// decodedFile is f's document as a jsonx.Object tree, and its text as
// ::fhir-json shows it: a file as written, a Bundle entry indented.
func (s *Site) decodedFile(f *File) decodedDoc {
	return s.decoded.files.get(f, func() decodedDoc {
		doc, err := jsonx.DecodeOrdered(f.Raw)
		if err != nil {
			return decodedDoc{err: err}
		}
		data := []byte(f.Raw)
		if f.Entry != "" {
			data = []byte(jsonx.Pretty(f.Raw))
		}
		return decodedDoc{doc: doc, data: data}
	})
}

// pinnedVersions lists the declared versions that canonical references
// under canonical in f pin with |version.
func (s *Site) pinnedVersions(f *File, canonical string, declared []string) []string {
	seen := map[string]bool{}
	for _, ref := range s.versionedReferences(f) {
		if u, version, ok := strings.Cut(ref, "|"); ok && strings.HasPrefix(u, canonical+"/") {
			for _, d := range declared {
				if d == version {
					seen[d] = true
				}
			}
		}
	}
	var out []string
	for v := range seen {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// versionedReferences are the string values of f's document that carry a
// |version, in document order; nil when f is not JSON.
func (s *Site) versionedReferences(f *File) []string {
	return s.decoded.pinned.get(f, func() []string {
		decoded := s.decodedFile(f)
		if decoded.err != nil {
			return nil
		}
		var refs []string
		walkJSONStrings(decoded.doc, func(v string) {
			if strings.Contains(v, "|") {
				refs = append(refs, v)
			}
		})
		return refs
	})
}

// walkJSONStrings calls fn with every string value (not key) of a
// jsonx.DecodeOrdered document.
func walkJSONStrings(v any, fn func(string)) {
	switch x := v.(type) {
	case string:
		fn(x)
	case *jsonx.Object:
		for _, k := range x.Keys {
			walkJSONStrings(x.Values[k], fn)
		}
	case []any:
		for _, child := range x {
			walkJSONStrings(child, fn)
		}
	}
}
