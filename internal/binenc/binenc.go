// Package binenc writes and reads the compact binary records a build keeps
// in its cache between builds: varints and length-prefixed strings, in an
// order the record's own code fixes. A rebuild reads hundreds of them, and
// JSON took several times as long to read.
package binenc

import (
	"encoding/binary"
	"errors"
)

// AppendUvarint appends v as an unsigned varint.
func AppendUvarint(b []byte, v uint64) []byte { return binary.AppendUvarint(b, v) }

// AppendInt appends v as a signed varint.
func AppendInt(b []byte, v int64) []byte { return binary.AppendVarint(b, v) }

// AppendBool appends v as one byte.
func AppendBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

// AppendString appends s after its length.
func AppendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// ErrDamaged is a record that ends too soon, goes on too long, or holds a
// value no writer writes.
var ErrDamaged = errors.New("damaged record")

// Reader reads a record back, value by value; a read past its end gives
// zero values from then on, and Done reports it.
type Reader struct {
	data    []byte
	damaged bool
}

// NewReader reads data.
func NewReader(data []byte) *Reader { return &Reader{data: data} }

// Uvarint reads an unsigned varint.
func (r *Reader) Uvarint() uint64 {
	v, n := binary.Uvarint(r.data)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.data = r.data[n:]
	return v
}

// Int reads a signed varint.
func (r *Reader) Int() int64 {
	v, n := binary.Varint(r.data)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.data = r.data[n:]
	return v
}

// Bool reads one byte written by AppendBool.
func (r *Reader) Bool() bool {
	if len(r.data) == 0 || r.data[0] > 1 {
		r.fail()
		return false
	}
	v := r.data[0] == 1
	r.data = r.data[1:]
	return v
}

// String reads a string written by AppendString.
func (r *Reader) String() string {
	n := r.Uvarint()
	if n > uint64(len(r.data)) {
		r.fail()
		return ""
	}
	s := string(r.data[:n])
	r.data = r.data[n:]
	return s
}

// Count reads the number of items a list holds; every item takes a byte
// at least, so a count larger than what is left is damage, not a reason
// to allocate.
func (r *Reader) Count() int {
	n := r.Uvarint()
	if n > uint64(len(r.data)) {
		r.fail()
		return 0
	}
	return int(n)
}

// Done reports whether the record was read whole: nil when every read
// found its value and nothing is left over.
func (r *Reader) Done() error {
	if r.damaged || len(r.data) != 0 {
		return ErrDamaged
	}
	return nil
}

func (r *Reader) fail() { r.damaged, r.data = true, nil }

// AppendList appends a list, item by item, after its length; a nil list
// reads back as nil and an empty one as empty, as JSON keeps them apart.
func AppendList[T any](b []byte, list []T, item func([]byte, T) []byte) []byte {
	if list == nil {
		return binary.AppendUvarint(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(list))+1)
	for _, v := range list {
		b = item(b, v)
	}
	return b
}

// ReadList reads a list AppendList wrote.
func ReadList[T any](r *Reader, item func(*Reader) T) []T {
	n := r.Uvarint()
	if n == 0 {
		return nil
	}
	// Every item takes a byte at least: a longer list is damage, not a
	// reason to allocate.
	if n-1 > uint64(len(r.data)) {
		r.fail()
		return nil
	}
	list := make([]T, n-1)
	for i := range list {
		list[i] = item(r)
	}
	return list
}
