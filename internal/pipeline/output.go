package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/csp"
	"github.com/portaldocs/portal/internal/outdir"
	"github.com/portaldocs/portal/internal/policy"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/search"
)

// Output is a finished site: every file of the output folder, written into
// a folder of its own as the build made them (so memory does not grow with
// the site), and the route manifest. The folder is temporary until
// WriteDir moves it into place; a failed build never touches the previous
// output.
type Output struct {
	// Manifest is the route table, as routes.json holds it.
	Manifest *route.Manifest

	// dir holds the files; target is the folder WriteDir can rename dir
	// to (WithOutputDir). prev is an earlier output (the target, or the
	// last build with the same Cache) whose unchanged files are linked
	// rather than written again. placed is set once dir has been moved to
	// target.
	dir, target, prev string
	placed            bool
	// spare is where WriteDir keeps the output this one replaces ("" to
	// remove it); reused is set when dir was the spare of an earlier build,
	// whose folders this output may not all have written to.
	spare  string
	reused *outdir.Reused
	// kept are the files of a reused dir that were, when it was claimed,
	// prev's file of the same name (outdir.Reuse): putting one there again
	// is skipped. Read-only.
	kept outdir.Kept
	// replaced are the kept files the output wrote again.
	replaced map[string]bool

	mu    sync.Mutex
	names map[string]bool
	// copies are files written with the same bytes as another (a page's
	// <route>.md and its index.md), by name → that file's name: their
	// compressed siblings are links to the other's (linkCopySiblings).
	copies map[string]string
	dirs   map[string]bool // folders made so far
	err    error

	// jobs has a queue per writer; a folder's files all go to one (queue).
	jobs     []chan outputFile
	writers  sync.WaitGroup
	finished bool

	// store is a temporary build store the output's lazy pages read from,
	// removed with the output (closeWith).
	store *buildcache.Store
	// inline collects the inline code of every HTML file, for the CSP.
	inline *csp.Collector

	// keys are the files added with the key of their content (addKeyed);
	// prevKeys are prev's, when prev is an Output of this process
	// (WithPreviousOutput): a file under the same key is the same file.
	keys, prevKeys map[string]buildcache.Key

	// prevFinished are the pages prev holds as an earlier build finished
	// them (recallOutputFiles); finishedSums are this output's, by name.
	prevFinished map[string]outputRecord
	finishedSums map[string]buildcache.Key
}

// closeWith makes Close remove store too.
func (o *Output) closeWith(store *buildcache.Store) { o.store = store }

type outputFile struct {
	name string
	data []byte
	// load, when data is nil, reads the file's content: only if it cannot
	// be linked from the previous output (addFrom). key, when set, names
	// the content (addKeyed).
	load func() ([]byte, error)
	key  buildcache.Key
	// finished is set for a page prev holds as this build finished it
	// (linkFinished): it is linked, or copied where links fail. inode is
	// prev's file's.
	finished bool
	inode    uint64
}

// outputWriters overlap the system calls of writing many small files.
// Each folder's files are written by one of them: creating files in one
// folder at once only makes the writers spin on the folder's lock (a
// profile at 3,456 pages put 5% of the build's CPU there).
const outputWriters = 8

// newOutput makes the output folder: a temporary sibling of target, or a
// temporary folder of the system's when target is "". Files prev holds
// unchanged are linked from it ("" for none; target when it is set).
// spare, when set with target, is where the output target holds is kept
// once this one replaces it, and where a previous build kept the one
// before: that folder becomes this output's, emptied of every file that is
// not the live output's (outdir.Reuse).
func newOutput(target, prev string, prevKeys map[string]buildcache.Key, spare *spareClaim) (*Output, error) {
	parent, prefix := outputPlace(target)
	if target != "" {
		target = filepath.Clean(target)
		if err := os.MkdirAll(parent, 0o755); err != nil {
			return nil, fmt.Errorf("create output parent %s: %w", parent, err)
		}
	}
	var dir string
	var kept outdir.Kept
	reuse, reused := spare.take()
	if reused {
		dir, kept = reuse.Dir, reuse.Kept
	} else {
		var err error
		if dir, err = outdir.MkdirTemp(parent, prefix); err != nil {
			return nil, fmt.Errorf("create temporary output folder: %w", err)
		}
	}
	if target != "" {
		prev, prevKeys = target, nil
	}
	o := &Output{prevKeys: prevKeys, keys: map[string]buildcache.Key{}, dir: dir, target: target, prev: prev, spare: spare.path(), reused: reuse, kept: kept, replaced: map[string]bool{},
		names: map[string]bool{}, dirs: map[string]bool{dir: true}, finishedSums: map[string]buildcache.Key{},
		jobs: make([]chan outputFile, outputWriters), inline: csp.NewCollector()}
	for i := range o.jobs {
		o.jobs[i] = make(chan outputFile, 16)
		o.writers.Add(1)
		go o.writer(o.jobs[i])
	}
	return o, nil
}

