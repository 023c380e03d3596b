package precompress

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/portaldocs/portal/internal/policy"
)

// Cache keeps compressed files by the hash of their content, across
// builds and sites: the theme's scripts are the same in every build of one
// portal version, and Brotli's best quality takes seconds for them.
type Cache struct {
	dir string
}

// cacheMaxAge is how long an entry nobody used stays.
const cacheMaxAge = 30 * 24 * time.Hour

// DefaultCache is the cache in the user's cache folder ($XDG_CACHE_HOME or
// ~/.cache, then portal/precompress), or nil when there is none.
func DefaultCache() *Cache {
	base, err := os.UserCacheDir()
	if err != nil {
		return nil
	}
	return &Cache{dir: filepath.Join(base, "portal", "precompress")}
}

// NewCache is a cache in dir.
func NewCache(dir string) *Cache { return &Cache{dir: dir} }

// codecs names the encoders' implementations in a key: another gzip or
// Brotli library writes other bytes for the same input, and a build must
// write the same bytes whether its siblings came from the cache or not.
const codecs = "brrr1-kgz1"

// key names data compressed at q.
func (c *Cache) key(data []byte, q Quality) string {
	sum := sha256.Sum256(data)
	return fmt.Sprintf("%s-%s-b%d-g%d", hex.EncodeToString(sum[:]), codecs, q.Brotli, q.Gzip)
}

// get returns the encodings of data at q, in policy.Encodings order.
func (c *Cache) get(key string) ([][]byte, bool) {
	if c == nil {
		return nil, false
	}
	out := make([][]byte, len(policy.Encodings))
	now := time.Now()
	for i, enc := range policy.Encodings {
		p := filepath.Join(c.dir, key+enc.Suffix)
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, false
		}
		_ = os.Chtimes(p, now, now) // used: keep it
		out[i] = data
	}
	return out, true
}

// put stores the encodings of one file; a failure only costs a later
// build the compression again.
func (c *Cache) put(key string, encoded [][]byte) {
	if c == nil || os.MkdirAll(c.dir, 0o755) != nil {
		return
	}
	for i, enc := range policy.Encodings {
		tmp, err := os.CreateTemp(c.dir, ".tmp-")
		if err != nil {
			return
		}
		_, werr := tmp.Write(encoded[i])
		cerr := tmp.Close()
		if werr != nil || cerr != nil || os.Rename(tmp.Name(), filepath.Join(c.dir, key+enc.Suffix)) != nil {
			os.Remove(tmp.Name())
			return
		}
	}
}

// pruneEvery is how often prune looks at the entries: a look is a stat of
// every entry, which a rebuild that compresses a handful of files would
// otherwise pay each time for entries a month from expiring.
const pruneEvery = 24 * time.Hour

// pruneStamp is the file whose modification time says when prune last
// looked.
const pruneStamp = ".pruned"

// prune removes entries unused for cacheMaxAge, and temporary files a
// killed build left, at most once per pruneEvery.
func (c *Cache) prune() {
	if c == nil {
		return
	}
	now := time.Now()
	stamp := filepath.Join(c.dir, pruneStamp)
	if info, err := os.Stat(stamp); err == nil && now.Sub(info.ModTime()) < pruneEvery && !info.ModTime().After(now) {
		return
	}
	entries, err := os.ReadDir(c.dir)
	if err != nil {
		return
	}
	if f, err := os.Create(stamp); err == nil {
		f.Close()
	}
	cutoff := now.Add(-cacheMaxAge)
	for _, e := range entries {
		if e.Name() == pruneStamp {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		old := info.ModTime().Before(cutoff)
		if strings.HasPrefix(e.Name(), ".tmp-") {
			old = info.ModTime().Before(now.Add(-time.Hour))
		}
		if old {
			os.Remove(filepath.Join(c.dir, e.Name()))
		}
	}
}
