package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// minGzipSize is the smallest body worth compressing: below it the response
// fits one TCP segment either way, and gzip's own header and the CPU spent
// buy nothing.
const minGzipSize = 1024

// maxPooledBuffer caps the buffers kept for reuse, so one large file does not
// pin its memory for the life of the server.
const maxPooledBuffer = 4 << 20

// gzipETagSuffix tells the on-the-fly gzip representation's ETag from the
// identity's: RFC 9110 §8.8.3 requires different strong validators for
// different content codings of one resource.
const gzipETagSuffix = "-gzip"

// wantsGzip reports whether to answer r with gzip. Range requests get the
// identity: a byte range must index one stable representation (RFC 9110
// §14.1.2), and resuming clients expect the file's own bytes.
func wantsGzip(r *http.Request) bool {
	return r.Header.Get("Range") == "" && acceptsGzip(r.Header.Values("Accept-Encoding"))
}

// acceptsGzip reads Accept-Encoding (RFC 9110 §12.5.3): gzip is acceptable
// when listed (or x-gzip, §8.4.1.3) with a non-zero q, or when absent but
// "*" has a non-zero q.
func acceptsGzip(values []string) bool {
	gzipQ, anyQ := -1.0, -1.0
	for _, v := range values {
		for item := range strings.SplitSeq(v, ",") {
			coding, q := parseCoding(item)
			switch coding {
			case "gzip", "x-gzip":
				gzipQ = max(gzipQ, q)
			case "*":
				anyQ = max(anyQ, q)
			}
		}
	}
	if gzipQ >= 0 {
		return gzipQ > 0
	}
	return anyQ > 0
}

// parseCoding splits one Accept-Encoding item into its lower-cased coding
// and its q weight (1 when absent, 0 when malformed so it is not chosen).
func parseCoding(item string) (string, float64) {
	coding, params, _ := strings.Cut(item, ";")
	coding = strings.ToLower(strings.TrimSpace(coding))
	q := 1.0
	for param := range strings.SplitSeq(params, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(param), "=")
		if !strings.EqualFold(name, "q") {
			continue
		}
		parsed, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || parsed < 0 || parsed > 1 {
			return coding, 0
		}
		q = parsed
	}
	return coding, q
}

// serveGzip answers with content compressed on the fly. Compression is lazy:
// http.ServeContent settles conditional requests before it reads the body,
// so a revalidation answered 304 costs no compression.
func (h *handler) serveGzip(w http.ResponseWriter, r *http.Request, name, sum string, modTime time.Time, content io.Reader) error {
	body := &lazyGzip{src: content, pools: &h.pools}
	defer body.release()
	hdr := w.Header()
	hdr.Set("Content-Encoding", "gzip")
	hdr.Set("ETag", strongETag(sum, gzipETagSuffix))
	http.ServeContent(lengthWriter{w, body.size}, r, name, modTime, body)
	if body.err != nil {
		return &statusError{status: http.StatusInternalServerError, cause: body.err, committed: true}
	}
	return nil
}

// pools recycles gzip writers and buffers across requests; a gzip.Writer
// holds hundreds of kilobytes of state that is expensive to allocate.
type pools struct {
	writers sync.Pool // *gzip.Writer
	buffers sync.Pool // *bytes.Buffer
}

func (p *pools) writer(dst io.Writer) *gzip.Writer {
	if zw, ok := p.writers.Get().(*gzip.Writer); ok {
		zw.Reset(dst)
		return zw
	}
	return gzip.NewWriter(dst)
}

func (p *pools) buffer() *bytes.Buffer {
	if b, ok := p.buffers.Get().(*bytes.Buffer); ok {
		b.Reset()
		return b
	}
	return new(bytes.Buffer)
}

func (p *pools) putBuffer(b *bytes.Buffer) {
	if b.Cap() <= maxPooledBuffer {
		p.buffers.Put(b)
	}
}

// lazyGzip is an io.ReadSeeker over the gzip of src, compressed on first use.
// The whole body is compressed into memory so that http.ServeContent can
// seek it and the response can carry a Content-Length.
type lazyGzip struct {
	src   io.Reader
	pools *pools
	buf   *bytes.Buffer
	rd    *bytes.Reader
	err   error
}

func (l *lazyGzip) load() error {
	if l.rd != nil || l.err != nil {
		return l.err
	}
	l.buf = l.pools.buffer()
	zw := l.pools.writer(l.buf)
	_, err := io.Copy(zw, l.src)
	if closeErr := zw.Close(); err == nil {
		err = closeErr
	}
	l.pools.writers.Put(zw)
	if err != nil {
		l.err = err
		return err
	}
	l.rd = bytes.NewReader(l.buf.Bytes())
	return nil
}

// Read reads the compressed body, compressing it first if need be.
func (l *lazyGzip) Read(p []byte) (int, error) {
	if err := l.load(); err != nil {
		return 0, err
	}
	return l.rd.Read(p)
}

// Seek moves in the compressed body, compressing it first if need be.
func (l *lazyGzip) Seek(offset int64, whence int) (int64, error) {
	if err := l.load(); err != nil {
		return 0, err
	}
	return l.rd.Seek(offset, whence)
}

// size is the compressed length, once known.
func (l *lazyGzip) size() (int64, bool) {
	if l.rd == nil {
		return 0, false
	}
	return l.rd.Size(), true
}

// release returns the buffer to the pool; l must not be read afterwards.
func (l *lazyGzip) release() {
	if l.buf != nil {
		l.pools.putBuffer(l.buf)
		l.buf, l.rd = nil, nil
	}
}

// lengthWriter adds Content-Length to a 200 when the encoded size is known:
// http.ServeContent leaves it out once Content-Encoding is set
// (net/http/fs.go, for handlers that compress while writing), but here the
// encoded body is complete before the headers go out.
type lengthWriter struct {
	http.ResponseWriter
	size func() (int64, bool)
}

// WriteHeader sets Content-Length on a 200 before the headers go out.
func (w lengthWriter) WriteHeader(code int) {
	if code == http.StatusOK {
		if n, ok := w.size(); ok {
			w.Header().Set("Content-Length", strconv.FormatInt(n, 10))
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w lengthWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
