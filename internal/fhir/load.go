package fhir

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/workers"
)

// File is one FHIR JSON file of the site (or one entry of a Bundle file).
type File struct {
	// Path is the site-relative file path.
	Path string
	// Entry is the entry's path inside a Bundle file ("entry[2].resource"),
	// "" for a whole file.
	Entry        string
	ResourceType string
	ID           string
	URL          string
	// Version is the FHIR version the file is read as.
	Version base.Version
	// Scope is the folder of the API whose statement sits deepest above the
	// file, "" outside every API folder. Example ids are unique per scope,
	// because two servers may well hold a Patient with the same id.
	Scope string
	// Raw is the resource's JSON exactly as written.
	Raw json.RawMessage
	// Resource is the typed conformance resource (*CapabilityStatement,
	// *StructureDefinition, …) or nil for an example resource.
	Resource any

	data    []byte // the whole file, for positions
	posOnce sync.Once
	pos     positions
}

// Line is the file line where the element at path (relative to the
// resource, e.g. "rest[0].resource[1]") starts.
func (f *File) Line(elementPath string) int {
	f.posOnce.Do(func() { f.pos, _ = indexPositions(f.data) })
	full := elementPath
	if f.Entry != "" {
		full = join(f.Entry, elementPath)
		if elementPath == "" {
			full = f.Entry
		}
	}
	return f.pos.Line(full)
}

// Key is "Type/id", how examples are referenced.
func (f *File) Key() string { return f.ResourceType + "/" + f.ID }

// Registry is every FHIR resource of a site, indexed by canonical URL and
// by type and id. It is read-only once loaded.
type Registry struct {
	files  []*File
	byURL  map[string]*File
	byKey  map[string]*File
	byPath map[string]*File
}

// Files lists every loaded resource in path order.
func (r *Registry) Files() []*File { return r.files }

// ByURL finds a conformance resource by canonical URL (a |version suffix is
// ignored).
func (r *Registry) ByURL(canonical string) *File {
	return r.byURL[Canonical(canonical).URL()]
}

// ByKey finds a resource by "Type/id" in one API folder ("" for files
// outside every API folder).
func (r *Registry) ByKey(scope, key string) *File { return r.byKey[scopedKey(scope, key)] }

func scopedKey(scope, key string) string { return scope + "\x00" + key }

// ByPath finds the resource of a whole (non-Bundle) file.
func (r *Registry) ByPath(p string) *File { return r.byPath[p] }

// StructureDefinition finds a profile or extension by canonical URL.
func (r *Registry) StructureDefinition(canonical string) *StructureDefinition {
	sd, _ := r.resource(canonical).(*StructureDefinition)
	return sd
}

// OperationDefinition finds an operation by canonical URL.
func (r *Registry) OperationDefinition(canonical string) *OperationDefinition {
	od, _ := r.resource(canonical).(*OperationDefinition)
	return od
}

// OperationDerivedFrom finds a loaded OperationDefinition whose base is the
// given canonical: the site's own statement of an operation defined
// elsewhere.
func (r *Registry) OperationDerivedFrom(canonical string) *OperationDefinition {
	url := Canonical(canonical).URL()
	for _, f := range r.files {
		if od, ok := f.Resource.(*OperationDefinition); ok && od.Base.URL() == url && url != "" {
			return od
		}
	}
	return nil
}

// SearchParameter finds a search parameter by canonical URL.
func (r *Registry) SearchParameter(canonical string) *SearchParameter {
	sp, _ := r.resource(canonical).(*SearchParameter)
	return sp
}

func (r *Registry) resource(canonical string) any {
	if f := r.ByURL(canonical); f != nil {
		return f.Resource
	}
	return nil
}

// Examples lists the example (non-conformance) resources of a type an API
// may show, in path order (see examplesFor).
func (r *Registry) Examples(resourceType string, scope string, v base.Version) []*File {
	return r.examplesFor(scope, v, func(f *File) bool { return f.ResourceType == resourceType })
}

