package pipeline

import (
	"crypto/sha256"
	"fmt"
	"sort"
	"strconv"
	"sync"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/markdown"
)

// Cache keeps what one build rendered for the next build with the same
// cache (portal dev rebuilds on every save): a Markdown body that did not
// change, in a site whose set of pages did not change, renders the same.
// It holds only the entries the last build used, so it never outgrows the
// site. Safe for concurrent use.
type Cache struct {
	mu       sync.Mutex
	markdown map[[32]byte]*markdown.Result
	next     map[[32]byte]*markdown.Result
	// output is the output folder of the last build that succeeded: the
	// next build links the files it holds unchanged instead of writing
	// them again (a file it no longer finds is written).
	output string
}

// lastOutput is the output folder of the last good build; "" for none or
// a nil cache.
func (c *Cache) lastOutput() string {
	if c == nil {
		return ""
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.output
}

// succeeded records a good build's output folder.
func (c *Cache) succeeded(out *Output) {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.output = out.dir
	c.mu.Unlock()
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{markdown: map[[32]byte]*markdown.Result{}} }

func (c *Cache) begin() {
	c.mu.Lock()
	c.next = make(map[[32]byte]*markdown.Result, len(c.markdown))
	c.mu.Unlock()
}

// end keeps what this build used.
func (c *Cache) end() {
	c.mu.Lock()
	c.markdown, c.next = c.next, nil
	c.mu.Unlock()
}

func (c *Cache) lookup(key [32]byte) (*markdown.Result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	res, ok := c.markdown[key]
	if ok && c.next != nil {
		c.next[key] = res
	}
	return res, ok
}

func (c *Cache) store(key [32]byte, res *markdown.Result) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.next != nil {
		c.next[key] = res
	}
}

// markdownKey of one Markdown render: the file, where its body starts, the
// body as rendered (directives expanded), and the site's structure, which
// decides where its .md links resolve.
func markdownKey(structure [32]byte, j *renderJob) [32]byte {
	h := sha256.New()
	h.Write(structure[:])
	h.Write([]byte(j.source))
	h.Write([]byte{0})
	h.Write([]byte(strconv.Itoa(j.bodyLine)))
	h.Write([]byte{0})
	for _, l := range j.fileLines {
		h.Write([]byte(strconv.Itoa(l) + ","))
	}
	h.Write([]byte{0})
	h.Write(j.body)
	var key [32]byte
	h.Sum(key[:0])
	return key
}

// structureKey fingerprints the site's docs and pages (files, ids and
// permalinks), what .md links resolve against, and the config's settings
// every render reads (MDX or not, TOCInline's levels, trailing slashes).
func structureKey(site *loaded) [32]byte {
	var entries []string
	for _, v := range site.content.Versions {
		for _, d := range v.Docs {
			entries = append(entries, v.Key()+"\x00"+d.Source+"\x00"+d.ID+"\x00"+d.Permalink)
		}
	}
	for _, p := range site.content.Pages {
		entries = append(entries, "\x00"+p.Source+"\x00"+p.Permalink)
	}
	sort.Strings(entries)
	h := sha256.New()
	h.Write([]byte(site.cfg.BaseURL))
	h.Write([]byte(renderSettings(site.cfg)))
	for _, e := range entries {
		h.Write([]byte(e))
		h.Write([]byte{1})
	}
	var key [32]byte
	h.Sum(key[:0])
	return key
}

// renderSettings are the config's values a Markdown render depends on.
func renderSettings(cfg *config.Site) string {
	toc := cfg.ThemeConfig.TableOfContents
	trailing := "unset"
	if cfg.TrailingSlash != nil {
		trailing = strconv.FormatBool(*cfg.TrailingSlash)
	}
	return fmt.Sprintf("\x00%s\x00%d\x00%d\x00%s\x00", cfg.Markdown.Format, toc.MinHeadingLevel, toc.MaxHeadingLevel, trailing)
}
