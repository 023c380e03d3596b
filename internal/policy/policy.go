// Package policy is how a built site is served, whoever serves it: the
// content type and cache lifetime of each file, which files are compressed,
// the security headers every answer carries, and the host-configuration
// files that are never served. portal serve applies it to each request; the
// nginx, _headers and _redirects files the build writes spell out the same
// rules for other servers, so every host answers alike.
package policy

import (
	"path"
	"sort"
	"strings"
)

// FileType is how files with one extension are served.
type FileType struct {
	// ContentType is the Content-Type header value.
	ContentType string
	// Compressible types are text-like: the build writes .br and .gz
	// siblings for them, and servers pick one by Accept-Encoding.
	Compressible bool
}

// defaultType is the type of any extension the table lacks; nosniff keeps a
// browser from rendering it as anything else.
var defaultType = FileType{ContentType: "application/octet-stream"}

// types is the explicit table of extensions rather than
// mime.TypeByExtension, which also reads the host's mime.types and so would
// answer differently on different machines. Text types declare UTF-8
// because the build writes UTF-8; JSON has no charset parameter (RFC 8259
// §11).
var types = map[string]FileType{
	".html":        {"text/html; charset=utf-8", true},
	".htm":         {"text/html; charset=utf-8", true},
	".css":         {"text/css; charset=utf-8", true},
	".js":          {"text/javascript; charset=utf-8", true}, // RFC 9239 §6
	".mjs":         {"text/javascript; charset=utf-8", true},
	".json":        {"application/json", true},
	".map":         {"application/json", true},
	".webmanifest": {"application/manifest+json", true},
	".svg":         {"image/svg+xml", true},
	".xml":         {"application/xml; charset=utf-8", true}, // RFC 7303 §3.2
	".txt":         {"text/plain; charset=utf-8", true},
	".md":          {"text/markdown; charset=utf-8", true},
	".csv":         {"text/csv; charset=utf-8", true},
	".ico":         {"image/x-icon", false},
	".png":         {"image/png", false},
	".jpg":         {"image/jpeg", false},
	".jpeg":        {"image/jpeg", false},
	".gif":         {"image/gif", false},
	".webp":        {"image/webp", false},
	".avif":        {"image/avif", false},
	".woff2":       {"font/woff2", false},
	".woff":        {"font/woff", false},
	".ttf":         {"font/ttf", false},
	".pdf":         {"application/pdf", false},
	".wasm":        {"application/wasm", false},
	".mp4":         {"video/mp4", false},
	".webm":        {"video/webm", false},
	".gz":          {"application/gzip", false},
}

// TypeOf returns how the file name is served, by its extension (compared
// without case).
func TypeOf(name string) FileType {
	if t, ok := types[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	return defaultType
}

// DefaultContentType is the Content-Type of extensions TypeOf does not know.
const DefaultContentType = "application/octet-stream"

// Extension is one row of the type table, for writing server configs.
type Extension struct {
	// Ext is the extension without its dot, lower-case.
	Ext string
	FileType
}

// Extensions lists the type table sorted by extension.
func Extensions() []Extension {
	out := make([]Extension, 0, len(types))
	for ext, t := range types {
		out = append(out, Extension{Ext: strings.TrimPrefix(ext, "."), FileType: t})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Ext < out[j].Ext })
	return out
}

// MinCompressSize is the smallest file worth a compressed sibling: below it
// the answer fits one TCP segment either way.
const MinCompressSize = 1024

// Encoding is a content coding the build precompresses files with.
type Encoding struct {
	// Name is the coding as Accept-Encoding and Content-Encoding write it.
	Name string
	// Suffix is the sibling file's extension: name+Suffix.
	Suffix string
}

// Encodings are the precompressed codings, best first: a client that
// accepts both equally gets Brotli, which is 10-20% smaller.
var Encodings = []Encoding{{Name: "br", Suffix: ".br"}, {Name: "gzip", Suffix: ".gz"}}

// Cache-Control values (RFC 9111 §5.2.2).
const (
	// CacheImmutable is for content-hashed file names: a new build writes
	// a new name, so the old URL's bytes never change (RFC 8246).
	CacheImmutable = "public, max-age=31536000, immutable"
	// CacheRevalidate is for everything whose URL outlives a build: caches
	// may store it but must revalidate (cheap, thanks to the ETag).
	CacheRevalidate = "no-cache"
)

// ImmutableDirs are the output folders whose file names carry a content
// hash: theme assets, page data (route.Entry.Data), and the search index's
// term shards and page fragments (docs/search-index.md; its index.json,
// whose name outlives its bytes, is outside them).
var ImmutableDirs = []string{"assets/", "data/", "search/t/", "search/p/"}

// CacheControl returns the Cache-Control of the output file name (relative
// to the output root).
func CacheControl(name string) string {
	for _, dir := range ImmutableDirs {
		if strings.HasPrefix(name, dir) {
			return CacheImmutable
		}
	}
	return CacheRevalidate
}

// Host-configuration files the build writes at the output root. Static
// hosts read _redirects and _headers there; nginx includes the file in
// DeployDir. None of them is a page: every server answers 404 for them.
const (
	RedirectsFile = "_redirects"
	HeadersFile   = "_headers"
	DeployDir     = "_deploy"
	NginxFile     = DeployDir + "/nginx.conf"
)

// Hidden reports whether the output file name (relative to the output
// root) is host configuration that must not be served.
func Hidden(name string) bool {
	return name == RedirectsFile || name == HeadersFile || name == DeployDir || strings.HasPrefix(name, DeployDir+"/")
}
