package pipeline_test

import (
	"context"
	"io/fs"
	"slices"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/pipeline"
)

// TestBuildIntoSpareOutput is portal dev's cycle of outputs: a build into
// the folder of the output two builds back writes what a fresh build
// writes, drops what the site no longer has, keeps unchanged files as the
// live output's own (same inode), and leaves the live output as it was.
func TestBuildIntoSpareOutput(t *testing.T) {
	site := fstest.MapFS{
		"portal.yaml":   {Data: []byte("title: Spare\nurl: https://example.org\nbaseUrl: /\n")},
		"docs/intro.md": {Data: []byte("# Intro\n\nFirst words.\n")},
		"docs/gone.md":  {Data: []byte("# Gone\n\nRemoved before the third build.\n")},
		"docs/kept.md":  {Data: []byte("# Kept\n\nNever changes.\n")},
	}
	build := func(opts ...pipeline.Option) *pipeline.Result {
		t.Helper()
		res, err := pipeline.Run(context.Background(), site, append([]pipeline.Option{pipeline.WithTheme(portal.Theme())}, opts...)...)
		if err != nil {
			t.Fatalf("build: %v\n%v", err, renderDiagnostics(res.Diagnostics))
		}
		t.Cleanup(func() { _ = res.Output.Close() })
		return res
	}
	first := build()
	second := build(pipeline.WithPreviousOutput(first.Output))
	liveBefore := filesIn(t, second.Output.FS())
	site["docs/intro.md"] = &fstest.MapFile{Data: []byte("# Intro\n\nChanged words.\n")}
	delete(site, "docs/gone.md")
	third := build(pipeline.WithPreviousOutput(second.Output), pipeline.WithSpareOutput(first.Output))
	fresh := build()

	got, want := filesIn(t, third.Output.FS()), filesIn(t, fresh.Output.FS())
	if !slices.Equal(got, want) {
		t.Fatalf("the reused folder holds\n%v\na fresh build writes\n%v", got, want)
	}
	for _, name := range want {
		a, _ := fs.ReadFile(third.Output.FS(), name)
		b, _ := fs.ReadFile(fresh.Output.FS(), name)
		if string(a) != string(b) {
			t.Errorf("%s differs from a fresh build's", name)
		}
	}
	if slices.ContainsFunc(got, func(n string) bool { return strings.Contains(n, "gone") }) {
		t.Errorf("the removed page's files are still there: %v", got)
	}
	kept := 0
	for _, name := range got {
		if strings.HasPrefix(name, "docs/kept") && strings.HasSuffix(name, ".md") {
			kept++
			if inode(t, third.Output.FS(), name) != inode(t, second.Output.FS(), name) {
				t.Errorf("%s, unchanged, was written again instead of kept as the live output's file", name)
			}
		}
	}
	if kept == 0 {
		t.Errorf("no Markdown file of the unchanged page among %v", got)
	}
	if now := filesIn(t, second.Output.FS()); !slices.Equal(now, liveBefore) {
		t.Errorf("the live output changed under the build:\n%v\nwas\n%v", now, liveBefore)
	}
}

func filesIn(t *testing.T, fsys fs.FS) []string {
	t.Helper()
	var names []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

func inode(t *testing.T, fsys fs.FS, name string) uint64 {
	t.Helper()
	info, err := fs.Stat(fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		t.Skip("no inode numbers on this system")
	}
	return st.Ino
}
