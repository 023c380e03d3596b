package precompress

import (
	"encoding/binary"
	"errors"
	"sort"
)

// recordsFormat starts an encoding of records (MarshalRecords); a build
// reads them back on every rebuild, where JSON took a tenth of the
// precompress stage to write and read.
const recordsFormat = "pcr1"

// MarshalRecords encodes records by name, in name order: each name, then
// its file's state and its siblings', as varints.
func MarshalRecords(records map[string]Record) []byte {
	names := make([]string, 0, len(records))
	size := len(recordsFormat) + binary.MaxVarintLen64
	for name, r := range records {
		names = append(names, name)
		size += len(name) + (2+len(r.Siblings))*3*binary.MaxVarintLen64
	}
	sort.Strings(names)
	out := make([]byte, 0, size)
	out = append(out, recordsFormat...)
	out = binary.AppendUvarint(out, uint64(len(names)))
	for _, name := range names {
		r := records[name]
		out = binary.AppendUvarint(out, uint64(len(name)))
		out = append(out, name...)
		out = appendState(out, r.File)
		out = binary.AppendUvarint(out, uint64(len(r.Siblings)))
		for _, s := range r.Siblings {
			out = appendState(out, s)
		}
	}
	return out
}

func appendState(out []byte, s FileState) []byte {
	out = binary.AppendUvarint(out, s.Inode)
	out = binary.AppendVarint(out, s.Size)
	return binary.AppendVarint(out, s.MTime)
}

var errRecords = errors.New("precompress: damaged records")

// UnmarshalRecords decodes what MarshalRecords encoded.
func UnmarshalRecords(data []byte) (map[string]Record, error) {
	if len(data) < len(recordsFormat) || string(data[:len(recordsFormat)]) != recordsFormat {
		return nil, errRecords
	}
	r := recordReader{data: data[len(recordsFormat):]}
	n := r.uvarint()
	if r.err || n > uint64(len(r.data)) { // every record takes bytes
		return nil, errRecords
	}
	records := make(map[string]Record, n)
	for range n {
		name := r.bytes()
		rec := Record{File: r.state()}
		if sibs := r.uvarint(); sibs <= uint64(len(r.data)) {
			rec.Siblings = make([]FileState, sibs)
			for i := range rec.Siblings {
				rec.Siblings[i] = r.state()
			}
		} else {
			r.err = true
		}
		if r.err {
			return nil, errRecords
		}
		records[string(name)] = rec
	}
	if len(r.data) != 0 {
		return nil, errRecords
	}
	return records, nil
}

// recordReader reads varints and strings, noting the first overrun.
type recordReader struct {
	data []byte
	err  bool
}

func (r *recordReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.data)
	if n <= 0 {
		r.err, r.data = true, nil
		return 0
	}
	r.data = r.data[n:]
	return v
}

func (r *recordReader) varint() int64 {
	v, n := binary.Varint(r.data)
	if n <= 0 {
		r.err, r.data = true, nil
		return 0
	}
	r.data = r.data[n:]
	return v
}

func (r *recordReader) bytes() []byte {
	n := r.uvarint()
	if n > uint64(len(r.data)) {
		r.err, r.data = true, nil
		return nil
	}
	b := r.data[:n]
	r.data = r.data[n:]
	return b
}

func (r *recordReader) state() FileState {
	return FileState{Inode: r.uvarint(), Size: r.varint(), MTime: r.varint()}
}
