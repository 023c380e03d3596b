// Package precompress writes the .br and .gz siblings of a built site's
// compressible files at build time, so no server ever compresses on the fly:
// portal serve and nginx (brotli_static, gzip_static) send the sibling the
// request accepts.
package precompress

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"
	brrr "github.com/molecule-man/go-brrr"

	"github.com/portaldocs/portal/internal/outdir"
	"github.com/portaldocs/portal/internal/policy"
	"github.com/portaldocs/portal/internal/workers"
)

// Quality is how hard to compress.
type Quality struct {
	Brotli int // 0–11
	Gzip   int // 1–9
}

// Best is the highest quality of both codings, for portal build: the output
// is compressed once and served many times.
var Best = Quality{Brotli: brrr.BestCompression, Gzip: gzip.BestCompression}

// Fast is for a site built in memory at every start (portal serve --site):
// about fifty times faster than Best, and 10–15% larger.
var Fast = Quality{Brotli: 5, Gzip: 6}

// FastTheme is Fast with gzip at its best level, for the theme's files
// wherever the site's are compressed at Fast: the theme is a few files
// (3.8 MB, about 0.1 s at gzip 9), and its main script, which every reader
// downloads first, is 4% smaller (97.2 KB against 101.2 KB at 6, with
// klauspost/compress).
var FastTheme = Quality{Brotli: Fast.Brotli, Gzip: gzip.BestCompression}

// slow reports whether compressing at q costs more than reading the result
// back from the cache: Brotli above 9 compresses under 1 MB/s, quality 5
// about 20 MB/s, where writing and reading the cache's two files per file
// costs about as much as compressing again.
func (q Quality) slow() bool { return q.Brotli > 9 }

// Policy gives the quality each output file (by slash-separated name under
// the output folder) is compressed at.
type Policy func(name string) Quality

// All compresses every file at q.
func All(q Quality) Policy { return func(string) Quality { return q } }

// ThemeBest compresses the theme's files (names under themeDir, which Vite
// names by their content) at Best and the rest at Fast. The theme's files are
// the same in every build of one Portal version, so through the cache they
// are compressed at Best once per machine; the site's pages, data files and
// search index change with its content and are compressed at every build
// that changed them, where Best would cost more than the rest of the build.
func ThemeBest(themeDir string) Policy { return Split(themeDir, Best, Fast) }

// ThemeFast compresses the theme's files at FastTheme and the rest at Fast.
func ThemeFast(themeDir string) Policy { return Split(themeDir, FastTheme, Fast) }

// Split compresses the files under dir (a slash-separated prefix) at in and
// the rest at rest.
func Split(dir string, in, rest Quality) Policy {
	return func(name string) Quality {
		if strings.HasPrefix(name, dir) {
			return in
		}
		return rest
	}
}

// Wants reports whether the output file name gets compressed siblings: a
// compressible type, at least policy.MinCompressSize bytes, not host
// configuration, and not itself a sibling.
func Wants(name string, size int64) bool {
	return size >= policy.MinCompressSize && policy.TypeOf(name).Compressible && !policy.Hidden(name)
}

// Encode compresses data with every coding of policy.Encodings, in order.
func Encode(data []byte, q Quality) ([][]byte, error) {
	out := make([][]byte, 0, len(policy.Encodings))
	for _, enc := range policy.Encodings {
		var (
			encoded []byte
			err     error
		)
		switch enc.Name {
		case "br":
			// The one-shot call keeps the encoder's tables in go-brrr's pools;
			// a Writer per file would also start its worker goroutines.
			encoded, err = brrr.Compress(data, q.Brotli)
		case "gzip":
			encoded, err = gzipEncode(data, q.Gzip)
		default:
			err = fmt.Errorf("no encoder")
		}
		if err != nil {
			return nil, fmt.Errorf("%s quality %v: %w", enc.Name, q, err)
		}
		out = append(out, encoded)
	}
	return out, nil
}

// gzipWriters keeps one pool of writers per level: a gzip writer holds
// about a megabyte of tables, and a site has thousands of files to compress.
var gzipWriters [gzip.BestCompression + 1]sync.Pool

