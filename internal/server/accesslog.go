package server

import (
	"io"
	"net"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// accessLogFlush is how long an access-log line may wait in the buffer.
const accessLogFlush = 250 * time.Millisecond

// accessLogBuffer is the buffer size that forces a write.
const accessLogBuffer = 64 << 10

// accessLog writes one line per request in the format of slog's
// TextHandler (time=… level=INFO msg=request id=… method=… path=… status=…
// bytes=… duration_ms=… remote=… [error=…]), formatted by hand into a
// buffer that is written out every quarter second or every 64 KB: slog's
// general machinery and a write(2) per request were a sixth of the CPU a
// small request costs. nginx's access_log buffer=… does the same.
type accessLog struct {
	mu      sync.Mutex
	w       io.Writer
	buf     []byte
	pending bool // a flush is scheduled
}

// WithAccessLog writes access-log lines to w, buffered (see accessLog),
// instead of to the logger; serving errors still go to the logger.
// ListenAndServe flushes it when it stops.
func WithAccessLog(w io.Writer) Option {
	return func(c *config) {
		if w != nil {
			c.accessLog = &accessLog{w: w, buf: make([]byte, 0, accessLogBuffer)}
		}
	}
}

// entry is one request's line.
type accessEntry struct {
	id       uint64
	method   string
	path     string
	status   int
	bytes    int64
	duration time.Duration
	remote   net.Addr
	err      string
}

func (a *accessLog) write(e accessEntry) {
	a.mu.Lock()
	defer a.mu.Unlock()
	b := a.buf
	b = append(b, "time="...)
	b = time.Now().AppendFormat(b, "2006-01-02T15:04:05.000Z07:00")
	b = append(b, " level=INFO msg=request id="...)
	b = strconv.AppendUint(b, e.id, 10)
	b = append(b, " method="...)
	b = appendValue(b, e.method)
	b = append(b, " path="...)
	b = appendValue(b, e.path)
	b = append(b, " status="...)
	b = strconv.AppendInt(b, int64(e.status), 10)
	b = append(b, " bytes="...)
	b = strconv.AppendInt(b, e.bytes, 10)
	b = append(b, " duration_ms="...)
	b = strconv.AppendFloat(b, float64(e.duration.Microseconds())/1000, 'f', -1, 64)
	b = append(b, " remote="...)
	if tcp, ok := e.remote.(*net.TCPAddr); ok {
		b = tcp.AddrPort().AppendTo(b)
	} else if e.remote != nil {
		b = appendValue(b, e.remote.String())
	}
	if e.err != "" {
		b = append(b, " error="...)
		b = appendValue(b, e.err)
	}
	b = append(b, '\n')
	a.buf = b
	if len(a.buf) >= accessLogBuffer {
		a.flushLocked()
		return
	}
	if !a.pending {
		a.pending = true
		time.AfterFunc(accessLogFlush, a.flush)
	}
}

// flush writes out what is buffered.
func (a *accessLog) flush() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.flushLocked()
	a.pending = false
}

func (a *accessLog) flushLocked() {
	if len(a.buf) > 0 {
		_, _ = a.w.Write(a.buf)
		a.buf = a.buf[:0]
	}
}

// appendValue appends s as slog's TextHandler writes a value: bare when it
// is safe, else quoted.
func appendValue(b []byte, s string) []byte {
	if s == "" || needsQuoting(s) {
		return strconv.AppendQuote(b, s)
	}
	return append(b, s...)
}

// needsQuoting is slog's rule: spaces, '=', '"', control and invalid
// characters need quotes.
func needsQuoting(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c <= ' ' || c == '=' || c == '"' || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError {
			return true
		}
		i += size
	}
	return false
}
