package pipeline

import (
	"encoding/json"
	"errors"
	"io/fs"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/portaldocs/portal/internal/binenc"
	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/lint"
	"github.com/portaldocs/portal/internal/markdown"
)

// readRecorder is the site's files as the FHIR preparation reads them,
// noting every read: what it read is what the FHIR site depends on, so a
// key of the notes changes whenever anything the preparation could see
// does, whichever files a later version of it reads.
type readRecorder struct {
	fsys fs.FS
	mu   sync.Mutex
	// reads maps "op\x00name" to a digest of what the op returned.
	reads map[string]buildcache.Key
}

func newReadRecorder(fsys fs.FS) *readRecorder {
	return &readRecorder{fsys: fsys, reads: map[string]buildcache.Key{}}
}

func (r *readRecorder) note(op, name string, parts ...[]byte) {
	h := buildcache.NewHasher()
	for _, p := range parts {
		h.Add(p)
	}
	r.mu.Lock()
	r.reads[op+"\x00"+name] = h.Key()
	r.mu.Unlock()
}

// errorPart stands for a failed read in a note: whether the name is
// missing, or another error.
func errorPart(err error) []byte {
	if errors.Is(err, fs.ErrNotExist) {
		return []byte("\x00missing")
	}
	return []byte("\x00error:" + err.Error())
}

// ReadFile reads a file and notes its content.
func (r *readRecorder) ReadFile(name string) ([]byte, error) {
	data, err := fs.ReadFile(r.fsys, name)
	if err != nil {
		r.note("read", name, errorPart(err))
		return nil, err
	}
	r.note("read", name, data)
	return data, nil
}

// ReadDir lists a folder and notes its entries' names and types.
func (r *readRecorder) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(r.fsys, name)
	if err != nil {
		r.note("dir", name, errorPart(err))
		return entries, err
	}
	parts := make([][]byte, 0, len(entries))
	for _, e := range entries {
		parts = append(parts, []byte(e.Name()+"\x00"+e.Type().String()))
	}
	r.note("dir", name, parts...)
	return entries, nil
}

// Stat describes a file and notes its type, or that it is missing.
func (r *readRecorder) Stat(name string) (fs.FileInfo, error) {
	info, err := fs.Stat(r.fsys, name)
	if err != nil {
		r.note("stat", name, errorPart(err))
		return nil, err
	}
	r.note("stat", name, []byte(info.Mode().Type().String()))
	return info, nil
}

// Open serves what the other methods do not; a file read through it is
// noted by its content, read once more.
func (r *readRecorder) Open(name string) (fs.File, error) {
	f, err := r.fsys.Open(name)
	if err != nil {
		r.note("open", name, errorPart(err))
		return nil, err
	}
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		data, err := fs.ReadFile(r.fsys, name)
		if err != nil {
			data = errorPart(err)
		}
		r.note("open", name, data)
	} else {
		r.note("open", name, []byte("not a file"))
	}
	return f, nil
}

// key is a key of every read noted, in name order, and of the FHIR
// settings the preparation was given.
func (r *readRecorder) key(cfg config.FHIR, configFile string) buildcache.Key {
	r.mu.Lock()
	defer r.mu.Unlock()
	names := make([]string, 0, len(r.reads))
	for n := range r.reads {
		names = append(names, n)
	}
	sort.Strings(names)
	settings, _ := json.Marshal(cfg) // plain data: cannot fail
	h := buildcache.NewHasher().AddString("fhir-inputs/1").AddString(configFile).Add(settings)
	for _, n := range names {
		h.AddString(n).AddKey(r.reads[n])
	}
	return h.Key()
}

// kindFHIRExpansion is the store's kind for what expanding a body's FHIR
// directives made (expansionMemo): JSON, checked.
const kindFHIRExpansion buildcache.Kind = "fhir-expansion"

// expansion is what a memo keeps of one body's expansion: the key of the
// Markdown it became (markdownKey) and what expanding it reported. The
// Markdown itself is not kept: the render it keys is.
type expansion struct {
	Render [32]byte
	Diags  []diag.Diagnostic `json:",omitempty"`
}

