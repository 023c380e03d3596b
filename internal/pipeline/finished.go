package pipeline

import (
	"os"
	"path/filepath"
	"sort"

	"github.com/portaldocs/portal/internal/binenc"
	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/csp"
	"github.com/portaldocs/portal/internal/outdir"
)

// A page whose data and shared inputs did not change is finished exactly
// as in the previous build: the build then links the previous output's file
// without reading its data, rendering it or comparing it, knowing the file
// by the inode it was written as (outputRecord). On the portal's own site
// this was most of a warm rebuild's prerender stage.

// kindFinishedPage is the store's kind for what a page's finished HTML
// file was, by everything it is made of (finishedKey): encodeFinished.
const kindFinishedPage buildcache.Kind = "finished-page"

// kindOutputFiles is the store's kind for the finished pages of the last
// output written to a folder, by the folder (outputRecords): by name, in
// name order (binenc).
const kindOutputFiles buildcache.Kind = "output-files"

// finishedPage is what the build keeps of a finished page: its bytes' sum
// and size, and the hashes of its inline code, which the site's
// Content-Security-Policy lists.
type finishedPage struct {
	Sum  buildcache.Key
	Size int64
	CSP  csp.Hashes
}

// outputRecord is one finished page of an output folder as it was written:
// its sum, and the inode, size and modification time it was written with,
// which say that the file there is still that one.
type outputRecord struct {
	Sum   buildcache.Key
	Inode uint64
	Size  int64
	MTime int64
}

// describes reports whether info is the file the record was made of.
func (r outputRecord) describes(info os.FileInfo) bool {
	ino := outdir.InodeOf(info)
	return ino != 0 && info.Mode().IsRegular() && ino == r.Inode && info.Size() == r.Size && info.ModTime().UnixNano() == r.MTime
}

// finishedKey is the key of a page's finished file: the prerender's inputs
// (the engine, the theme, the shared data), the real URLs that replace the
// stand-ins, and the page's data.
func (pr *pageRenderer) finishedKey(p *builtPage) buildcache.Key {
	return buildcache.NewHasher().AddString(string(kindFinishedPage)).AddKey(pr.inputs).Add(pr.input).AddKey(p.dataKey).Key()
}

// recallFinished reads a finished page; a damaged entry is a miss.
func (pr *pageRenderer) recallFinished(key buildcache.Key) (finishedPage, bool) {
	data, ok := pr.store.Get(kindFinishedPage, key)
	if !ok {
		return finishedPage{}, false
	}
	r := binenc.NewReader(data)
	var f finishedPage
	sum := r.String()
	f.Size = r.Int()
	f.CSP.Scripts = binenc.ReadList(r, (*binenc.Reader).String)
	f.CSP.Styles = binenc.ReadList(r, (*binenc.Reader).String)
	if r.Done() != nil || copy(f.Sum[:], sum) != len(f.Sum) || len(sum) != len(f.Sum) {
		return finishedPage{}, false
	}
	return f, true
}

// encodeFinished is a finished page as recallFinished reads it (binenc):
// a rebuild reads every unchanged page's.
func encodeFinished(f finishedPage) []byte {
	b := binenc.AppendString(nil, string(f.Sum[:]))
	b = binenc.AppendInt(b, f.Size)
	b = binenc.AppendList(b, f.CSP.Scripts, binenc.AppendString)
	return binenc.AppendList(b, f.CSP.Styles, binenc.AppendString)
}