func gzipEncode(data []byte, level int) ([]byte, error) {
	if level < gzip.BestSpeed || level > gzip.BestCompression {
		return nil, fmt.Errorf("gzip level %d: give 1 to 9", level)
	}
	var buf bytes.Buffer
	buf.Grow(len(data)/4 + 64)
	zw, _ := gzipWriters[level].Get().(*gzip.Writer)
	if zw == nil {
		var err error
		if zw, err = gzip.NewWriterLevel(&buf, level); err != nil {
			return nil, err
		}
	} else {
		zw.Reset(&buf)
	}
	defer gzipWriters[level].Put(zw)
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Stats says what a run did.
type Stats struct {
	// Compressed files got new siblings; Reused files took theirs from the
	// previous output.
	Compressed, Reused int
	// In and Out are bytes: the compressed files, and their siblings of
	// every coding.
	In, Out int64
	Took    time.Duration
	// Siblings are the names (with slashes, relative to the folder) of
	// every sibling written or linked.
	Siblings []string
	// Records describe the files whose siblings were taken from the
	// previous output, and those siblings, for the next build (Known).
	Records map[string]Record
}

// Record is a compressed file and its siblings (in policy.Encodings'
// order) as a build left them: their inode numbers, sizes and times.
type Record struct {
	File     FileState   `json:"f"`
	Siblings []FileState `json:"s"`
}

// FileState says which file a name held, and that it was not written since.
type FileState struct {
	Inode uint64 `json:"i"`
	Size  int64  `json:"s"`
	MTime int64  `json:"m"`
}

// stateOf is the state info describes.
func stateOf(info fs.FileInfo) FileState {
	return FileState{Inode: outdir.InodeOf(info), Size: info.Size(), MTime: info.ModTime().UnixNano()}
}

// Known is what a build knows of its folder before it compresses: the
// files that are the previous output's (a reused folder's, outdir.Reuse),
// and the records the build that wrote the previous output made of it
// (Stats.Records). A file the previous output holds as its record says,
// kept with its siblings as the record names them, takes its siblings
// without a look at them.
type Known struct {
	Kept    outdir.Kept
	Records map[string]Record
}

// Dir writes the siblings of every file that Wants them in the folder dir,
// on every core. When prev (the output this one replaces) holds the same
// file with the same bytes and its siblings, they are linked (or copied)
// instead of compressed again: Brotli's best quality is slow, and most
// files of a rebuild are unchanged. prev may be "" or missing. Files prev
// cannot supply come from cache when it has them (a nil cache has nothing).
func Dir(ctx context.Context, dir, prev string, q Quality, cache *Cache) (Stats, error) {
	return DirFrom(ctx, dir, prev, All(q), cache)
}

// DirFrom is Dir with each file's quality given by quality. prev's
// siblings are reused only as the same policy wrote them: give prev ""
// when the previous output was compressed by another policy.
func DirFrom(ctx context.Context, dir, prev string, quality Policy, cache *Cache) (Stats, error) {
	start := time.Now()
	var names []string
	sizes := map[string]int64{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if Wants(filepath.ToSlash(rel), info.Size()) {
			names = append(names, rel)
			sizes[rel] = info.Size()
		}
		return nil
	})
	if err != nil {
		return Stats{}, fmt.Errorf("precompress: list %s: %w", dir, err)
	}
	return compressAll(ctx, start, dir, prev, names, sizes, Known{}, quality, cache, newTally())
}

// FilesFrom is DirFrom for the files named (with slashes) of the folder
// dir, which may hold others: those are left alone, and the folder is not
// walked. A file that is prev's own, its siblings as prev has them, takes
// them at the cost of one look at prev (reuseLinked): most files of a
// rebuild. The others are measured side by side, for Wants and to start
// the largest first.
//
// known says what is known of dir's files (see Known).
func FilesFrom(ctx context.Context, dir, prev string, files []string, known Known, quality Policy, cache *Cache) (Stats, error) {
	start := time.Now()
	var candidates []string
	for _, name := range files {
		if policy.TypeOf(name).Compressible && !policy.Hidden(name) {
			candidates = append(candidates, name)
		}
	}
	tally := newTally()
	left := make([]bool, len(candidates))
	sizes := make([]int64, len(candidates))
	errs := make([]error, len(candidates))
	workers.Each(ctx, runtime.GOMAXPROCS(0), len(candidates), func(i int) {
		name := candidates[i]
		rel := filepath.FromSlash(name)
		if prev != "" {
			if r, ok := reuseLinked(filepath.Join(dir, rel), filepath.Join(prev, rel), known, name); ok {
				tally.add(name, r)
				return
			}
		}
		left[i] = true
		info, err := os.Lstat(filepath.Join(dir, rel))
		if err != nil {
			errs[i] = err
			return
		}
		sizes[i] = info.Size()
	})
	var names []string
	bySize := map[string]int64{}
	for i, name := range candidates {
		if errs[i] != nil {
			return Stats{}, fmt.Errorf("precompress: %w", errs[i])
		}
		if left[i] && Wants(name, sizes[i]) {
			rel := filepath.FromSlash(name)
			names = append(names, rel)
			bySize[rel] = sizes[i]
		}
	}
	return compressAll(ctx, start, dir, prev, names, bySize, known, quality, cache, tally)
}

