//go:build linux && (amd64 || arm64)

package server

import (
	"fmt"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// Why portal serve wakes waiting connections itself, in the order their
// sockets became readable.
//
// Under load, the runtime's network poller hands a batch of ready sockets
// to the scheduler in the reverse of the order epoll reported them
// (runtime/netpoll_epoll.go builds the list with gList.push, which
// prepends, and injectglist queues it from its head). The connection that
// waited longest is served last: the same mean latency as nginx's worker,
// which walks epoll's list in order, but a tail about twice as long
// (docs/design-decisions.md, "portal serve at nginx's pace on one thread").
//
// So a connection's goroutine waits for data on a channel instead, and one
// goroutine per listener reads a second epoll set, with every connection
// in it, and signals the channels in epoll's order. Each woken goroutine is
// queued behind the one woken before it, so a batch is served first come,
// first served. That goroutine in turn waits for the epoll set through the
// runtime's poller (an epoll set is itself pollable), so nothing ever
// blocks a scheduler thread. Writes, which wait rarely, still wait in the
// runtime's poller.

// readyQueue is the epoll set of one listener's connections.
type readyQueue struct {
	epoll *os.File
	epfd  int // epoll's descriptor, used under mu while users > 0
	raw   syscall.RawConn

	mu    sync.Mutex
	conns map[int32]*rawIOConn
	users int // the listener and each registered connection
	done  chan struct{}

	events     [256]syscall.EpollEvent
	dispatchFn func(fd uintptr) bool
}

const (
	// sweepInterval is how late a read deadline may be noticed.
	sweepInterval = 250 * time.Millisecond
	// epollET is EPOLLET as the uint32 EpollEvent.Events takes it
	// (syscall declares it as a negative int).
	epollET = 1 << 31
)

// newReadyQueue makes the epoll set and starts its dispatcher.
func newReadyQueue() (*readyQueue, error) {
	fd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("server: epoll_create1: %w", err)
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("server: epoll set non-blocking: %w", err)
	}
	// Non-blocking, so os.NewFile registers it with the runtime's poller.
	f := os.NewFile(uintptr(fd), "ready-queue")
	raw, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("server: epoll set: %w", err)
	}
	q := &readyQueue{epoll: f, epfd: fd, raw: raw, conns: make(map[int32]*rawIOConn), users: 1, done: make(chan struct{})}
	q.dispatchFn = q.dispatch
	go q.run()
	go q.sweep()
	return q, nil
}

// run signals the connections whose sockets are readable, batch by batch,
// until the queue is closed.
func (q *readyQueue) run() {
	for {
		if err := q.raw.Read(q.dispatchFn); err != nil {
			return // the epoll set was closed
		}
	}
}

// dispatch takes what the epoll set holds and signals those connections; it
// returns false, to wait in the runtime's poller, once the set is empty.
// Waiting there after each batch lets the woken goroutines run first.
func (q *readyQueue) dispatch(fd uintptr) bool {
	n, _, errno := syscall.RawSyscall6(syscall.SYS_EPOLL_PWAIT, fd, uintptr(unsafe.Pointer(&q.events[0])), uintptr(len(q.events)), 0, 0, 0)
	if errno == syscall.EINTR {
		return true
	}
	if errno != 0 || n == 0 {
		return false
	}
	q.mu.Lock()
	for _, ev := range q.events[:n] {
		if c := q.conns[ev.Fd]; c != nil {
			if ev.Events&(syscall.EPOLLRDHUP|syscall.EPOLLHUP|syscall.EPOLLERR) != 0 {
				c.peerClosed.Store(true) // before the signal, which the reader waits on
			}
			c.signalReadable()
		}
	}
	q.mu.Unlock()
	return int(n) == len(q.events) // more may be queued: no new edge would tell
}

// sweep wakes connections whose read deadline has passed, so they return
// a timeout as a read on the runtime's poller would.
func (q *readyQueue) sweep() {
	t := time.NewTicker(sweepInterval)
	defer t.Stop()
	for {
		select {
		case <-q.done:
			return
		case now := <-t.C:
			q.mu.Lock()
			for _, c := range q.conns {
				if d := c.readDeadline.Load(); d != 0 && now.UnixNano() >= d {
					c.signalReadable()
				}
			}
			q.mu.Unlock()
		}
	}
}

// register adds c's socket to the set; edge-triggered, so each arrival of
// data is one event.
func (q *readyQueue) register(c *rawIOConn) error {
	var fd int
	if err := c.raw.Control(func(s uintptr) { fd = int(s) }); err != nil {
		return err
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.users == 0 {
		return net.ErrClosed
	}
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP | epollET, Fd: int32(fd)}
	if err := syscall.EpollCtl(q.epfd, syscall.EPOLL_CTL_ADD, fd, &ev); err != nil {
		return fmt.Errorf("server: epoll_ctl add: %w", err)
	}
	c.fd = int32(fd)
	q.conns[c.fd] = c
	q.users++
	return nil
}

