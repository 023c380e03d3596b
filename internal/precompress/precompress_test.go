package precompress

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	brrr "github.com/molecule-man/go-brrr"
)

var page = strings.Repeat("<p>Patient access API: read a Patient and its Observations.</p>\n", 100)

func write(t *testing.T, dir, name, data string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func decodeBrotli(t *testing.T, b []byte) string {
	t.Helper()
	out, err := io.ReadAll(brrr.NewReader(bytes.NewReader(b)))
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func decodeGzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestDirWritesSiblingsOfCompressibleFiles(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "docs/x/index.html", page)
	write(t, dir, "assets/app.js", page)
	write(t, dir, "small.css", "body{margin:0}")
	write(t, dir, "img/photo.png", page)
	write(t, dir, "_redirects", page)
	write(t, dir, "_deploy/nginx.conf", page)
	stats, err := Dir(context.Background(), dir, "", Fast, nil)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Compressed != 2 || stats.Reused != 0 {
		t.Errorf("stats %+v, want 2 compressed", stats)
	}
	for _, name := range []string{"docs/x/index.html", "assets/app.js"} {
		br, err := os.ReadFile(filepath.Join(dir, name+".br"))
		if err != nil {
			t.Fatal(err)
		}
		gz, err := os.ReadFile(filepath.Join(dir, name+".gz"))
		if err != nil {
			t.Fatal(err)
		}
		if decodeBrotli(t, br) != page || decodeGzip(t, gz) != page {
			t.Errorf("%s: siblings do not decode to the file", name)
		}
		if len(br) >= len(page)/4 || len(gz) >= len(page)/4 {
			t.Errorf("%s: br %d, gz %d bytes of %d: not compressed", name, len(br), len(gz), len(page))
		}
		info, err := os.Stat(filepath.Join(dir, name+".br"))
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm()&0o044 != 0o044 {
			t.Errorf("%s.br mode %v: others cannot read it", name, info.Mode())
		}
	}
	for _, name := range []string{"small.css", "img/photo.png", "_redirects", "_deploy/nginx.conf"} {
		if _, err := os.Stat(filepath.Join(dir, name+".br")); err == nil {
			t.Errorf("%s got a sibling", name)
		}
	}
}

func TestDirReusesUnchangedFilesOfThePreviousOutput(t *testing.T) {
	parent := t.TempDir()
	prev, next := filepath.Join(parent, "build"), filepath.Join(parent, "next")
	write(t, prev, "same.html", page)
	write(t, prev, "changed.html", page)
	if _, err := Dir(context.Background(), prev, "", Fast, nil); err != nil {
		t.Fatal(err)
	}
	// A marker in the previous sibling shows whether it was reused.
	marker := []byte("reused sibling")
	if err := os.WriteFile(filepath.Join(prev, "same.html.br"), marker, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Second)
	if err := os.Chtimes(filepath.Join(prev, "same.html.br"), later, later); err != nil {
		t.Fatal(err)
	}
	write(t, next, "same.html", page)
	write(t, next, "changed.html", page+"<p>new</p>")
	stats, err := Dir(context.Background(), next, prev, Fast, nil)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Reused != 1 || stats.Compressed != 1 {
		t.Errorf("stats %+v, want 1 reused and 1 compressed", stats)
	}
	if got, _ := os.ReadFile(filepath.Join(next, "same.html.br")); !bytes.Equal(got, marker) {
		t.Errorf("same.html.br was compressed again")
	}
	got, _ := os.ReadFile(filepath.Join(next, "changed.html.br"))
	if decodeBrotli(t, got) != page+"<p>new</p>" {
		t.Errorf("changed.html.br is stale")
	}
}

func TestDirReusesTheSiblingsOfALinkedFile(t *testing.T) {
	parent := t.TempDir()
	prev, next := filepath.Join(parent, "build"), filepath.Join(parent, "next")
	write(t, prev, "same.html", page)
	if _, err := Dir(context.Background(), prev, "", Fast, nil); err != nil {
		t.Fatal(err)
	}
	marker := []byte("reused sibling")
	later := time.Now().Add(time.Second)
	if err := os.WriteFile(filepath.Join(prev, "same.html.br"), marker, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(prev, "same.html.br"), later, later); err != nil {
		t.Fatal(err)
	}
	// The build links a file a rebuild left unchanged: one inode, which
	// needs no reading to be known the same.
	if err := os.MkdirAll(next, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(prev, "same.html"), filepath.Join(next, "same.html")); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	stats, err := Dir(context.Background(), next, prev, Fast, nil)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Reused != 1 || stats.Compressed != 0 || stats.In != int64(len(page)) {
		t.Errorf("stats %+v, want 1 reused of %d bytes", stats, len(page))
	}
	if got, _ := os.ReadFile(filepath.Join(next, "same.html.br")); !bytes.Equal(got, marker) {
		t.Errorf("same.html.br was compressed again")
	}
}

func TestDirDoesNotReuseSiblingsOlderThanTheirFile(t *testing.T) {
	parent := t.TempDir()
	prev, next := filepath.Join(parent, "build"), filepath.Join(parent, "next")
	write(t, prev, "a.html", page)
	write(t, prev, "a.html.br", "stale")
	write(t, prev, "a.html.gz", "stale")
	earlier := time.Now().Add(-time.Hour)
	for _, s := range []string{".br", ".gz"} {
		if err := os.Chtimes(filepath.Join(prev, "a.html"+s), earlier, earlier); err != nil {
			t.Fatal(err)
		}
	}
	write(t, next, "a.html", page)
	if _, err := Dir(context.Background(), next, prev, Fast, nil); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(next, "a.html.br"))
	if decodeBrotli(t, got) != page {
		t.Error("a stale sibling was reused")
	}
}

