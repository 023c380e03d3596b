package dev

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing/fstest"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/server"
)

// Watch rebuilds after every change under the site folder until ctx ends.
func (s *Server) Watch(ctx context.Context) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	if err := addTree(w, s.opts.Site); err != nil {
		return err
	}
	watched := map[string]bool{}
	s.watchOutside(w, watched)
	changed := map[string]bool{}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-w.Errors:
			s.opts.Logger.Warn("watching the site folder", "err", err)
		case ev := <-w.Events:
			if skipped(ev.Name) {
				continue
			}
			if ev.Has(fsnotify.Create) {
				if info, err := os.Stat(ev.Name); err == nil && info.IsDir() {
					_ = addTree(w, ev.Name)
				}
			}
			if rel, err := filepath.Rel(s.opts.Site, ev.Name); err == nil {
				changed[filepath.ToSlash(rel)] = true
			}
			timer.Reset(debounce)
		case <-timer.C:
			paths := make([]string, 0, len(changed))
			for p := range changed {
				paths = append(paths, p)
			}
			sort.Strings(paths)
			clear(changed)
			s.rebuild(ctx, paths)
			s.watchOutside(w, watched)
		}
	}
}

// watchOutside watches the folders beside the site folder that the last
// build read (a docs folder kept beside the website folder), each once: a
// change there is named by its path from the site folder ("../docs/x.md"),
// as the build names it.
func (s *Server) watchOutside(w *fsnotify.Watcher, watched map[string]bool) {
	s.mu.Lock()
	folders := s.outside
	s.mu.Unlock()
	for _, f := range folders {
		if watched[f] {
			continue
		}
		if err := addTree(w, filepath.Join(s.opts.Site, filepath.FromSlash(f))); err != nil {
			s.opts.Logger.Warn("watching a folder beside the site folder", "folder", f, "err", err)
			continue
		}
		watched[f] = true
	}
}

// skipped are files no build reads: editors' swap and backup files, VCS
// folders.
func skipped(name string) bool {
	base := filepath.Base(name)
	return strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") || strings.HasSuffix(base, ".swp") ||
		strings.Contains(filepath.ToSlash(name), "/node_modules/")
}

func addTree(w *fsnotify.Watcher, root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		return w.Add(p)
	})
}

// lazyFS is a build's output with each page's HTML prerendered when it is
// first asked for, with the live-reload script added.
type lazyFS struct {
	res *pipeline.Result
}

// Open opens name for work that belongs to no request (the server's
// not-found page, kept for the whole build).
func (l lazyFS) Open(name string) (fs.File, error) {
	return l.OpenContext(context.Background(), name)
}

// OpenContext opens name, prerendering a page with the request's context.
func (l lazyFS) OpenContext(ctx context.Context, name string) (fs.File, error) {
	f, err := l.res.Output.FS().Open(name)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return f, err
	}
	html, ok, rerr := l.res.RenderPage(ctx, name)
	if !ok {
		return nil, err
	}
	if rerr != nil {
		return nil, rerr
	}
	return fstest.MapFS{name: {Data: withDevScript(html)}}.Open(name)
}

var _ server.ContextFS = lazyFS{}

// withDevScript adds the live-reload client before </body>.
func withDevScript(html []byte) []byte {
	tag := []byte(`<script src="` + ScriptPath + `"></script>`)
	i := bytes.LastIndex(html, []byte("</body>"))
	if i < 0 {
		return append(html, tag...)
	}
	out := make([]byte, 0, len(html)+len(tag))
	out = append(out, html[:i]...)
	out = append(out, tag...)
	return append(out, html[i:]...)
}
