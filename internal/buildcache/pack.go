package buildcache

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// formatDir is the folder of this format of the store under its root: a
// change of layout or entry encoding takes a new one, and Open removes the
// earlier ones, never read again. v1 held a file per entry; v2 had
// hand-written binary entries where v3 has CBOR (Memo).
const formatDir = "v3"

// earlierFormats are the folders of the formats before formatDir.
var earlierFormats = []string{"v1", "v2"}

// A store session's entries go to one pack file (NAME.pack, the entries'
// bytes one after another) and are published by its index (NAME.idx),
// written when the session closes. A pack without an index is a session
// still running, or one that crashed: it is never read.
const (
	packExt  = ".pack"
	indexExt = ".idx"
	// indexMagic starts an index file; the last byte is the format.
	indexMagic = "PORTALCI\x03"
	// indexEntrySize is one entry in an index: kind, key, offset, size,
	// CRC-32C.
	indexEntrySize = 1 + 32 + 8 + 4 + 4
)

// Compaction: Close rewrites a pruned store's live entries into one pack
// when the packs hold more than twice their size (plus pruneSlack). When
// there are more than maxPacks it merges only the live entries of every pack
// but the largest, which keeps its entries in place: each rebuild adds a
// small pack, mostly replaced by the next ones, while the largest holds
// most of what is live, and rewriting it every maxPacks rebuilds took a
// quarter of the rebuild that did it on the portal's site. A store never
// pruned (its builds failed) is merged, whole, past twice maxPacks.
const (
	maxPacks   = 8
	pruneSlack = 1 << 20
	// orphanAge is how old a pack without an index must be to count as
	// left by a crashed session rather than being written by a live one.
	orphanAge = time.Hour
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

type pack struct {
	path string // without extension
	f    *os.File
	size int64
}

func (p *pack) read(e entry) ([]byte, bool) {
	buf := make([]byte, e.n)
	if _, err := p.f.ReadAt(buf, e.off); err != nil {
		return nil, false
	}
	return buf, crc32.Checksum(buf, castagnoli) == e.crc
}

func (p *pack) append(data []byte) (entry, error) {
	if len(data) > math.MaxUint32 {
		return entry{}, fmt.Errorf("write build cache entry: %d bytes is more than an entry can hold", len(data))
	}
	if _, err := p.f.WriteAt(data, p.size); err != nil {
		return entry{}, fmt.Errorf("write build cache entry to %s: %w", p.path+packExt, err)
	}
	e := entry{off: p.size, n: uint32(len(data)), crc: crc32.Checksum(data, castagnoli)}
	p.size += int64(len(data))
	return e, nil
}

func newStore(root, dir string, temporary, persistent bool) *Store {
	return &Store{root: root, dir: dir, temporary: temporary, persistent: persistent,
		kinds: map[Kind]uint8{}, entries: map[entryID]entry{}, counts: map[uint8]int{}, shadows: map[entryID]bool{}}
}

// Open opens (creating it if needed) the persistent store in dir.
func Open(dir string) (*Store, error) {
	s := newStore(dir, filepath.Join(dir, formatDir), false, true)
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return nil, fmt.Errorf("create the build cache %s: %w", dir, err)
	}
	// CACHEDIR.TAG tells backup tools the folder holds only a cache
	// (https://bford.info/cachedir/).
	tag := filepath.Join(dir, "CACHEDIR.TAG")
	if _, err := os.Stat(tag); errors.Is(err, fs.ErrNotExist) {
		_ = os.WriteFile(tag, []byte("Signature: 8a477f597d28d172789f06886806bc55\n# The build cache of Portal (portal build --cache); safe to delete.\n"), 0o644)
	}
	for _, old := range earlierFormats {
		_ = os.RemoveAll(filepath.Join(dir, old))
	}
	indexes, err := filepath.Glob(filepath.Join(s.dir, "*"+indexExt))
	if err != nil {
		return nil, fmt.Errorf("read the build cache %s: %w", dir, err)
	}
	slices.Sort(indexes) // oldest first: packs are named by when they were made
	for _, idx := range indexes {
		s.load(strings.TrimSuffix(idx, indexExt)) // an unreadable pack is only a smaller cache
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
	return newStore(dir, dir, true, false), nil
}

// OpenTemporaryCache makes a build cache in a new temporary folder, removed
// by Close: for a process that builds one site again and again (portal
// dev), whose builds read what the earlier ones kept, as builds with a
// persistent cache do, and leave nothing behind.
func OpenTemporaryCache() (*Store, error) {
	s, err := OpenTemporary()
	if err != nil {
		return nil, err
	}
	s.persistent = true
	return s, nil
}

// load adds a published pack's entries; a pack whose index or size is not
// what its index says is skipped whole.
func (s *Store) load(path string) bool {
	idx, err := os.ReadFile(path + indexExt)
	if err != nil || !bytes.HasPrefix(idx, []byte(indexMagic)) {
		return false
	}
	r := bytes.NewReader(idx[len(indexMagic):])
	kinds, err := readKinds(r)
	if err != nil {
		return false
	}
	rest := idx[len(idx)-r.Len():]
	if len(rest)%indexEntrySize != 0 || len(s.packs) >= math.MaxUint16 {
		return false
	}
	f, err := os.Open(path + packExt)
	if err != nil {
		return false
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return false
	}
	p := &pack{path: path, f: f, size: info.Size()}
	type loadedEntry struct {
		kind uint8
		key  Key
		e    entry
	}
	list := make([]loadedEntry, 0, len(rest)/indexEntrySize)
	for rec := range slices.Chunk(rest, indexEntrySize) {
		if int(rec[0]) >= len(kinds) {
			f.Close()
			return false
		}
		var le loadedEntry
		le.kind = s.kindID(kinds[rec[0]])
		copy(le.key[:], rec[1:33])
		le.e = entry{off: int64(binary.LittleEndian.Uint64(rec[33:41])), n: binary.LittleEndian.Uint32(rec[41:45]),
			crc: binary.LittleEndian.Uint32(rec[45:49]), pack: uint16(len(s.packs))}
		if le.e.off < 0 || le.e.off+int64(le.e.n) > p.size {
			f.Close()
			return false
		}
		list = append(list, le)
	}
	s.packs = append(s.packs, p)
	for _, le := range list {
		s.set(le.kind, le.key, le.e, false) // the newer pack's, if two hold one key (Replace)
	}
	return true
}

func readKinds(r *bytes.Reader) ([]Kind, error) {
	var n uint8
	if err := binary.Read(r, binary.LittleEndian, &n); err != nil {
		return nil, err
	}
	kinds := make([]Kind, n)
	for i := range kinds {
		size, err := r.ReadByte()
		if err != nil {
			return nil, err
		}
		name := make([]byte, size)
		if _, err := io.ReadFull(r, name); err != nil {
			return nil, err
		}
		kinds[i] = Kind(name)
	}
	return kinds, nil
}

// ensureCurrent makes this session's pack; the write lock is held.
func (s *Store) ensureCurrent() error {
	if s.current != nil {
		return nil
	}
	if s.closed {
		return errors.New("write build cache entry: the store is closed")
	}
	if len(s.packs) >= math.MaxUint16 {
		return errors.New("write build cache entry: too many packs")
	}
	f, err := createPack(s.dir)
	if err != nil {
		return fmt.Errorf("write build cache entry: %w", err)
	}
	s.current = &pack{path: strings.TrimSuffix(f.Name(), packExt), f: f}
	s.currentIndex = uint16(len(s.packs))
	s.packs = append(s.packs, s.current)
	return nil
}

// createPack makes a pack file named, in sorting order, by when it was
// made.
func createPack(dir string) (*os.File, error) {
	return os.CreateTemp(dir, fmt.Sprintf("%016x-*%s", time.Now().UnixNano(), packExt))
}

// Close publishes this session's entries in a persistent store (and
// compacts it when it has grown; see Prune), or removes a temporary one.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	if s.temporary {
		s.closePacks()
		return os.RemoveAll(s.root)
	}
	defer s.closePacks()
	var err error
	if s.current != nil {
		err = s.publish(s.current, func(e entry) bool { return s.packs[e.pack] == s.current })
	}
	if keep, inPlace, ok := s.compaction(); ok && err == nil {
		err = s.compact(keep, inPlace)
	}
	return err
}

