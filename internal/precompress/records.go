package precompress

import (
	"errors"
	"sort"

	"github.com/portaldocs/portal/internal/binenc"
)

// recordsFormat starts an encoding of records (MarshalRecords); a build
// reads them back on every rebuild, where JSON took a tenth of the
// precompress stage to write and read.
const recordsFormat = "pcr1"

// MarshalRecords encodes records by name, in name order: each name, then
// its file's state and its siblings'.
func MarshalRecords(records map[string]Record) []byte {
	names := make([]string, 0, len(records))
	for name := range records {
		names = append(names, name)
	}
	sort.Strings(names)
	out := append([]byte(nil), recordsFormat...)
	out = binenc.AppendUvarint(out, uint64(len(names)))
	for _, name := range names {
		r := records[name]
		out = binenc.AppendString(out, name)
		out = appendState(out, r.File)
		out = binenc.AppendUvarint(out, uint64(len(r.Siblings)))
		for _, s := range r.Siblings {
			out = appendState(out, s)
		}
	}
	return out
}

func appendState(out []byte, s FileState) []byte {
	out = binenc.AppendUvarint(out, s.Inode)
	out = binenc.AppendInt(out, s.Size)
	return binenc.AppendInt(out, s.MTime)
}

var errRecords = errors.New("precompress: damaged records")

// UnmarshalRecords decodes what MarshalRecords encoded.
func UnmarshalRecords(data []byte) (map[string]Record, error) {
	if len(data) < len(recordsFormat) || string(data[:len(recordsFormat)]) != recordsFormat {
		return nil, errRecords
	}
	r := binenc.NewReader(data[len(recordsFormat):])
	n := r.Count()
	records := make(map[string]Record, n)
	for range n {
		name := r.String()
		rec := Record{File: readState(r)}
		rec.Siblings = make([]FileState, r.Count())
		for i := range rec.Siblings {
			rec.Siblings[i] = readState(r)
		}
		records[name] = rec
	}
	if r.Done() != nil {
		return nil, errRecords
	}
	return records, nil
}

func readState(r *binenc.Reader) FileState {
	return FileState{Inode: r.Uvarint(), Size: r.Int(), MTime: r.Int()}
}
