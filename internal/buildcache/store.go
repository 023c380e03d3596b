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
// Entries are grouped by kind (markdown renders, page data, prerendered
// HTML, precompressed siblings…). They are appended to one pack file per
// store session rather than written as a file each: a cold build of a few
// hundred pages made about 900 files in 600 folders, and creating them cost
// as much CPU as prerendering (docs/design-decisions.md).
package buildcache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"sync"
	"sync/atomic"
)

// Key addresses an entry: a SHA-256 of everything the entry depends on.
type Key [32]byte

// String is the key in hexadecimal.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Sum is the key of data itself, for entries named by their content.
func Sum(data []byte) Key { return sha256.Sum256(data) }

// Kind names a group of entries.
type Kind string

// Store is a set of entries in pack files. It is safe for concurrent use,
// and several processes may use one folder at once: each writes its own
// pack and publishes it, with its index, only when it closes.
type Store struct {
	root string
	dir  string
	// temporary stores are removed by Close; persistent ones are read by
	// later builds (a cache), temporary or not.
	temporary, persistent bool

	mu      sync.RWMutex
	kinds   map[Kind]uint8
	entries map[entryID]entry
	counts  map[uint8]int
	packs   []*pack // those published when Open read the folder, then this session's
	current *pack   // this session's pack, made by the first Put
	// currentIndex is current's place in packs.
	currentIndex uint16
	used         []uint32
	seq          uint32
	// shadows are the entries that replaced another under their key
	// (Replace, or a newer pack's on Open): compaction must not drop them
	// while the older one is kept.
	shadows map[entryID]bool
	prune   bool
	closed  bool
}

type entryID struct {
	kind uint8
	key  Key
}

type entry struct {
	off  int64
	n    uint32
	crc  uint32
	seq  uint32 // bit of used
	pack uint16
}

// Dir is the store's folder.
func (s *Store) Dir() string { return s.root }

// Persistent reports whether entries outlive the build, so that a later
// build reads them (a cache: Open, OpenTemporaryCache), rather than being
// removed with the build's temporary store (OpenTemporary).
func (s *Store) Persistent() bool { return s.persistent }

// Get returns an entry; ok is false when the store has none (or it cannot
// be read whole: a cache entry is only ever an optimisation).
func (s *Store) Get(kind Kind, key Key) (data []byte, ok bool) {
	s.mu.RLock()
	e, p, ok := s.lookup(kind, key)
	if ok {
		s.markUsed(e.seq)
	}
	s.mu.RUnlock()
	if !ok {
		return nil, false
	}
	return p.read(e)
}

// Has reports whether the store holds an entry.
func (s *Store) Has(kind Kind, key Key) bool {
	_, ok := s.Size(kind, key)
	return ok
}

// Size reports an entry's size in bytes; ok is false when the store has
// none.
func (s *Store) Size(kind Kind, key Key) (size int64, ok bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	e, _, ok := s.lookup(kind, key)
	if ok {
		s.markUsed(e.seq)
	}
	return int64(e.n), ok
}

// Put writes an entry. An entry already there is left as it is: the same
// key means the same content.
func (s *Store) Put(kind Kind, key Key, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, _, ok := s.lookup(kind, key); ok {
		s.markUsed(e.seq)
		return nil
	}
	id, e, err := s.appendEntry(kind, data)
	if err != nil {
		return err
	}
	s.add(id, key, e, true)
	return nil
}

// Replace writes an entry even when the store holds one under key: later
// Gets, in this session and the next, return data. Entries are addressed by
// content, so a build never needs this; a test uses it to tell output taken
// from the cache from output made again.
func (s *Store) Replace(kind Kind, key Key, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, e, err := s.appendEntry(kind, data)
	if err != nil {
		return err
	}
	s.set(id, key, e, true)
	return nil
}

// appendEntry writes data to this session's pack; the write lock is held.
func (s *Store) appendEntry(kind Kind, data []byte) (uint8, entry, error) {
	if _, known := s.kinds[kind]; !known && len(s.kinds) >= math.MaxUint8 {
		return 0, entry{}, fmt.Errorf("write build cache entry %s: a store holds at most 255 kinds", kind)
	}
	if err := s.ensureCurrent(); err != nil {
		return 0, entry{}, err
	}
	e, err := s.current.append(data)
	if err != nil {
		return 0, entry{}, err
	}
	e.pack = s.currentIndex
	return s.kindID(kind), e, nil
}

// Keys lists the keys of kind's entries, in no particular order.
func (s *Store) Keys(kind Kind) []Key {
	s.mu.RLock()
	defer s.mu.RUnlock()
	id, ok := s.kinds[kind]
	if !ok {
		return nil
	}
	var keys []Key
	for e := range s.entries {
		if e.kind == id {
			keys = append(keys, e.key)
		}
	}
	return keys
}

// Empty reports whether the store has no entry of kind: a build then knows
// it is cold before it looks anything up.
func (s *Store) Empty(kind Kind) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	id, ok := s.kinds[kind]
	return !ok || s.counts[id] == 0
}

// Prune makes Close drop, from a persistent store, every entry that was
// neither read nor written since Open, when they take much of its space.
// A build calls it once it has succeeded: a build that failed part way
// used only part of what the next one will need.
func (s *Store) Prune() {
	s.mu.Lock()
	s.prune = true
	s.mu.Unlock()
}

func (s *Store) lookup(kind Kind, key Key) (entry, *pack, bool) {
	id, ok := s.kinds[kind]
	if !ok {
		return entry{}, nil, false
	}
	e, ok := s.entries[entryID{id, key}]
	if !ok {
		return entry{}, nil, false
	}
	return e, s.packs[e.pack], true
}

// markUsed sets an entry's bit; it needs at least the read lock, which
// keeps used from growing meanwhile.
func (s *Store) markUsed(seq uint32) {
	atomic.OrUint32(&s.used[seq/32], 1<<(seq%32))
}

// kindID interns a kind; the write lock is held.
func (s *Store) kindID(kind Kind) uint8 {
	id, ok := s.kinds[kind]
	if !ok {
		// The pipeline has a handful of kinds; an index has room for 255.
		id = uint8(len(s.kinds))
		s.kinds[kind] = id
	}
	return id
}

// add records a new entry; set records an entry, replacing any under its
// key. The write lock is held (or the store is not yet shared).
func (s *Store) add(kind uint8, key Key, e entry, used bool) {
	if _, dup := s.entries[entryID{kind, key}]; !dup {
		s.set(kind, key, e, used)
	}
}

func (s *Store) set(kind uint8, key Key, e entry, used bool) {
	id := entryID{kind, key}
	if old, dup := s.entries[id]; dup {
		e.seq = old.seq
		s.entries[id] = e
		s.shadows[id] = true
		if used {
			s.used[e.seq/32] |= 1 << (e.seq % 32)
		}
		return
	}
	e.seq = s.seq
	s.seq++
	if int(e.seq/32) >= len(s.used) {
		s.used = append(s.used, 0)
	}
	if used {
		s.used[e.seq/32] |= 1 << (e.seq % 32)
	}
	s.entries[id] = e
	s.counts[kind]++
}

func (s *Store) isUsed(seq uint32) bool { return s.used[seq/32]&(1<<(seq%32)) != 0 }

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
