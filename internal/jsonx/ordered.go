// Package jsonx reads and writes JSON as its authors wrote it: an object
// keeps its key order (Object), a document is indented without being
// reordered (Pretty), nothing is HTML-escaped (Marshal, Quote), and every
// element path of a file ("rest[0].resource[2].type") has the line it
// starts on (Positions), as has a decoding error (ErrorAt). The FHIR layers
// show example files and report problems in them by line with it.
package jsonx

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Object is a JSON object that remembers its key order, so a piece
// cut out of an example reads as the author wrote it (url before value).
type Object struct {
	// Keys are the object's names, each once, in the order first written.
	Keys []string
	// Values are the decoded values by name (a repeated name's last).
	Values map[string]any
}

// DecodeOrdered decodes JSON into *Object, []any, string,
// json.Number, bool and nil values.
func DecodeOrdered(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return decodeOrderedValue(dec)
}

func decodeOrderedValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	switch delim {
	case '{':
		obj := &Object{Values: map[string]any{}}
		for dec.More() {
			keyTok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key, _ := keyTok.(string)
			v, err := decodeOrderedValue(dec)
			if err != nil {
				return nil, err
			}
			if _, dup := obj.Values[key]; !dup {
				obj.Keys = append(obj.Keys, key)
			}
			obj.Values[key] = v
		}
		_, err := dec.Token()
		return obj, err
	case '[':
		list := []any{}
		for dec.More() {
			v, err := decodeOrderedValue(dec)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err := dec.Token()
		return list, err
	}
	return nil, fmt.Errorf("unexpected %v", delim)
}

// MarshalJSON writes the keys in their original order.
func (o *Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.Keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(Quote(k))
		b.WriteByte(':')
		v, err := Marshal(o.Values[k])
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Marshal is json.Marshal without escaping <, > and &, and with no
// trailing newline.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Pretty indents raw JSON keeping its key order (resourceType first, as
// authors write it), which re-marshalling a map would lose.
func Pretty(raw []byte) string {
	var out bytes.Buffer
	if err := json.Indent(&out, bytes.TrimSpace(raw), "", "  "); err != nil {
		return string(raw)
	}
	return out.String()
}

// Quote quotes s for JSON without escaping <, > and &, which
// readers would otherwise see as \u0026 in examples.
func Quote(s string) string {
	out, _ := Marshal(s) // a string always marshals
	return string(out)
}

// Text is v as compact JSON for a message, or as fmt prints it when it
// does not marshal.
func Text(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}
