package markdown

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/binenc/binenctest"
)

func roundTrip(t *testing.T, res *Result) *Result {
	t.Helper()
	data, err := res.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got Result
	if err := got.UnmarshalBinary(data); err != nil {
		t.Fatalf("UnmarshalBinary: %v", err)
	}
	return &got
}

func TestResultBinaryKeepsEveryField(t *testing.T) {
	var res Result
	binenctest.FillEveryField(reflect.ValueOf(&res).Elem())
	if got := roundTrip(t, &res); !reflect.DeepEqual(got, &res) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, &res)
	}
	// Lists nil and empty read back as JSON reads them back: a
	// DocCardList's nil items are the current category's.
	empty := Result{Headings: []Heading{}, Anchors: []string{}, DocCardLists: []DocCardList{{Items: []CardItem{}}, {Items: nil}}}
	if got := roundTrip(t, &empty); !reflect.DeepEqual(got, &empty) {
		t.Errorf("round trip of empty lists:\n got %#v\nwant %#v", got, &empty)
	}
}

// The binary form gives back what the JSON form the cache kept before
// gave back, for every doc of the portal.
func TestResultBinaryReadsAsJSONOnPortalDocs(t *testing.T) {
	r := New()
	n := 0
	err := filepath.WalkDir("../../site/docs", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") && !strings.HasSuffix(path, ".mdx") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		res, err := r.Render(src, RenderContext{File: path, MDX: strings.HasSuffix(path, ".mdx")})
		if err != nil {
			return err
		}
		data, err := json.Marshal(res)
		if err != nil {
			return err
		}
		var viaJSON Result
		if err := json.Unmarshal(data, &viaJSON); err != nil {
			return err
		}
		if got := roundTrip(t, res); !reflect.DeepEqual(got, &viaJSON) {
			t.Errorf("%s: binary and JSON round trips differ:\nbinary %+v\n  JSON %+v", path, got, &viaJSON)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 30 {
		t.Fatalf("only %d docs rendered", n)
	}
}

// A damaged encoding is refused whole: every truncation, a byte too many,
// another format.
func TestResultBinaryRefusesDamage(t *testing.T) {
	var res Result
	binenctest.FillEveryField(reflect.ValueOf(&res).Elem())
	data, _ := res.MarshalBinary()
	keep := Result{Title: "kept"}
	for n := range len(data) {
		got := keep
		if err := got.UnmarshalBinary(data[:n]); err == nil || got.Title != "kept" {
			t.Fatalf("the first %d of %d bytes: err %v, result changed: %v", n, len(data), err, got.Title != "kept")
		}
	}
	if err := new(Result).UnmarshalBinary(append(data, 0)); err == nil {
		t.Error("a byte too many was accepted")
	}
	if err := new(Result).UnmarshalBinary(append([]byte("mdr0"), data[4:]...)); err == nil {
		t.Error("another format was accepted")
	}
}
