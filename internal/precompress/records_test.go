package precompress

import (
	"math"
	"reflect"
	"testing"
)

func TestRecordsRoundTrip(t *testing.T) {
	cases := map[string]map[string]Record{
		"none": {},
		"some": {
			"index.html":        {File: FileState{Inode: 12, Size: 3400, MTime: 1795749039000000001}, Siblings: []FileState{{Inode: 13, Size: 900, MTime: 1795749039000000002}, {Inode: 14, Size: 1000, MTime: -1}}},
			"docs/a/index.html": {File: FileState{Inode: math.MaxUint64, Size: math.MaxInt64, MTime: math.MinInt64}},
			"é/ü.json":          {File: FileState{}, Siblings: []FileState{}},
		},
	}
	for name, records := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := UnmarshalRecords(MarshalRecords(records))
			if err != nil {
				t.Fatal(err)
			}
			for name, r := range records {
				if len(r.Siblings) == 0 {
					r.Siblings = nil
					records[name] = r
				}
			}
			for name, r := range got {
				if len(r.Siblings) == 0 {
					r.Siblings = nil
					got[name] = r
				}
			}
			if !reflect.DeepEqual(got, records) {
				t.Errorf("got %+v, want %+v", got, records)
			}
		})
	}
}

// A damaged encoding is refused, never read as other records: every
// truncation, and a wrong format.
func TestRecordsDamaged(t *testing.T) {
	data := MarshalRecords(map[string]Record{
		"a.html": {File: FileState{Inode: 1, Size: 2, MTime: 3}, Siblings: []FileState{{Inode: 4, Size: 5, MTime: 6}}},
		"b.json": {File: FileState{Inode: 7, Size: 8, MTime: 9}},
	})
	for n := range len(data) {
		if got, err := UnmarshalRecords(data[:n]); err == nil {
			t.Errorf("the first %d of %d bytes read as %+v", n, len(data), got)
		}
	}
	if _, err := UnmarshalRecords(append(append([]byte(nil), data...), 0)); err == nil {
		t.Error("a trailing byte was accepted")
	}
	if _, err := UnmarshalRecords(append([]byte("pcr0"), data[4:]...)); err == nil {
		t.Error("another format was accepted")
	}
}
