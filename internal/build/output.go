package build

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing/fstest"
	"time"

	"github.com/portaldocs/portal/internal/route"

	"github.com/portaldocs/portal/internal/csp"
	"github.com/portaldocs/portal/internal/outdir"
)

// Output is a finished site held in memory: every file of the output folder
// and the route manifest. A build produces it whole before anything is
// written, so a failed build never touches the previous output.
type Output struct {
	files    fstest.MapFS
	Manifest *route.Manifest
	// spill, when set, holds the files on disk instead (WithOutputDir).
	spill *spill
	// inline collects the inline code of every HTML file, for the CSP.
	inline *csp.Collector
}

func newOutput() *Output { return &Output{files: fstest.MapFS{}, inline: csp.NewCollector()} }

func (o *Output) add(name string, data []byte) {
	if strings.HasSuffix(name, ".html") {
		o.inline.Scan(data)
	}
	if o.spill != nil {
		o.spill.add(name, data)
		return
	}
	o.files[name] = &fstest.MapFile{Data: data, Mode: 0o644, ModTime: time.Unix(0, 0)}
}

func (o *Output) has(name string) bool {
	if o.spill != nil {
		return o.spill.has(name)
	}
	_, ok := o.files[name]
	return ok
}

// FS serves the output from memory (portal serve --site, portal dev), or
// from its temporary folder when it was written to disk as it was built.
// fstest.MapFS is used for its complete, tested fs.FS semantics
// (synthesised directories, ReadDir, Stat); it has no test-only behaviour.
func (o *Output) FS() fs.FS {
	if o.spill != nil {
		return os.DirFS(o.spill.tmp)
	}
	return o.files
}

// Files lists the output's file names, sorted.
func (o *Output) Files() []string {
	if o.spill != nil {
		return o.spill.files()
	}
	names := make([]string, 0, len(o.files))
	for name := range o.files {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// File returns one output file's contents.
func (o *Output) File(name string) ([]byte, bool) {
	if o.spill != nil {
		if !o.spill.has(name) {
			return nil, false
		}
		data, err := os.ReadFile(filepath.Join(o.spill.tmp, filepath.FromSlash(name)))
		return data, err == nil
	}
	f, ok := o.files[name]
	if !ok {
		return nil, false
	}
	return f.Data, true
}

// WriteDir writes the output to dir atomically: everything goes to a
// temporary sibling folder first, which then replaces dir in two renames.
// If any write fails, dir is left exactly as it was.
func (o *Output) WriteDir(dir string) error {
	dir = filepath.Clean(dir)
	if o.spill != nil {
		if dir != o.spill.target {
			return fmt.Errorf("this output was built into %s (WithOutputDir), not %s", o.spill.target, dir)
		}
		if err := o.spill.finish(); err != nil {
			o.spill.discard()
			return err
		}
		return swapDir(o.spill.tmp, dir)
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("create output parent %s: %w", parent, err)
	}
	tmp, err := outdir.MkdirTemp(parent, "."+filepath.Base(dir)+".new-")
	if err != nil {
		return fmt.Errorf("create temporary output folder: %w", err)
	}
	if err := o.writeFiles(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	return swapDir(tmp, dir)
}

// writeFiles writes every file with a few goroutines: the cost is system
// calls, which overlap well. Folders are created first, once each. A file
// the previous output (prev) already has with the same content is linked,
// not written again: a rebuild rewrites only what changed, and tools that
// sync the folder to a host see unchanged files as unchanged.
func (o *Output) writeFiles(root, prev string) error {
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
	const writers = 8
	errs := make(chan error, writers)
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(names); i += writers {
				if err := writeOrLink(root, prev, names[i], o.files[names[i]].Data); err != nil {
					errs <- err
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// writeOrLink writes one output file under root, or links it from prev
// when prev already holds the same content.
func writeOrLink(root, prev, name string, data []byte) error {
	rel := filepath.FromSlash(name)
	dst := filepath.Join(root, rel)
	if old := filepath.Join(prev, rel); sameFile(old, data) && os.Link(old, dst) == nil {
		return nil
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
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

// swapDir replaces dir with tmp. The old folder is moved aside first and
// removed only once the new one is in place.
func swapDir(tmp, dir string) error {
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			os.RemoveAll(tmp)
			return fmt.Errorf("move previous output %s aside: %w", dir, err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			_ = os.Rename(old, dir) // put the previous output back
		}
		os.RemoveAll(tmp)
		return fmt.Errorf("move new output into %s: %w", dir, err)
	}
	if old != "" {
		if err := os.RemoveAll(old); err != nil {
			return fmt.Errorf("remove previous output %s: %w", old, err)
		}
	}
	return nil
}