// unregister removes c's socket from the set before it is closed (a later
// connection may get the same descriptor number).
func (q *readyQueue) unregister(c *rawIOConn) {
	q.release(func() {
		if q.conns[c.fd] == c {
			delete(q.conns, c.fd)
		}
		_ = c.raw.Control(func(s uintptr) {
			_ = syscall.EpollCtl(q.epfd, syscall.EPOLL_CTL_DEL, int(s), nil)
		})
	})
}

// release drops one user's hold on the queue (the listener's, or a
// connection's after forget ran under mu), and closes the queue when it
// was the last: the dispatcher and the sweep stop. Closing is not under
// mu, since closing the epoll file waits for a dispatch in progress, which
// takes mu.
func (q *readyQueue) release(forget func()) {
	q.mu.Lock()
	if forget != nil {
		forget()
	}
	q.users--
	last := q.users == 0
	q.mu.Unlock()
	if last {
		close(q.done)
		q.epoll.Close()
	}
}

// readyQueueListener is rawIOListener with connections woken by a
// readyQueue.
type readyQueueListener struct {
	rawIOListener
	q         *readyQueue
	closeOnce sync.Once
}

// Accept accepts a connection and registers it with the queue; one that
// cannot be registered waits in the runtime's poller instead.
func (l *readyQueueListener) Accept() (net.Conn, error) {
	c, err := l.rawIOListener.Accept()
	if err != nil {
		return c, err
	}
	rc, ok := c.(*rawIOConn)
	if !ok {
		return c, nil
	}
	// The channel exists before the dispatcher can see the connection.
	rc.readable = make(chan struct{}, 1)
	rc.readNoWaitFn = rc.readNoWait
	if err := l.q.register(rc); err == nil {
		rc.q = l.q
	}
	return rc, nil
}

// Close closes the listener; the queue lives on until its last connection
// is closed.
func (l *readyQueueListener) Close() error {
	err := l.rawIOListener.Close()
	l.closeOnce.Do(func() { l.q.release(nil) })
	return err
}

// signalReadable wakes c's reader, or leaves it a token if none waits.
func (c *rawIOConn) signalReadable() {
	select {
	case c.readable <- struct{}{}:
	default:
	}
}

// readQueued is Read for a connection the queue wakes.
func (c *rawIOConn) readQueued(p []byte) (int, error) {
	if c.drained && !c.peerClosed.Load() {
		c.drained = false
		if err := c.waitReadable(); err != nil {
			return 0, c.waitError(err)
		}
	}
	for {
		c.rbuf, c.rn, c.rerr, c.readDone = p, 0, nil, false
		// Through the runtime's descriptor, so a concurrent Close cannot
		// free the descriptor number mid-call; readNoWait never waits.
		err := c.raw.Read(c.readNoWaitFn)
		c.rbuf = nil
		if err != nil {
			return 0, err
		}
		if c.readDone {
			c.drained = c.rerr == nil && c.rn < len(p)
			return c.rn, c.rerr
		}
		if err := c.waitReadable(); err != nil {
			return 0, c.waitError(err)
		}
	}
}

// waitError is the error Read returns when waiting failed with err.
func (c *rawIOConn) waitError(err error) error {
	return &net.OpError{Op: "read", Net: "tcp", Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: err}
}

// readNoWait is readOnce, reporting in readDone instead of waiting.
func (c *rawIOConn) readNoWait(fd uintptr) bool {
	c.readDone = c.readOnce(fd)
	return true
}

// waitReadable waits for the queue's signal, the read deadline or Close
// (each of which also signals: one channel, so no select per request).
func (c *rawIOConn) waitReadable() error {
	if d := c.readDeadline.Load(); d != 0 && time.Now().UnixNano() >= d {
		return os.ErrDeadlineExceeded
	}
	if c.closed.Load() {
		return net.ErrClosed
	}
	<-c.readable
	if c.closed.Load() {
		return net.ErrClosed
	}
	return nil
}

// setReadDeadline records t for waitReadable and the sweep.
func (c *rawIOConn) setReadDeadline(t time.Time) {
	if t.IsZero() {
		c.readDeadline.Store(0)
		return
	}
	c.readDeadline.Store(t.UnixNano())
	if !t.After(time.Now()) {
		c.signalReadable() // already passed: a waiting reader returns now
	}
}

// closeQueued wakes a waiting reader and leaves the queue, once.
func (c *rawIOConn) closeQueued() {
	c.closeOnce.Do(func() {
		c.closed.Store(true)
		c.signalReadable()
		c.q.unregister(c)
	})
}

// queuedState is what a connection the queue wakes keeps.
type queuedState struct {
	q            *readyQueue
	fd           int32
	readable     chan struct{}
	readNoWaitFn func(fd uintptr) bool // readNoWait, bound once: no allocation per read
	readDone     bool
	// drained is set by a read that returned less than it asked for: the
	// socket held no more at that moment, so the next read waits for the
	// queue's signal before it tries, saving the read(2) that would only
	// say EAGAIN. Anything that arrives after the drain makes a new edge,
	// whose signal the channel keeps, so nothing is missed; but the edge of
	// the peer's close may have come with the last data, so once the queue
	// has seen it (peerClosed) reads no longer wait first.
	drained      bool
	peerClosed   atomic.Bool
	closed       atomic.Bool
	closeOnce    sync.Once
	readDeadline atomic.Int64
}
