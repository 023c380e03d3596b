package fhir

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// orderedObject is a JSON object that remembers its key order, so a piece
// cut out of an example reads as the author wrote it (url before value).
type orderedObject struct {
	keys   []string
	values map[string]any
}

func (o *orderedObject) get(key string) any { return o.values[key] }

// decodeOrdered decodes JSON into *orderedObject, []any, string,
// json.Number, bool and nil values.
func decodeOrdered(raw []byte) (any, error) {
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
		obj := &orderedObject{values: map[string]any{}}
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
			if _, dup := obj.values[key]; !dup {
				obj.keys = append(obj.keys, key)
			}
			obj.values[key] = v
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
func (o *orderedObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(jsonString(k))
		b.WriteByte(':')
		v, err := marshalNoEscape(o.values[k])
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// prettyJSON indents raw JSON keeping its key order (resourceType first, as
// authors write it), which re-marshalling a map would lose.
func prettyJSON(raw []byte) string {
	var out bytes.Buffer
	if err := json.Indent(&out, bytes.TrimSpace(raw), "", "  "); err != nil {
		return string(raw)
	}
	return out.String()
}

// jsonString quotes s for JSON without escaping <, > and &, which
// readers would otherwise see as \u0026 in examples.
func jsonString(s string) string {
	out, _ := marshalNoEscape(s) // a string always marshals
	return string(out)
}

func jsonText(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}
