package server

import (
	"io"
	"net/http"
)

// logWriter records the status and body size of a response for the access
// log.
type logWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

// WriteHeader records the first status written, for the access log.
func (w *logWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *logWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(p)
	w.bytes += int64(n)
	return n, err
}

// ReadFrom keeps the underlying writer's io.ReaderFrom reachable, so
// http.ServeContent can still send files with sendfile(2).
func (w *logWriter) ReadFrom(r io.Reader) (int64, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := io.Copy(w.ResponseWriter, r)
	w.bytes += n
	return n, err
}

// statusCode is the status sent; a handler that wrote nothing sent 200.
func (w *logWriter) statusCode() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *logWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
