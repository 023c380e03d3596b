package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"syscall"
	"time"
)

// Cache-Control values (RFC 9111 §5.2.2).
const (
	// cacheImmutable is for content-hashed file names: a new build writes a
	// new name, so the old URL's bytes never change (RFC 8246).
	cacheImmutable = "public, max-age=31536000, immutable"
	// cacheRevalidate is for everything whose URL outlives a build: caches
	// may store it but must revalidate (cheap, thanks to the ETag) before use.
	cacheRevalidate = "no-cache"
)

// cachePolicyFor returns the Cache-Control of the output file name. Theme
// assets and page data have content-hashed names (route.Entry.Data); every
// other file keeps its name across builds.
func cachePolicyFor(name string) string {
	if strings.HasPrefix(name, "assets/") || strings.HasPrefix(name, "data/") {
		return cacheImmutable
	}
	return cacheRevalidate
}

// fileType is how files with one extension are served.
type fileType struct {
	contentType string
	// compressible types are text-like and worth gzip.
	compressible bool
}

// typeOf maps the extension of name to its type. The table is explicit
// rather than mime.TypeByExtension, which also reads the host's mime.types
// and so would answer differently on different machines. Text types declare
// UTF-8 because the build writes UTF-8; JSON has no charset parameter
// (RFC 8259 §11). Unknown extensions are application/octet-stream, which
// nosniff keeps from being rendered as anything else.
func typeOf(name string) fileType {
	switch strings.ToLower(path.Ext(name)) {
	case ".html", ".htm":
		return fileType{"text/html; charset=utf-8", true}
	case ".css":
		return fileType{"text/css; charset=utf-8", true}
	case ".js", ".mjs":
		return fileType{"text/javascript; charset=utf-8", true} // RFC 9239 §6
	case ".json", ".map":
		return fileType{"application/json", true}
	case ".webmanifest":
		return fileType{"application/manifest+json", true}
	case ".svg":
		return fileType{"image/svg+xml", true}
	case ".xml":
		return fileType{"application/xml; charset=utf-8", true} // RFC 7303 §3.2
	case ".txt":
		return fileType{"text/plain; charset=utf-8", true}
	case ".md":
		return fileType{"text/markdown; charset=utf-8", true}
	case ".csv":
		return fileType{"text/csv; charset=utf-8", true}
	case ".ico":
		return fileType{"image/x-icon", false}
	case ".png":
		return fileType{"image/png", false}
	case ".jpg", ".jpeg":
		return fileType{"image/jpeg", false}
	case ".gif":
		return fileType{"image/gif", false}
	case ".webp":
		return fileType{"image/webp", false}
	case ".avif":
		return fileType{"image/avif", false}
	case ".woff2":
		return fileType{"font/woff2", false}
	case ".woff":
		return fileType{"font/woff", false}
	case ".ttf":
		return fileType{"font/ttf", false}
	case ".pdf":
		return fileType{"application/pdf", false}
	case ".wasm":
		return fileType{"application/wasm", false}
	case ".mp4":
		return fileType{"video/mp4", false}
	case ".webm":
		return fileType{"video/webm", false}
	case ".gz":
		return fileType{"application/gzip", false}
	}
	return fileType{"application/octet-stream", false}
}

// serveFile answers with the regular file name of the snapshot through
// http.ServeContent, which implements conditional requests (RFC 9110 §13) and
// range requests (RFC 9110 §14). The ETag is a strong validator from the
// content hash (RFC 9110 §8.8.3), one per representation.
func (h *handler) serveFile(w http.ResponseWriter, r *http.Request, st *snapshotState, name, cacheControl string) error {
	f, info, content, err := openRegular(r.Context(), st.snap.FS, name)
	if err != nil {
		return err
	}
	defer f.Close()
	sum, err := st.hash(name, info, content)
	if err != nil {
		return fmt.Errorf("hash %s: %w", name, err)
	}
	typ := typeOf(name)
	hdr := w.Header()
	hdr.Set("Content-Type", typ.contentType)
	hdr.Set("Cache-Control", cacheControl)
	if typ.compressible {
		// RFC 9110 §12.5.5: every answer for this URL depends on
		// Accept-Encoding, whether or not this one is compressed.
		hdr.Add("Vary", "Accept-Encoding")
		if wantsGzip(r) {
			if h.servePrecompressed(w, r, st, name, info.ModTime()) {
				return nil
			}
			if info.Size() >= minGzipSize {
				return h.serveGzip(w, r, name, sum, info.ModTime(), content)
			}
		}
	}
	hdr.Set("ETag", strongETag(sum, ""))
	http.ServeContent(w, r, name, info.ModTime(), content)
	return nil
}

// servePrecompressed answers with the sibling name+".gz" the build may have
// written, and reports whether there was one. Its ETag is its own content
// hash, distinct from the identity's as RFC 9110 §8.8.3 requires.
func (h *handler) servePrecompressed(w http.ResponseWriter, r *http.Request, st *snapshotState, name string, modTime time.Time) bool {
	gzName := name + ".gz"
	f, info, content, err := openRegular(r.Context(), st.snap.FS, gzName)
	if err != nil {
		return false
	}
	defer f.Close()
	sum, err := st.hash(gzName, info, content)
	if err != nil {
		return false
	}
	hdr := w.Header()
	hdr.Set("Content-Encoding", "gzip")
	hdr.Set("ETag", strongETag(sum, ""))
	size := func() (int64, bool) { return info.Size(), true }
	http.ServeContent(lengthWriter{w, size}, r, name, modTime, content)
	return true
}

// ContextFS is a snapshot's FS whose files may be made when they are
// opened, as portal dev prerenders a page the first time it is asked for:
// the handler opens files with the request's context, so that the work
// ends with the request.
type ContextFS interface {
	fs.FS
	OpenContext(ctx context.Context, name string) (fs.File, error)
}

// openRegular opens name in fsys (with ctx, for a ContextFS) and returns it
// only if it is a regular file (directories are never listed), with its
// info and a seekable view of it.
func openRegular(ctx context.Context, fsys fs.FS, name string) (fs.File, fs.FileInfo, io.ReadSeeker, error) {
	var f fs.File
	var err error
	if cfs, ok := fsys.(ContextFS); ok {
		f, err = cfs.OpenContext(ctx, name)
	} else {
		f, err = fsys.Open(name)
	}
	if err != nil {
		return nil, nil, nil, openError(err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, nil, fmt.Errorf("stat %s: %w", name, err)
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, nil, errNotFound(nil)
	}
	content, err := readSeeker(f)
	if err != nil {
		f.Close()
		return nil, nil, nil, fmt.Errorf("read %s: %w", name, err)
	}
	return f, info, content, nil
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

// strongETag formats a strong entity tag (RFC 9110 §8.8.3) from a content
// hash and a representation suffix.
func strongETag(sum, suffix string) string {
	return `"` + sum + suffix + `"`
}
