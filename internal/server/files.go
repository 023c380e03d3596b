package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/portaldocs/portal/internal/policy"
)

// Header values shared by every answer; never modified.
var (
	varyAcceptEncoding = []string{"Accept-Encoding"}
	acceptRanges       = []string{"bytes"}
)

// defaultMemoryLimit bounds the file bytes one snapshot keeps in memory
// (see WithMemoryLimit).
const defaultMemoryLimit = 256 << 20

// maxInMemory is the largest file held in memory; larger ones are read from
// the FS on each request (net/http sends an *os.File with sendfile(2)).
const maxInMemory = 1 << 20

// fileEntry is one output file and its precompressed siblings, resolved
// on its first request and then served without touching the file system
// for as long as the snapshot is served (and its bytes are held).
type fileEntry struct {
	st           *snapshotState
	name         string
	typ          policy.FileType
	contentType  []string
	cacheControl []string

	mu       sync.Mutex
	resolved bool
	// variants are the identity first, then the siblings the build wrote,
	// in policy.Encodings order. Set once resolved is true.
	variants []*variant
}

// variant is one representation of a file: the identity or one encoding.
type variant struct {
	encoding string // "" for the identity
	name     string // in the snapshot's FS
	size     int64
	modTime  time.Time

	etag            []string
	contentLength   []string
	lastModified    []string // nil when the FS has no times
	contentEncoding []string // nil for the identity
	// data is the whole representation when held in memory; nil means it
	// is read from the FS on each request.
	data []byte
	// files, for a representation of minSendfile bytes or more in a
	// folder, keeps its file open for the fasthttp path's sendfile.
	files *filePool
}

func newFileEntry(st *snapshotState, name, cacheControl string) *fileEntry {
	typ := policy.TypeOf(name)
	return &fileEntry{st: st, name: name, typ: typ,
		contentType: []string{typ.ContentType}, cacheControl: []string{cacheControl}}
}

// resolve opens the file and its siblings once. A failure is not kept:
// the next request tries again.
func (e *fileEntry) resolve(ctx context.Context) ([]*variant, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.resolved {
		return e.variants, nil
	}
	identity, err := e.load(ctx, e.name, "")
	if err != nil {
		return nil, err
	}
	variants := []*variant{identity}
	if e.typ.Compressible {
		for _, enc := range policy.Encodings {
			v, err := e.load(ctx, e.name+enc.Suffix, enc.Name)
			if err == nil {
				variants = append(variants, v)
			}
		}
	}
	e.variants, e.resolved = variants, true
	return variants, nil
}

// invalidate forgets what resolve found, after the file changed on disk.
func (e *fileEntry) invalidate() {
	e.mu.Lock()
	e.resolved, e.variants = false, nil
	e.mu.Unlock()
}

// load reads one representation's metadata and content hash, keeping its
// bytes in memory when it is small and the snapshot's budget allows.
func (e *fileEntry) load(ctx context.Context, name, encoding string) (*variant, error) {
	f, info, err := openRegular(ctx, e.st.snap.FS, name)
	if err != nil {
		return nil, err
	}
	v := &variant{encoding: encoding, name: name, size: info.Size(), modTime: info.ModTime()}
	described, err := e.describe(v, f)
	if osFile, ok := f.(*os.File); ok && err == nil && v.size >= minSendfile {
		v.files = newFilePool(e.st, name, v.size, v.modTime, osFile)
		return described, nil
	}
	f.Close()
	return described, err
}

// describe reads v's bytes from f for its ETag, keeping them in memory when
// v is small and the snapshot's budget allows.
func (e *fileEntry) describe(v *variant, f fs.File) (*variant, error) {
	name := v.name
	sum := sha256.New()
	if v.size <= maxInMemory && e.st.budget.take(v.size) {
		data, err := io.ReadAll(f)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		v.data, v.size = data, int64(len(data))
		sum.Write(data)
	} else if _, err := io.Copy(sum, f); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	// A strong validator from the representation's own bytes (RFC 9110
	// §8.8.3): each encoding of one URL has its own. 128 bits are plenty
	// to tell versions of one URL apart.
	v.etag = []string{`"` + hex.EncodeToString(sum.Sum(nil)[:16]) + `"`}
	v.contentLength = []string{strconv.FormatInt(v.size, 10)}
	if v.encoding != "" {
		v.contentEncoding = []string{v.encoding}
	}
	if !v.modTime.IsZero() && !v.modTime.Equal(time.Unix(0, 0)) {
		v.lastModified = []string{v.modTime.UTC().Format(http.TimeFormat)}
	}
	return v, nil
}

