package pagecheck

import (
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/markdown"
)

// PageText is a page as an author wrote it (before directives are
// expanded), with the APIs it is about, for the checks that compare what
// pages say with the site's FHIR data.
type PageText struct {
	// File is the site-relative source file.
	File    string
	Outline *markdown.Outline
	// APIs are the APIs the page is about (fhir.Site.PageAPIs); none for a
	// page about no API, whose scopes are then not checked.
	APIs []*model.API
	// Ignored says whether a finding of a check on a line is silenced there
	// (see lint's ignore markers); nil silences nothing.
	Ignored func(line int, check string) bool
}

func (p PageText) ignored(line int, check string) bool {
	return p.Ignored != nil && p.Ignored(line, check)
}

// Check names, as warnings carry them and ignore markers name them.
const (
	CheckScope     = "scope"
	CheckExample   = "example"
	CheckCanonical = "canonical"
)
