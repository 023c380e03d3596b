// Package fuzzseed finds the files of the repository's test sites that seed
// the fuzz targets (site configs, sidebars, Markdown with front matter):
// the site fixtures as txtar archives, and the portal's own site/ folder.
package fuzzseed

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// repoRoot is the repository root, found from this file's location.
func repoRoot() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "."
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// Files returns the content of every fixture file whose name matches
// (filepath.Match on the base name, e.g. "sidebars.yaml" or "*.md"): those
// inside the txtar archives of the build's test sites and the command's
// scripts, and those of the portal's site/ folder. At most limit files.
func Files(pattern string, limit int) [][]byte {
	root := repoRoot()
	var out [][]byte
	add := func(name string, data []byte) {
		if ok, _ := filepath.Match(pattern, filepath.Base(name)); ok && len(out) < limit {
			out = append(out, data)
		}
	}
	for _, glob := range []string{"internal/build/testdata/sites/*.txtar", "cmd/portal/testdata/script/*.txtar"} {
		archives, _ := filepath.Glob(filepath.Join(root, glob))
		for _, a := range archives {
			ar, err := txtar.ParseFile(a)
			if err != nil {
				continue
			}
			for _, f := range ar.Files {
				add(strings.TrimPrefix(f.Name, "site/"), f.Data)
			}
		}
	}
	_ = filepath.WalkDir(filepath.Join(root, "site"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || len(out) >= limit {
			return nil
		}
		if data, err := os.ReadFile(p); err == nil {
			add(p, data)
		}
		return nil
	})
	return out
}