// serveEntry answers with the representation of e that r accepts. A plain
// GET or HEAD is written directly from prepared header values; conditional
// and range requests go through http.ServeContent, which implements them
// (RFC 9110 §13, §14) on whichever representation was chosen.
func (h *handler) serveEntry(w http.ResponseWriter, r *http.Request, e *fileEntry) error {
	variants, err := e.resolve(r.Context())
	if err != nil {
		return err
	}
	v := pickVariant(variants, r)
	var content io.ReadSeeker
	if v.data == nil {
		f, err := openContext(r.Context(), e.st.snap.FS, v.name)
		if err != nil {
			return openError(err)
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil || info.Size() != v.size || !info.ModTime().Equal(v.modTime) {
			// Rewritten in place since it was resolved: resolve again.
			e.invalidate()
			return errRetry
		}
		if content, err = readSeeker(f); err != nil {
			return fmt.Errorf("read %s: %w", v.name, err)
		}
	}
	hdr := w.Header()
	hdr["Content-Type"] = e.contentType
	hdr["Cache-Control"] = e.cacheControl
	hdr["Etag"] = v.etag
	hdr["Accept-Ranges"] = acceptRanges
	// RFC 9110 §12.5.5: every answer for this URL depends on
	// Accept-Encoding, whether or not this one is compressed. A file
	// without siblings is the same for everyone, as nginx says too; a
	// page's URL depends on Accept too (markdown.go).
	if vary := varyOf(e.name, len(variants)); vary != nil {
		hdr["Vary"] = vary
	}
	if v.contentEncoding != nil {
		hdr["Content-Encoding"] = v.contentEncoding
	}
	if plain(r) {
		hdr["Content-Length"] = v.contentLength
		if v.lastModified != nil {
			hdr["Last-Modified"] = v.lastModified
		}
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodHead {
			return nil
		}
		if v.data != nil {
			_, _ = w.Write(v.data)
			return nil
		}
		// io.Copy reaches the connection's ReadFrom: sendfile(2) when
		// content is an *os.File.
		_, _ = io.Copy(w, content)
		return nil
	}
	if v.data != nil {
		content = bytes.NewReader(v.data)
	}
	http.ServeContent(lengthWriter{w, v.size}, r, "", v.modTime, content)
	return nil
}

// plain reports whether r is a GET or HEAD without preconditions or
// ranges: the request every page load and benchmark sends.
func plain(r *http.Request) bool {
	h := r.Header
	return len(h["Range"]) == 0 && len(h["If-None-Match"]) == 0 && len(h["If-Modified-Since"]) == 0 &&
		len(h["If-Match"]) == 0 && len(h["If-Unmodified-Since"]) == 0
}

// errRetry asks ServeHTTP to answer the request again: the file changed
// under a resolved entry, or the snapshot's folder was replaced.
var errRetry = errors.New("file changed while serving; retry")

// ContextFS is a snapshot's FS whose files may be made when they are
// opened, as portal dev prerenders a page the first time it is asked for:
// the handler opens files with the request's context, so that the work
// ends with the request.
type ContextFS interface {
	fs.FS
	OpenContext(ctx context.Context, name string) (fs.File, error)
}

// openContext opens name in fsys, with ctx when fsys is a ContextFS.
func openContext(ctx context.Context, fsys fs.FS, name string) (fs.File, error) {
	if cfs, ok := fsys.(ContextFS); ok {
		return cfs.OpenContext(ctx, name)
	}
	return fsys.Open(name)
}

// openRegular opens name in fsys (with ctx, for a ContextFS) and returns it
// only if it is a regular file (directories are never listed), with its
// info.
func openRegular(ctx context.Context, fsys fs.FS, name string) (fs.File, fs.FileInfo, error) {
	f, err := openContext(ctx, fsys, name)
	if err != nil {
		return nil, nil, openError(err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("stat %s: %w", name, err)
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, errNotFound(nil)
	}
	return f, info, nil
}

// openError maps a failed open like Caddy's file server: a missing file is
// 404, a forbidden one 403. Any other failure (a symlink escaping Dir's root,
// a loop) is also 404 to the client, since no such page exists for it, but
// keeps its cause so the site owner sees it in the log.
func openError(err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrInvalid), errors.Is(err, syscall.ENOTDIR):
		return errNotFound(nil)
	case errors.Is(err, fs.ErrPermission):
		return &statusError{status: http.StatusForbidden, reason: err.Error()}
	}
	return errNotFound(err)
}

// readSeeker returns f itself when it can seek (os and fstest files can),
// else its content in memory; http.ServeContent needs to seek.
func readSeeker(f fs.File) (io.ReadSeeker, error) {
	if rs, ok := f.(io.ReadSeeker); ok {
		return rs, nil
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(b), nil
}

// lengthWriter adds Content-Length when http.ServeContent leaves it out: it
// does so for any answer with a Content-Encoding (net/http/fs.go, for
// handlers that compress while writing), but here the encoded body is a
// file of known size. A 200 is the whole file; a single-range 206 is the
// range its Content-Range names.
type lengthWriter struct {
	http.ResponseWriter
	size int64
}

// WriteHeader sets Content-Length on a 200 or a 206 before the headers go
// out.
func (w lengthWriter) WriteHeader(code int) {
	hdr := w.Header()
	if hdr.Get("Content-Length") == "" {
		switch code {
		case http.StatusOK:
			hdr.Set("Content-Length", strconv.FormatInt(w.size, 10))
		case http.StatusPartialContent:
			if n, ok := rangeLength(hdr.Get("Content-Range")); ok {
				hdr.Set("Content-Length", strconv.FormatInt(n, 10))
			}
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

// rangeLength is the length of "bytes first-last/size".
func rangeLength(contentRange string) (int64, bool) {
	spec, ok := strings.CutPrefix(contentRange, "bytes ")
	if !ok {
		return 0, false
	}
	spec, _, _ = strings.Cut(spec, "/")
	first, last, ok := strings.Cut(spec, "-")
	if !ok {
		return 0, false
	}
	a, err1 := strconv.ParseInt(first, 10, 64)
	b, err2 := strconv.ParseInt(last, 10, 64)
	if err1 != nil || err2 != nil || b < a {
		return 0, false
	}
	return b - a + 1, true
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w lengthWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
