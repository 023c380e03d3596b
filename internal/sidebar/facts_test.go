package sidebar

import (
	"slices"
	"testing"
)

// fixtureCategory mirrors the theme's fixture sidebar (theme/src/docs/
// testFixtures.ts), whose categories carry what these facts give.
func fixtureCategories() map[string]*Item {
	link := func(label, href string) *Item { return &Item{Type: TypeLink, Label: label, Href: href, DocID: label} }
	secret := link("Secret page", "/docs/getting-started/secret/")
	secret.Unlisted = true
	fhir := &Item{Type: TypeCategory, Label: "FHIR", Href: "/docs/api/fhir/", Items: []*Item{link("R4", "/docs/api/fhir/r4/")}}
	return map[string]*Item{
		"Getting started": {Type: TypeCategory, Label: "Getting started", Href: "/docs/getting-started/", Items: []*Item{
			link("Authorization", "/docs/getting-started/authorization/"), link("Registration", "/docs/getting-started/registration/"), secret}},
		"APIs":          {Type: TypeCategory, Label: "APIs", Items: []*Item{{Type: TypeHTML, Value: "<hr>"}, link("CCD API", "/docs/api/ccd/"), fhir}},
		"FHIR":          fhir,
		"Only unlisted": {Type: TypeCategory, Label: "Only unlisted", Href: "/docs/hidden/", LinkUnlisted: true, Items: []*Item{secret}},
		"Mixed case":    {Type: TypeCategory, Label: "Mixed case", Items: []*Item{link("Patient", "/docs/API/Patient")}},
	}
}

func TestItemFacts(t *testing.T) {
	cats := fixtureCategories()
	tests := []struct {
		category  string
		listed    bool
		firstLink string
		paths     []string
	}{
		{"Getting started", true, "/docs/getting-started/",
			[]string{"/docs/getting-started/", "/docs/getting-started/authorization/", "/docs/getting-started/registration/", "/docs/getting-started/secret/"}},
		{"APIs", true, "/docs/api/ccd/", []string{"/docs/api/ccd/", "/docs/api/fhir/", "/docs/api/fhir/r4/"}},
		{"FHIR", true, "/docs/api/fhir/", []string{"/docs/api/fhir/", "/docs/api/fhir/r4/"}},
		// Its own page is unlisted and so is everything in it: shown only on
		// those pages, and its first link is the first page inside.
		{"Only unlisted", false, "/docs/getting-started/secret/", []string{"/docs/hidden/", "/docs/getting-started/secret/"}},
		{"Mixed case", true, "/docs/API/Patient", []string{"/docs/api/patient/"}},
	}
	for _, item := range cats {
		settleCategories([]*Item{item})
	}
	for _, tt := range tests {
		item := cats[tt.category]
		if got := item.Listed(); got != tt.listed {
			t.Errorf("%s: Listed() = %v, want %v", tt.category, got, tt.listed)
		}
		if item.Unlisted == tt.listed {
			t.Errorf("%s: Unlisted = %v, want %v", tt.category, item.Unlisted, !tt.listed)
		}
		if item.FirstLink != tt.firstLink {
			t.Errorf("%s: FirstLink = %q, want %q", tt.category, item.FirstLink, tt.firstLink)
		}
		if !slices.Equal(item.Paths, tt.paths) {
			t.Errorf("%s: Paths = %q, want %q", tt.category, item.Paths, tt.paths)
		}
	}
	if (&Item{Type: TypeLink, Href: "/x/", Unlisted: true}).Listed() {
		t.Error("an unlisted doc's link is listed")
	}
	if !(&Item{Type: TypeHTML, Value: "<hr>"}).Listed() {
		t.Error("an html item is not listed")
	}
}
