package jsonx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
)

// Positions maps element paths of one JSON file ("rest[0].resource[2].type")
// to the 1-based line where the value starts, so diagnostics name the line
// of the offending element rather than the file.
type Positions struct {
	lines map[string]int
}

// IndexPositions reads the positions of data's element paths in one walk.
// It fails only on malformed JSON, which loading reports before ever
// asking for positions.
func IndexPositions(data []byte) (Positions, error) {
	starts := lineStarts(data)
	p := Positions{lines: map[string]int{}}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	w := &posWalker{dec: dec, data: data, starts: starts, out: p.lines}
	if err := w.value(""); err != nil {
		return p, err
	}
	return p, nil
}

// Line returns the line of path, or of its nearest recorded ancestor, or 1.
func (p Positions) Line(path string) int {
	for {
		if l, ok := p.lines[path]; ok {
			return l
		}
		cut := lastSeparator(path)
		if cut < 0 {
			return 1
		}
		path = path[:cut]
	}
}

func lastSeparator(path string) int {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '.' || path[i] == '[' {
			return i
		}
	}
	return -1
}

type posWalker struct {
	dec    *json.Decoder
	data   []byte
	starts []int
	out    map[string]int
}

// valueStart is the offset of the next value: the decoder's offset points
// just past the previous token, before any separator or whitespace.
func (w *posWalker) valueStart() int {
	off := int(w.dec.InputOffset())
	for off < len(w.data) {
		switch w.data[off] {
		case ' ', '\t', '\r', '\n', ':', ',':
			off++
			continue
		}
		break
	}
	return off
}

func (w *posWalker) value(path string) error {
	w.out[path] = lineAt(w.starts, w.valueStart())
	tok, err := w.dec.Token()
	if err != nil {
		return err
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch delim {
	case '{':
		for w.dec.More() {
			keyTok, err := w.dec.Token()
			if err != nil {
				return err
			}
			key, _ := keyTok.(string)
			if err := w.value(JoinPath(path, key)); err != nil {
				return err
			}
		}
	case '[':
		for i := 0; w.dec.More(); i++ {
			if err := w.value(path + "[" + strconv.Itoa(i) + "]"); err != nil {
				return err
			}
		}
	}
	_, err = w.dec.Token() // the closing delimiter
	return err
}

// JoinPath is the element path of key inside the element at path ("" for
// the root).
func JoinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func lineStarts(data []byte) []int {
	starts := []int{0}
	for i, b := range data {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineAt is the 1-based line holding offset.
func lineAt(starts []int, offset int) int {
	return sort.Search(len(starts), func(i int) bool { return starts[i] > offset })
}

// ErrorAt turns a JSON decoding error into a line, column and message.
func ErrorAt(data []byte, err error) (line, col int, msg string) {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var offset int64
	switch {
	case errors.As(err, &syn):
		offset, msg = syn.Offset, syn.Error()
	case errors.As(err, &typ):
		offset, msg = typ.Offset, fmt.Sprintf("%s should be JSON %s, not %s", typ.Field, typeName(typ.Type.Kind().String()), typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		offset, msg = int64(len(data)), "unexpected end of JSON"
	default:
		return 1, 1, err.Error()
	}
	starts := lineStarts(data)
	// The offset points after the bad byte; report the byte itself.
	pos := int(max(offset-1, 0))
	line = lineAt(starts, pos)
	return line, pos - starts[line-1] + 1, msg
}

func typeName(kind string) string {
	switch kind {
	case "slice", "array":
		return "array"
	case "struct", "map":
		return "object"
	case "int", "int64", "float64":
		return "number"
	case "bool":
		return "boolean"
	}
	return kind
}
