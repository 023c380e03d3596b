package pipeline_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/precompress"
)

// buildCompressed builds site into out with the build store and the
// compression option given.
func buildCompressed(t *testing.T, site, out string, store *buildcache.Store, compress pipeline.Option) {
	t.Helper()
	res, err := pipeline.Run(context.Background(), os.DirFS(site), pipeline.WithTheme(portal.Theme()), pipeline.WithOutputDir(out),
		pipeline.WithEngineVersion("test"), pipeline.WithStore(store), compress)
	if err != nil {
		t.Fatalf("build: %v\n%s", err, strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
	}
	if err := res.Output.WriteDir(out); err != nil {
		t.Fatal(err)
	}
}

// TestPrecompressPolicies: a policy that splits the theme's files from the
// site's (as precompress.ThemeBest does, at qualities that keep the test
// quick) compresses each at its quality; a build with another policy into
// the same folder, with the same build store, writes the siblings its own
// policy makes, not the previous build's.
func TestPrecompressPolicies(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // the user's precompress cache starts empty
	site := filepath.Join(t.TempDir(), "site")
	copyDir(t, "testdata/fhir-site", site)
	store, err := buildcache.Open(filepath.Join(t.TempDir(), "cache"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	high, low := precompress.Quality{Brotli: 7, Gzip: 9}, precompress.Fast
	split := pipeline.WithPrecompressPolicy("split", precompress.Split(pipeline.ThemeDir, high, low))
	for _, step := range []struct {
		name             string
		option           pipeline.Option
		theme, siteFiles precompress.Quality
	}{
		{"all low", pipeline.WithPrecompress(low), low, low},
		{"split", split, high, low},
		{"all high", pipeline.WithPrecompress(high), high, high},
		{"split again", split, high, low},
	} {
		t.Run(step.name, func(t *testing.T) {
			buildCompressed(t, site, out, store, step.option)
			files := readTree(t, out)
			checked := map[bool]int{}
			for name, data := range files {
				br, ok := files[name+".br"]
				if !ok || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
					continue
				}
				inTheme := strings.HasPrefix(name, pipeline.ThemeDir)
				if inTheme && checked[true] >= 2 || !inTheme && checked[false] >= 2 {
					continue // two of each kind are enough
				}
				want := step.siteFiles
				if inTheme {
					want = step.theme
				}
				encoded, err := precompress.Encode(data, want)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(br, encoded[0]) || !bytes.Equal(files[name+".gz"], encoded[1]) {
					t.Errorf("%s: the siblings are not those of Brotli %d, gzip %d", name, want.Brotli, want.Gzip)
				}
				checked[inTheme]++
			}
			if checked[true] == 0 || checked[false] == 0 {
				t.Fatalf("checked %d theme files and %d site files; want some of each", checked[true], checked[false])
			}
		})
	}
}
