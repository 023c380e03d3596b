package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/portaldocs/portal/internal/route"
)

// Dir is a Source for a built site in the folder dir, read with its route
// manifest (routes.json) once, now. Errors name the folder or the manifest
// file.
//
// The folder is opened as an os.Root rather than with os.DirFS: DirFS follows
// symbolic links out of the folder, Root refuses them (see the os.DirFS
// documentation), so no link in the output can expose the rest of the disk.
// Dir serves the folder as it is; to pick up a new build, open it again.
func Dir(dir string) (Source, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("server: open site folder: %w", err)
	}
	fsys := root.FS()
	m, err := readManifest(fsys, filepath.Join(dir, route.ManifestFile))
	if err != nil {
		root.Close()
		return nil, err
	}
	return Static(Snapshot{FS: fsys, Manifest: m}), nil
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

// checkManifest verifies what the serving rules rely on: the base URL and
// every route path start and end with "/", and routes lie under the base URL.
// All problems are reported together.
func checkManifest(m *route.Manifest) error {
	if !strings.HasPrefix(m.BaseURL, "/") || !strings.HasSuffix(m.BaseURL, "/") {
		return fmt.Errorf("baseUrl %q must start and end with \"/\"", m.BaseURL)
	}
	var errs []error
	for _, r := range m.Routes {
		if !strings.HasPrefix(r.Path, m.BaseURL) || !strings.HasSuffix(r.Path, "/") {
			errs = append(errs, fmt.Errorf("route %q must start with the baseUrl %q and end with \"/\"", r.Path, m.BaseURL))
		}
	}
	return errors.Join(errs...)
}
