package buildcache

import (
	"reflect"
	"testing"
)

type memoValue struct {
	Name  string
	Lines []int
	Empty []string
	Nil   []string
	Key   Key
}

// TestMemoRoundTrips: each codec gives back what it was given, nil and
// empty lists apart; a value that does not decode is a miss.
func TestMemoRoundTrips(t *testing.T) {
	s, err := OpenTemporary()
	if err != nil {
		t.Fatal(err)
	}
	defer mustClose(t, s)
	key := Sum([]byte("k"))
	value := memoValue{Name: "a\xffb", Lines: []int{1, 2}, Empty: []string{}, Key: Sum([]byte("v"))}
	typed := NewMemo(s, "typed", CBOR[memoValue]{}, "engine 1")
	if err := typed.Put(key, value); err != nil {
		t.Fatal(err)
	}
	if got, ok := typed.Get(key); !ok || !reflect.DeepEqual(got, value) {
		t.Errorf("CBOR: %#v, %v; want %#v", got, ok, value)
	}
	checked := NewMemo(s, "checked", Checked[[]byte]{Bytes{}}, "")
	if err := checked.Put(key, []byte("bytecode")); err != nil {
		t.Fatal(err)
	}
	if got, ok := checked.Get(key); !ok || string(got) != "bytecode" {
		t.Errorf("checked: %q, %v", got, ok)
	}
	if err := s.Replace("checked", key, []byte("damaged entry of 32 bytes or more, whose sum is wrong")); err != nil {
		t.Fatal(err)
	}
	if got, ok := checked.Get(key); ok {
		t.Errorf("a damaged checked entry was read: %q", got)
	}
	if err := s.Replace("typed", key, []byte{0xff, 0x00}); err != nil {
		t.Fatal(err)
	}
	if got, ok := typed.Get(key); ok {
		t.Errorf("an entry that does not decode was read: %#v", got)
	}
	if typed.Key().Key() == NewMemo(s, "typed", CBOR[memoValue]{}, "engine 2").Key().Key() {
		t.Error("two salts start the same key")
	}
}
