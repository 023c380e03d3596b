package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/portaldocs/portal/internal/route"
)

// dirCheckInterval is how often a DirSource looks for a new build while
// requests come in.
const dirCheckInterval = 250 * time.Millisecond

// oldRootGrace is how long a replaced folder stays open for the requests
// that started on it.
const oldRootGrace = time.Minute

// DirSource serves a built site in a folder and follows it across builds:
// portal build replaces the folder with a new one (two renames), and the
// source then opens the new folder and its route manifest, while requests
// that started on the old one finish on it.
type DirSource struct {
	dir string

	cur       atomic.Pointer[dirSnapshot]
	lastCheck atomic.Int64 // unix nanoseconds
	mu        sync.Mutex   // serialises reloads
}

// dirSnapshot is one opened build of the folder.
type dirSnapshot struct {
	snap Snapshot
	root *os.Root
	info os.FileInfo // of the folder, to recognise a replaced one
}

// Dir is a Source for a built site in the folder dir, read with its route
// manifest (routes.json) now. Errors name the folder or the manifest file.
//
// The folder is opened as an os.Root rather than with os.DirFS: DirFS follows
// symbolic links out of the folder, Root refuses them (see the os.DirFS
// documentation), so no link in the output can expose the rest of the disk.
// A new build swapped into dir is picked up within a quarter of a second of
// the next request, or at once by a request that finds its file gone.
func Dir(dir string) (*DirSource, error) {
	s := &DirSource{dir: dir}
	snap, err := openDir(dir)
	if err != nil {
		return nil, err
	}
	s.cur.Store(snap)
	s.lastCheck.Store(time.Now().UnixNano())
	return s, nil
}

// Snapshot returns the current build, looking for a new one at most every
// dirCheckInterval.
func (s *DirSource) Snapshot() Snapshot {
	now := time.Now().UnixNano()
	if last := s.lastCheck.Load(); now-last > int64(dirCheckInterval) && s.lastCheck.CompareAndSwap(last, now) {
		s.Reload()
	}
	return s.cur.Load().snap
}

// Reload opens the folder again if it was replaced since it was opened,
// and reports whether it was. A folder that is missing or not a complete
// build (a build is between the two renames of a file system that cannot
// exchange folders) keeps the current one.
func (s *DirSource) Reload() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur := s.cur.Load()
	info, err := os.Stat(s.dir)
	if err != nil || os.SameFile(info, cur.info) {
		return false
	}
	next, err := openDir(s.dir)
	if err != nil {
		return false
	}
	s.cur.Store(next)
	// Requests that started on the old folder may still open files in it.
	time.AfterFunc(oldRootGrace, func() { cur.root.Close() })
	return true
}

// Close releases the open folder.
func (s *DirSource) Close() error {
	return s.cur.Load().root.Close()
}

func openDir(dir string) (*dirSnapshot, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("server: open site folder: %w", err)
	}
	info, err := root.Stat(".")
	if err != nil {
		root.Close()
		return nil, fmt.Errorf("server: open site folder: %w", err)
	}
	fsys := root.FS()
	m, err := readManifest(fsys, filepath.Join(dir, route.ManifestFile))
	if err != nil {
		root.Close()
		return nil, err
	}
	return &dirSnapshot{snap: Snapshot{FS: fsys, Manifest: m}, root: root, info: info}, nil
}

// readManifest reads and checks the route manifest of fsys; displayName is
// the file as the user knows it, for messages.
func readManifest(fsys fs.FS, displayName string) (*route.Manifest, error) {
	data, err := fs.ReadFile(fsys, route.ManifestFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("server: %s not found: not a built site (run portal build first)", displayName)
	}
	if err != nil {
		return nil, fmt.Errorf("server: read %s: %w", displayName, err)
	}
	var m route.Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("server: %s is not a valid route manifest: %w", displayName, err)
	}
	if err := checkManifest(&m); err != nil {
		return nil, fmt.Errorf("server: %s is not a valid route manifest: %w", displayName, err)
	}
	return &m, nil
}

// checkManifest verifies what the serving rules rely on: the base URL
// starts and ends with "/", every route path starts with "/" and lies under
// the base URL, and ends with "/" unless the manifest's trailing-slash rule
// writes paths without one.
// All problems are reported together.
func checkManifest(m *route.Manifest) error {
	if !strings.HasPrefix(m.BaseURL, "/") || !strings.HasSuffix(m.BaseURL, "/") {
		return fmt.Errorf("baseUrl %q must start and end with \"/\"", m.BaseURL)
	}
	var errs []error
	for _, r := range m.Routes {
		slashed := strings.HasSuffix(r.Path, "/") || m.TrailingSlash != route.SlashAlways
		if !strings.HasPrefix(r.Path, m.BaseURL) || !slashed {
			errs = append(errs, fmt.Errorf("route %q must start with the baseUrl %q and end with \"/\"", r.Path, m.BaseURL))
		}
	}
	return errors.Join(errs...)
}
