package buildcache

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/fxamacker/cbor/v2"
)

// Memo is one kind of entry with its value type: what a stage asks the
// store for. It encodes values with its codec, and a value that does not
// decode is a miss, as a missing one is: an entry is only ever an
// optimisation, or, within one build, something the build wrote itself.
type Memo[V any] struct {
	store *Store
	kind  Kind
	codec Codec[V]
	salt  string
}

// NewMemo is kind's entries in store, encoded by codec. salt is added to
// every key Key starts (the engine's version, so that entries another
// version made are never read).
func NewMemo[V any](store *Store, kind Kind, codec Codec[V], salt string) Memo[V] {
	return Memo[V]{store: store, kind: kind, codec: codec, salt: salt}
}

// Kind is the memo's kind.
func (m Memo[V]) Kind() Kind { return m.kind }

// Key starts a key of this memo: the kind and the salt, then the parts the
// caller adds.
func (m Memo[V]) Key() *Hasher { return NewHasher().AddString(string(m.kind)).AddString(m.salt) }

// Get returns the value under key; ok is false when the store has none, or
// one that does not decode.
func (m Memo[V]) Get(key Key) (v V, ok bool) {
	data, ok := m.store.Get(m.kind, key)
	if !ok {
		return v, false
	}
	v, err := m.codec.Decode(data)
	if err != nil {
		var zero V
		return zero, false
	}
	return v, true
}

// Put keeps v under key; a value already there is left as it is (the same
// key means the same value).
func (m Memo[V]) Put(key Key, v V) error {
	if m.store.Has(m.kind, key) {
		return nil
	}
	data, err := m.codec.Encode(v)
	if err != nil {
		return fmt.Errorf("encode build cache entry %s: %w", m.kind, err)
	}
	return m.store.Put(m.kind, key, data)
}

// Replace keeps v under key even when the store holds a value there: for
// the memos that keep one entry per place (an output folder, the FHIR
// folder), replaced by each build.
func (m Memo[V]) Replace(key Key, v V) error {
	data, err := m.codec.Encode(v)
	if err != nil {
		return fmt.Errorf("encode build cache entry %s: %w", m.kind, err)
	}
	return m.store.Replace(m.kind, key, data)
}

// Has reports whether the store holds a value under key, without reading
// it.
func (m Memo[V]) Has(key Key) bool { return m.store.Has(m.kind, key) }

// Size is the size in bytes of the entry under key, as encoded.
func (m Memo[V]) Size(key Key) (int64, bool) { return m.store.Size(m.kind, key) }

// Empty reports whether the store holds no entry of this memo.
func (m Memo[V]) Empty() bool { return m.store.Empty(m.kind) }

// Codec turns a memo's values into entries and back. Decode must refuse
// (with an error) what Encode did not write, as far as it can tell: the
// store checks each entry's CRC-32C, so a refused entry is a bug, a
// format from another version, or damage the CRC missed.
type Codec[V any] interface {
	Encode(V) ([]byte, error)
	Decode([]byte) (V, error)
}

// Bytes keeps values as they are: page HTML, data files, anything already
// encoded by its own package.
type Bytes struct{}

// Encode returns data itself.
func (Bytes) Encode(data []byte) ([]byte, error) { return data, nil }

// Decode returns data itself.
func (Bytes) Decode(data []byte) ([]byte, error) { return data, nil }

// String keeps a string's bytes.
type String struct{}

// Encode returns s's bytes.
func (String) Encode(s string) ([]byte, error) { return []byte(s), nil }

// Decode returns data as a string.
func (String) Decode(data []byte) (string, error) { return string(data), nil }

// cborEncoding and cborDecoding are how CBOR memos encode: nil and empty
// lists stay apart (null and []), as encoding/json keeps them, and text
// that is not valid UTF-8 (a Markdown file may hold some) reads back as
// it was written rather than failing.
var (
	cborEncoding = func() cbor.EncMode {
		mode, err := cbor.EncOptions{}.EncMode()
		if err != nil {
			panic(err)
		}
		return mode
	}()
	cborDecoding = func() cbor.DecMode {
		mode, err := cbor.DecOptions{UTF8: cbor.UTF8DecodeInvalid, MaxArrayElements: 1 << 27, MaxMapPairs: 1 << 27}.DecMode()
		if err != nil {
			panic(err)
		}
		return mode
	}()
)

// CBOR encodes values as CBOR (RFC 8949, github.com/fxamacker/cbor): plain
// data, structs by their exported fields' names.
type CBOR[V any] struct{}

// Encode encodes v.
func (CBOR[V]) Encode(v V) ([]byte, error) { return cborEncoding.Marshal(v) }

// Decode decodes what Encode encoded; trailing bytes are an error.
func (CBOR[V]) Decode(data []byte) (V, error) {
	var v V
	err := cborDecoding.Unmarshal(data, &v)
	return v, err
}

// Funcs is a codec of two functions, for a type that encodes itself
// (encoding.BinaryMarshaler and its package's decoder).
type Funcs[V any] struct {
	Enc func(V) ([]byte, error)
	Dec func([]byte) (V, error)
}

// Encode calls Enc.
func (f Funcs[V]) Encode(v V) ([]byte, error) { return f.Enc(v) }

// Decode calls Dec.
func (f Funcs[V]) Decode(data []byte) (V, error) { return f.Dec(data) }

// Checked wraps a codec: each entry starts with the SHA-256 of the rest,
// and one whose sum does not match does not decode. For values that must
// never be used damaged, past what the store's CRC-32C finds (bytecode,
// which the JavaScript engine cannot check).
type Checked[V any] struct{ Codec Codec[V] }

var errChecksum = errors.New("build cache entry: its SHA-256 does not match")

// Encode encodes v after its SHA-256.
func (c Checked[V]) Encode(v V) ([]byte, error) {
	data, err := c.Codec.Encode(v)
	if err != nil {
		return nil, err
	}
	return WithChecksum(data), nil
}

// Decode checks the sum and decodes the rest.
func (c Checked[V]) Decode(entry []byte) (V, error) {
	data, ok := VerifiedChecksum(entry)
	if !ok {
		var zero V
		return zero, errChecksum
	}
	return c.Codec.Decode(data)
}

// WithChecksum is data after its SHA-256, as Checked keeps it (and files
// outside the store kept the same way).
func WithChecksum(data []byte) []byte {
	sum := sha256.Sum256(data)
	return append(sum[:], data...)
}

// VerifiedChecksum is the data WithChecksum wrapped; ok is false when its
// sum does not match.
func VerifiedChecksum(entry []byte) ([]byte, bool) {
	if len(entry) < sha256.Size {
		return nil, false
	}
	sum, data := entry[:sha256.Size], entry[sha256.Size:]
	want := sha256.Sum256(data)
	return data, string(sum) == string(want[:])
}