// outputPlace is where an output for target is made: a temporary sibling
// of target, or a temporary folder of the system's when target is "".
func outputPlace(target string) (parent, prefix string) {
	if target == "" {
		return os.TempDir(), "portal-output-"
	}
	target = filepath.Clean(target)
	return filepath.Dir(target), "." + filepath.Base(target) + ".new-"
}

// spareClaim is the spare output of an earlier build (outdir.Reuse),
// claimed and emptied on a goroutine of its own from the start of the
// build: removing its files is system calls that overlap the first stages.
// A nil claim has nothing.
type spareClaim struct {
	spare  string
	done   chan struct{}
	reused *outdir.Reused
	ok     bool
	taken  bool
}

// claimSpare starts claiming spare as a new output folder for target; nil
// when either is "".
func claimSpare(target, spare string) *spareClaim {
	if target == "" || spare == "" {
		return nil
	}
	parent, prefix := outputPlace(target)
	return claimFolder(parent, prefix, spare, filepath.Clean(target))
}

// claimFolder starts claiming spare as a new output folder in parent that
// keeps the files current holds unchanged (outdir.Reuse).
func claimFolder(parent, prefix, spare, current string) *spareClaim {
	c := &spareClaim{spare: spare, done: make(chan struct{})}
	go func() {
		defer close(c.done)
		if err := os.MkdirAll(parent, 0o755); err == nil {
			c.reused, c.ok = outdir.Reuse(spare, parent, prefix, current)
		}
	}()
	return c
}

// path is where the output the new one replaces is kept ("" for none).
func (c *spareClaim) path() string {
	if c == nil {
		return ""
	}
	return c.spare
}

// take waits for the claim and hands its folder over; ok is false when
// there was no spare to reuse.
func (c *spareClaim) take() (*outdir.Reused, bool) {
	if c == nil {
		return nil, false
	}
	<-c.done
	c.taken = true
	return c.reused, c.ok
}

// release puts a folder claimed but never taken (the build stopped before
// it wrote its output) back as the spare.
func (c *spareClaim) release() {
	if c == nil || c.taken {
		return
	}
	<-c.done
	if c.ok && os.Rename(c.reused.Dir, c.spare) != nil {
		_ = outdir.RemoveAll(c.reused.Dir)
	}
}

func (o *Output) writer(jobs <-chan outputFile) {
	defer o.writers.Done()
	for f := range jobs {
		if err := o.write(f); err != nil {
			o.mu.Lock()
			if o.err == nil {
				o.err = err
			}
			o.mu.Unlock()
		}
	}
}

func (o *Output) write(f outputFile) error {
	held, err := o.place(f)
	if !held && o.holdsAny(f.name) {
		o.mu.Lock()
		o.replaced[f.name] = true
		o.mu.Unlock()
	}
	return err
}

