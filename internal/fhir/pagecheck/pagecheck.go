// Package pagecheck compares what pages say with the site's FHIR
// material: the SMART scopes they ask for, against the discovery documents
// of the APIs they are about (scopes.go); the canonical URLs they name,
// against the definitions the declared guides carry (canonicals.go); the
// example resources they show in code blocks, against the site's files and
// against each other (examples.go). A Checker takes the pages one at a time
// in site order, keeping of each only what the comparing checks need.
package pagecheck

import (
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
)

// CheckPages compares what pages say with the site's data: the scopes they
// ask for (against each API's discovery document), the canonical URLs they
// name (against the definitions of declared guides), and the example
// resources they show (against the site's files, and against each other).
// Findings are warnings: they are about an author's text, which a build
// still renders; the portal's own tests fail on any warning.
func CheckPages(s *model.Site, pages []PageText) []diag.Diagnostic {
	c := NewChecker(s)
	var diags []diag.Diagnostic
	for _, p := range pages {
		diags = append(diags, c.Page(p)...)
	}
	return diags
}

// Checker runs CheckPages' checks one page at a time, so that a build
// need not keep every page's text until the last is read; of the pages
// already checked it keeps only the examples they show. Pages are given in
// site order, from one goroutine.
type Checker struct {
	site  *model.Site
	shown *shownExamples
}

// NewChecker starts checking pages against the site's material.
func NewChecker(site *model.Site) *Checker {
	return &Checker{site: site, shown: newShownExamples()}
}

// Page checks one page.
func (c *Checker) Page(p PageText) []diag.Diagnostic {
	diags, shown := c.Check(p)
	return append(diags, c.Compare(shown)...)
}

// Check runs the checks that read one page alone, and returns the
// resources it shows that the site has no file for, which Compare checks
// against the other pages. A build may keep both and, for a page that did
// not change, give Compare what it kept instead of checking it again.
func (c *Checker) Check(p PageText) ([]diag.Diagnostic, []ShownExample) {
	diags := checkPageScopes(c.site, p)
	diags = append(diags, checkPageCanonicals(c.site, p)...)
	examples, shown := checkPageExamples(c.site, p)
	return append(diags, examples...), shown
}

// Compare checks a page's unfiled examples (Check) against the pages
// given before it: pages are given in site order, from one goroutine.
func (c *Checker) Compare(shown []ShownExample) []diag.Diagnostic {
	var diags []diag.Diagnostic
	for _, ex := range shown {
		if d, ok := c.shown.compareShown(ex); ok {
			diags = append(diags, d)
		}
	}
	return diags
}
