package model

import (
	"sort"
	"strings"
	"sync"

	"github.com/portaldocs/portal/internal/jsonx"
)

// A build expands hundreds of :fhir-value and ::fhir-json directives, on
// several goroutines, and most of them read the same few documents: an
// API's statement, its discovery document, a handful of examples. Each
// document is decoded once per Site (once per build) and the decoded value
// is shared by every directive that reads it. Shared values are read-only:
// element lookup, listing element paths, formatting and marshalling only
// read them.

// Documents are the documents the value directives read, decoded. The
// zero Documents is empty and ready to use.
type Documents struct {
	// files are FHIR files (and Bundle entries) as jsonx.Object trees,
	// with the text ::fhir-json shows.
	files onceMap[*File, Document]
	// smart are the APIs' discovery documents as jsonx.Object trees.
	smart onceMap[*SmartConfiguration, Document]
	// pinned are a file's versioned references (url|version), for the
	// dependency version its statement pins.
	pinned onceMap[*File, []string]
}

// Document is one decoded document, or why it could not be decoded.
type Document struct {
	// Value is the decoded document (*jsonx.Object, []any…).
	Value any
	// Text is the document's text as ::fhir-json shows it whole.
	Text []byte
	Err  error
}

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

// File is f's document as a jsonx.Object tree, and its text as
// ::fhir-json shows it: a file as written, a Bundle entry indented.
func (d *Documents) File(f *File) Document {
	return d.files.get(f, func() Document {
		doc, err := jsonx.DecodeOrdered(f.Raw)
		if err != nil {
			return Document{Err: err}
		}
		data := []byte(f.Raw)
		if f.Entry != "" {
			data = []byte(jsonx.Pretty(f.Raw))
		}
		return Document{Value: doc, Text: data}
	})
}

// Smart is an API's discovery document as a jsonx.Object tree.
func (d *Documents) Smart(c *SmartConfiguration) (any, error) {
	doc := d.smart.get(c, func() Document {
		doc, err := jsonx.DecodeOrdered(c.Data)
		return Document{Value: doc, Err: err}
	})
	return doc.Value, doc.Err
}

// PinnedVersions lists the declared versions that canonical references
// under canonical in f pin with |version.
func (d *Documents) PinnedVersions(f *File, canonical string, declared []string) []string {
	seen := map[string]bool{}
	for _, ref := range d.versionedReferences(f) {
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
func (d *Documents) versionedReferences(f *File) []string {
	return d.pinned.get(f, func() []string {
		decoded := d.File(f)
		if decoded.Err != nil {
			return nil
		}
		var refs []string
		walkJSONStrings(decoded.Value, func(v string) {
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
