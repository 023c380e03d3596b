//go:build !linux

package server

import "net"

// heldWriter is Linux's (MSG_MORE); elsewhere a header and its sendfile
// body may leave in separate packets.
type heldWriter struct{}

func newHeldWriter(net.Conn) *heldWriter { return nil }

func (*heldWriter) write([]byte) (int, error) { panic("unreachable: newHeldWriter returns nil") }