// compressAll writes the siblings of the files names (relative to dir,
// with sizes) on every core: DirFrom's work once the files are listed.
// tally holds what was done before, if anything.
func compressAll(ctx context.Context, start time.Time, dir, prev string, names []string, sizes map[string]int64,
	known Known, quality Policy, cache *Cache, tally *tally) (Stats, error) {
	// Largest first: at Brotli's best quality a 2 MB page takes seconds,
	// and started last it would keep one core busy alone at the end.
	sort.SliceStable(names, func(i, j int) bool { return sizes[names[i]] > sizes[names[j]] })
	workers.Each(ctx, runtime.GOMAXPROCS(0), len(names), func(i int) {
		name := filepath.ToSlash(names[i])
		r, err := compressFile(dir, prev, names[i], quality(name), cache, known)
		if err != nil {
			tally.fail(err)
			return
		}
		tally.add(name, r)
	})
	cache.prune()
	stats, first := tally.stats, tally.first
	sort.Strings(stats.Siblings)
	stats.Took = time.Since(start)
	if first != nil {
		return stats, first
	}
	if err := ctx.Err(); err != nil {
		return stats, fmt.Errorf("precompress: %w", err)
	}
	return stats, nil
}

// tally adds up what the workers did, and the first error.
type tally struct {
	mu    sync.Mutex
	stats Stats
	first error
}

func newTally() *tally { return &tally{stats: Stats{Records: map[string]Record{}}} }

func (t *tally) add(name string, r fileResult) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if r.reused {
		t.stats.Reused++
	} else {
		t.stats.Compressed++
	}
	if r.record != nil {
		t.stats.Records[name] = *r.record
	}
	t.stats.In += r.in
	t.stats.Out += r.out
	for _, enc := range policy.Encodings {
		t.stats.Siblings = append(t.stats.Siblings, name+enc.Suffix)
	}
}

func (t *tally) fail(err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.first == nil {
		t.first = err
	}
}

// fileResult is what compressFile did with one file: reused siblings, or
// new ones; in and out are the file's and its siblings' sizes; record, when
// set, describes the file and its siblings for the next build.
type fileResult struct {
	reused  bool
	in, out int64
	record  *Record
}

// compressFile writes the siblings of dir/rel, reusing prev's file of the
// same name's when they describe the same bytes, else the cache's.
func compressFile(dir, prev, rel string, q Quality, cache *Cache, known Known) (fileResult, error) {
	src := filepath.Join(dir, rel)
	if prev != "" {
		if r, ok := reuseLinked(src, filepath.Join(prev, rel), known, filepath.ToSlash(rel)); ok {
			return r, nil
		}
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return fileResult{}, fmt.Errorf("precompress: %w", err)
	}
	if prev != "" {
		old := filepath.Join(prev, rel)
		if n, ok := reuse(src, old, data); ok {
			return fileResult{reused: true, in: int64(len(data)), out: n}, nil
		}
	}
	if !q.slow() {
		cache = nil // compressing again costs less than the cache's files
	}
	var key string
	if cache != nil {
		key = cache.key(data, q)
	}
	encoded, cached := cache.get(key)
	if !cached {
		if encoded, err = Encode(data, q); err != nil {
			return fileResult{}, fmt.Errorf("precompress %s: %w", rel, err)
		}
		cache.put(key, encoded)
	}
	r := fileResult{reused: cached, in: int64(len(data))}
	for i, enc := range policy.Encodings {
		if err := outdir.WriteNew(src+enc.Suffix, encoded[i]); err != nil {
			return fileResult{}, fmt.Errorf("precompress: %w", err)
		}
		r.out += int64(len(encoded[i]))
	}
	return r, nil
}

// reuseLinked links prev's siblings next to src when src is prev's file
// itself (the build links the files a rebuild left unchanged), without
// reading either: most files of a rebuild are such links. It returns src's
// size and the siblings' total size.
//
// known, when it holds name (src relative to its folder), says src is old
// without a look at src, and likewise for its siblings; and when old is as
// the previous build recorded it, and every sibling kept as recorded, the
// siblings are taken as they are without a look at them either.
func reuseLinked(src, old string, known Known, name string) (fileResult, bool) {
	info, err := os.Stat(old)
	if err != nil || !info.Mode().IsRegular() {
		return fileResult{}, false
	}
	if r, ok := keptAsRecorded(known, name, info); ok {
		return r, true
	}
	if !known.Kept.Holds(name, info) {
		if srcInfo, err := os.Stat(src); err != nil || !os.SameFile(srcInfo, info) {
			return fileResult{}, false
		}
	}
	sibs, ok := linkSiblings(src, old, info, known.Kept, name)
	if !ok {
		return fileResult{}, false
	}
	r := fileResult{reused: true, in: info.Size(), record: &Record{File: stateOf(info), Siblings: make([]FileState, len(sibs))}}
	for i, sib := range sibs {
		r.out += sib.Size()
		r.record.Siblings[i] = stateOf(sib)
	}
	return r, true
}

