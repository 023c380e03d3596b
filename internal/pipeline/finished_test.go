package pipeline

import (
	"reflect"
	"testing"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/csp"
)

// A finished page and an output's records read back as they were kept;
// a damaged entry reads as none.
func TestFinishedRecordsRoundTrip(t *testing.T) {
	store, err := buildcache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	pr := &pageRenderer{store: store}
	for _, f := range []finishedPage{
		{Sum: buildcache.Sum([]byte("page")), Size: 195299, CSP: csp.Hashes{Scripts: []string{"'sha256-a'", "'sha256-b'"}, Styles: []string{"'sha256-c'"}}},
		{Sum: buildcache.Sum([]byte("other")), Size: 0},
	} {
		key := buildcache.Sum([]byte(f.Sum.String()))
		if err := store.Put(kindFinishedPage, key, encodeFinished(f)); err != nil {
			t.Fatal(err)
		}
		if got, ok := pr.recallFinished(key); !ok || !reflect.DeepEqual(got, f) {
			t.Errorf("finished page: got %+v, %v; want %+v", got, ok, f)
		}
		data := encodeFinished(f)
		for n := range len(data) {
			bad := buildcache.Sum(data[:n])
			_ = store.Put(kindFinishedPage, bad, data[:n])
			if _, ok := pr.recallFinished(bad); ok {
				t.Errorf("the first %d of %d bytes read as a finished page", n, len(data))
			}
		}
	}

	b := &builder{store: store, opts: options{outputDir: "out"}}
	out := &Output{target: "out"}
	records := map[string]outputRecord{
		"index.html":            {Sum: buildcache.Sum([]byte("a")), Inode: 1 << 40, Size: 12, MTime: 1795749039000000001},
		"docs/intro/index.html": {Sum: buildcache.Sum([]byte("b")), Inode: 7, Size: 0, MTime: -1},
	}
	b.keepOutputRecords(out, records)
	b.recallOutputFiles(out)
	if !reflect.DeepEqual(out.prevFinished, records) {
		t.Errorf("output records: got %+v, want %+v", out.prevFinished, records)
	}
}
