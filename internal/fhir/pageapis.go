package fhir

import (
	"fmt"
	"path"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
)

// FrontMatterAPIKey is the front matter key that ties a page to APIs:
// fhir_api: provider-patient-access, or a list of ids.
const FrontMatterAPIKey = "fhir_api"

// PageAPIs says which APIs a page is about: a generated page's API; the
// APIs its front matter names (fhir_api); else the API whose generated
// pages share the doc's folder (its docs folder, the deepest one that holds
// the doc). declared is the front matter value, line its file line.
func (s *Site) PageAPIs(file, docID string, generated *Page, declared any, line int) ([]*model.API, []diag.Diagnostic) {
	if generated != nil {
		return []*model.API{generated.API}, nil
	}
	if declared != nil {
		var ids []string
		switch v := declared.(type) {
		case string:
			ids = []string{v}
		case []any:
			for _, item := range v {
				if id, ok := item.(string); ok {
					ids = append(ids, id)
				}
			}
		}
		if len(ids) == 0 {
			return nil, []diag.Diagnostic{{File: file, Line: line, Severity: diag.Error,
				Message: FrontMatterAPIKey + " must be an API id or a list of API ids",
				Hint:    FrontMatterAPIKey + ": [provider-patient-access, payer-patient-access]"}}
		}
		var apis []*model.API
		var diags []diag.Diagnostic
		for _, id := range ids {
			api := s.API(id)
			if api == nil {
				diags = append(diags, diag.Diagnostic{File: file, Line: line, Severity: diag.Error,
					Message: fmt.Sprintf("%s: no FHIR API with id %q is configured%s", FrontMatterAPIKey, id, s.APISuggestion(id)),
					Hint:    "use the id of an entry of fhir.apis in the site config"})
				continue
			}
			apis = append(apis, api)
		}
		return apis, diags
	}
	if api := s.apiOfDocFolder(docID); api != nil {
		return []*model.API{api}, nil
	}
	return nil, nil
}

// apiOfDocFolder is the API whose docs folder (the folder its generated
// pages share) is the deepest one holding the doc.
func (s *Site) apiOfDocFolder(docID string) *model.API {
	var best *model.API
	bestLen := -1
	for api, dir := range s.docFolders() {
		if dir != "" && strings.HasPrefix(docID, dir+"/") && len(dir) > bestLen {
			best, bestLen = api, len(dir)
		}
	}
	return best
}

// docFolders maps each API with generated pages to the deepest folder all
// its pages share.
func (s *Site) docFolders() map[*model.API]string {
	out := map[*model.API]string{}
	for _, p := range s.Pages {
		dir := path.Dir(p.DocID)
		if cur, ok := out[p.API]; ok {
			dir = commonDir(cur, dir)
		}
		out[p.API] = dir
	}
	return out
}

func commonDir(a, b string) string {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return strings.Join(as[:n], "/")
}
