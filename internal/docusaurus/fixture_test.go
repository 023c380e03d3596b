package docusaurus_test

import (
	"context"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/pipeline"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the current output")

// TestFixtureSite builds testdata/site, one page per MDX construct Portal
// maps, and compares each page's HTML, and every diagnostic, with
// testdata/golden. Run go test -update to accept new output after reading
// the diff.
func TestFixtureSite(t *testing.T) {
	res, err := pipeline.Run(context.Background(), os.DirFS("testdata/site"), pipeline.WithTheme(portal.Theme()))
	if err != nil {
		for _, d := range res.Diagnostics {
			t.Log(d)
		}
		t.Fatal(err)
	}
	pages, err := fs.Glob(res.Output.FS(), "data/pages/*.json")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, name := range pages {
		data, err := fs.ReadFile(res.Output.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		var page struct {
			Path string `json:"path"`
			HTML string `json:"html"`
		}
		if err := json.Unmarshal(data, &page); err != nil {
			t.Fatal(err)
		}
		stem := strings.Trim(page.Path, "/")
		if stem == "" || page.HTML == "" {
			continue
		}
		// The site components' scripts are named by their content, the
		// theme's runtime's too: the golden keeps their names, not hashes.
		got[strings.ReplaceAll(stem, "/", "--")+".html"] = scriptHash.ReplaceAllString(page.HTML, "$1-HASH.js")
	}
	got["diagnostics.txt"] = diagnosticsText(res.Diagnostics)
	compareGolden(t, "testdata/golden", got)
}

var scriptHash = regexp.MustCompile(`(/assets/(?:site|theme)/[\w.-]+?)-[0-9a-f]{12}\.js`)

func diagnosticsText(ds []diag.Diagnostic) string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}

func compareGolden(t *testing.T, dir string, got map[string]string) {
	t.Helper()
	if *update {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range got {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(got) {
		t.Errorf("%d golden files, %d outputs (run go test -update)", len(files), len(got))
	}
	for name, text := range got {
		want, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%v (run go test -update to create it)", err)
			continue
		}
		if string(want) != text {
			t.Errorf("%s differs (run go test -update and review the diff):\n--- want\n%s\n--- got\n%s", name, want, text)
		}
	}
}
