// Package i18n reads a locale's translation files, as Docusaurus writes
// them under i18n/<locale>/ (code.json, the theme's navbar.json and
// footer.json, each docs version's labels), and says where a locale's
// translated docs, pages and posts are.
package i18n

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/jsonx"
)

// Messages are the translations of one file: key → message. Lookups are
// counted, so that the keys nothing asked for can be reported (Unused).
// A nil *Messages translates nothing.
type Messages struct {
	File    string
	entries map[string]string
	lines   jsonx.Positions
	mu      sync.Mutex
	used    map[string]bool
}

// entry is one translation as Docusaurus writes it; description is for
// translators only.
type entry struct {
	Message string `json:"message"`
}

// ReadMessages reads a translation file: an object of {"message": …} by
// key. A missing file is no translations (nil, no diagnostic); a file that
// is not such an object is an error at its line and column.
func ReadMessages(site fs.FS, file string) (*Messages, []diag.Diagnostic) {
	data, err := fs.ReadFile(site, file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []diag.Diagnostic{{File: file, Severity: diag.Error, Message: fmt.Sprintf("read translations: %v", err)}}
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		line, col, msg := jsonx.ErrorAt(data, err)
		return nil, []diag.Diagnostic{{File: file, Line: line, Col: col, Severity: diag.Error,
			// diag.Location prints file:line, so the column goes in the message too.
			Message: fmt.Sprintf("translation file is not valid JSON at column %d: %s", col, msg),
			Hint:    `write it as one JSON object of "key": {"message": "…"} entries (no trailing commas or comments)`}}
	}
	m := &Messages{File: file, entries: make(map[string]string, len(raw)), used: map[string]bool{}}
	m.lines, _ = jsonx.IndexPositions(data)
	var ds []diag.Diagnostic
	for key, value := range raw {
		msg, ok := decodeEntry(value)
		if !ok {
			ds = append(ds, diag.Diagnostic{File: file, Line: m.lines.Line(key), Severity: diag.Error,
				Message: fmt.Sprintf("translation %q is not an object with a message", key),
				Hint:    fmt.Sprintf(`write it as "%s": {"message": "…"}`, key)})
			continue
		}
		m.entries[key] = msg
	}
	return m, ds
}

// decodeEntry reads {"message": "…"}; a bare string is taken as its
// message too.
func decodeEntry(value json.RawMessage) (string, bool) {
	var e entry
	if err := json.Unmarshal(value, &e); err == nil {
		return e.Message, true
	}
	var s string
	if err := json.Unmarshal(value, &s); err == nil {
		return s, true
	}
	return "", false
}

// Lookup is the message of key, when the file has one.
func (m *Messages) Lookup(key string) (string, bool) {
	if m == nil {
		return "", false
	}
	msg, ok := m.entries[key]
	if ok {
		m.mu.Lock()
		m.used[key] = true
		m.mu.Unlock()
	}
	return msg, ok
}

// Translate is the message of key, or fallback when there is none.
func (m *Messages) Translate(key, fallback string) string {
	if msg, ok := m.Lookup(key); ok {
		return msg
	}
	return fallback
}

// All is every message, by key, each counted as used: for a file whose
// keys all go to the theme (code.json).
func (m *Messages) All() map[string]string {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for key := range m.entries {
		m.used[key] = true
	}
	return m.entries
}

// Unused reports, as one warning, the keys of the file that no lookup
// asked for: each names a label the site does not have (renamed or
// removed since the file was written). what names what the keys
// translate, such as "navbar label".
func (m *Messages) Unused(what string) []diag.Diagnostic {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	var keys []string
	for key := range m.entries {
		if !m.used[key] {
			keys = append(keys, key)
		}
	}
	m.mu.Unlock()
	if len(keys) == 0 {
		return nil
	}
	sort.Slice(keys, func(i, j int) bool { return m.lines.Line(keys[i]) < m.lines.Line(keys[j]) })
	shown := keys
	if len(shown) > 3 {
		shown = shown[:3]
	}
	msg := fmt.Sprintf("%d translation key(s) match no %s of the site: %s", len(keys), what, quoteAll(shown))
	if len(keys) > len(shown) {
		msg += fmt.Sprintf(" and %d more", len(keys)-len(shown))
	}
	return []diag.Diagnostic{{File: m.File, Line: m.lines.Line(keys[0]), Severity: diag.Warning, Message: msg,
		Hint: "rename the key to the label as the site now writes it, or remove it (npx docusaurus write-translations lists the current keys)"}}
}

func quoteAll(keys []string) string {
	quoted := make([]string, len(keys))
	for i, k := range keys {
		quoted[i] = fmt.Sprintf("%q", k)
	}
	return strings.Join(quoted, ", ")
}
