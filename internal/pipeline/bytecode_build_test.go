package pipeline_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/pipeline"
)

// TestBuildsShareTheCompiledBundle: a build keeps the compiled server
// bundle in the bytecode folder; the next build, with no store of its own,
// starts from it, and one whose entry is damaged compiles again and builds
// the same site.
func TestBuildsShareTheCompiledBundle(t *testing.T) {
	site := fstest.MapFS{
		"portal.yaml":   {Data: []byte("title: T\nurl: https://docs.example.org\nbaseUrl: /\n")},
		"docs/intro.md": {Data: []byte("# Intro\n\nText.\n")},
	}
	dir := t.TempDir()
	build := func() {
		t.Helper()
		res, err := pipeline.Run(context.Background(), site, pipeline.WithTheme(portal.Theme()), pipeline.WithBytecodeCache(dir))
		if err != nil {
			t.Fatalf("build: %v %v", err, res.Diagnostics)
		}
	}
	build()
	entries, _ := filepath.Glob(filepath.Join(dir, "*.qjsbc"))
	if len(entries) != 1 {
		t.Fatalf("the bytecode folder holds %d entries, want 1", len(entries))
	}
	// The second build reads the entry (and marks it used) rather than
	// compiling and writing a new one.
	hourAgo := time.Now().Add(-time.Hour)
	if err := os.Chtimes(entries[0], hourAgo, hourAgo); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(entries[0])
	build()
	after, err := os.Stat(entries[0])
	if err != nil || !os.SameFile(before, after) || !after.ModTime().After(hourAgo.Add(time.Minute)) {
		t.Errorf("the second build did not start from the kept bytecode (err %v, same file %v, modified %v)", err, os.SameFile(before, after), after.ModTime())
	}
	entry, _ := os.ReadFile(entries[0])
	entry[40] ^= 0xff
	if err := os.WriteFile(entries[0], entry, 0o644); err != nil {
		t.Fatal(err)
	}
	build()
	entry, _ = os.ReadFile(entries[0])
	sum := buildcache.Sum(entry[len(buildcache.Key{}):])
	if string(entry[:len(buildcache.Key{})]) != string(sum[:]) {
		t.Error("the damaged entry was not replaced by a good one")
	}
}