func TestFilesInMemory(t *testing.T) {
	files := map[string][]byte{"a.js": []byte(page), "b.png": []byte(page), "c.css": []byte("x")}
	added := map[string][]byte{}
	stats, err := Files(context.Background(), []string{"a.js", "b.png", "c.css"},
		func(n string) ([]byte, bool) { d, ok := files[n]; return d, ok },
		func(n string, d []byte) { added[n] = d }, Fast)
	if err != nil {
		t.Fatal(err)
	}
	if len(added) != 2 || stats.Compressed != 1 {
		t.Fatalf("added %d siblings, stats %+v", len(added), stats)
	}
	if decodeBrotli(t, added["a.js.br"]) != page || decodeGzip(t, added["a.js.gz"]) != page {
		t.Error("siblings do not decode")
	}
}

func TestDirTakesUnchangedContentFromTheCache(t *testing.T) {
	cache := NewCache(t.TempDir())
	first, second := t.TempDir(), t.TempDir()
	write(t, first, "assets/app.js", page)
	write(t, second, "assets/other-name.js", page) // same bytes, another site
	write(t, second, "new.html", page+"<p>new</p>")
	if _, err := Dir(context.Background(), first, "", Best, cache); err != nil {
		t.Fatal(err)
	}
	stats, err := Dir(context.Background(), second, "", Best, cache)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Reused != 1 || stats.Compressed != 1 {
		t.Errorf("stats %+v, want 1 from the cache and 1 compressed", stats)
	}
	got, _ := os.ReadFile(filepath.Join(second, "assets/other-name.js.br"))
	if decodeBrotli(t, got) != page {
		t.Error("the cached sibling does not decode to the file")
	}
	// Another quality is another entry.
	third := t.TempDir()
	write(t, third, "a.js", page)
	if stats, _ := Dir(context.Background(), third, "", Quality{Brotli: 10, Gzip: 9}, cache); stats.Reused != 0 {
		t.Errorf("a sibling of another quality was reused: %+v", stats)
	}
	// A fast quality compresses again rather than keep files in the cache.
	fourth := t.TempDir()
	write(t, fourth, "b.js", page+"<p>fourth</p>")
	before, _ := os.ReadDir(cache.dir)
	if _, err := Dir(context.Background(), fourth, "", Fast, cache); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadDir(cache.dir); len(after) != len(before) {
		t.Errorf("compressing at Fast added %d entries to the cache", len(after)-len(before))
	}
}