// examplesFor lists the example resources matching keep that an API may
// show: those in the API's own folder, then those outside every API folder
// of the same FHIR version. Another API's examples are never shown: they
// describe another server's data.
func (r *Registry) examplesFor(scope string, v base.Version, keep func(*File) bool) []*File {
	var own, shared []*File
	for _, f := range r.files {
		if f.Resource != nil || f.Version != v || !keep(f) {
			continue
		}
		switch f.Scope {
		case scope:
			own = append(own, f)
		case "":
			shared = append(shared, f)
		}
	}
	return append(own, shared...)
}

// InDir lists the whole-file resources directly or indirectly under dir.
func (r *Registry) InDir(dir string) []*File {
	prefix := strings.TrimSuffix(dir, "/") + "/"
	var out []*File
	for _, f := range r.files {
		if f.Entry == "" && strings.HasPrefix(f.Path, prefix) {
			out = append(out, f)
		}
	}
	return out
}

// PlaceFunc says where a site file of the FHIR folder belongs: the FHIR
// version it is read as unless it declares its own, and the folder of the
// API it belongs to ("" for none).
type PlaceFunc func(sitePath string) (v base.Version, scope string)

// parsedPath is one file of the FHIR folder read and parsed, before it is
// placed: a file that declares no FHIR version of its own has none yet.
type parsedPath struct {
	path  string
	files []*File
	diags []diag.Diagnostic
}

// readFolder reads and parses every .json file under dir of the site but
// those skip names (an API's SMART discovery document, which is no FHIR
// resource), on every core, in the folder's order. Where each file belongs
// does not change how it parses: register places them once every file is
// read, so that the API folders' versions, which are in their statements,
// need no reading of their own.
//
// With a memo (WithParsedMemo), a file whose bytes are those of the memo's
// snapshot takes its parse from it, and a folder of which any file was
// parsed is kept in it again.
func readFolder(ctx context.Context, site fs.FS, dir string, skip func(string) bool, memo ParsedMemo) ([]parsedPath, []diag.Diagnostic) {
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
	results := make([]parsedPath, len(paths))
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
// register places it.
const unplaced base.Version = ""

// ownVersion is the FHIR version the file at p declares, when readFolder
// parsed it: ok is false when it did not (a file it could not read or
// parse, or one outside the folder).
func ownVersion(parsed []parsedPath, p string) (v base.Version, ok bool) {
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

// register adds the parsed files to a new registry in the folder's order,
// so duplicates are reported the same way every time, each placed as place
// says. Problems are reported as diagnostics, all of them; the registry
// holds every file that could be read.
func register(parsed []parsedPath, place PlaceFunc) (*Registry, []diag.Diagnostic) {
	r := &Registry{byURL: map[string]*File{}, byKey: map[string]*File{}, byPath: map[string]*File{}}
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
			diags.Add(r.add(f)...)
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

// add indexes f, refusing a second resource with the same canonical URL or
// type and id: which one a page shows would otherwise depend on file order.
func (r *Registry) add(f *File) []diag.Diagnostic {
	var diags []diag.Diagnostic
	if f.URL != "" && f.Resource != nil {
		if prev, dup := r.byURL[f.URL]; dup {
			diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line("url"), Severity: diag.Error,
				Message: fmt.Sprintf("canonical URL %s is already used by %s", f.URL, where(prev)),
				Hint:    "give each conformance resource its own url"})
			return diags
		}
		r.byURL[f.URL] = f
	}
	if f.ID != "" {
		key := scopedKey(f.Scope, f.Key())
		// The same resource may travel in several messages or documents;
		// a Bundle entry repeating an id is that resource again, and the
		// first one in path order stands for it.
		if prev, dup := r.byKey[key]; dup && (f.Entry != "" || prev.Entry != "") {
			r.files = append(r.files, f)
			return diags
		} else if dup {
			diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line("id"), Severity: diag.Error,
				Message: fmt.Sprintf("%s is already defined by %s", f.Key(), where(prev)),
				Hint:    "give each resource of a type its own id within one API's folder"})
			return diags
		}
		r.byKey[key] = f
	}
	if f.Entry == "" {
		r.byPath[f.Path] = f
	}
	r.files = append(r.files, f)
	return diags
}

func where(f *File) string {
	return fmt.Sprintf("%s:%d", f.Path, f.Line(""))
}
