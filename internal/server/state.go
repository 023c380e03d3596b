package server

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"sync"
	"time"

	"github.com/portaldocs/portal/internal/route"
)

// snapshotState is one snapshot plus what the handler learns while serving
// it: file hashes and the not-found page. It is dropped with its snapshot, so
// caches never outlive the build they describe.
type snapshotState struct {
	snap Snapshot

	// hashes maps a file name to its fileHash.
	hashes sync.Map

	notFoundOnce sync.Once
	notFoundPage []byte
}

// fileHash is a content hash with the size and modification time it was
// computed for. Snapshots are immutable, but Dir serves a live folder that a
// build may rewrite in place; checking size and time keeps an ETag from
// outliving the bytes it names.
type fileHash struct {
	hex     string
	size    int64
	modTime time.Time
}

// current returns the state for the source's current snapshot, adopting a
// new snapshot when the manifest changed.
func (h *handler) current() (*snapshotState, error) {
	snap := h.src.Snapshot()
	if snap.FS == nil || snap.Manifest == nil {
		return nil, errUnavailable()
	}
	if st := h.state.Load(); st != nil && st.snap.Manifest == snap.Manifest {
		return st, nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if st := h.state.Load(); st != nil && st.snap.Manifest == snap.Manifest {
		return st, nil
	}
	warmIndex(snap.Manifest)
	st := &snapshotState{snap: snap}
	h.state.Store(st)
	return st, nil
}

// warmIndex makes the manifest build its lookup index now, under h.mu and
// before any request reads it: route.Manifest builds the index lazily on
// first lookup, which is not safe for concurrent first use.
func warmIndex(m *route.Manifest) {
	m.Lookup("")
}

// hash returns the hex content hash of the file name, computing it at most
// once per file per snapshot. content must be at its start and is left there.
func (st *snapshotState) hash(name string, info fs.FileInfo, content io.ReadSeeker) (string, error) {
	if v, ok := st.hashes.Load(name); ok {
		if fh := v.(fileHash); fh.size == info.Size() && fh.modTime.Equal(info.ModTime()) {
			return fh.hex, nil
		}
	}
	sum := sha256.New()
	if _, err := io.Copy(sum, content); err != nil {
		return "", err
	}
	if _, err := content.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	// 128 bits are plenty to tell versions of one URL apart.
	hexSum := hex.EncodeToString(sum.Sum(nil)[:16])
	st.hashes.Store(name, fileHash{hex: hexSum, size: info.Size(), modTime: info.ModTime()})
	return hexSum, nil
}

// notFound returns the body of the site's 404.html, read once per snapshot,
// or nil when the build wrote none.
func (st *snapshotState) notFound() []byte {
	st.notFoundOnce.Do(func() {
		// Any read error means "no page": the plain 404 still answers.
		if page, err := fs.ReadFile(st.snap.FS, route.NotFoundFile); err == nil {
			st.notFoundPage = page
		}
	})
	return st.notFoundPage
}
