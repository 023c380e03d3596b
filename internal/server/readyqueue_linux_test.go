//go:build linux && (amd64 || arm64)

package server

import (
	"errors"
	"io"
	"net"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"
)

// queuedPair is a connection accepted by rawListener, woken by its ready
// queue, and the client end.
func queuedPair(t *testing.T, ln net.Listener) (server *rawIOConn, client net.Conn) {
	t.Helper()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	c, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	rc, ok := c.(*rawIOConn)
	if !ok || rc.q == nil {
		t.Fatalf("accepted %T without a ready queue", c)
	}
	return rc, client
}

func queuedListener(t *testing.T) *readyQueueListener {
	t.Helper()
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln, ok := rawListener(tcp).(*readyQueueListener)
	if !ok {
		t.Fatal("rawListener made no ready queue")
	}
	t.Cleanup(func() { ln.Close() })
	return ln
}

// TestQueuedReadWaitsForData: a read with nothing to read waits, and the
// queue wakes it when the client writes.
func TestQueuedReadWaitsForData(t *testing.T) {
	server, client := queuedPair(t, queuedListener(t))
	got := readInBackground(server, 16)
	time.Sleep(20 * time.Millisecond) // let the reader wait first
	if _, err := client.Write([]byte("GET / HTTP/1.1")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "GET / HTTP/1.1" {
		t.Errorf("read %q", s)
	}
	client.Close()
	if n, err := server.Read(make([]byte, 16)); n != 0 || err != io.EOF {
		t.Errorf("after the client closed: %d, %v; want 0, EOF", n, err)
	}
}

// TestQueuedReadDeadline: a waiting read returns a timeout once its
// deadline passes, as a read in the runtime's poller does.
func TestQueuedReadDeadline(t *testing.T) {
	server, _ := queuedPair(t, queuedListener(t))
	if err := server.SetReadDeadline(time.Now().Add(50 * time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err := server.Read(make([]byte, 16))
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() || !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read returned %v, want a timeout", err)
	}
	if waited := time.Since(start); waited < 50*time.Millisecond {
		t.Errorf("returned after %s, before the deadline", waited)
	}
	// A deadline already passed fails at once; a zero one waits again.
	if err := server.SetReadDeadline(time.Time{}); err != nil {
		t.Fatal(err)
	}
	if d := server.readDeadline.Load(); d != 0 {
		t.Errorf("deadline %d after clearing it", d)
	}
}

// TestCloseWakesQueuedReader: closing a connection (as a shutdown closes
// idle keep-alive connections) ends a read waiting on it.
func TestCloseWakesQueuedReader(t *testing.T) {
	server, _ := queuedPair(t, queuedListener(t))
	done := make(chan error, 1)
	go func() {
		_, err := server.Read(make([]byte, 16))
		done <- err
	}()
	time.Sleep(20 * time.Millisecond)
	server.Close()
	if err := <-done; !errors.Is(err, net.ErrClosed) {
		t.Errorf("read returned %v, want net.ErrClosed", err)
	}
}

// TestQueueOutlivesItsListener: connections keep being served after the
// listener closes (a graceful shutdown), and the queue's epoll set is
// closed with the last of them.
func TestQueueOutlivesItsListener(t *testing.T) {
	ln := queuedListener(t)
	server, client := queuedPair(t, ln)
	ln.Close()
	if _, err := client.Write([]byte("still here")); err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 16)
	n, err := server.Read(b)
	if err != nil || string(b[:n]) != "still here" {
		t.Fatalf("read %q, %v after the listener closed", b[:n], err)
	}
	select {
	case <-ln.q.done:
		t.Fatal("the queue closed while a connection used it")
	default:
	}
	server.Close()
	select {
	case <-ln.q.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the queue stayed open after its last connection closed")
	}
}

// TestQueueServesInArrivalOrder: connections that become readable one
// after another are served in that order (the last one woken may go
// first: the scheduler runs the goroutine readied last before its queue).
// The runtime's own poller serves such a batch in reverse order, which
// gives len-1 choose 2 inversions; this test allows fewer than len.
func TestQueueServesInArrivalOrder(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector runs ready goroutines in a random order")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	ln := queuedListener(t)
	const n = 24
	servers := make([]*rawIOConn, n)
	clients := make([]net.Conn, n)
	for i := range n {
		servers[i], clients[i] = queuedPair(t, ln)
	}
	var (
		mu    sync.Mutex
		order []int
		wg    sync.WaitGroup
	)
	for i, s := range servers {
		wg.Go(func() {
			if _, err := s.Read(make([]byte, 8)); err != nil {
				t.Error(err)
			}
			mu.Lock()
			order = append(order, i)
			mu.Unlock()
		})
	}
	time.Sleep(50 * time.Millisecond) // every reader waits before any data
	for _, c := range clients {
		if _, err := c.Write([]byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	wg.Wait()
	inversions := 0
	for i := range order {
		for j := i + 1; j < len(order); j++ {
			if order[i] > order[j] {
				inversions++
			}
		}
	}
	if inversions >= n {
		t.Errorf("served in the order %v: %d inversions, want fewer than %d", order, inversions, n)
	}
}

// TestQueuedReadAllocatesNothing: a request's read allocates nothing, so
// serving under load never wakes the garbage collector (its pauses were
// a cause of tail latency).
func TestQueuedReadAllocatesNothing(t *testing.T) {
	server, client := queuedPair(t, queuedListener(t))
	buf := make([]byte, 8)
	msg := []byte("x")
	allocs := testing.AllocsPerRun(200, func() {
		if _, err := client.Write(msg); err != nil {
			t.Fatal(err)
		}
		if _, err := server.Read(buf); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per write and read, want 0", allocs)
	}
}

// TestQueuedReadAfterDrain: a read that fills its buffer leaves the rest to
// the next read without waiting; one that comes back short marks the socket
// drained, and the next read then waits for the queue's signal (no read(2)
// that would only say EAGAIN) yet still gets bytes that arrived before it
// began, and bytes that arrive while it waits.
func TestQueuedReadAfterDrain(t *testing.T) {
	server, client := queuedPair(t, queuedListener(t))
	read := func(size int) string {
		t.Helper()
		b := make([]byte, size)
		n, err := server.Read(b)
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		return string(b[:n])
	}
	if _, err := client.Write([]byte("GET /a HTTP/1.1\r\n")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return len(server.readable) == 1 })
	if s := read(4); s != "GET " || server.drained {
		t.Fatalf("first read %q, drained %v; want \"GET \", not drained", s, server.drained)
	}
	if s := read(64); s != "/a HTTP/1.1\r\n" || !server.drained {
		t.Fatalf("second read %q, drained %v; want the rest, drained", s, server.drained)
	}

	// Arrives before the next read begins.
	if _, err := client.Write([]byte("GET /b HTTP/1.1\r\n")); err != nil {
		t.Fatal(err)
	}
	if s := read(64); s != "GET /b HTTP/1.1\r\n" {
		t.Fatalf("read after a drain got %q", s)
	}

	// Arrives while the read waits.
	got := readInBackground(server, 64)
	time.Sleep(20 * time.Millisecond)
	if _, err := client.Write([]byte("GET /c HTTP/1.1\r\n")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "GET /c HTTP/1.1\r\n" {
		t.Errorf("waiting read got %q", s)
	}
}

// waitFor polls cond for up to two seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met within 2s")
}

// TestQueuedReadSeesCloseAfterLastData: a client that sends its last
// request and closes at once gives one edge for both; the read after the
// data must see the end of the stream then, not wait for an edge that
// will not come.
func TestQueuedReadSeesCloseAfterLastData(t *testing.T) {
	server, client := queuedPair(t, queuedListener(t))
	if _, err := client.Write([]byte("GET /last HTTP/1.1\r\n")); err != nil {
		t.Fatal(err)
	}
	client.Close()
	waitFor(t, func() bool { return len(server.readable) == 1 })
	time.Sleep(20 * time.Millisecond) // the FIN's event, if any, is taken with the data's
	<-server.readable                 // as a reader that waited would have
	b := make([]byte, 64)
	if n, err := server.Read(b); err != nil || string(b[:n]) != "GET /last HTTP/1.1\r\n" {
		t.Fatalf("read %q, %v", b[:n], err)
	}
	got := make(chan error, 1)
	go func() {
		_, err := server.Read(b)
		got <- err
	}()
	select {
	case err := <-got:
		if err != io.EOF {
			t.Errorf("after the client closed: %v, want EOF", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the read after the last data waited for an edge that does not come")
	}
}

// readInBackground reads once from c into a buffer of size bytes and sends
// what it read, or the error's text.
func readInBackground(c net.Conn, size int) <-chan string {
	got := make(chan string, 1)
	go func() {
		b := make([]byte, size)
		n, err := c.Read(b)
		if err != nil {
			got <- err.Error()
			return
		}
		got <- string(b[:n])
	}()
	return got
}
