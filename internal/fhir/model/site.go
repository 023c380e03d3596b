package model

import (
	"fmt"

	"github.com/portaldocs/portal/internal/yamlx"
)

// Site is a site's FHIR material once read: every resource of its FHIR
// folder, the APIs configured over them, the guides it declares and the
// files it publishes as written.
type Site struct {
	Registry *Registry
	APIs     []*API
	// Dir is the FHIR folder, relative to the site.
	Dir string
	// Published are the files fhir.publish serves at fixed paths, exactly
	// as written.
	Published []Download
	// Guides are the declared dependencies and the definitions they carry.
	Guides Guides
	// Documents are the files and discovery documents whose values pages
	// show, each decoded once however many directives and goroutines read
	// it.
	Documents Documents
	byID      map[string]*API
}

// API finds a configured API.
func (m *Site) API(id string) *API { return m.byID[id] }

// AddAPI adds a configured API, found by its id from then on.
func (m *Site) AddAPI(api *API) {
	if m.byID == nil {
		m.byID = map[string]*API{}
	}
	m.APIs = append(m.APIs, api)
	m.byID[api.ID] = api
}

// APISuggestion is ` (did you mean "x"?)` when a configured API's id is
// close to id, else "".
func (m *Site) APISuggestion(id string) string {
	ids := make([]string, 0, len(m.APIs))
	for _, a := range m.APIs {
		ids = append(ids, a.ID)
	}
	if n := yamlx.Nearest(id, ids); n != "" {
		return fmt.Sprintf(" (did you mean %q?)", n)
	}
	return ""
}

// Download is a file published for an API, at Path under the base URL.
type Download struct {
	Path string
	Data []byte
	// Source is the site file a published document is copied from ("" for
	// generated files).
	Source string
}
