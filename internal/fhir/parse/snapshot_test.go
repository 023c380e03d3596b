package parse

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"reflect"
	"testing"
)

// memMemo is a Memo in memory that counts what it is asked.
type memMemo struct {
	data                []byte
	recalls, remembered int
}

func (m *memMemo) Recall() ([]byte, bool) { m.recalls++; return m.data, m.data != nil }
func (m *memMemo) Remember(encode func() ([]byte, bool)) {
	m.remembered++
	if data, ok := encode(); ok {
		m.data = data
	}
}

// A file whose typed resources gob cannot carry exactly has them carried
// as JSON; a file the snapshot cannot describe is left out of it, and
// parsed at every build.
func TestSnapshotCarriesWhatGobChangesAsJSON(t *testing.T) {
	statement := []byte(`{"resourceType": "CapabilityStatement", "id": "c", "url": "https://e.org/c", "status": "active",
  "date": "2026-01-10", "kind": "instance", "fhirVersion": "4.0.1", "format": [], "software": {}}`)
	extension := []byte(`{"resourceType": "StructureDefinition", "id": "x", "url": "https://e.org/x", "name": "X", "status": "active",
  "kind": "complex-type", "abstract": false, "type": "Extension", "context": [{"type": "element", "expression": "Patient"}],
  "differential": {"element": [{"path": "Extension", "min": 0, "max": "1"}]}}`)
	patient := []byte(`{"resourceType": "Patient", "id": "p"}`)
	results := []Parsed{{path: "fhir/c.json"}, {path: "fhir/x.json"}, {path: "fhir/p.json"}, {path: "fhir/odd.json"}}
	data := [][]byte{statement, extension, patient, patient}
	for i := range results {
		results[i].files, results[i].diags = parseFile(results[i].path, data[i], unplaced)
	}
	// A resource whose bytes are not the file's: nothing to restore it from.
	results[3].files[0].Raw = []byte(`{"resourceType": "Patient", "id": "elsewhere"}`)
	memo := &memMemo{}
	sums := make([][sha256.Size]byte, len(data))
	for i, b := range data {
		sums[i] = sha256.Sum256(b)
	}
	rememberSnapshot(memo, results, data, sums)
	var snap parsedSnapshot
	if err := gob.NewDecoder(bytes.NewReader(memo.data)).Decode(&snap); err != nil {
		t.Fatal(err)
	}
	carried := map[string]string{}
	for _, f := range snap.Files {
		how := "gob"
		if f.Files[0].TypedJSON != nil {
			how = "JSON"
		}
		carried[f.Path] = how
	}
	if want := map[string]string{"fhir/c.json": "JSON", "fhir/x.json": "JSON", "fhir/p.json": "gob"}; !reflect.DeepEqual(carried, want) {
		t.Errorf("carried %v, want %v", carried, want)
	}
	if len(snap.Unkept) != 1 || snap.Unkept[0].Path != "fhir/odd.json" || len(snap.Unkept[0].Files) != 0 {
		t.Errorf("snapshot leaves out %v, want fhir/odd.json alone, without its parse", snap.Unkept)
	}
	for i, sf := range snap.Files {
		got, _, ok := sf.restore(data[i])
		if !ok || !sameParse(got, results[i].files) {
			t.Errorf("%s does not come back as it parsed", sf.Path)
		}
	}
}
