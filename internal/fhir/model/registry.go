package model

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/jsonx"
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

	Contents []byte // the whole file, for positions
	posOnce  sync.Once
	pos      jsonx.Positions
}

// Line is the file line where the element at path (relative to the
// resource, e.g. "rest[0].resource[1]") starts.
func (f *File) Line(elementPath string) int {
	f.posOnce.Do(func() { f.pos, _ = jsonx.IndexPositions(f.Contents) })
	full := elementPath
	if f.Entry != "" {
		full = jsonx.JoinPath(f.Entry, elementPath)
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

// NewRegistry is an empty registry.
func NewRegistry() *Registry {
	return &Registry{byURL: map[string]*File{}, byKey: map[string]*File{}, byPath: map[string]*File{}}
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

// Add indexes f, refusing a second resource with the same canonical URL or
// type and id: which one a page shows would otherwise depend on file order.
func (r *Registry) Add(f *File) []diag.Diagnostic {
	var diags []diag.Diagnostic
	if f.URL != "" && f.Resource != nil {
		if prev, dup := r.byURL[f.URL]; dup {
			diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line("url"), Severity: diag.Error,
				Message: fmt.Sprintf("canonical URL %s is already used by %s", f.URL, prev.Location()),
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
				Message: fmt.Sprintf("%s is already defined by %s", f.Key(), prev.Location()),
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

// Location is where the resource starts: its file and line.
func (f *File) Location() string {
	return fmt.Sprintf("%s:%d", f.Path, f.Line(""))
}
