package binenc

import (
	"math"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	var b []byte
	b = AppendUvarint(b, math.MaxUint64)
	b = AppendInt(b, math.MinInt64)
	b = AppendInt(b, -1)
	b = AppendBool(b, true)
	b = AppendBool(b, false)
	b = AppendString(b, "")
	b = AppendString(b, "café\x00")
	b = AppendUvarint(b, 2)
	r := NewReader(b)
	if v := r.Uvarint(); v != math.MaxUint64 {
		t.Errorf("Uvarint = %d", v)
	}
	if v := r.Int(); v != math.MinInt64 {
		t.Errorf("Int = %d", v)
	}
	if v := r.Int(); v != -1 {
		t.Errorf("Int = %d", v)
	}
	if !r.Bool() || r.Bool() {
		t.Error("Bool: want true, false")
	}
	if s := r.String(); s != "" {
		t.Errorf("String = %q", s)
	}
	if s := r.String(); s != "café\x00" {
		t.Errorf("String = %q", s)
	}
	if n := r.Count(); n != 0 {
		t.Errorf("Count = %d with nothing left, want 0 (damage)", n)
	}
	if r.Done() == nil {
		t.Error("a count larger than what is left was not damage")
	}
}

// Every truncation of a record, and a byte too many, is damage.
func TestDamage(t *testing.T) {
	b := AppendString(AppendInt(AppendUvarint(nil, 300), -5), "words")
	read := func(data []byte) error {
		r := NewReader(data)
		r.Uvarint()
		r.Int()
		_ = r.String()
		return r.Done()
	}
	if err := read(b); err != nil {
		t.Fatalf("the whole record: %v", err)
	}
	for n := range len(b) {
		if read(b[:n]) == nil {
			t.Errorf("the first %d of %d bytes read whole", n, len(b))
		}
	}
	if read(append(b, 0)) == nil {
		t.Error("a byte too many was not damage")
	}
	r := NewReader([]byte{2})
	if r.Bool(); r.Done() == nil {
		t.Error("a bool of 2 was not damage")
	}
}

func TestListsKeepNilApartFromEmpty(t *testing.T) {
	str := func(b []byte, s string) []byte { return AppendString(b, s) }
	readStr := func(r *Reader) string { return r.String() }
	for _, list := range [][]string{nil, {}, {""}, {"a", "bc"}} {
		r := NewReader(AppendList(nil, list, str))
		got := ReadList(r, readStr)
		if err := r.Done(); err != nil {
			t.Fatalf("%q: %v", list, err)
		}
		if (got == nil) != (list == nil) || len(got) != len(list) {
			t.Errorf("%#v read back as %#v", list, got)
		}
		for i := range got {
			if got[i] != list[i] {
				t.Errorf("%#v read back as %#v", list, got)
			}
		}
	}
	r := NewReader([]byte{200, 1})
	if ReadList(r, readStr); r.Done() == nil {
		t.Error("a list longer than its record was not damage")
	}
}
