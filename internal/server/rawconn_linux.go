//go:build linux && (amd64 || arm64)

package server

import (
	"io"
	"net"
	"syscall"
	"time"
	"unsafe"
)

// Why portal serve does its own socket reads and writes on Linux.
//
// Measured with one Go scheduler thread (GOMAXPROCS=1) on a machine whose
// cores other work also uses, net.Conn's reads and writes tell the runtime
// they may block (syscall.Syscall), so whenever the thread is preempted
// inside one for more than 20 µs the runtime's monitor hands the scheduler
// to a second thread, and the first one goes to sleep on return: thousands
// of extra context switches a second, three threads taking turns on one
// core, and a p99 latency 5–20× nginx's single-threaded event loop
// (docs/performance.md). The sockets are non-blocking, so these calls never
// block: made with syscall.RawSyscall they stay on the one thread, and
// waiting for a socket still goes through the runtime's network poller
// (syscall.RawConn), which also keeps read and write deadlines working.

// rawIOListener wraps ln's TCP connections in rawIOConn.
type rawIOListener struct{ net.Listener }

// rawListener returns ln with its connections' I/O done by rawIOConn and
// their reads woken in arrival order by a readyQueue (readyqueue_linux.go);
// without an epoll set, reads wait in the runtime's poller.
func rawListener(ln net.Listener) net.Listener {
	q, err := newReadyQueue()
	if err != nil {
		return rawIOListener{ln}
	}
	return &readyQueueListener{rawIOListener: rawIOListener{ln}, q: q}
}

// Accept accepts a connection and wraps it when it is TCP.
func (l rawIOListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return c, err
	}
	tcp, ok := c.(*net.TCPConn)
	if !ok {
		return c, nil
	}
	raw, err := tcp.SyscallConn()
	if err != nil {
		return c, nil
	}
	rc := &rawIOConn{TCPConn: tcp, raw: raw}
	rc.readFn, rc.writeFn = rc.readOnce, rc.writeAll
	return rc, nil
}

// rawIOConn is a TCP connection whose Read and Write are single
// non-blocking system calls that do not leave the scheduler thread.
type rawIOConn struct {
	*net.TCPConn
	raw syscall.RawConn

	// The call in progress, bound once to readFn and writeFn so that
	// handing them to the poller allocates nothing. A connection is read
	// by one goroutine and written by one (fasthttp serves a connection
	// on one goroutine), so the two never share these fields.
	rbuf, wbuf      []byte
	rn, wn          int
	rerr, werr      error
	readFn, writeFn func(fd uintptr) bool
	// sendFlags are the send(2) flags of the next Write: MSG_MORE when a
	// body follows with sendfile (holdNextWrite).
	sendFlags uintptr

	queuedState // when a readyQueue wakes its reads (q not nil)
}

// Read reads what the socket holds, waiting for data like net.Conn.
func (c *rawIOConn) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if c.q != nil {
		return c.readQueued(p)
	}
	c.rbuf, c.rn, c.rerr = p, 0, nil
	err := c.raw.Read(c.readFn)
	c.rbuf = nil
	if err != nil {
		return 0, err // a deadline or a closed connection
	}
	return c.rn, c.rerr
}

func (c *rawIOConn) readOnce(fd uintptr) bool {
	for {
		n, _, errno := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&c.rbuf[0])), uintptr(len(c.rbuf)))
		switch {
		case errno == syscall.EINTR:
			continue
		case errno == syscall.EAGAIN:
			return false // wait for data
		case errno != 0:
			c.rerr = &net.OpError{Op: "read", Net: "tcp", Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: errno}
		case n == 0:
			c.rerr = io.EOF
		default:
			c.rn = int(n)
		}
		return true
	}
}

// SetReadDeadline sets the read deadline where the reader waits.
func (c *rawIOConn) SetReadDeadline(t time.Time) error {
	if c.q == nil {
		return c.TCPConn.SetReadDeadline(t)
	}
	c.setReadDeadline(t)
	return nil
}

// SetDeadline sets both deadlines where each side waits.
func (c *rawIOConn) SetDeadline(t time.Time) error {
	if err := c.SetReadDeadline(t); err != nil {
		return err
	}
	return c.SetWriteDeadline(t)
}

// Close wakes a waiting reader and closes the connection.
func (c *rawIOConn) Close() error {
	if c.q != nil {
		c.closeQueued()
	}
	return c.TCPConn.Close()
}

// Write writes all of p, waiting for the socket to drain like net.Conn.
func (c *rawIOConn) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	c.wbuf, c.wn, c.werr = p, 0, nil
	err := c.raw.Write(c.writeFn)
	c.wbuf, c.sendFlags = nil, 0
	if err != nil && c.werr == nil {
		c.werr = err
	}
	return c.wn, c.werr
}

func (c *rawIOConn) writeAll(fd uintptr) bool {
	for c.wn < len(c.wbuf) {
		rest := c.wbuf[c.wn:]
		n, _, errno := syscall.RawSyscall6(syscall.SYS_SENDTO, fd, uintptr(unsafe.Pointer(&rest[0])), uintptr(len(rest)), c.sendFlags, 0, 0)
		switch {
		case errno == syscall.EINTR:
			continue
		case errno == syscall.EAGAIN:
			return false // wait until the socket takes more
		case errno != 0:
			c.werr = &net.OpError{Op: "write", Net: "tcp", Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: errno}
			return true
		case n == 0:
			c.werr = io.ErrShortWrite
			return true
		}
		c.wn += int(n)
	}
	return true
}

// holdNextWrite makes c's next Write tell the kernel more data follows
// (MSG_MORE), so a response header and the body sendfile sends after it
// share packets, as TCP_CORK would do for two more system calls. It
// reports false when c is not a rawIOConn.
func holdNextWrite(c net.Conn) bool {
	rc, ok := c.(*rawIOConn)
	if ok {
		rc.sendFlags = syscall.MSG_MORE
	}
	return ok
}

// sendfileOnThread is syscall.Sendfile without leaving the scheduler thread
// (see above): out is non-blocking, so it never blocks either.
func sendfileOnThread(out, in int, offset *int64, count int) (int, error) {
	n, _, errno := syscall.RawSyscall6(syscall.SYS_SENDFILE, uintptr(out), uintptr(in), uintptr(unsafe.Pointer(offset)), uintptr(count), 0, 0)
	if errno != 0 {
		return int(n), errno
	}
	return int(n), nil
}

// setsockoptIntOnThread is syscall.SetsockoptInt without leaving the
// scheduler thread.
func setsockoptIntOnThread(fd, level, opt, value int) error {
	v := int32(value)
	_, _, errno := syscall.RawSyscall6(syscall.SYS_SETSOCKOPT, uintptr(fd), uintptr(level), uintptr(opt), uintptr(unsafe.Pointer(&v)), unsafe.Sizeof(v), 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// fstatOnThread is syscall.Fstat without leaving the scheduler thread (a
// regular file's fstat never blocks).
func fstatOnThread(fd int, st *syscall.Stat_t) error {
	_, _, errno := syscall.RawSyscall(syscall.SYS_FSTAT, uintptr(fd), uintptr(unsafe.Pointer(st)), 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// rawConnOf is the syscall.RawConn of a connection rawListener accepted or
// of a plain TCP connection, or nil.
func rawConnOf(c net.Conn) syscall.RawConn {
	switch c := c.(type) {
	case *rawIOConn:
		return c.raw
	case *net.TCPConn:
		raw, err := c.SyscallConn()
		if err != nil {
			return nil
		}
		return raw
	}
	return nil
}
