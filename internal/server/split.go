package server

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"
	"time"
)

// http2Preface opens every HTTP/2 connection (RFC 9113 §3.4). A client
// that speaks HTTP/2 in clear text from the first byte (prior knowledge,
// §3.3: what a proxy with an h2c upstream sends) sends it before anything
// else; no HTTP/1.x request can start with it.
var http2Preface = []byte("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")

// protocolSplit accepts connections on one listener and sorts them by
// their first bytes: those that open with the HTTP/2 preface to http2,
// every other to http1. Each side is a net.Listener for its own server, so
// fasthttp serves HTTP/1.1 and net/http HTTP/2 on one port.
type protocolSplit struct {
	ln           net.Listener
	logger       *slog.Logger
	http1, http2 *connQueue

	mu      sync.Mutex
	sorting map[net.Conn]struct{} // accepted, first bytes not read yet
	closed  bool
}

func newProtocolSplit(ln net.Listener, logger *slog.Logger) *protocolSplit {
	return &protocolSplit{ln: ln, logger: logger, sorting: map[net.Conn]struct{}{},
		http1: newConnQueue(ln.Addr()), http2: newConnQueue(ln.Addr())}
}

// run accepts until the listener is closed; a failure to accept that is not
// the listener closing is retried after a pause, as net/http does.
func (s *protocolSplit) run() error {
	var pause time.Duration
	for {
		c, err := s.ln.Accept()
		if errors.Is(err, net.ErrClosed) {
			return nil
		}
		if err != nil {
			var ne net.Error
			if !errors.As(err, &ne) || !ne.Timeout() && !isTemporary(err) {
				return err
			}
			pause = min(max(2*pause, 5*time.Millisecond), time.Second)
			s.logger.Warn("accept failed; retrying", "error", err.Error(), "in", pause.String())
			time.Sleep(pause)
			continue
		}
		pause = 0
		if !s.track(c) {
			c.Close()
			return nil
		}
		go s.sort(c)
	}
}

// isTemporary reports errors such as running out of file descriptors, which
// pass once other connections close.
func isTemporary(err error) bool {
	t, ok := err.(interface{ Temporary() bool })
	return ok && t.Temporary()
}

// sort reads as much of c's first bytes as it takes to tell the protocol
// and queues c, with those bytes to be read again, on its side. A client
// that sends nothing within readHeaderTimeout is dropped.
func (s *protocolSplit) sort(c net.Conn) {
	defer s.untrack(c)
	var first [24]byte // len(http2Preface)
	n := 0
	_ = c.SetReadDeadline(time.Now().Add(readHeaderTimeout))
	for n < len(http2Preface) && bytes.HasPrefix(http2Preface, first[:n]) {
		m, err := c.Read(first[n:])
		n += m
		if err != nil {
			if n == 0 || bytes.HasPrefix(http2Preface, first[:n]) {
				c.Close() // nothing, or a preface cut short
				return
			}
			break // the start of an HTTP/1 request: its server answers
		}
	}
	_ = c.SetReadDeadline(time.Time{})
	side := s.http1
	if bytes.Equal(first[:n], http2Preface) {
		side = s.http2
	}
	side.push(&replayConn{Conn: c, first: append([]byte(nil), first[:n]...)})
}

func (s *protocolSplit) track(c net.Conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.sorting[c] = struct{}{}
	return true
}

func (s *protocolSplit) untrack(c net.Conn) {
	s.mu.Lock()
	delete(s.sorting, c)
	s.mu.Unlock()
}

// close stops accepting and drops the connections not sorted yet; the two
// sides are closed by their servers' shutdown.
func (s *protocolSplit) close() error {
	err := s.ln.Close()
	s.mu.Lock()
	s.closed = true
	for c := range s.sorting {
		c.Close()
	}
	s.mu.Unlock()
	return err
}

// connQueue is a net.Listener whose connections come from a protocolSplit.
type connQueue struct {
	addr  net.Addr
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

func newConnQueue(addr net.Addr) *connQueue {
	return &connQueue{addr: addr, conns: make(chan net.Conn), done: make(chan struct{})}
}

var _ net.Listener = (*connQueue)(nil)

// push hands c to the server accepting from q, or closes it when q is
// closed.
func (q *connQueue) push(c net.Conn) {
	select {
	case q.conns <- c:
	case <-q.done:
		c.Close()
	}
}

// Accept waits for the next connection.
func (q *connQueue) Accept() (net.Conn, error) {
	select {
	case c := <-q.conns:
		return c, nil
	case <-q.done:
		return nil, net.ErrClosed
	}
}

// Close makes Accept return net.ErrClosed.
func (q *connQueue) Close() error {
	q.once.Do(func() { close(q.done) })
	return nil
}

// Addr is the address of the listener the connections came from.
func (q *connQueue) Addr() net.Addr { return q.addr }

// replayConn is a connection whose first bytes were read to sort it; its
// reads return them again first. It is served by one goroutine at a time.
type replayConn struct {
	net.Conn
	first []byte
	// holdNextWrite, set while a body goes out with sendfile, makes the
	// next Write (the response header fasthttp flushes first) wait in the
	// kernel for the body (heldWriter).
	holdNextWrite bool
	held          *heldWriter // made on first use; nil where there is none
	heldMade      bool
}

// Write writes p, held for what follows when holdNextWrite is set.
func (c *replayConn) Write(p []byte) (int, error) {
	if c.holdNextWrite {
		c.holdNextWrite = false
		if !c.heldMade {
			c.held, c.heldMade = newHeldWriter(c.Conn), true
		}
		if c.held != nil {
			return c.held.write(p)
		}
	}
	return c.Conn.Write(p)
}

// Read returns what is left of the first bytes, then reads the connection.
func (c *replayConn) Read(p []byte) (int, error) {
	if len(c.first) > 0 {
		n := copy(p, c.first)
		c.first = c.first[n:]
		return n, nil
	}
	return c.Conn.Read(p)
}

// ReadFrom lets a body from an *os.File reach the TCP connection's own
// ReadFrom, which sends it with sendfile(2).
func (c *replayConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(c.Conn, r)
}
