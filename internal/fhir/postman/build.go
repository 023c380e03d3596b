package postman

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Build returns the collection as indented JSON, or every problem found in
// api joined into one error. Deterministic: the same API gives the same bytes.
func Build(api API) ([]byte, error) {
	if err := check(api); err != nil {
		return nil, fmt.Errorf("postman collection %q: %w", api.ID, err)
	}
	return encode(newCollection(api))
}

// encode writes JSON the way Postman exports collections: tab-indented, with
// a final newline, and without escaping <, > and & so Markdown stays legible.
func encode(c collection) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "\t")
	if err := enc.Encode(c); err != nil {
		return nil, fmt.Errorf("encode postman collection %q: %w", c.Info.Name, err)
	}
	return buf.Bytes(), nil
}