// place puts one file in the folder; held is set when the folder already
// held it, as kept from prev.
func (o *Output) place(f outputFile) (held bool, err error) {
	dir := filepath.Dir(filepath.Join(o.dir, filepath.FromSlash(f.name)))
	o.mu.Lock()
	made := o.dirs[dir]
	o.mu.Unlock()
	if !made {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return false, fmt.Errorf("write %s: %w", f.name, err)
		}
		o.mu.Lock()
		o.dirs[dir] = true
		o.mu.Unlock()
	}
	if f.finished {
		if o.kept.Is(f.name, f.inode) {
			return true, nil
		}
		rel := filepath.FromSlash(f.name)
		if err := outdir.LinkOrCopy(filepath.Join(o.prev, rel), filepath.Join(o.dir, rel)); err != nil {
			return false, fmt.Errorf("write %s: %w", f.name, err)
		}
		return false, nil
	}
	prev := o.prev
	if f.load != nil {
		if prev != "" && (contentNamed(f.name) || o.prevHolds(f)) {
			if o.holdsAny(f.name) {
				return true, nil
			}
			if outdir.Link(filepath.Join(prev, filepath.FromSlash(f.name)), filepath.Join(o.dir, filepath.FromSlash(f.name))) == nil {
				return false, nil
			}
			prev = "" // not linkable from prev: writeOrLink need not try again
		}
		data, err := f.load()
		if err != nil {
			return false, fmt.Errorf("write %s: %w", f.name, err)
		}
		f.data = data
	}
	return writeOrLink(o.dir, prev, f.name, f.data, o.holdsAny(f.name))
}

// keptNow are the files kept from prev (kept) that the output has not
// replaced: each is still prev's file of the same name. Call it once every
// file is written.
func (o *Output) keptNow() outdir.Kept {
	o.mu.Lock()
	defer o.mu.Unlock()
	now := make(outdir.Kept, len(o.kept))
	for name, inode := range o.kept {
		if !o.replaced[name] {
			now[name] = inode
		}
	}
	return now
}

// holdsAny reports whether dir holds prev's file name as the reused folder
// kept it, whatever its inode.
func (o *Output) holdsAny(name string) bool {
	_, ok := o.kept[name]
	return ok
}

// add queues one file for writing. It is safe for concurrent use.
func (o *Output) add(name string, data []byte) {
	if strings.HasSuffix(name, ".html") {
		o.inline.Scan(data)
	}
	o.mu.Lock()
	o.names[name] = true
	o.mu.Unlock()
	o.queue(name) <- outputFile{name: name, data: data}
}

// addFinished queues a finished page, whose sum and inline code the
// build knows (finishedPage). It is safe for concurrent use.
func (o *Output) addFinished(name string, html []byte, f finishedPage) {
	o.noteFinished(name, f)
	o.queue(name) <- outputFile{name: name, data: html}
}

// noteFinished records a finished page as one of the output's files.
func (o *Output) noteFinished(name string, f finishedPage) {
	o.inline.Add(f.CSP)
	o.mu.Lock()
	o.names[name] = true
	o.finishedSums[name] = f.Sum
	o.mu.Unlock()
}

// linkFinished queues a finished page to be linked from the previous
// output, when that holds it as finished there, unchanged since; it
// reports whether it did. It is safe for concurrent use.
func (o *Output) linkFinished(name string, f finishedPage) bool {
	r, ok := o.prevFinished[name]
	if !ok || o.prev == "" || r.Sum != f.Sum || r.Size != f.Size {
		return false
	}
	if info, err := os.Lstat(filepath.Join(o.prev, filepath.FromSlash(name))); err != nil || !r.describes(info) {
		return false
	}
	o.noteFinished(name, f)
	o.queue(name) <- outputFile{name: name, finished: true, inode: r.Inode}
	return true
}

// finishedFiles are the output's finished pages by name, with their sums.
func (o *Output) finishedFiles() map[string]buildcache.Key {
	o.mu.Lock()
	defer o.mu.Unlock()
	return maps.Clone(o.finishedSums)
}

// queue is the writer queue of the folder name is in.
func (o *Output) queue(name string) chan<- outputFile {
	h := fnv.New32a()
	h.Write([]byte(path.Dir(name)))
	return o.jobs[h.Sum32()%uint32(len(o.jobs))]
}

// addFrom queues a file whose name carries its content's hash: it is
// linked from the previous output when that holds it, else load reads its
// content. It is safe for concurrent use.
func (o *Output) addFrom(name string, load func() ([]byte, error)) {
	o.mu.Lock()
	o.names[name] = true
	o.mu.Unlock()
	o.queue(name) <- outputFile{name: name, load: load}
}

