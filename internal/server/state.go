package server

import (
	"io/fs"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/portaldocs/portal/internal/policy"
	"github.com/portaldocs/portal/internal/route"
)

// snapshotState is one snapshot with everything a request needs resolved
// once: the answer for each known request path, the security headers and
// the not-found page. It is dropped with its snapshot, so nothing it holds
// outlives the build it describes.
type snapshotState struct {
	snap Snapshot

	// paths maps each decoded request path the serving rules answer
	// without a miss (routes, redirects and their other forms, files) to
	// its answer, built once when the snapshot is adopted.
	paths map[string]*answer
	// files holds an entry per output file name; entries for files the
	// listing missed (symbolic links, a file system that cannot list) are
	// added on first request.
	files sync.Map // string → *fileEntry
	// headers are the security headers of every answer, ready to assign.
	headers []headerValue
	// budget bounds the bytes held in memory for this snapshot.
	budget *memoryBudget
	// idleFiles counts the files kept open between requests (filePool).
	idleFiles atomic.Int64

	notFoundOnce sync.Once
	notFoundPage []byte
}

// headerValue is a header ready to be assigned to an http.Header: a
// canonical key and a value slice that is never modified (its capacity is
// its length, so Header.Add copies it).
type headerValue struct {
	key   string
	value []string
}

func newHeaderValue(key, value string) headerValue {
	return headerValue{key: http.CanonicalHeaderKey(key), value: []string{value}}
}

// answer is what a known request path gets.
type answer struct {
	// redirect, when set, is the 301's Location (escaped).
	redirect  string
	keepQuery bool
	// file is the entry served, for routes and files.
	file *fileEntry
}

// current returns the state for the source's current snapshot, adopting a
// new snapshot when the manifest changed.
func (h *handler) current() (*snapshotState, error) {
	snap := h.src.Snapshot()
	if snap.FS == nil || snap.Manifest == nil {
		return nil, errUnavailable()
	}
	if st := h.state.Load(); st != nil && st.snap.Manifest == snap.Manifest {
		return st, nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if st := h.state.Load(); st != nil && st.snap.Manifest == snap.Manifest {
		return st, nil
	}
	st := h.adopt(snap)
	h.state.Store(st)
	return st, nil
}

// adopt resolves a new snapshot: the manifest's lookup index (built lazily
// by route.Manifest, which is not safe for concurrent first use), the
// headers, and the answer of every route, redirect and listed file.
func (h *handler) adopt(snap Snapshot) *snapshotState {
	m := snap.Manifest
	m.Lookup("")
	st := &snapshotState{snap: snap, paths: map[string]*answer{}, budget: newMemoryBudget(h.memoryLimit)}
	headers, err := policy.ReadHeaders(snap.FS)
	if err != nil {
		h.logger.Warn("serving without the site's security headers", "error", err.Error())
		headers = policy.SecurityHeaders("", "")
	}
	for _, hv := range headers {
		st.headers = append(st.headers, newHeaderValue(hv.Name, hv.Value))
	}
	// Files first, so routes and redirects take their paths over, in the
	// order the rules apply.
	_ = fs.WalkDir(snap.FS, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			// A file system that cannot list (portal dev's) is resolved
			// per request instead.
			return fs.SkipAll
		}
		if !d.Type().IsRegular() {
			return nil
		}
		// Only where the rules themselves serve this file (not a
		// redirect's index.html, not host configuration).
		p := m.BaseURL + name
		if act := resolve(m, p); act.kind == actFile && act.file == name {
			st.paths[p] = &answer{file: st.entry(name, policy.CacheControl(name))}
		}
		return nil
	})
	for _, form := range redirectForms(m) {
		st.paths[form.from] = &answer{redirect: form.location, keepQuery: form.keepQuery}
	}
	for _, r := range m.Routes {
		st.paths[r.Path] = &answer{file: st.entry(m.File(r.Path), policy.CacheRevalidate)}
	}
	return st
}

// redirectForm is one request path answered with a 301.
type redirectForm struct {
	from, location string
	keepQuery      bool
}

// redirectForms lists the paths resolve answers with a redirect, derived
// by running resolve itself on every candidate form, so the table can never
// disagree with the rules.
func redirectForms(m *route.Manifest) []redirectForm {
	var candidates []string
	for _, r := range m.Redirects {
		from := strings.TrimSuffix(r.From, "/")
		candidates = append(candidates, from, from+"/", from+"/index.html", from+".html")
	}
	for _, r := range m.Routes {
		p := strings.TrimSuffix(r.Path, "/")
		candidates = append(candidates, route.OtherForm(r.Path), p+"/index.html", p+".html")
	}
	var out []redirectForm
	for _, c := range candidates {
		if c == "" || checkPath(c) != nil {
			continue
		}
		if act := resolve(m, c); act.kind == actRedirect {
			out = append(out, redirectForm{from: c, location: act.location, keepQuery: act.keepQuery})
		}
	}
	return out
}

// entry returns the file entry of name, creating it (unresolved) once.
// name may point into a request buffer that fasthttp reuses (its adaptor
// hands net/http strings that alias it), so what is kept is a copy.
func (st *snapshotState) entry(name, cacheControl string) *fileEntry {
	if e, ok := st.files.Load(name); ok {
		return e.(*fileEntry)
	}
	name = strings.Clone(name)
	e, _ := st.files.LoadOrStore(name, newFileEntry(st, name, cacheControl))
	return e.(*fileEntry)
}

// forget drops the entry of a file that turned out not to exist, so
// requests for made-up names do not add up.
func (st *snapshotState) forget(e *fileEntry) {
	st.files.CompareAndDelete(e.name, e)
}

// notFound returns the body of the site's 404.html, read once per snapshot,
// or nil when the build wrote none.
func (st *snapshotState) notFound() []byte {
	st.notFoundOnce.Do(func() {
		// Any read error means "no page": the plain 404 still answers.
		if page, err := fs.ReadFile(st.snap.FS, route.NotFoundFile); err == nil {
			st.notFoundPage = page
		}
	})
	return st.notFoundPage
}

// memoryBudget bounds the bytes of files a snapshot keeps in memory;
// beyond it files are read from disk on every request.
type memoryBudget struct {
	mu   sync.Mutex
	left int64
}

func newMemoryBudget(limit int64) *memoryBudget { return &memoryBudget{left: limit} }

// take reserves n bytes and reports whether they were available.
func (b *memoryBudget) take(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n > b.left {
		return false
	}
	b.left -= n
	return true
}
