package pagecheck

import (
	"slices"
	"sort"
	"strings"

	"github.com/portaldocs/portal/internal/fhir/directive"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/markdown"
)

// apisTitledIn are the APIs whose title (without a trailing " API") the
// text names, the longest titles first.
func apisTitledIn(s *model.Site, text string) []*model.API {
	if text == "" {
		return nil
	}
	lower := strings.ToLower(text)
	var out []*model.API
	for _, api := range s.APIs {
		title := strings.ToLower(strings.TrimSuffix(api.Title, " API"))
		if len(title) > 3 && strings.Contains(lower, title) {
			out = append(out, api)
		}
	}
	return out
}

// apisNamedIn are the APIs whose base URL (sandbox or production) the text
// contains, written out or taken with :fhir-value{api="id" config="baseUrl"};
// with several, the longest base URLs win.
func apisNamedIn(s *model.Site, text string) []*model.API {
	text = baseURLValues(s, text, nil)
	var out []*model.API
	bestLen := 0
	for _, api := range s.APIs {
		for _, base := range api.BaseURLs() {
			if !containsURLPrefix(text, base) {
				continue
			}
			switch {
			case len(base) > bestLen:
				out, bestLen = []*model.API{api}, len(base)
			case len(base) == bestLen:
				out = append(out, api)
			}
		}
	}
	return out
}

// baseURLValues writes out the base URL of every :fhir-value directive
// that takes one, so a request written with the directive is read as one
// with the URL written out: from the API the directive names, or from the
// page's API when it names none and the page is about one (pageAPIs).
func baseURLValues(s *model.Site, text string, pageAPIs []*model.API) string {
	if !strings.Contains(text, ":fhir-value") {
		return text
	}
	return directive.ReplaceValues(text, func(d string, attrs map[string]string) string {
		if attrs["config"] != "baseUrl" {
			return d
		}
		api := s.API(attrs["api"])
		if _, named := attrs["api"]; !named && len(pageAPIs) == 1 {
			api = pageAPIs[0]
		}
		if api == nil {
			return d
		}
		return api.BaseURL
	})
}

// containsURLPrefix: text holds base followed by the end of the URL or a
// path, query or fragment, so /r4 does not match /r4b.
func containsURLPrefix(text, base string) bool {
	for from := 0; ; {
		i := strings.Index(text[from:], base)
		if i < 0 {
			return false
		}
		end := from + i + len(base)
		if end == len(text) || strings.ContainsRune("/?#'\" \n\t)`<>", rune(text[end])) {
			return true
		}
		from = end
	}
}

func appendAPIs(list, more []*model.API) []*model.API {
	for _, a := range more {
		if !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	return list
}

// blockAPIs are the APIs a code block is about: those whose base URL it
// (or its title) names, else, for a response right after its request (no
// more than a few lines apart), those the request names.
func blockAPIs(s *model.Site, blocks []markdown.CodeBlock, i int) []*model.API {
	cb := blocks[i]
	if named := apisNamedIn(s, cb.Code+" "+cb.Title); len(named) > 0 {
		return named
	}
	if i > 0 {
		prev := blocks[i-1]
		end := prev.FirstLine + strings.Count(prev.Code, "\n")
		if cb.Line-end <= responseGapLines {
			return apisNamedIn(s, prev.Code+" "+prev.Title)
		}
	}
	return nil
}

// responseGapLines is how far a response block may follow its request
// block (a sentence or two between them) and still be read as its answer.
const responseGapLines = 4

func apiIDs(apis []*model.API) string {
	ids := make([]string, len(apis))
	for i, a := range apis {
		ids[i] = a.ID
	}
	sort.Strings(ids)
	return strings.Join(ids, ", ")
}
