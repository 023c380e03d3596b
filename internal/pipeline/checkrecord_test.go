package pipeline

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/portaldocs/portal/internal/binenc/binenctest"
)

func TestCheckRecordBinaryKeepsEveryField(t *testing.T) {
	var rec checkRecord
	binenctest.FillEveryField(reflect.ValueOf(&rec).Elem())
	data, err := rec.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got checkRecord
	if err := got.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rec) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, rec)
	}
	for n := range len(data) {
		if err := new(checkRecord).UnmarshalBinary(data[:n]); err == nil {
			t.Errorf("the first %d of %d bytes read whole", n, len(data))
		}
	}
	// What the record meant as JSON it means as binary: an empty record's
	// lists stay empty.
	var empty, viaJSON checkRecord
	_ = json.Unmarshal(mustJSON(&empty), &viaJSON)
	data, _ = empty.MarshalBinary()
	got = checkRecord{}
	if err := got.UnmarshalBinary(data); err != nil || !reflect.DeepEqual(got, viaJSON) {
		t.Errorf("empty record: %+v, %v", got, err)
	}
}
