//go:build linux && !(amd64 || arm64)

package server

import (
	"net"
	"syscall"
)

// rawListener returns ln: the single-thread I/O of rawconn_linux.go is
// written for 64-bit Linux system call conventions.
func rawListener(ln net.Listener) net.Listener { return ln }

// sendfileOnThread is syscall.Sendfile here.
func sendfileOnThread(out, in int, offset *int64, count int) (int, error) {
	return syscall.Sendfile(out, in, offset, count)
}

// rawConnOf is the syscall.RawConn of a TCP connection, or nil.
func rawConnOf(c net.Conn) syscall.RawConn {
	if tcp, ok := c.(*net.TCPConn); ok {
		if raw, err := tcp.SyscallConn(); err == nil {
			return raw
		}
	}
	return nil
}

// setsockoptIntOnThread is syscall.SetsockoptInt here.
func setsockoptIntOnThread(fd, level, opt, value int) error {
	return syscall.SetsockoptInt(fd, level, opt, value)
}

// fstatOnThread is syscall.Fstat here.
func fstatOnThread(fd int, st *syscall.Stat_t) error { return syscall.Fstat(fd, st) }

// holdNextWrite reports false: the response header is corked instead.
func holdNextWrite(net.Conn) bool { return false }
