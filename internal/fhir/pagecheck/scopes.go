package pagecheck

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/smart"
	"github.com/portaldocs/portal/internal/markdown"
)

// Scope patterns. A resource scope is distinctive wherever it is written;
// scopes without a resource are checked where a text is a scope list.
var (
	resourceScopeInTextRe = regexp.MustCompile(`\b(?:patient|user|system)/(?:\*|[A-Z][A-Za-z]*)\.[A-Za-z*]+(?:\?[^\s"'` + "`" + `,;)\]]+)?`)
	// scopeParamRe finds a scope parameter's value in a request: a query
	// or form parameter scope=… or a JSON "scope": "…".
	scopeParamRe = regexp.MustCompile(`(?:[?&\s'"]|^)scope=([^&\s'"\\]+)|"scope"\s*:\s*"([^"]*)"`)
	// distinctiveScopes name no resource but cannot be mistaken for words.
	distinctiveScopes = map[string]bool{"launch/patient": true, "launch/encounter": true, "offline_access": true, "online_access": true}
)

// scopeMention is one scope a page asks for.
type scopeMention struct {
	scope string
	line  int
	// apis, when set, are the APIs the text names (a code block with an
	// API's base URL), narrower than the page's.
	apis []*model.API
}

// pageScopes lists the scopes a page names: resource scopes anywhere,
// every scope of a code span that is a scope list, and every scope of a
// scope parameter in a code block. A prose block that names APIs by their
// title (a paragraph about another API, a table column headed with an API)
// is about those APIs; a sentence that says a scope is refused is skipped.
func pageScopes(s *model.Site, p PageText) []scopeMention {
	var out []scopeMention
	for _, prose := range p.Outline.Prose {
		if !mayHoldScope(prose) {
			continue
		}
		// A column headed with an API is about that API; a paragraph that
		// names other APIs may speak of them as well as of the page's.
		apis := apisTitledIn(s, prose.Header)
		if len(apis) == 0 {
			text, _ := prose.Text(true)
			if named := apisTitledIn(s, text); len(named) > 0 {
				apis = appendAPIs(append([]*model.API(nil), p.APIs...), named)
			}
		}
		for _, m := range proseScopes(prose) {
			m.apis = apis
			out = append(out, m)
		}
	}
	for bi, cb := range p.Outline.CodeBlocks {
		apis := blockAPIs(s, p.Outline.CodeBlocks, bi)
		for i, line := range strings.Split(cb.Code, "\n") {
			if !strings.Contains(line, "scope") && !mayNameResourceScope(line) {
				continue // most lines of code: no regular expression need scan them
			}
			seen := map[string]bool{}
			for _, m := range scopeParamRe.FindAllStringSubmatch(line, -1) {
				value := m[1] + m[2]
				if strings.ContainsAny(value, "$<{(") {
					continue // a shell or collection variable, not a scope
				}
				for _, f := range smart.Fields(value) {
					seen[f] = true
					out = append(out, scopeMention{scope: f, line: cb.LineOf(i), apis: apis})
				}
			}
			for _, m := range resourceScopeInTextRe.FindAllString(line, -1) {
				if m = trimScopePunctuation(m); !seen[m] {
					out = append(out, scopeMention{scope: m, line: cb.LineOf(i), apis: apis})
				}
			}
		}
	}
	return out
}

// refusalRe marks a sentence that tells the reader what not to ask for
// ("… not patient/Observation.rs", "v2 scopes fail with invalid_scope",
// "use X instead of Y"): its scopes are examples of refusal, not requests.
var refusalRe = regexp.MustCompile(`(?i)\b(?:not|no|never|fails?|failed|refused?|refuses|rejects?|rejected|invalid_scope|instead of|rather than|unlike|becomes?|lacks?)\b|n't\b`)

// mayNameResourceScope reports whether s holds what every match of
// resourceScopeInTextRe starts with.
func mayNameResourceScope(s string) bool {
	return strings.Contains(s, "patient/") || strings.Contains(s, "user/") || strings.Contains(s, "system/")
}

// mayHoldScope: a block without a "/" or a scope word holds no scope, and
// is not read further.
func mayHoldScope(prose markdown.Prose) bool {
	for _, r := range prose.Runs {
		if strings.Contains(r.Text, "/") || (r.Code && strings.Contains(r.Text, "_access")) {
			return true
		}
	}
	return false
}

