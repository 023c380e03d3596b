package server

import (
	"errors"
	"io"
	"syscall"
	"time"

	"github.com/valyala/fasthttp"
)

// sendfileConn is a connection whose file descriptor sendfile(2) can write
// to.
type sendfileConn = syscall.RawConn

// connOf is the raw TCP connection of ctx, or nil (in-memory listeners in
// tests, TLS).
func connOf(ctx *fasthttp.RequestCtx) sendfileConn {
	return rawConnOf(ctx.Conn())
}

func newFileBody() *fileBody {
	b := &fileBody{}
	b.sendFn = b.sendChunk
	b.corkFn = func(fd uintptr) { b.setCork(fd, 1) }
	b.uncorkFn = func(fd uintptr) { b.setCork(fd, 0) }
	return b
}

// maxSendfileChunk bounds one sendfile(2) call (Linux sends at most about
// 2 GB per call anyway).
const maxSendfileChunk = 1 << 30

// sendfile sends the whole file to the connection, waiting for it to drain
// through the runtime's network poller like any other write.
func (b *fileBody) sendfile() (int64, error) {
	b.off, b.remain, b.sfErr = 0, b.size, nil
	if err := b.conn.Write(b.sendFn); err != nil && b.sfErr == nil {
		b.sfErr = err
	}
	return b.off, b.sfErr
}

// sendChunk sends as much as the socket takes; it reports false to wait
// until the socket is writable again.
func (b *fileBody) sendChunk(fd uintptr) bool {
	for b.remain > 0 {
		n, err := sendfileOnThread(int(fd), b.fd, &b.off, int(min(b.remain, maxSendfileChunk)))
		if n > 0 {
			b.remain -= int64(n)
		}
		switch {
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EAGAIN):
			return false
		case err != nil:
			b.sfErr = err
			return true
		case n == 0:
			// The file is shorter than when it was opened.
			b.sfErr = io.ErrUnexpectedEOF
			return true
		}
	}
	return true
}

func (b *fileBody) cork() {
	if b.conn != nil && !b.corked {
		_ = b.conn.Control(b.corkFn)
		b.corked = true
	}
}

func (b *fileBody) uncork() {
	if b.conn != nil && b.corked {
		_ = b.conn.Control(b.uncorkFn)
		b.corked = false
	}
}

func (b *fileBody) setCork(fd uintptr, on int) {
	_ = setsockoptIntOnThread(int(fd), syscall.IPPROTO_TCP, syscall.TCP_CORK, on)
}

// unchanged reports whether the open file still has the size and
// modification time it was described with (portal build never rewrites a
// file in place, but a folder served by hand may be edited).
func (f *openFile) unchanged(size int64, modTime time.Time) bool {
	var st syscall.Stat_t
	if err := fstatOnThread(f.fd, &st); err != nil {
		return false
	}
	return st.Size == size && time.Unix(st.Mtim.Unix()).Equal(modTime)
}
