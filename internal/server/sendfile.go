package server

import (
	"io"
	"os"
	"sync"
	"time"
)

// minSendfile is the smallest representation the fasthttp path sends from
// a file with sendfile(2) instead of from memory: copying a body into the
// socket costs CPU per byte, sendfile a fixed few system calls
// (docs/performance.md).
const minSendfile = 16 << 10

// Bounds on the files kept open between requests: per representation (a
// request holds a file only while its body is sent), and per snapshot, well
// under the descriptor limit Go raises the process to.
const (
	maxIdlePerFile = 8
	maxIdleFiles   = 4096
)

// filePool keeps one representation's file open across requests. sendfile
// (through net's TCPConn.ReadFrom) reads from the file's own offset, so each
// request takes a file of its own and puts it back rewound; fasthttp's FS
// keeps its large files the same way. The garbage collector closes what is
// left idle when the snapshot is dropped; an open file still reads the
// build it was opened in after a new build is swapped into the folder.
type filePool struct {
	st      *snapshotState
	name    string
	size    int64
	modTime time.Time

	mu   sync.Mutex
	idle []*fileBody
}

// newFilePool starts a pool for name with f, a file of it already open.
func newFilePool(st *snapshotState, name string, size int64, modTime time.Time, f *os.File) *filePool {
	p := &filePool{st: st, name: name, size: size, modTime: modTime}
	p.put(&fileBody{pool: p, file: f})
	return p
}

// get returns a file of the representation, rewound, or nil when it can no
// longer be opened or no longer has the size and modification time it was
// described with (a folder edited in place; portal build never does that).
func (p *filePool) get() *fileBody {
	p.mu.Lock()
	var b *fileBody
	if n := len(p.idle); n > 0 {
		b = p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.st.idleFiles.Add(-1)
	}
	p.mu.Unlock()
	if b == nil {
		f, err := p.st.snap.FS.Open(p.name)
		if err != nil {
			return nil
		}
		osFile, ok := f.(*os.File)
		if !ok {
			f.Close()
			return nil
		}
		b = &fileBody{pool: p, file: osFile}
	}
	if info, err := b.file.Stat(); err != nil || info.Size() != p.size || !info.ModTime().Equal(p.modTime) {
		b.file.Close()
		return nil
	}
	return b
}

// put keeps b for the next request, rewound, or closes it when the pool or
// the snapshot holds enough idle files.
func (p *filePool) put(b *fileBody) {
	if _, err := b.file.Seek(0, io.SeekStart); err != nil {
		b.file.Close()
		return
	}
	if p.st.idleFiles.Add(1) <= maxIdleFiles {
		p.mu.Lock()
		if len(p.idle) < maxIdlePerFile {
			p.idle = append(p.idle, b)
			p.mu.Unlock()
			return
		}
		p.mu.Unlock()
	}
	p.st.idleFiles.Add(-1)
	b.file.Close()
}

// fileBody is a fasthttp body stream over a file of a pool; fasthttp closes
// it once the response is written, which puts the file back.
type fileBody struct {
	pool *filePool
	file *os.File
	// conn is the client's connection, whose header write is held for the
	// body; nil when it is not a replayConn.
	conn *replayConn
}

// Read reads the file.
func (b *fileBody) Read(p []byte) (int, error) { return b.file.Read(p) }

// WriteTo hands the file itself to w: fasthttp's body writer flushes the
// header and gives it to the connection's ReadFrom, which sends an *os.File
// with sendfile.
func (b *fileBody) WriteTo(w io.Writer) (int64, error) {
	rf, ok := w.(io.ReaderFrom)
	if !ok {
		return io.Copy(w, b.file)
	}
	if b.conn == nil {
		return rf.ReadFrom(b.file)
	}
	b.conn.holdNextWrite = true
	n, err := rf.ReadFrom(b.file)
	b.conn.holdNextWrite = false
	return n, err
}

// Close puts the file back into its pool.
func (b *fileBody) Close() error {
	b.conn = nil
	b.pool.put(b)
	return nil
}