// emitPage writes one page's HTML file: linked from the previous output
// when the page was finished the same there, else rendered (or taken from
// the render cache) and finished.
func (pr *pageRenderer) emitPage(b *builder, out *Output, name string, p *builtPage) {
	var key buildcache.Key
	if pr.keep {
		key = pr.finishedKey(p)
		if f, ok := pr.recallFinished(key); ok && out.linkFinished(name, f) {
			return
		}
	}
	html, clean, ok := pr.renderPage(b.ctx, &b.diags, p)
	if !ok {
		return
	}
	if !pr.keep || !clean {
		// A page whose render logged is finished again next time, so that
		// the build reports it again.
		out.add(name, html)
		return
	}
	f := finishedPage{Sum: buildcache.Sum(html), Size: int64(len(html)), CSP: csp.ScanPage(html)}
	out.addFinished(name, html, f)
	// Only an optimisation: a store that cannot keep it finishes the page
	// again next time.
	_ = pr.store.Put(kindFinishedPage, key, encodeFinished(f))
}

// outputFilesKey is where the store keeps the records of the output
// written to target.
func (b *builder) outputFilesKey(target string) buildcache.Key {
	return b.storeKey(kindOutputFiles, []byte(target))
}

// recallOutputFiles reads the records of the last output written to the
// output's target, so the output can link the pages that did not change.
func (b *builder) recallOutputFiles(out *Output) {
	if out.target == "" || !b.store.Persistent() {
		return
	}
	data, ok := b.store.Get(kindOutputFiles, b.outputFilesKey(out.target))
	if !ok {
		return
	}
	r := binenc.NewReader(data)
	n := r.Count()
	records := make(map[string]outputRecord, n)
	for range n {
		name, sum := r.String(), r.String()
		rec := outputRecord{Inode: r.Uvarint(), Size: r.Int(), MTime: r.Int()}
		if copy(rec.Sum[:], sum) != len(rec.Sum) || len(sum) != len(rec.Sum) {
			return
		}
		records[name] = rec
	}
	if r.Done() == nil {
		out.prevFinished = records
	}
}

// rememberOutputFiles records the output's finished pages once every file
// is written, for the next build into the same folder. A build that then
// fails leaves records of files that never reached the folder, which the
// next build finds do not describe what is there.
func (b *builder) rememberOutputFiles(out *Output) {
	if out.target == "" || !b.store.Persistent() || b.opts.lazy {
		return
	}
	records := map[string]outputRecord{}
	for name, sum := range out.finishedFiles() {
		info, err := os.Lstat(filepath.Join(out.dir, filepath.FromSlash(name)))
		if err != nil {
			continue
		}
		ino := outdir.InodeOf(info)
		if ino == 0 {
			return // the system does not say: pages are compared byte by byte
		}
		records[name] = outputRecord{Sum: sum, Inode: ino, Size: info.Size(), MTime: info.ModTime().UnixNano()}
	}
	b.keepOutputRecords(out, records)
}

// keepOutputRecords keeps the records of the output written to out's
// target, by name, in name order (binenc); only an optimisation: without
// them the next build compares pages byte by byte.
func (b *builder) keepOutputRecords(out *Output, records map[string]outputRecord) {
	names := make([]string, 0, len(records))
	for name := range records {
		names = append(names, name)
	}
	sort.Strings(names)
	data := binenc.AppendUvarint(nil, uint64(len(names)))
	for _, name := range names {
		rec := records[name]
		data = binenc.AppendString(data, name)
		data = binenc.AppendString(data, string(rec.Sum[:]))
		data = binenc.AppendUvarint(data, rec.Inode)
		data = binenc.AppendInt(data, rec.Size)
		data = binenc.AppendInt(data, rec.MTime)
	}
	_ = b.store.Replace(kindOutputFiles, b.outputFilesKey(out.target), data)
}

// spareOutput is where a build into the output folder keeps the output it
// replaces, for the next build to reuse its folders (newOutput): in the
// build cache, by the folder's path. "" when the build keeps nothing.
func (b *builder) spareOutput() string {
	if b.opts.outputDir == "" || !b.store.Persistent() || b.opts.lazy {
		return ""
	}
	target, err := filepath.Abs(b.opts.outputDir)
	if err != nil {
		return ""
	}
	key := buildcache.Sum([]byte(filepath.Clean(target)))
	return filepath.Join(b.store.Dir(), "spare-output", key.String()[:16])
}
