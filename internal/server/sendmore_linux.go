package server

import (
	"errors"
	"net"
	"syscall"
)

// heldWriter writes to a TCP connection with MSG_MORE (send(2)): the kernel
// holds a packet that is not full until the next send on the socket, so a
// response header and the body sendfile sends right after it leave in the
// same packets, as nginx's tcp_nopush does (docs/performance.md).
type heldWriter struct {
	raw syscall.RawConn
	// The write in progress, bound once to sendFn so that handing it to
	// raw.Write allocates nothing.
	p      []byte
	n      int
	err    error
	sendFn func(fd uintptr) bool
}

// newHeldWriter returns a heldWriter for c, or nil when c has no socket to
// send on (an in-memory connection).
func newHeldWriter(c net.Conn) *heldWriter {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return nil
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	w := &heldWriter{raw: raw}
	w.sendFn = w.send
	return w
}

// write sends all of p, waiting in the runtime's poller while the socket
// is full.
func (w *heldWriter) write(p []byte) (int, error) {
	w.p, w.n, w.err = p, 0, nil
	if err := w.raw.Write(w.sendFn); err != nil && w.err == nil {
		w.err = err
	}
	n, err := w.n, w.err
	w.p = nil
	return n, err
}

// send sends what the socket takes; false means wait until it is writable.
func (w *heldWriter) send(fd uintptr) bool {
	for w.n < len(w.p) {
		n, err := syscall.SendmsgN(int(fd), w.p[w.n:], nil, nil, syscall.MSG_MORE)
		if n > 0 {
			w.n += n
		}
		switch {
		case errors.Is(err, syscall.EINTR):
		case errors.Is(err, syscall.EAGAIN):
			return false
		case err != nil:
			w.err = err
			return true
		}
	}
	return true
}
