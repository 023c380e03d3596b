// Package buildcache keeps what a build derives from a site's files, by
// content: entries are addressed by a hash of everything they depend on, so
// an entry is either right for a build or never looked up by it, and
// nothing needs invalidating.
//
// A build uses one Store for two things: as a persistent cache
// (`.portal-cache/` in the site folder by default), so that the next build
// reuses every unchanged page's Markdown render, page data and HTML; and as
// the place a build keeps each page's HTML and data between its stages
// instead of in memory, so that memory is bounded by the pages in flight,
// not by the site. Without a persistent cache (`--no-cache`) the store is a
// temporary folder removed when the build ends.
//
// Entries are grouped by kind, one folder each (markdown renders, page
// data, prerendered HTML); other derived files (precompressed siblings, for
// one) can be kept as kinds of their own.
package buildcache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
)

// Key addresses an entry: a SHA-256 of everything the entry depends on.
type Key [32]byte

// String is the key in hexadecimal.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Sum is the key of data itself, for entries named by their content.
func Sum(data []byte) Key { return sha256.Sum256(data) }

// Kind names a group of entries.
type Kind string

// formatDir is the folder of this format of the store under its root: a
// change of layout or entry encoding takes a new one, and the old one is
// simply never read again.
const formatDir = "v1"

// Store is a folder of entries. It is safe for concurrent use: an entry is
// written to a temporary file and renamed into place, so a reader sees it
// whole or not at all, and two builds writing the same entry write the same
// bytes.
type Store struct {
	root      string
	dir       string
	temporary bool
}

// Open opens (creating it if needed) the persistent store in dir.
func Open(dir string) (*Store, error) {
	s := &Store{root: dir, dir: filepath.Join(dir, formatDir)}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return nil, fmt.Errorf("create the build cache %s: %w", dir, err)
	}
	// CACHEDIR.TAG tells backup tools the folder holds only a cache
	// (https://bford.info/cachedir/).
	tag := filepath.Join(dir, "CACHEDIR.TAG")
	if _, err := os.Stat(tag); errors.Is(err, fs.ErrNotExist) {
		_ = os.WriteFile(tag, []byte("Signature: 8a477f597d28d172789f06886806bc55\n# The build cache of Portal (portal build --cache); safe to delete.\n"), 0o644)
	}
	return s, nil
}

// OpenTemporary makes a store in a new temporary folder, removed by Close:
// a build without a persistent cache still keeps its pages out of memory.
func OpenTemporary() (*Store, error) {
	dir, err := os.MkdirTemp("", "portal-store-")
	if err != nil {
		return nil, fmt.Errorf("create a temporary build store: %w", err)
	}
	return &Store{root: dir, dir: dir, temporary: true}, nil
}

// Persistent reports whether entries outlive the build (a cache), rather
// than being removed with a temporary store.
func (s *Store) Persistent() bool { return !s.temporary }

// Dir is the store's folder.
func (s *Store) Dir() string { return s.root }

func (s *Store) path(kind Kind, key Key) string {
	h := key.String()
	return filepath.Join(s.dir, string(kind), h[:2], h[2:])
}

// Get returns an entry; ok is false when the store has none (or it cannot
// be read: a cache entry is only ever an optimisation).
func (s *Store) Get(kind Kind, key Key) (data []byte, ok bool) {
	data, err := os.ReadFile(s.path(kind, key))
	return data, err == nil
}

// Has reports whether the store holds an entry.
func (s *Store) Has(kind Kind, key Key) bool {
	_, err := os.Stat(s.path(kind, key))
	return err == nil
}

// Size reports an entry's size in bytes; ok is false when the store has
// none.
func (s *Store) Size(kind Kind, key Key) (size int64, ok bool) {
	info, err := os.Stat(s.path(kind, key))
	if err != nil {
		return 0, false
	}
	return info.Size(), true
}

// Put writes an entry. An entry already there is left as it is: the same
// key means the same content.
func (s *Store) Put(kind Kind, key Key, data []byte) error {
	p := s.path(kind, key)
	if old, err := os.Stat(p); err == nil && old.Size() == int64(len(data)) {
		return nil
	}
	dir := filepath.Dir(p)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write build cache entry %s/%s: %w", kind, key, err)
	}
	f, err := os.CreateTemp(dir, ".tmp-")
	if err != nil {
		return fmt.Errorf("write build cache entry %s/%s: %w", kind, key, err)
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("write build cache entry %s/%s: %w", kind, key, err)
	}
	if err := os.Rename(f.Name(), p); err != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("write build cache entry %s/%s: %w", kind, key, err)
	}
	return nil
}

// Empty reports whether the store has no entry of kind: a build then knows
// it is cold before it looks anything up.
func (s *Store) Empty(kind Kind) bool {
	entries, err := os.ReadDir(filepath.Join(s.dir, string(kind)))
	return err != nil || len(entries) == 0
}

// Close removes a temporary store; a persistent one stays.
func (s *Store) Close() error {
	if !s.temporary {
		return nil
	}
	return os.RemoveAll(s.root)
}

// Hasher builds a key from the parts an entry depends on, each one
// length-prefixed so that no two lists of parts give the same key.
type Hasher struct{ h hash.Hash }

// NewHasher starts a key.
func NewHasher() *Hasher { return &Hasher{h: sha256.New()} }

// Add appends one part.
func (h *Hasher) Add(part []byte) *Hasher {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(part)))
	h.h.Write(n[:])
	h.h.Write(part)
	return h
}

// AddString appends one part.
func (h *Hasher) AddString(part string) *Hasher { return h.Add([]byte(part)) }

// AddKey appends another key.
func (h *Hasher) AddKey(k Key) *Hasher { return h.Add(k[:]) }

// Key is the SHA-256 of the parts added so far.
func (h *Hasher) Key() Key {
	var k Key
	h.h.Sum(k[:0])
	return k
}