// expansionKey is the store key of a job's expansion: the FHIR inputs,
// the site's structure (the generated pages link each other by route), the
// job's place and body, and the API its front matter names. ok is false
// when nothing is kept (a store that does not outlive the build, or a body
// without directives, which expands to itself).
func (b *builder) expansionKey(site *loaded, structure [32]byte, j *renderJob) (buildcache.Key, bool) {
	if !b.store.Persistent() || site.fhirInputs == (buildcache.Key{}) {
		return buildcache.Key{}, false
	}
	if _, generated := site.fhir.byDoc[j.doc]; (!generated || j.doc == nil) && !containsDirective(j.body) {
		return buildcache.Key{}, false
	}
	parts := append([][]byte{site.fhirInputs[:], structure[:]}, jobKeyParts(j)...)
	return b.storeKey(kindFHIRExpansion, parts...), true
}

// jobKeyParts are what identifies a job's page in a key: its file, version,
// doc id and first body line, the APIs its front matter names (and the
// line that names them), and its body.
func jobKeyParts(j *renderJob) [][]byte {
	fm := j.frontMatter()
	declared, _ := json.Marshal(fm.Extra[fhir.FrontMatterAPIKey]) // front matter values are plain data
	docID, version := "", ""
	if j.doc != nil {
		docID, version = j.doc.ID, j.doc.Version.Key()
	}
	return [][]byte{[]byte(j.source), []byte(version), []byte(docID), []byte(strconv.Itoa(j.bodyLine)),
		declared, []byte(strconv.Itoa(fm.Lines[fhir.FrontMatterAPIKey])), j.body}
}

// recallJSON reads a checked JSON entry of kind; a missing or damaged
// entry is a miss.
func recallJSON[T any](store *buildcache.Store, kind buildcache.Kind, key buildcache.Key) (T, bool) {
	var v T
	entry, ok := checkedEntry(store, kind, key)
	if !ok || decodeJSON(entry, &v) != nil {
		var zero T
		return zero, false
	}
	return v, true
}

// recallExpansion reads a job's expansion; a damaged entry is a miss.
func (b *builder) recallExpansion(key buildcache.Key) (expansion, bool) {
	return recallJSON[expansion](b.store, kindFHIRExpansion, key)
}

// rememberExpansion keeps a job's expansion; only an optimisation, so a
// store that cannot keep it is not an error.
func (b *builder) rememberExpansion(key buildcache.Key, e expansion) {
	_ = putChecked(b.store, kindFHIRExpansion, key, mustJSON(e))
}

// kindContentChecks is the store's kind for a page's content-check
// findings (checkRecord's binary form).
const kindContentChecks buildcache.Kind = "content-checks"

// checkRecord is what the content checks found on one page read alone,
// and what the checks that compare pages need of it.
type checkRecord struct {
	Diags    []diag.Diagnostic   `json:",omitempty"`
	Shown    []fhir.ShownExample `json:",omitempty"`
	Mentions []lint.Mention      `json:",omitempty"`
}

// checksKey is the store key of a page's findings: the FHIR inputs (the
// APIs, their grants, examples and guides), the day (years are stale
// against it), the config's render settings (MDX or not), the page's place
// and text as written, and the APIs its front matter names. ok is false
// when the build keeps nothing.
func (b *builder) checksKey(site *loaded, j *renderJob) (buildcache.Key, bool) {
	if !b.store.Persistent() || site.fhirInputs == (buildcache.Key{}) {
		return buildcache.Key{}, false
	}
	today := b.opts.today
	if today.IsZero() {
		today = time.Now()
	}
	parts := append([][]byte{site.fhirInputs[:], []byte(today.Format(time.DateOnly)), []byte(renderSettings(site.cfg))},
		jobKeyParts(j)...)
	return b.storeKey(kindContentChecks, parts...), true
}

// recallChecks reads a page's findings; a damaged entry is a miss.
func (b *builder) recallChecks(key buildcache.Key) (*checkRecord, bool) {
	data, ok := b.store.Get(kindContentChecks, key)
	if !ok {
		return nil, false
	}
	var rec checkRecord
	if rec.UnmarshalBinary(data) != nil {
		return nil, false
	}
	return &rec, true
}

