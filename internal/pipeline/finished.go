package pipeline

import (
	"os"
	"path/filepath"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/csp"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/outdir"
)

// A page whose data and shared inputs did not change is finished exactly
// as in the previous build: the build then links the previous output's file
// without reading its data, rendering it or comparing it, knowing the file
// by the inode it was written as (outputRecord). On the portal's own site
// this was most of a warm rebuild's prerender stage.

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

// emitPage writes one page's HTML file: linked from the previous output
// when the page was finished the same there, else rendered (or taken from
// the render cache) and finished.
func (pr *pageRenderer) emitPage(b *builder, out *Output, name string, p *builtPage) {
	var key buildcache.Key
	if pr.keep {
		key = pr.memo.finishedPageKey(pr.inputs, pr.input, p.dataKey)
		if f, ok := pr.memo.finishedPage.Get(key); ok && out.linkFinished(name, f) {
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
	_ = pr.memo.finishedPage.Put(key, f)
}

// recallOutputFiles reads the records of the last output written to the
// output's target, so the output can link the pages that did not change.
func (b *builder) recallOutputFiles(out *Output) {
	if out.target == "" || !b.store.Persistent() {
		return
	}
	if records, ok := b.memo.outputFiles.Get(b.memo.outputFilesKey(out.target)); ok {
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
// target; only an optimisation: without them the next build compares
// pages byte by byte.
func (b *builder) keepOutputRecords(out *Output, records map[string]outputRecord) {
	_ = b.memo.outputFiles.Replace(b.memo.outputFilesKey(out.target), records)
}

// claimSpare claims the folder this build writes its output into, when it
// has one to reuse: the spare of its output folder (WithOutputDir), or the
// earlier output it was given (WithSpareOutput) with the files the previous
// output holds unchanged kept.
func (b *builder) claimSpare() *spareClaim {
	switch {
	case b.opts.outputDir != "":
		return claimSpare(b.opts.outputDir, b.spareOutput())
	case b.opts.spare != "" && b.opts.previous != "":
		parent, prefix := outputPlace("")
		return claimFolder(parent, prefix, b.opts.spare, b.opts.previous)
	}
	return nil
}

// tidyReusedOutput removes from a reused folder that stays where it was
// written (WithSpareOutput) what the output does not have; a build into its
// output folder does so as it swaps the folder in (Output.WriteDir).
func (b *builder) tidyReusedOutput(out *Output) {
	if out == nil || out.reused == nil || out.target != "" || b.diags.HasErrors() {
		return
	}
	if err := out.reused.Tidy(out.Files()); err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: "tidy the output folder: " + err.Error()})
	}
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
