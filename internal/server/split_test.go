package server

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestOnePortSortsProtocolsByFirstBytes: on the clear-text port, requests
// are told apart by how the connection opens, however the bytes arrive:
// HTTP/1.x methods that share letters with HTTP/2's preface ("P…") are
// still HTTP/1, a request sent a byte at a time is answered, and a
// connection that closes mid-preface is dropped without an answer.
func TestOnePortSortsProtocolsByFirstBytes(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	base, done := startServer(t, ctx, fixture(t, "/", nil))
	addr := strings.TrimSuffix(strings.TrimPrefix(base, "http://"), "/")
	for _, tc := range []struct {
		name, send     string
		oneByteAtATime bool
		status         int // 0: the connection is closed without an answer
	}{
		{name: "GET", send: "GET /docs/x/ HTTP/1.1\r\nHost: x\r\n\r\n", status: 200},
		{name: "POST", send: "POST /docs/x/ HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", status: 405},
		{name: "PUT", send: "PUT /docs/x/ HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", status: 405},
		{name: "PRI as an HTTP/1.1 method", send: "PRI /docs/x/ HTTP/1.1\r\nHost: x\r\n\r\n", status: 405},
		{name: "a byte at a time", send: "GET /docs/x/ HTTP/1.1\r\nHost: x\r\n\r\n", oneByteAtATime: true, status: 200},
		{name: "preface cut short", send: string(http2Preface[:10])},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			_ = c.SetDeadline(time.Now().Add(5 * time.Second))
			if tc.oneByteAtATime {
				for i := range len(tc.send) {
					if _, err := io.WriteString(c, tc.send[i:i+1]); err != nil {
						t.Fatal(err)
					}
					time.Sleep(time.Millisecond)
				}
			} else if _, err := io.WriteString(c, tc.send); err != nil {
				t.Fatal(err)
			}
			if tc.status == 0 {
				_ = c.(*net.TCPConn).CloseWrite()
				if b, err := io.ReadAll(c); err != nil || len(b) != 0 {
					t.Errorf("answered %q (%v), want the connection closed", b, err)
				}
				return
			}
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.status)
			}
		})
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("ListenAndServe: %v", err)
	}
}
