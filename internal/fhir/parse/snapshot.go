package parse

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/json"
	"reflect"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/model"
)

// Memo keeps what the FHIR folder's files parsed to between builds,
// in a build cache: a rebuild whose FHIR files did not change takes every
// file's parse from it, checked against the file's SHA-256, instead of
// parsing them again (the folder's parse was a third of a rebuild's load
// stage on the portal). Only an optimisation: Recall may find nothing.
type Memo interface {
	Recall() ([]byte, bool)
	// Remember keeps what encode returns, when it returns ok: the memo
	// may call it later, from another goroutine (it takes a cold build
	// tens of milliseconds), but before the next build recalls.
	Remember(encode func() ([]byte, bool))
}

// parsedSnapshot is the folder's parse as a memo keeps it (gob): what each
// file parsed to, by its path and SHA-256.
type parsedSnapshot struct {
	Files []snapshotFile
	// Unkept are the files whose parse the snapshot leaves out (see
	// encodeSnapshot), by path and SHA-256: parsing them again is
	// expected, and no reason to keep the folder's parse again.
	Unkept []snapshotFile
}

type snapshotFile struct {
	Path  string
	Sum   [sha256.Size]byte
	Diags []diag.Diagnostic
	Files []snapshotResource
	// unkept marks a file of parsedSnapshot.Unkept once recalled.
	unkept bool
}

// snapshotResource is one File a file parsed to, but the bytes, which are
// the file's: Raw is the file's from RawAt on, RawLen long.
type snapshotResource struct {
	Entry, ResourceType, ID, URL string
	Version                      base.Version
	RawAt, RawLen                int
	// The typed resource, one of them set (conformanceTarget); or, for one
	// gob does not carry exactly (a pointer to a zero value reads back as
	// none), TypedJSON: the resource as typedJSON writes it.
	TypedJSON []byte
	// Context is a StructureDefinition's extension context, which is not
	// in its JSON (it is decoded apart, extensionContexts).
	Context             []model.ExtensionContext
	CapabilityStatement *model.CapabilityStatement
	StructureDefinition *model.StructureDefinition
	OperationDefinition *model.OperationDefinition
	SearchParameter     *model.SearchParameter
	ValueSet            *model.ValueSet
	CodeSystem          *model.CodeSystem
}

// recallSnapshot reads the memo's snapshot by path, the files it leaves
// out with no parse; nil when there is none or it does not decode.
func recallSnapshot(memo Memo) map[string]*snapshotFile {
	if memo == nil {
		return nil
	}
	data, ok := memo.Recall()
	if !ok {
		return nil
	}
	var snap parsedSnapshot
	if gob.NewDecoder(bytes.NewReader(data)).Decode(&snap) != nil {
		return nil
	}
	byPath := make(map[string]*snapshotFile, len(snap.Files)+len(snap.Unkept))
	for i := range snap.Files {
		byPath[snap.Files[i].Path] = &snap.Files[i]
	}
	for i := range snap.Unkept {
		snap.Unkept[i].unkept = true
		byPath[snap.Unkept[i].Path] = &snap.Unkept[i]
	}
	return byPath
}

// kept reports whether the snapshot holds the file's parse (not only that
// it leaves it out).
func (sf *snapshotFile) kept() bool { return !sf.unkept }

// restore gives the files and diagnostics the snapshot holds for data, a
// file of the same SHA-256; ok is false when the snapshot does not fit it.
func (sf *snapshotFile) restore(data []byte) ([]*model.File, []diag.Diagnostic, bool) {
	files := make([]*model.File, len(sf.Files))
	for i, r := range sf.Files {
		if r.RawAt < 0 || r.RawLen < 0 || r.RawAt+r.RawLen > len(data) {
			return nil, nil, false
		}
		f := &model.File{Path: sf.Path, Entry: r.Entry, ResourceType: r.ResourceType, ID: r.ID, URL: r.URL, Version: r.Version,
			Raw: json.RawMessage(data[r.RawAt : r.RawAt+r.RawLen : r.RawAt+r.RawLen]), Contents: data}
		switch {
		case r.TypedJSON != nil:
			target := conformanceTarget(r.ResourceType)
			if target == nil || jsonv2.Unmarshal(r.TypedJSON, target, typedJSON) != nil {
				return nil, nil, false
			}
			if sd, ok := target.(*model.StructureDefinition); ok {
				sd.Context = r.Context
			}
			f.Resource = target
		case r.CapabilityStatement != nil:
			f.Resource = r.CapabilityStatement
		case r.StructureDefinition != nil:
			f.Resource = r.StructureDefinition
		case r.OperationDefinition != nil:
			f.Resource = r.OperationDefinition
		case r.SearchParameter != nil:
			f.Resource = r.SearchParameter
		case r.ValueSet != nil:
			f.Resource = r.ValueSet
		case r.CodeSystem != nil:
			f.Resource = r.CodeSystem
		}
		files[i] = f
	}
	return files, sf.Diags, true
}

// typedJSON writes a typed resource as it was decoded: a nil list as null,
// not as an empty one.
var typedJSON = jsonv2.JoinOptions(jsonv2.FormatNilSliceAsNull(true), jsonv2.FormatNilMapAsNull(true))

// asJSON has the file's typed resources carried as JSON rather than by gob.
func (sf *snapshotFile) asJSON(parsed []*model.File) bool {
	for i := range sf.Files {
		r := &sf.Files[i]
		if i >= len(parsed) || parsed[i].Resource == nil {
			continue
		}
		data, err := jsonv2.Marshal(parsed[i].Resource, typedJSON)
		if err != nil {
			return false
		}
		*r = snapshotResource{Entry: r.Entry, ResourceType: r.ResourceType, ID: r.ID, URL: r.URL, Version: r.Version,
			RawAt: r.RawAt, RawLen: r.RawLen, TypedJSON: data}
		if sd, ok := parsed[i].Resource.(*model.StructureDefinition); ok {
			r.Context = sd.Context
		}
	}
	return true
}

