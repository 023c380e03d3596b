package server

import (
	"io"
	"os"
	"sync"

	"github.com/valyala/fasthttp"
)

// minSendfile is the smallest representation sent with sendfile(2) from a
// file kept open for the snapshot rather than written from memory. Writing
// from memory copies the body into the socket (about half a microsecond of
// CPU per KB on the benchmark machine, see docs/performance.md); sendfile
// hands the kernel the page-cache pages instead, for a fixed cost of a few
// microseconds (an extra syscall for the header).
const minSendfile = 16 << 10

// fileBody is a fasthttp body stream that sends size bytes of file from
// offset 0. Many requests share one open file, so nothing may move its
// offset: the Linux path calls sendfile(2) with an explicit offset, and the
// portable path reads with ReadAt. fileBodies are pooled, so serving a large
// file allocates nothing.
type fileBody struct {
	file *os.File
	fd   int // file's descriptor, read once per snapshot (os.File.Fd has a cost)
	size int64
	// conn is the client's connection when its file descriptor can be
	// reached (see sendfileConn).
	conn sendfileConn
	// read is how far Read has got, for the portable path.
	read int64
	// state of the current sendfile, bound once to the funcs below so
	// that handing them to the runtime allocates nothing.
	sfErr         error
	off, remain   int64
	sendFn        func(fd uintptr) bool
	corkFn        func(fd uintptr)
	uncorkFn      func(fd uintptr)
	corked, inUse bool
}

var fileBodies = sync.Pool{New: func() any { return newFileBody() }}

// openFile is a representation's file, held open for the snapshot's life
// (the garbage collector closes it once the snapshot is dropped). The
// descriptor still reads the build it was opened in after a new build is
// swapped into the folder.
type openFile struct {
	file *os.File
	fd   int
}

func newOpenFile(f *os.File) *openFile {
	return &openFile{file: f, fd: int(f.Fd())}
}

// serveFile makes f (size bytes) the body of ctx's response.
func serveFile(ctx *fasthttp.RequestCtx, f *openFile, size int64) {
	b := fileBodies.Get().(*fileBody) //nolint:forcetypeassert // the pool holds only these
	b.file, b.fd, b.size, b.read, b.inUse = f.file, f.fd, size, 0, true
	b.conn = connOf(ctx)
	if b.conn != nil && !ctx.IsHead() {
		// The header goes out on its own before the body (fasthttp's
		// buffer cannot be reached), so hold it back until the body
		// follows, as nginx's tcp_nopush does: with MSG_MORE on the
		// header's write where the connection is ours, else TCP_CORK.
		if !holdNextWrite(ctx.Conn()) {
			b.cork()
		}
		ctx.Response.ImmediateHeaderFlush = true
	}
	ctx.Response.SetBodyStream(b, int(size))
}

// SupportsBodyWriteTo tells fasthttp to call WriteTo.
func (b *fileBody) SupportsBodyWriteTo() bool { return true }

// WriteTo sends the body: with sendfile(2) straight to the connection when
// it can (fasthttp has already flushed the header), else through w.
func (b *fileBody) WriteTo(w io.Writer) (int64, error) {
	if b.conn != nil {
		n, err := b.sendfile()
		b.uncork()
		return n, err
	}
	return io.Copy(w, io.NewSectionReader(b.file, 0, b.size))
}

// Read reads the body without moving the shared file's offset.
func (b *fileBody) Read(p []byte) (int, error) {
	if b.read >= b.size {
		return 0, io.EOF
	}
	if left := b.size - b.read; int64(len(p)) > left {
		p = p[:left]
	}
	n, err := b.file.ReadAt(p, b.read)
	b.read += int64(n)
	if err == io.EOF && b.read < b.size {
		err = io.ErrUnexpectedEOF
	} else if err == io.EOF {
		err = nil
	}
	return n, err
}

// Close returns b to the pool once fasthttp is done with it.
func (b *fileBody) Close() error {
	if !b.inUse {
		return nil
	}
	b.uncork()
	b.inUse, b.file, b.conn = false, nil, nil
	fileBodies.Put(b)
	return nil
}
