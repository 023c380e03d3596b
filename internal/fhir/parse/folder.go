package parse

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/workers"
)

// PlaceFunc says where a site file of the FHIR folder belongs: the FHIR
// version it is read as unless it declares its own, and the folder of the
// API it belongs to ("" for none).
type PlaceFunc func(sitePath string) (v base.Version, scope string)

// Folder reads and parses every .json file under dir of the site but
// those skip names (an API's SMART discovery document, which is no FHIR
// resource), on every core, in the folder's order. Where each file belongs
// does not change how it parses: Register places them once every file is
// read, so that the API folders' versions, which are in their statements,
// need no reading of their own.
//
// With a memo (fhir.WithParsedMemo), a file whose bytes are those of the memo's
// snapshot takes its parse from it, and a folder of which any file was
// parsed is kept in it again.
func Folder(ctx context.Context, site fs.FS, dir string, skip func(string) bool, memo Memo) ([]Parsed, []diag.Diagnostic) {
	paths, err := jsonFiles(site, dir)
	if err != nil {
		return nil, []diag.Diagnostic{{File: dir, Severity: diag.Error, Message: fmt.Sprintf("read FHIR folder: %v", err)}}
	}
	// The snapshot decodes while the files are read.
	var snap map[string]*snapshotFile
	recalled := make(chan struct{})
	go func() {
		defer close(recalled)
		snap = recallSnapshot(memo)
	}()
	results := make([]Parsed, len(paths))
	data := make([][]byte, len(paths))
	sums := make([][sha256.Size]byte, len(paths)) // with a memo
	// unexpected counts the files parsed that the snapshot did not know
	// to leave out: the folder's parse is then kept again.
	var unexpected atomic.Int32
	workers.Each(ctx, runtime.GOMAXPROCS(0), len(paths), func(i int) {
		p := paths[i]
		results[i].path = p
		if skip(p) {
			return
		}
		b, err := fs.ReadFile(site, p)
		if err != nil {
			results[i].diags = []diag.Diagnostic{{File: p, Severity: diag.Error, Message: fmt.Sprintf("read FHIR resource: %v", err)}}
			return
		}
		data[i] = b
		expected := false
		if memo != nil {
			sums[i] = sha256.Sum256(b)
			<-recalled
			if sf := snap[p]; sf != nil && sf.Sum == sums[i] {
				if sf.kept() {
					var ok bool
					if results[i].files, results[i].diags, ok = sf.restore(b); ok {
						return
					}
				}
				expected = !sf.kept()
			}
		}
		results[i].files, results[i].diags = parseFile(p, b, unplaced)
		if !expected {
			unexpected.Add(1)
		}
	})
	<-recalled
	if memo != nil && (unexpected.Load() > 0 || len(snap) != countRead(data)) {
		rememberSnapshot(memo, results, data, sums)
	}
	return results, nil
}

// countRead is how many files were read.
func countRead(data [][]byte) int {
	n := 0
	for _, b := range data {
		if b != nil {
			n++
		}
	}
	return n
}

// unplaced is the version of a parsed file that declares none, until
// Register places it.
const unplaced base.Version = ""

// ownVersion is the FHIR version the file at p declares, when Folder
// parsed it: ok is false when it did not (a file it could not read or
// parse, or one outside the folder).
func ownVersion(parsed []Parsed, p string) (v base.Version, ok bool) {
	i, found := sort.Find(len(parsed), func(i int) int { return strings.Compare(p, parsed[i].path) })
	if !found {
		return unplaced, false
	}
	for _, f := range parsed[i].files {
		if f.Entry == "" {
			return f.Version, true
		}
	}
	return unplaced, false
}

// Register adds the parsed files to a new registry in the folder's order,
// so duplicates are reported the same way every time, each placed as place
// says. Problems are reported as diagnostics, all of them; the registry
// holds every file that could be read.
func Register(parsed []Parsed, place PlaceFunc) (*model.Registry, []diag.Diagnostic) {
	r := model.NewRegistry()
	var diags diag.List
	for _, res := range parsed {
		diags.Add(res.diags...)
		if len(res.files) == 0 {
			continue
		}
		v, scope := place(res.path)
		for _, f := range res.files {
			if f.Version == unplaced {
				f.Version = v
			}
			f.Scope = scope
			diags.Add(r.Add(f)...)
		}
	}
	return r, diags.Items()
}

func jsonFiles(site fs.FS, dir string) ([]string, error) {
	var paths []string
	err := fs.WalkDir(site, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.EqualFold(path.Ext(p), ".json") {
			return nil
		}
		// A FHIR package folder carries its npm manifest and index beside
		// the resources; neither is a resource.
		if name := d.Name(); name == "package.json" || strings.HasPrefix(name, ".") {
			return nil
		}
		paths = append(paths, p)
		return nil
	})
	sort.Strings(paths)
	return paths, err
}

// APIFolder is the folder of one API's statement and the version it is in.
type APIFolder struct {
	Dir     string
	Version base.Version
}

// APIFolders finds each API's FHIR version in its statement: the files
// under the statement's folder are read as that version. A statement the
// folder's reading parsed (parsed, which may be nil) says it itself; any
// other is read and decoded in one pass (decodeAsV1): encoding/json
// checked the statements' 600 KB first and then decoded them.
func APIFolders(ctx context.Context, site fs.FS, cfg config.FHIR, parsed []Parsed) []APIFolder {
	// Read side by side: a statement is the largest file of its API.
	found := make([]*APIFolder, len(cfg.APIs))
	workers.Each(ctx, runtime.GOMAXPROCS(0), len(cfg.APIs), func(i int) {
		p := path.Join(cfg.Path, cfg.APIs[i].CapabilityStatement)
		if v, ok := ownVersion(parsed, p); ok {
			// What the statement says of itself is what the decode below
			// finds in it: the parse read the same member the same way.
			if v != unplaced {
				found[i] = &APIFolder{Dir: path.Dir(p), Version: v}
			}
			return
		}
		data, err := fs.ReadFile(site, p)
		if err != nil {
			return
		}
		var head struct {
			FHIRVersion string `json:"fhirVersion"`
		}
		if decodeAsV1(data, &head) != nil {
			return
		}
		if v, ok := base.ParseVersion(head.FHIRVersion); ok {
			found[i] = &APIFolder{Dir: path.Dir(p), Version: v}
		}
	})
	var dirs []APIFolder
	for _, d := range found {
		if d != nil {
			dirs = append(dirs, *d)
		}
	}
	sort.SliceStable(dirs, func(i, j int) bool { return len(dirs[i].Dir) > len(dirs[j].Dir) })
	return dirs
}

// Place is the deepest API folder holding the file and its version;
// R4 and no folder outside every API folder.
func Place(p string, dirs []APIFolder) (base.Version, string) {
	for _, d := range dirs {
		if strings.HasPrefix(p, d.Dir+"/") {
			return d.Version, d.Dir
		}
	}
	return base.R4, ""
}
