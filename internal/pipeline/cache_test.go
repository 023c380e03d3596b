package pipeline_test

import (
	"bytes"
	"context"
	"fmt"
	"github.com/portaldocs/portal/internal/racetest"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/precompress"
)

// copyDir copies a folder tree.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// edit replaces old with new in the site file name, which must hold old.
func edit(t *testing.T, site, name, old, new string) {
	t.Helper()
	p := filepath.Join(site, filepath.FromSlash(name))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s does not contain %q", name, old)
	}
	if err := os.WriteFile(p, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// appendTo adds text at the end of the site file name.
func appendTo(t *testing.T, site, name, text string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(site, filepath.FromSlash(name)), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// buildInto builds the site folder into out (replacing it) with store, or
// with no build cache when store is nil, and returns what the build said.
func buildInto(t *testing.T, site, out string, store *buildcache.Store) []string {
	t.Helper()
	// With siblings, at the fastest qualities: a rebuild links, keeps or
	// replaces them in a reused folder as it does the files.
	opts := []pipeline.Option{pipeline.WithTheme(portal.Theme()), pipeline.WithOutputDir(out), pipeline.WithEngineVersion("test"),
		pipeline.WithPrecompress(precompress.Quality{Brotli: 0, Gzip: 1})}
	if store != nil {
		opts = append(opts, pipeline.WithStore(store))
	}
	res, err := pipeline.Run(context.Background(), os.DirFS(site), opts...)
	if err != nil {
		t.Fatalf("build: %v\n%s", err, strings.Join(renderDiagnostics(res.Diagnostics), "\n"))
	}
	if err := res.Output.WriteDir(out); err != nil {
		t.Fatal(err)
	}
	return renderDiagnostics(res.Diagnostics)
}

// checkedPages are two docs the content checks find things on: a year
// passed, a short guide version, a malformed link, and, across the two, one
// example resource shown with two values (reported on the later page).
var checkedPages = map[string]string{
	"docs/api/checked-a.md": "# Checked A\n\nAs of 2019 the sandbox holds ten patients. See [the spec](htps://hl7.org/fhir/).\n\n" +
		"```json\n{\"resourceType\": \"Practitioner\", \"id\": \"shown-twice\", \"active\": true}\n```\n",
	"docs/api/checked-b.md": "# Checked B\n\nThe API follows US Core 6.1.\n\n" +
		"```json\n{\"resourceType\": \"Practitioner\", \"id\": \"shown-twice\", \"active\": false}\n```\n",
}

// readTree reads every file under dir, by slash-separated relative name.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// folders lists the folders under dir, relative and sorted.
func folders(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && p != dir {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// sameTrees reports every file that differs between two outputs.
func sameTrees(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	var names []string
	for n := range want {
		names = append(names, n)
	}
	for n := range got {
		if _, ok := want[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	bad := 0
	for _, n := range names {
		g, inGot := got[n]
		w, inWant := want[n]
		switch {
		case !inGot:
			t.Errorf("%s: %s is missing", what, n)
		case !inWant:
			t.Errorf("%s: %s should not be there", what, n)
		case !bytes.Equal(g, w):
			t.Errorf("%s: %s differs: %s", what, n, firstDifference(g, w))
		default:
			continue
		}
		if bad++; bad == 10 {
			t.Fatalf("%s: giving up after 10 differences", what)
		}
	}
}

// fixtureWithStaticFolder is a copy of testdata/fhir-site with an empty
// static/files folder.
func fixtureWithStaticFolder(t *testing.T) string {
	t.Helper()
	site := filepath.Join(t.TempDir(), "site")
	copyDir(t, "testdata/fhir-site", site)
	if err := os.MkdirAll(filepath.Join(site, "static", "files"), 0o755); err != nil {
		t.Fatal(err)
	}
	return site
}

// TestWarmBuildEqualsColdBuild: after an edit of each kind, a build that
// reuses the cache of the previous builds writes exactly the files, byte
// for byte, that a build without any cache writes.
func TestWarmBuildEqualsColdBuild(t *testing.T) {
	racetest.ContentNotConcurrency(t)
	site := fixtureWithStaticFolder(t)
	// With search: a rebuild patches the postings the last build kept for
	// the pages whose text changed (search.BuildPatched).
	appendTo(t, site, "portal.yaml", "themeConfig:\n  navbar:\n    items:\n      - type: search\n        position: right\n")
	if err := os.WriteFile(filepath.Join(site, "static", "files", "notes.txt"), []byte("first notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Large enough for siblings, until an edit shrinks it.
	if err := os.WriteFile(filepath.Join(site, "static", "files", "long.txt"), []byte(strings.Repeat("A long line of notes.\n", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	store, err := buildcache.Open(filepath.Join(t.TempDir(), "cache"))
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range checkedPages {
		if err := os.WriteFile(filepath.Join(site, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	warmOut := filepath.Join(t.TempDir(), "warm")
	first := buildInto(t, site, warmOut, store) // fills the cache
	for _, want := range []string{"2019", "US Core 6.1", "malformed scheme", "Practitioner/shown-twice shown here differs"} {
		if !slices.ContainsFunc(first, func(l string) bool { return strings.Contains(l, want) }) {
			t.Fatalf("the checked pages should make the build say %q; it said:\n%s", want, strings.Join(first, "\n"))
		}
	}

	edits := []struct {
		kind string
		edit func()
	}{
		{"nothing", func() {}},
		{"a doc", func() { appendTo(t, site, "docs/api/index.md", "\nAn added sentence, with a [link](/docs/api/).\n") }},
		// The later page is unchanged: what the checks compare across pages
		// comes from the store for it, and from the edited page for the other.
		{"the first of two checked docs", func() { appendTo(t, site, "docs/api/checked-a.md", "\nOne more line.\n") }},
		{"a sidebar", func() { edit(t, site, "sidebars.yaml", "label: Resources", "label: FHIR resources") }},
		{"the config", func() { edit(t, site, "portal.yaml", "title: FHIR fixture", "title: FHIR fixture, renamed") }},
		{"a FHIR file", func() {
			edit(t, site, "fhir/r4/extensions/patient-veteran-status.json", `"description": "`, `"description": "Edited. `)
		}},
		{"an API's base URL", func() {
			// In the generated pages' examples and the Postman collection.
			edit(t, site, "portal.yaml", "baseUrl: https://fhir.example.org/r4", "baseUrl: https://fhir.example.org/fhir/r4")
		}},
		{"an example file", func() {
			// The checked pages' resource now has a file: each page is
			// compared with it rather than with the other page.
			if err := os.WriteFile(filepath.Join(site, "fhir", "r4", "examples", "practitioner-shown-twice.json"),
				[]byte(`{"resourceType": "Practitioner", "id": "shown-twice", "active": true}`+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"the docs' route", func() {
			// Every doc moves, generated ones too: the links FHIR pages make
			// to each other change with nothing under fhir/ changing.
			appendTo(t, site, "portal.yaml", "docs:\n  routeBasePath: reference\n")
			edit(t, site, "docs/api/index.md", "[link](/docs/api/)", "[link](/reference/api/)")
		}},
		{"a static file shrinks below the size that gets siblings", func() {
			if err := os.WriteFile(filepath.Join(site, "static", "files", "long.txt"), []byte("Short now.\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"a static file", func() {
			if err := os.WriteFile(filepath.Join(site, "static", "files", "notes.txt"), []byte("second notes\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, e := range edits {
		t.Run(e.kind, func(t *testing.T) {
			e.edit()
			warmSaid := buildInto(t, site, warmOut, store)
			coldOut := filepath.Join(t.TempDir(), "cold")
			coldSaid := buildInto(t, site, coldOut, nil)
			sameTrees(t, "after an edit of "+e.kind, readTree(t, warmOut), readTree(t, coldOut))
			// A rebuild reuses the folders of the output before the last one:
			// those it no longer writes to are gone too.
			if warm, cold := folders(t, warmOut), folders(t, coldOut); !slices.Equal(warm, cold) {
				t.Errorf("after an edit of %s the warm output has the folders\n%v\nthe cold one\n%v", e.kind, warm, cold)
			}
			if !slices.Equal(warmSaid, coldSaid) {
				t.Errorf("after an edit of %s the warm build said:\n%s\n\nthe cold build:\n%s", e.kind,
					strings.Join(warmSaid, "\n"), strings.Join(coldSaid, "\n"))
			}
		})
	}
}

// TestWarmBuildTakesPagesFromTheCache: the cache is what a warm build
// writes its unchanged pages from (an entry changed behind the build's back
// shows in the output), and what changed is rendered again.
func TestWarmBuildTakesPagesFromTheCache(t *testing.T) {
	site := filepath.Join(t.TempDir(), "site")
	copyDir(t, "testdata/fhir-site", site)
	// With search, the edit below changes the index: its meta file and the
	// names of its changed files, not the meta file's URL, which the site
	// data names.
	appendTo(t, site, "portal.yaml", "themeConfig:\n  navbar:\n    items:\n      - type: search\n        position: right\n")
	cacheDir := filepath.Join(t.TempDir(), "cache")
	store, err := buildcache.Open(cacheDir)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	buildInto(t, site, out, store)
	before, beforeIndex := siteDataName(t, out), searchMeta(t, out)

	// Mark every prerendered page the cache holds.
	const mark = "<!-- from the build cache -->"
	for _, key := range store.Keys("page-html") {
		data, ok := store.Get("page-html", key)
		if !ok {
			t.Fatalf("page-html %s cannot be read", key)
		}
		if err := store.Replace("page-html", key, append(data, mark...)); err != nil {
			t.Fatal(err)
		}
	}
	appendTo(t, site, "docs/api/index.md", "\nAn added sentence.\n")
	// Into a new folder: a page the previous output holds as this build
	// would finish it is linked from there (TestWarmBuildLinksUnchangedPages).
	out = filepath.Join(t.TempDir(), "out")
	buildInto(t, site, out, store)

	files := readTree(t, out)
	if !bytes.Contains(files["404.html"], []byte(mark)) {
		t.Error("the unchanged not-found page was rendered again instead of taken from the cache")
	}
	// The edit changed the search index but not the site data, which names
	// the index's meta file: no other page changes.
	if after := searchMeta(t, out); bytes.Equal(after, beforeIndex) {
		t.Fatalf("the search index is unchanged; the test needs an edit that changes it")
	}
	if after := siteDataName(t, out); after != before {
		t.Errorf("a text edit renamed the site data file %s to %s: every page, which preloads it, changed with it", before, after)
	}
	for name, data := range files {
		if strings.HasSuffix(name, ".html") && !strings.HasPrefix(name, "docs/api/index") && !bytes.Contains(data, []byte(mark)) {
			t.Errorf("%s did not change but was rendered again", name)
		}
	}
	// The theme gets a placeholder for the content: an edit of the text
	// alone keeps the page's render and puts the new content in it.
	edited := editedPage(t, files)
	if !bytes.Contains(edited, []byte("An added sentence.")) || !bytes.Contains(edited, []byte(mark)) {
		t.Error("the page whose text alone changed does not show the new text in its cached render")
	}
	// A heading changes the table of contents, which the theme renders.
	appendTo(t, site, "docs/api/index.md", "\n## An added heading\n")
	buildInto(t, site, out, store)
	edited = editedPage(t, readTree(t, out))
	if bytes.Contains(edited, []byte(mark)) || !bytes.Contains(edited, []byte(`href="#an-added-heading"`)) {
		t.Error("the page whose headings changed was not rendered again")
	}
}

// TestWarmBuildLinksUnchangedPages: a rebuild into the same folder links
// the pages whose inputs did not change from the previous output, without
// finishing them again from the cache, unless the file there is no longer
// the one the build wrote.
func TestWarmBuildLinksUnchangedPages(t *testing.T) {
	site := filepath.Join(t.TempDir(), "site")
	copyDir(t, "testdata/fhir-site", site)
	store, err := buildcache.Open(filepath.Join(t.TempDir(), "cache"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	buildInto(t, site, out, store)
	const mark = "<!-- from the build cache -->"
	for _, key := range store.Keys("page-html") {
		data, _ := store.Get("page-html", key)
		if err := store.Replace("page-html", key, append(data, mark...)); err != nil {
			t.Fatal(err)
		}
	}
	// A page changed in the output behind the build's back is finished
	// again, from the cache.
	const tampered = "docs/api/r4/resources/patient/index.html"
	appendTo(t, out, tampered, "<!-- edited in the output -->")
	first := readTree(t, out)
	appendTo(t, site, "docs/api/index.md", "\nAn added sentence.\n")
	buildInto(t, site, out, store)

	files := readTree(t, out)
	if !bytes.Contains(editedPage(t, files), []byte("An added sentence.")) {
		t.Error("the edited page does not show its new text")
	}
	if got := files[tampered]; bytes.Contains(got, []byte("edited in the output")) || !bytes.Contains(got, []byte(mark)) {
		t.Errorf("%s, changed in the output, was not finished again from the cache", tampered)
	}
	linked := 0
	for name, data := range files {
		if !strings.HasSuffix(name, "index.html") || name == tampered || strings.HasPrefix(name, "docs/api/index") {
			continue
		}
		if bytes.Contains(data, []byte(mark)) || !bytes.Equal(data, first[name]) {
			t.Errorf("%s did not change but was finished again", name)
		}
		linked++
	}
	if linked < 10 {
		t.Fatalf("only %d pages compared; the fixture has more", linked)
	}
}

func editedPage(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	for _, name := range []string{"docs/api/index.html", "docs/api/index/index.html"} {
		if files[name] != nil {
			return files[name]
		}
	}
	t.Fatalf("the edited page is missing; files: %d", len(files))
	return nil
}

// searchMeta is the search index's meta file a build wrote into out.
func searchMeta(t *testing.T, out string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, "search", "index.json"))
	if err != nil {
		t.Fatalf("want a search index in %s: %v", out, err)
	}
	return data
}

// siteDataName is the name of the site data file a build wrote into out.
func siteDataName(t *testing.T, out string) string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(out, "data", "site.*.json"))
	if err != nil || len(names) != 1 {
		t.Fatalf("want one site data file in %s, got %v (%v)", out, names, err)
	}
	return filepath.Base(names[0])
}

// firstDifference shows where got first differs from want, with some
// context on each side.
func firstDifference(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(i-80, 0)
	clip := func(b []byte) string { return string(b[from:min(i+120, len(b))]) }
	return fmt.Sprintf("at byte %d\n got: …%s…\nwant: …%s…", i, clip(got), clip(want))
}

// TestFailedBuildKeepsOutputAndSpare: a build that fails leaves the output
// in place as it was, no temporary folder beside it, and the folder it
// claimed for its output (the output before the last one) back in the
// build cache for the next build.
func TestFailedBuildKeepsOutputAndSpare(t *testing.T) {
	site := filepath.Join(t.TempDir(), "site")
	copyDir(t, "testdata/fhir-site", site)
	cacheDir := filepath.Join(t.TempDir(), "cache")
	store, err := buildcache.Open(cacheDir)
	if err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	buildInto(t, site, out, store)
	appendTo(t, site, "docs/api/index.md", "\nA second build.\n")
	buildInto(t, site, out, store)
	before := readTree(t, out)
	spares, _ := filepath.Glob(filepath.Join(cacheDir, "spare-output", "*"))
	if len(spares) != 1 {
		t.Fatalf("spare outputs in the cache: %v, want one", spares)
	}

	appendTo(t, site, "docs/api/index.md", "\nA [broken link](/docs/nowhere/).\n")
	_, err = pipeline.Run(context.Background(), os.DirFS(site), pipeline.WithTheme(portal.Theme()), pipeline.WithOutputDir(out),
		pipeline.WithEngineVersion("test"), pipeline.WithStore(store))
	if err == nil {
		t.Fatal("a build with a broken link passed; the test needs one that fails")
	}
	sameTrees(t, "after a failed build", readTree(t, out), before)
	if entries, _ := os.ReadDir(parent); len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("beside the output after a failed build: %v, want only out", names)
	}
	if _, err := os.Stat(spares[0]); err != nil {
		t.Errorf("the spare output is gone after a failed build: %v", err)
	}
}

// TestRebuildNeverWritesIntoTheLiveOutput: a rebuild makes its output in
// the folder of the output before the last one, whose unchanged files are
// links to the live output's; the files it writes must replace those links,
// never write into them. The live output, kept as the spare once the
// rebuild replaces it, holds exactly what it held before.
func TestRebuildNeverWritesIntoTheLiveOutput(t *testing.T) {
	site := fixtureWithStaticFolder(t)
	long := filepath.Join(site, "static", "files", "long.txt")
	if err := os.WriteFile(long, []byte(strings.Repeat("A long line of notes.\n", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	cacheDir := filepath.Join(t.TempDir(), "cache")
	store, err := buildcache.Open(cacheDir)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	buildInto(t, site, out, store)
	buildInto(t, site, out, store) // the same output again: its files are links to the first's
	live := readTree(t, out)

	appendTo(t, site, "docs/api/index.md", "\nAn added sentence.\n")
	if err := os.WriteFile(long, []byte(strings.Repeat("Other notes, as long.\n", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	buildInto(t, site, out, store)
	spares, _ := filepath.Glob(filepath.Join(cacheDir, "spare-output", "*"))
	if len(spares) != 1 {
		t.Fatalf("spare outputs in the cache: %v, want one", spares)
	}
	sameTrees(t, "the output the rebuild replaced", readTree(t, spares[0]), live)
	if got := readTree(t, out)["files/long.txt"]; !strings.HasPrefix(string(got), "Other notes") {
		t.Errorf("the rebuilt output's long.txt is %.20q", got)
	}
}