// addKeyed queues a file whose content key names: it is linked from the
// previous output when that holds it under the same key, else load reads
// its content. It is safe for concurrent use.
func (o *Output) addKeyed(name string, key buildcache.Key, load func() ([]byte, error)) {
	o.mu.Lock()
	o.names[name] = true
	o.keys[name] = key
	o.mu.Unlock()
	o.queue(name) <- outputFile{name: name, load: load, key: key}
}

// prevHolds reports whether the previous output wrote f under its key.
func (o *Output) prevHolds(f outputFile) bool {
	key, ok := o.prevKeys[f.name]
	return ok && f.key != (buildcache.Key{}) && key == f.key
}

// contentKeys are the output's files added with their content's key.
func (o *Output) contentKeys() map[string]buildcache.Key {
	o.mu.Lock()
	defer o.mu.Unlock()
	return maps.Clone(o.keys)
}

// addCopy writes name with the same bytes as original, which the output
// also holds, whose content key names.
func (o *Output) addCopy(name, original string, key buildcache.Key, load func() ([]byte, error)) {
	o.mu.Lock()
	if o.copies == nil {
		o.copies = map[string]string{}
	}
	o.copies[name] = original
	o.mu.Unlock()
	o.addKeyed(name, key, load)
}

// isCopy reports whether name was written by addCopy.
func (o *Output) isCopy(name string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	_, ok := o.copies[name]
	return ok
}

// linkCopySiblings links each copy's compressed siblings to its
// original's, once those are written, and returns their names: compressing
// the same bytes twice would cost the build as much again.
func (o *Output) linkCopySiblings() ([]string, error) {
	o.mu.Lock()
	copies := maps.Clone(o.copies)
	o.mu.Unlock()
	var linked []string
	for name, original := range copies {
		for _, enc := range policy.Encodings {
			from := filepath.Join(o.dir, filepath.FromSlash(original+enc.Suffix))
			if _, err := os.Lstat(from); err != nil {
				continue // the original has no such sibling
			}
			to := filepath.Join(o.dir, filepath.FromSlash(name+enc.Suffix))
			if err := os.Remove(to); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return linked, fmt.Errorf("link %s: %w", name+enc.Suffix, err)
			}
			if err := os.Link(from, to); err != nil {
				return linked, fmt.Errorf("link %s: %w", name+enc.Suffix, err)
			}
			linked = append(linked, name+enc.Suffix)
		}
	}
	return linked, nil
}

// adopt adds names to the output's files: written into its folder by a
// later step (the precompressed siblings).
func (o *Output) adopt(names []string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, name := range names {
		o.names[name] = true
	}
}

// finish waits for every write and returns the first error.
func (o *Output) finish() error {
	if !o.finished {
		o.finished = true
		for _, q := range o.jobs {
			close(q)
		}
		o.writers.Wait()
	}
	return o.err
}

// FS serves the output folder.
func (o *Output) FS() fs.FS { return os.DirFS(o.dir) }