// proseScopes are the scopes of a prose block with their lines, leaving
// out those in a sentence that speaks of refusal.
func proseScopes(prose markdown.Prose) []scopeMention {
	text, _ := prose.Text(true)
	var out []scopeMention
	offset := 0
	for _, run := range prose.Runs {
		switch {
		case run.Code && isScopeList(run.Text):
			if !refusalRe.MatchString(sentenceAround(text, offset+1)) {
				for _, f := range strings.Fields(run.Text) {
					out = append(out, scopeMention{scope: f, line: run.Line})
				}
			}
		case mayNameResourceScope(run.Text):
			for _, m := range resourceScopeInTextRe.FindAllStringIndex(run.Text, -1) {
				at := offset + m[0]
				if run.Code {
					at++
				}
				if !refusalRe.MatchString(sentenceAround(text, at)) {
					out = append(out, scopeMention{scope: trimScopePunctuation(run.Text[m[0]:m[1]]), line: run.Line})
				}
			}
		}
		offset += len(run.Text)
		if run.Code {
			offset += 2
		}
	}
	return out
}

// sentenceAround is the sentence of text holding byte offset.
func sentenceAround(text string, offset int) string {
	start, end := 0, len(text)
	for _, m := range sentenceEndRe.FindAllStringIndex(text, -1) {
		if m[1] <= offset {
			start = m[1]
			continue
		}
		end = m[0] + 1
		break
	}
	return text[start:min(end, len(text))]
}

var sentenceEndRe = regexp.MustCompile(`[.!?;]\s+`)

// isScopeList: a code span that is one distinctive scope, or several
// scopes at least one of which names a resource or a launch context.
func isScopeList(text string) bool {
	fields := strings.Fields(text)
	if len(fields) == 1 {
		return distinctiveScopes[fields[0]] || resourceScopeInTextRe.FindString(fields[0]) == fields[0]
	}
	anchored := false
	for _, f := range fields {
		switch {
		case resourceScopeInTextRe.FindString(f) == f, distinctiveScopes[f], strings.HasPrefix(f, "launch/"):
			anchored = true
		case f == "openid" || f == "fhirUser" || f == "launch" || f == "profile":
		default:
			return false
		}
	}
	return anchored && len(fields) > 1
}

// trimScopePunctuation drops sentence punctuation a scope in prose ends
// with ("… ask for patient/Observation.rs.").
func trimScopePunctuation(s string) string {
	return strings.TrimRight(s, ".,:;!")
}

func checkPageScopes(s *model.Site, p PageText) []diag.Diagnostic {
	var diags []diag.Diagnostic
	for _, m := range pageScopes(s, p) {
		apis := p.APIs
		if len(m.apis) > 0 {
			apis = m.apis
		}
		var checked []*model.API
		for _, api := range apis {
			if api.Smart != nil && api.Smart.HasScopes {
				checked = append(checked, api)
			}
		}
		if len(checked) == 0 || p.ignored(m.line, CheckScope) {
			continue
		}
		sc, err := smart.Parse(m.scope)
		if err != nil {
			diags = append(diags, diag.Diagnostic{File: p.File, Line: m.line, Severity: diag.Warning,
				Message: fmt.Sprintf("scope %v", err), Hint: "write the scope as SMART App Launch 2.0.0 spells it"})
			continue
		}
		granted := false
		var why string
		var first *model.API // the first that does not grant it, which the hint is about
		for _, api := range checked {
			ok, w := api.Smart.Server.Allows(sc)
			if ok {
				granted = true
				break
			}
			if first == nil {
				first, why = api, fmt.Sprintf("API %q: %s (%s)", api.ID, w, api.Smart.Path)
			}
		}
		if granted {
			continue
		}
		nearest := first.Smart.Server.Nearest(sc)
		message := fmt.Sprintf("scope %s is not granted by %s", m.scope, why)
		if len(checked) > 1 {
			message = fmt.Sprintf("scope %s is granted by none of the page's APIs (%s); %s", m.scope, apiIDs(checked), why)
		}
		hint := "write a scope the API lists in scopes_supported, or tie the text to another API (fhir_api front matter, or the API's base URL in the code block)"
		if nearest != "" {
			hint = "write " + nearest + ", which the API grants"
		}
		diags = append(diags, diag.Diagnostic{File: p.File, Line: m.line, Severity: diag.Warning, Message: message, Hint: hint})
	}
	return diags
}