// keptAsRecorded reports whether the file name, prev's file old (info),
// and its siblings are all as the previous build recorded them, and kept
// in the folder: then nothing is left to do.
func keptAsRecorded(known Known, name string, info fs.FileInfo) (fileResult, bool) {
	rec, ok := known.Records[name]
	if !ok || rec.File != stateOf(info) || !known.Kept.Is(name, rec.File.Inode) || len(rec.Siblings) != len(policy.Encodings) {
		return fileResult{}, false
	}
	r := fileResult{reused: true, in: info.Size(), record: &rec}
	for i, enc := range policy.Encodings {
		if !known.Kept.Is(name+enc.Suffix, rec.Siblings[i].Inode) {
			return fileResult{}, false
		}
		r.out += rec.Siblings[i].Size
	}
	return r, true
}

// reuse links prev's siblings next to src when prev holds the same bytes
// and every sibling, each no older than the file it encodes. It returns
// the siblings' total size.
func reuse(src, old string, data []byte) (int64, bool) {
	info, err := os.Stat(old)
	if err != nil || !info.Mode().IsRegular() || info.Size() != int64(len(data)) {
		return 0, false
	}
	// A file linked from prev was taken by reuseLinked: compare the bytes.
	prevData, err := os.ReadFile(old)
	if err != nil || !bytes.Equal(prevData, data) {
		return 0, false
	}
	sibs, ok := linkSiblings(src, old, info, nil, "")
	var total int64
	for _, sib := range sibs {
		total += sib.Size()
	}
	return total, ok
}

// linkSiblings links old's siblings next to src when every one is there,
// no older than old (info). It returns what they are.
//
// A folder reused from an earlier output (outdir.Reuse) may hold the
// siblings already, as links to old's: kept says so without a look, and
// Link leaves any other such link as it is.
func linkSiblings(src, old string, info os.FileInfo, kept outdir.Kept, name string) ([]os.FileInfo, bool) {
	sibs := make([]os.FileInfo, len(policy.Encodings))
	for i, enc := range policy.Encodings {
		sib, err := os.Stat(old + enc.Suffix)
		if err != nil || !sib.Mode().IsRegular() || sib.ModTime().Before(info.ModTime()) {
			return nil, false
		}
		sibs[i] = sib
	}
	for i, enc := range policy.Encodings {
		// A sibling a reused folder kept is in place; any other name there
		// is replaced by the link (outdir.Link checks before it replaces).
		if kept.Holds(name+enc.Suffix, sibs[i]) {
			continue
		}
		if err := outdir.LinkOrCopy(old+enc.Suffix, src+enc.Suffix); err != nil {
			return nil, false
		}
	}
	return sibs, true
}

// Files compresses in memory: for each name that Wants it, read returns
// its bytes, and add receives each sibling. add is called from one
// goroutine at a time.
func Files(ctx context.Context, names []string, read func(string) ([]byte, bool), add func(name string, data []byte), q Quality) (Stats, error) {
	start := time.Now()
	type job struct {
		name string
		data []byte
	}
	var jobs []job
	for _, name := range names {
		if data, ok := read(name); ok && Wants(name, int64(len(data))) {
			jobs = append(jobs, job{name, data})
		}
	}
	results := make([][][]byte, len(jobs))
	errs := make([]error, len(jobs))
	workers.Each(ctx, runtime.GOMAXPROCS(0), len(jobs), func(i int) {
		results[i], errs[i] = Encode(jobs[i].data, q)
	})
	if err := ctx.Err(); err != nil {
		return Stats{}, fmt.Errorf("precompress: %w", err)
	}
	var stats Stats
	for i, j := range jobs {
		if errs[i] != nil {
			return stats, fmt.Errorf("precompress %s: %w", j.name, errs[i])
		}
		for k, enc := range policy.Encodings {
			add(j.name+enc.Suffix, results[i][k])
			stats.Out += int64(len(results[i][k]))
		}
		stats.Compressed++
		stats.In += int64(len(j.data))
	}
	stats.Took = time.Since(start)
	return stats, nil
}