// snapshotOf describes what one file parsed to; ok is false when a
// resource's bytes are not the file's or its type is not one a snapshot
// holds.
func snapshotOf(p string, data []byte, sum [sha256.Size]byte, files []*model.File, diags []diag.Diagnostic) (snapshotFile, bool) {
	sf := snapshotFile{Path: p, Sum: sum, Diags: diags, Files: make([]snapshotResource, len(files))}
	for i, f := range files {
		at := bytes.Index(data, f.Raw)
		if at < 0 || f.Path != p {
			return snapshotFile{}, false
		}
		r := snapshotResource{Entry: f.Entry, ResourceType: f.ResourceType, ID: f.ID, URL: f.URL, Version: f.Version,
			RawAt: at, RawLen: len(f.Raw)}
		switch res := f.Resource.(type) {
		case nil:
		case *model.CapabilityStatement:
			r.CapabilityStatement = res
		case *model.StructureDefinition:
			r.StructureDefinition = res
		case *model.OperationDefinition:
			r.OperationDefinition = res
		case *model.SearchParameter:
			r.SearchParameter = res
		case *model.ValueSet:
			r.ValueSet = res
		case *model.CodeSystem:
			r.CodeSystem = res
		default:
			return snapshotFile{}, false
		}
		sf.Files[i] = r
	}
	return sf, true
}

// encodeSnapshot encodes the snapshot of the folder's parse, every file's
// parse checked to come back from it exactly as it was. A file whose typed
// resources gob changes (it reads a pointer to a zero value back as none)
// has them carried as JSON instead; a file that still does not come back
// is left out, and parsed at every build.
func encodeSnapshot(files, unkept []snapshotFile, data map[string][]byte, parsed map[string][]*model.File) ([]byte, bool) {
	for pass := range 3 {
		var buf bytes.Buffer
		if gob.NewEncoder(&buf).Encode(parsedSnapshot{Files: files, Unkept: unkept}) != nil {
			return nil, false
		}
		var back parsedSnapshot
		if gob.NewDecoder(bytes.NewReader(buf.Bytes())).Decode(&back) != nil || len(back.Files) != len(files) {
			return nil, false
		}
		next := files[:0:0]
		changed := false
		for i := range back.Files {
			got, diags, ok := back.Files[i].restore(data[files[i].Path])
			switch p := files[i].Path; {
			case ok && sameParse(got, parsed[p]) && sameDiags(diags, files[i].Diags):
				next = append(next, files[i])
			case pass == 0 && files[i].asJSON(parsed[p]):
				next = append(next, files[i]) // checked in the next pass
				changed = true
			default:
				unkept = append(unkept, snapshotFile{Path: p, Sum: files[i].Sum})
				changed = true
			}
		}
		if !changed {
			return buf.Bytes(), true
		}
		files = next
	}
	return nil, false
}

// sameParse reports whether two parses of a file are alike, all but the
// positions, which each File works out when first asked.
func sameParse(a, b []*model.File) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Path != y.Path || x.Entry != y.Entry || x.ResourceType != y.ResourceType || x.ID != y.ID || x.URL != y.URL ||
			x.Version != y.Version || x.Scope != y.Scope || !bytes.Equal(x.Raw, y.Raw) || !bytes.Equal(x.Contents, y.Contents) ||
			!reflect.DeepEqual(x.Resource, y.Resource) {
			return false
		}
	}
	return true
}

// sameDiags: a parse's diagnostics are only appended, so none and an
// empty list are alike.
func sameDiags(a, b []diag.Diagnostic) bool {
	return len(a) == 0 && len(b) == 0 || reflect.DeepEqual(a, b)
}

// rememberSnapshot keeps the folder's parse in memo: every file read
// (data, with the SHA-256 Folder took of each), with what it parsed
// to. What the snapshot describes is taken now, the
// files as they parsed (their placing comes later); the encoding, which
// only reads them, may run while the build goes on.
func rememberSnapshot(memo Memo, results []Parsed, data [][]byte, sums [][sha256.Size]byte) {
	var unkept []snapshotFile
	files := make([]snapshotFile, 0, len(results))
	byPath := make(map[string][]byte, len(results))
	parsed := make(map[string][]*model.File, len(results))
	for i, res := range results {
		if data[i] == nil {
			continue
		}
		sf, ok := snapshotOf(res.path, data[i], sums[i], res.files, res.diags)
		if !ok {
			// Left out, as encodeSnapshot leaves out what gob changes.
			sf = snapshotFile{Path: res.path, Sum: sums[i]}
			unkept = append(unkept, sf)
			continue
		}
		files = append(files, sf)
		byPath[res.path], parsed[res.path] = data[i], asParsed(res.files)
	}
	memo.Remember(func() ([]byte, bool) { return encodeSnapshot(files, unkept, byPath, parsed) })
}

// asParsed copies the files as they are now: Register places the files
// themselves later.
func asParsed(files []*model.File) []*model.File {
	out := make([]*model.File, len(files))
	for i, f := range files {
		out[i] = &model.File{Path: f.Path, Entry: f.Entry, ResourceType: f.ResourceType, ID: f.ID, URL: f.URL, Version: f.Version,
			Scope: f.Scope, Raw: f.Raw, Resource: f.Resource, Contents: f.Contents}
	}
	return out
}