// Files lists the output's file names, sorted.
func (o *Output) Files() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	names := make([]string, 0, len(o.names))
	for n := range o.names {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// File returns one output file's contents.
func (o *Output) File(name string) ([]byte, bool) {
	o.mu.Lock()
	known := o.names[name]
	o.mu.Unlock()
	if !known {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(o.dir, filepath.FromSlash(name)))
	return data, err == nil
}

// WriteDir puts the output at dir atomically: the output folder trades
// places with dir (outdir.Swap), or, when the build wrote it elsewhere (no
// WithOutputDir(dir)), a copy made beside dir does. A file dir already
// holds with the same content is linked, not written again, so a rebuild
// rewrites only what changed and tools that sync the folder to a host see
// unchanged files as unchanged. If any step fails, dir is left as it was.
func (o *Output) WriteDir(dir string) error {
	if err := o.finish(); err != nil {
		return err
	}
	if o.placed {
		return fmt.Errorf("this output was already moved to %s", o.target)
	}
	dir = filepath.Clean(dir)
	if dir == o.target {
		if err := o.swapInto(dir); err != nil {
			return err
		}
		o.placed = true
		return nil
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("create output parent %s: %w", parent, err)
	}
	tmp, err := outdir.MkdirTemp(parent, "."+filepath.Base(dir)+".new-")
	if err != nil {
		return fmt.Errorf("create temporary output folder: %w", err)
	}
	if err := o.copyTo(tmp, dir); err != nil {
		_ = os.RemoveAll(tmp)
		return err
	}
	return outdir.Swap(tmp, dir)
}

// swapInto puts the output folder in the place of dir, keeping what dir
// held as the spare when there is one.
func (o *Output) swapInto(dir string) error {
	if o.reused != nil {
		// What the spare held that this output does not.
		if err := o.reused.Tidy(o.Files()); err != nil {
			_ = os.RemoveAll(o.dir)
			return fmt.Errorf("tidy the output folder: %w", err)
		}
	}
	if o.spare != "" {
		return outdir.SwapKeeping(o.dir, dir, o.spare)
	}
	return outdir.Swap(o.dir, dir)
}

// copyTo copies every file into root, linking those prev holds unchanged,
// with a few goroutines: the cost is system calls, which overlap well.
// Folders are created first, once each.
func (o *Output) copyTo(root, prev string) error {
	names := o.Files()
	dirs := map[string]bool{}
	for _, name := range names {
		dir := filepath.Dir(filepath.Join(root, filepath.FromSlash(name)))
		if !dirs[dir] {
			dirs[dir] = true
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fmt.Errorf("write %s: %w", name, err)
			}
		}
	}
	errs := make(chan error, outputWriters)
	var wg sync.WaitGroup
	for w := range outputWriters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(names); i += outputWriters {
				data, err := os.ReadFile(filepath.Join(o.dir, filepath.FromSlash(names[i])))
				if err == nil {
					_, err = writeOrLink(root, prev, names[i], data, false)
				}
				if err != nil {
					errs <- fmt.Errorf("copy %s: %w", names[i], err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// Close removes the output folder, unless WriteDir moved it into place.
func (o *Output) Close() error {
	err := o.finish()
	if o.store != nil {
		err = errors.Join(err, o.store.Close())
	}
	if o.placed {
		return err
	}
	return errors.Join(err, os.RemoveAll(o.dir))
}

// writeOrLink writes one output file under root, or links it from prev
// when prev already holds the same content under its name. A file
// whose name carries a hash of its content (data/*.<hash>.json, the theme's
// assets) is the same file wherever prev has it. holdsPrevs says root
// holds prev's file of the same name already (a reused folder kept it);
// held reports that it was left there.
func writeOrLink(root, prev, name string, data []byte, holdsPrevs bool) (held bool, err error) {
	rel := filepath.FromSlash(name)
	dst := filepath.Join(root, rel)
	if prev != "" {
		old := filepath.Join(prev, rel)
		if contentNamed(name) || sameFile(old, data) {
			if holdsPrevs {
				return true, nil
			}
			if outdir.Link(old, dst) == nil {
				return false, nil
			}
		}
	}
	if err := outdir.WriteNew(dst, data); err != nil {
		return false, fmt.Errorf("write %s: %w", name, err)
	}
	return false, nil
}

// sameFile reports whether the file at path holds exactly data.
func sameFile(path string, data []byte) bool {
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() || info.Size() != int64(len(data)) {
		return false
	}
	old, err := os.ReadFile(path)
	return err == nil && bytes.Equal(old, data)
}

// contentNamed reports whether an output file's name carries a hash of its
// content: the data files and stylesheets the build names (hashedName), the
// search index's shards and fragments, and the theme's assets, which Vite
// names so.
func contentNamed(name string) bool {
	if strings.HasPrefix(name, themeDir) {
		return viteNameRe.MatchString(name)
	}
	return hashedNameRe.MatchString(name)
}

var (
	hashedNameRe = regexp.MustCompile(`^(?:(?:data|assets/css)/.*\.[0-9a-f]{10}\.(?:json|css)|` + search.Dir + `[tp]/[0-9a-f]{10}\.json)$`)
	viteNameRe   = regexp.MustCompile(`-[A-Za-z0-9_-]{8}\.(?:js|css)$`)
)
