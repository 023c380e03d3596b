package pipeline

import (
	"encoding/json"
	"errors"
	"io/fs"
	"sort"
	"sync"
	"time"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir"
	"github.com/portaldocs/portal/internal/lint"
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

// expansion is what a memo keeps of one body's expansion: the key of the
// Markdown it became (markdownKey) and what expanding it reported. The
// Markdown itself is not kept: the render it keys is.
type expansion struct {
	Render [32]byte
	Diags  []diag.Diagnostic
}

// expansionKey is the store key of a job's expansion (memos.expansionKey).
// ok is false when nothing is kept (a store that does not outlive the
// build, or a body without directives, which expands to itself).
func (b *builder) expansionKey(site *loaded, structure [32]byte, j *renderJob) (buildcache.Key, bool) {
	if !b.store.Persistent() || site.fhirInputs == (buildcache.Key{}) {
		return buildcache.Key{}, false
	}
	if _, generated := site.fhir.byDoc[j.doc]; (!generated || j.doc == nil) && !containsDirective(j.body) {
		return buildcache.Key{}, false
	}
	return b.memo.expansionKey(site.fhirInputs, structure, j), true
}

// checkRecord is what the content checks found on one page read alone,
// and what the checks that compare pages need of it.
type checkRecord struct {
	Diags    []diag.Diagnostic   `json:",omitempty"`
	Shown    []fhir.ShownExample `json:",omitempty"`
	Mentions []lint.Mention      `json:",omitempty"`
}

// checksKey is the store key of a page's findings (memos.checksKey); ok is
// false when the build keeps nothing.
func (b *builder) checksKey(site *loaded, j *renderJob) (buildcache.Key, bool) {
	if !b.store.Persistent() || site.fhirInputs == (buildcache.Key{}) {
		return buildcache.Key{}, false
	}
	today := b.opts.today
	if today.IsZero() {
		today = time.Now()
	}
	return b.memo.checksKey(site.fhirInputs, today, renderSettings(site.cfg), j), true
}

// recallChecks reads a page's findings; a damaged entry is a miss.
func (b *builder) recallChecks(key buildcache.Key) (*checkRecord, bool) {
	rec, ok := b.memo.contentChecks.Get(key)
	return rec, ok && rec != nil
}

// rememberChecks keeps a page's findings; only an optimisation.
func (b *builder) rememberChecks(key buildcache.Key, rec *checkRecord) {
	_ = b.memo.contentChecks.Put(key, rec)
}

// postmanCache keeps the APIs' Postman collections in a persistent store
// (memos.postman), by the FHIR inputs and the API; nil when the build
// keeps nothing.
type postmanCache struct {
	m      *memos
	inputs buildcache.Key
}

func (b *builder) postmanCache(site *loaded) fhir.PostmanCache {
	if !b.store.Persistent() || site.fhirInputs == (buildcache.Key{}) {
		return nil
	}
	return postmanCache{b.memo, site.fhirInputs}
}

// Get reads a collection; a missing or damaged entry is a miss.
func (c postmanCache) Get(apiID string) ([]byte, bool) {
	return c.m.postman.Get(c.m.postmanKey(c.inputs, apiID))
}

// Put keeps a collection; only an optimisation.
func (c postmanCache) Put(apiID string, collection []byte) {
	_ = c.m.postman.Put(c.m.postmanKey(c.inputs, apiID), collection)
}