func (s *Store) closePacks() {
	for _, p := range s.packs {
		_ = p.f.Close()
	}
}

// compaction says whether Close should rewrite the store, which entries it
// keeps, and which pack (if any) stays as it is.
func (s *Store) compaction() (keep func(entryID, entry) bool, inPlace int, ok bool) {
	var total, live int64
	largest := 0
	for i, p := range s.packs {
		total += p.size
		if p.size > s.packs[largest].size {
			largest = i
		}
	}
	for _, e := range s.entries {
		if s.isUsed(e.seq) {
			live += int64(e.n)
		}
	}
	used := func(_ entryID, e entry) bool { return s.isUsed(e.seq) }
	switch {
	case s.prune && total > 2*live+pruneSlack:
		return used, -1, true
	case s.prune && len(s.packs) > maxPacks:
		// An entry that replaced one of the largest pack's (Replace) is
		// kept even unused: dropped, the older one would be read again.
		return func(id entryID, e entry) bool {
			return int(e.pack) != largest && (s.isUsed(e.seq) || s.shadows[id])
		}, largest, true
	case len(s.packs) > 2*maxPacks:
		return func(entryID, entry) bool { return true }, -1, true
	}
	return nil, -1, false
}

// compact copies the entries keep selects into one new pack, publishes it,
// and removes every pack it replaces: all but inPlace (-1 for none), whose
// entries stay where they are. A process still reading those keeps its
// open files; one opening the store meanwhile skips what is gone.
func (s *Store) compact(keep func(entryID, entry) bool, inPlace int) error {
	f, err := createPack(s.dir)
	if err != nil {
		return fmt.Errorf("compact the build cache: %w", err)
	}
	merged := &pack{path: strings.TrimSuffix(f.Name(), packExt), f: f}
	type kept struct {
		id entryID
		e  entry
	}
	var list []kept
	for id, e := range s.entries {
		if keep(id, e) {
			list = append(list, kept{id, e})
		}
	}
	// In pack order, so the old packs are read from start to end.
	slices.SortFunc(list, func(a, b kept) int {
		if a.e.pack != b.e.pack {
			return int(a.e.pack) - int(b.e.pack)
		}
		return int(a.e.off - b.e.off)
	})
	w := bufio.NewWriterSize(f, 1<<20)
	moved := make(map[entryID]entry, len(list))
	for _, k := range list {
		data, ok := s.packs[k.e.pack].read(k.e)
		if !ok {
			continue
		}
		if _, err := w.Write(data); err != nil {
			return errors.Join(fmt.Errorf("compact the build cache: %w", err), f.Close(), os.Remove(f.Name()))
		}
		moved[k.id] = entry{off: merged.size, n: k.e.n, crc: k.e.crc}
		merged.size += int64(k.e.n)
	}
	if err := w.Flush(); err != nil {
		return errors.Join(fmt.Errorf("compact the build cache: %w", err), f.Close(), os.Remove(f.Name()))
	}
	old := s.packs
	s.packs = append(old, merged)
	err = s.publishEntries(merged, moved)
	if err != nil {
		return errors.Join(err, os.Remove(f.Name()))
	}
	for i, p := range old {
		if i != inPlace {
			_ = os.Remove(p.path + indexExt)
			_ = os.Remove(p.path + packExt)
		}
	}
	removeOrphans(s.dir)
	return nil
}