// rememberChecks keeps a page's findings; only an optimisation.
func (b *builder) rememberChecks(key buildcache.Key, rec *checkRecord) {
	data, _ := rec.MarshalBinary() // cannot fail
	_ = b.store.Put(kindContentChecks, key, data)
}

// checkRecordFormat starts a checkRecord's binary form: a rebuild reads
// every page's, and JSON took a tenth of its Markdown stage. The store
// checks each entry's CRC-32C as it reads it.
const checkRecordFormat = "chk1"

// MarshalBinary encodes the record (binenc).
func (rec *checkRecord) MarshalBinary() ([]byte, error) {
	b := append([]byte(nil), checkRecordFormat...)
	b = binenc.AppendList(b, rec.Diags, diag.AppendBinary)
	b = binenc.AppendList(b, rec.Shown, func(b []byte, ex fhir.ShownExample) []byte {
		for _, s := range []string{ex.Key, ex.File, ex.Block.Language, ex.Block.Meta, ex.Block.Title, ex.Block.Code} {
			b = binenc.AppendString(b, s)
		}
		for _, n := range []int{ex.Block.Line, ex.Block.FirstLine, ex.Index} {
			b = binenc.AppendInt(b, int64(n))
		}
		return b
	})
	b = binenc.AppendList(b, rec.Mentions, func(b []byte, m lint.Mention) []byte {
		for _, s := range []string{m.Guide, m.Written, m.Name} {
			b = binenc.AppendString(b, s)
		}
		b = binenc.AppendList(b, m.Parts, binenc.AppendString)
		b = binenc.AppendString(b, m.File)
		b = binenc.AppendInt(b, int64(m.Line))
		return binenc.AppendBool(b, m.Ignored)
	})
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary encoded; a damaged encoding
// is an error and leaves rec unchanged.
func (rec *checkRecord) UnmarshalBinary(data []byte) error {
	if len(data) < len(checkRecordFormat) || string(data[:len(checkRecordFormat)]) != checkRecordFormat {
		return binenc.ErrDamaged
	}
	r := binenc.NewReader(data[len(checkRecordFormat):])
	var out checkRecord
	out.Diags = binenc.ReadList(r, diag.ReadBinary)
	out.Shown = binenc.ReadList(r, func(r *binenc.Reader) fhir.ShownExample {
		ex := fhir.ShownExample{Key: r.String(), File: r.String(),
			Block: markdown.CodeBlock{Language: r.String(), Meta: r.String(), Title: r.String(), Code: r.String()}}
		ex.Block.Line, ex.Block.FirstLine, ex.Index = int(r.Int()), int(r.Int()), int(r.Int())
		return ex
	})
	out.Mentions = binenc.ReadList(r, func(r *binenc.Reader) lint.Mention {
		m := lint.Mention{Guide: r.String(), Written: r.String(), Name: r.String()}
		m.Parts = binenc.ReadList(r, (*binenc.Reader).String)
		m.File, m.Line, m.Ignored = r.String(), int(r.Int()), r.Bool()
		return m
	})
	if err := r.Done(); err != nil {
		return err
	}
	*rec = out
	return nil
}

// kindPostman is the store's kind for the APIs' Postman collections
// (postmanCache): the collection's JSON, checked.
const kindPostman buildcache.Kind = "postman"

// postmanCache keeps the APIs' Postman collections in a persistent store,
// by the FHIR inputs and the API; nil when the build keeps nothing.
type postmanCache struct {
	b      *builder
	inputs buildcache.Key
}

func (b *builder) postmanCache(site *loaded) fhir.PostmanCache {
	if !b.store.Persistent() || site.fhirInputs == (buildcache.Key{}) {
		return nil
	}
	return postmanCache{b, site.fhirInputs}
}

func (c postmanCache) key(apiID string) buildcache.Key {
	return c.b.storeKey(kindPostman, c.inputs[:], []byte(apiID))
}

// Get reads a collection; a missing or damaged entry is a miss.
func (c postmanCache) Get(apiID string) ([]byte, bool) {
	return checkedEntry(c.b.store, kindPostman, c.key(apiID))
}

// Put keeps a collection; only an optimisation.
func (c postmanCache) Put(apiID string, collection []byte) {
	_ = putChecked(c.b.store, kindPostman, c.key(apiID), collection)
}
