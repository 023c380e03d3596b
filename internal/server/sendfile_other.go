//go:build !linux

package server

import (
	"net"
	"time"

	"github.com/valyala/fasthttp"
)

// sendfileConn stands for a connection sendfile(2) writes to; elsewhere
// than Linux the body is copied through fasthttp's buffer.
type sendfileConn interface{}

func connOf(*fasthttp.RequestCtx) sendfileConn { return nil }

func newFileBody() *fileBody { return &fileBody{} }

func (b *fileBody) sendfile() (int64, error) { panic("server: sendfile without a connection") }

func (b *fileBody) cork()   {}
func (b *fileBody) uncork() {}

// unchanged reports whether the open file still has the size and
// modification time it was described with.
func (f *openFile) unchanged(size int64, modTime time.Time) bool {
	info, err := f.file.Stat()
	return err == nil && info.Size() == size && info.ModTime().Equal(modTime)
}

// rawListener returns ln (see rawconn_linux.go for Linux).
func rawListener(ln net.Listener) net.Listener { return ln }

// holdNextWrite reports false: the response header is corked instead.
func holdNextWrite(net.Conn) bool { return false }