// removeOrphans removes packs a crashed session left without an index.
func removeOrphans(dir string) {
	packs, _ := filepath.Glob(filepath.Join(dir, "*"+packExt))
	for _, p := range packs {
		info, err := os.Stat(p)
		if err != nil || time.Since(info.ModTime()) < orphanAge {
			continue
		}
		if _, err := os.Stat(strings.TrimSuffix(p, packExt) + indexExt); errors.Is(err, fs.ErrNotExist) {
			_ = os.Remove(p)
		}
	}
}

// publish writes the index of p's entries that belong selects.
func (s *Store) publish(p *pack, belong func(entry) bool) error {
	list := map[entryID]entry{}
	for id, e := range s.entries {
		if belong(e) {
			list[id] = e
		}
	}
	return s.publishEntries(p, list)
}

// publishEntries writes p's index, aside and renamed into place so that a
// reader sees all of it or none.
func (s *Store) publishEntries(p *pack, list map[entryID]entry) error {
	names := make([]Kind, len(s.kinds))
	for k, id := range s.kinds {
		names[id] = k
	}
	var buf bytes.Buffer
	buf.WriteString(indexMagic)
	buf.WriteByte(byte(len(names)))
	for _, k := range names {
		buf.WriteByte(byte(len(k)))
		buf.WriteString(string(k))
	}
	var rec [indexEntrySize]byte
	for id, e := range list {
		rec[0] = id.kind
		copy(rec[1:33], id.key[:])
		binary.LittleEndian.PutUint64(rec[33:41], uint64(e.off))
		binary.LittleEndian.PutUint32(rec[41:45], e.n)
		binary.LittleEndian.PutUint32(rec[45:49], e.crc)
		buf.Write(rec[:])
	}
	tmp := p.path + indexExt + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write the build cache index: %w", err)
	}
	if err := os.Rename(tmp, p.path+indexExt); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("write the build cache index: %w", err)
	}
	return nil
}
