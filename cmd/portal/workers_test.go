package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildWithRenderWorkers: portal build --render-workers, run as the real
// binary (main), renders with a worker process beside its own engine, and
// writes what a build rendering only in its process writes, file for file.
func TestBuildWithRenderWorkers(t *testing.T) {
	site := filepath.Join(t.TempDir(), "site")
	files := map[string]string{
		"portal.yaml":    "title: Workers\nurl: https://docs.example.org\nbaseUrl: /\n",
		"sidebars.yaml":  "docs:\n  - intro\n  - a\n  - b\n  - c\n",
		"docs/intro.md":  "# Introduction\n\nThe first page.\n",
		"pages/index.md": "# Workers\n",
	}
	for _, name := range []string{"a", "b", "c"} {
		files["docs/"+name+".md"] = "# Page " + name + "\n\n## A section\n\nText of " + name + ".\n"
	}
	writeFiles(t, site, files)

	inProcess := filepath.Join(t.TempDir(), "in-process")
	buildInto(t, site, inProcess)

	withWorkers := filepath.Join(t.TempDir(), "with-workers")
	cmd := exec.Command(os.Args[0], "build", "--site", site, "--out", withWorkers, "--no-cache", "--timings", "--render-workers")
	cmd.Env = append(os.Environ(), runMainEnv+"=1", "GOMAXPROCS=2")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("portal build: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "render workers: 1 ") {
		t.Errorf("the build started no render worker:\n%s", stdout.String())
	}
	sameTree(t, inProcess, withWorkers)
}

// sameTree fails unless the folders hold the same files with the same bytes.
func sameTree(t *testing.T, want, got string) {
	t.Helper()
	read := func(root string) map[string][]byte {
		files := map[string][]byte{}
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			rel, _ := filepath.Rel(root, path)
			files[rel] = b
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return files
	}
	w, g := read(want), read(got)
	for name, b := range w {
		if gb, ok := g[name]; !ok {
			t.Errorf("%s is missing", name)
		} else if !bytes.Equal(b, gb) {
			t.Errorf("%s differs", name)
		}
	}
	for name := range g {
		if _, ok := w[name]; !ok {
			t.Errorf("%s is extra", name)
		}
	}
}
