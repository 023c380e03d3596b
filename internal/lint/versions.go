package lint

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
)

// A guide's version is written in full on one page ("US Core 6.1.0") and
// short on another ("US Core 6.1", "SMART 2"): a reader cannot tell
// whether the two mean the same release, and a short version may name
// several ("SMART 2" is 2.0.0 or 2.2.0). A version written with fewer than
// three parts is reported when the site writes or declares a full version
// it abbreviates; the full versions are those pages write and the guides
// fhir.dependencies declares. Guide names are matched with their usual
// aliases ("SMART" and "SMART App Launch" are one guide); a different alias
// alone is not reported, since HL7 itself uses several ("Bulk Data", "FHIR
// Bulk Data Access"), except a name that fits several guides ("CARIN
// 2.1.0"). Versions written "v2" are left alone: "SMART v2 scopes" names
// the scope syntax, not a release.

// guideNames are the guides the lint recognizes, each with its package id
// and its names, longest first within a guide.
var guideNames = []struct {
	key, pkg string
	names    []string
}{
	{"plan-net", "hl7.fhir.us.davinci-pdex-plan-net", []string{"Da Vinci PDex Plan-Net", "PDex Plan-Net", "Plan-Net"}},
	{"pdex", "hl7.fhir.us.davinci-pdex", []string{"Da Vinci Payer Data Exchange", "Payer Data Exchange", "Da Vinci PDex", "PDex"}},
	{"hrex", "hl7.fhir.us.davinci-hrex", []string{"Da Vinci Health Record Exchange", "Health Record Exchange", "Da Vinci HRex", "HRex"}},
	{"atr", "hl7.fhir.us.davinci-atr", []string{"Da Vinci Member Attribution", "Da Vinci ATR", "ATR"}},
	{"carin-bb", "hl7.fhir.us.carin-bb", []string{"CARIN IG for Blue Button", "CARIN for Blue Button", "CARIN Blue Button", "CARIN BB", "C4BB", "CARIN"}},
	{"us-core", "hl7.fhir.us.core", []string{"US Core"}},
	{"smart", "hl7.fhir.uv.smart-app-launch", []string{"SMART App Launch", "SMART on FHIR", "SMART"}},
	{"bulk", "hl7.fhir.uv.bulkdata", []string{"FHIR Bulk Data Access", "Bulk Data Access", "FHIR Bulk Data", "Bulk Data"}},
}

// mentionRe matches "<guide name> [IG|STU] <version>".
var mentionRe = func() *regexp.Regexp {
	var alts []string
	for _, g := range guideNames {
		for _, n := range g.names {
			alts = append(alts, regexp.QuoteMeta(n))
		}
	}
	sort.Slice(alts, func(i, j int) bool { return len(alts[i]) > len(alts[j]) })
	return regexp.MustCompile(`\b(` + strings.Join(alts, "|") + `)(?:\s+(?:IG|Implementation Guide))?\s+((?:STU\s?)?\d+(?:\.\d+){0,2})\b(?:\.\d)?`)
}()

// Mention is one guide version a page writes. It is plain data, so that
// a build can keep a page's mentions with its other findings (Checker.Check).
type Mention struct {
	Guide   string
	Written string // as on the page, e.g. "US Core 6.1"
	Name    string // the guide's name as written, e.g. "US Core"
	Parts   []string
	File    string
	Line    int
	// Ignored is set when the line silences the guide version check.
	Ignored bool `json:",omitempty"`
}

type versionMentions struct {
	declared map[string][]string // guide key → declared versions
	mentions []Mention
}

func newVersionMentions(guides []Guide) *versionMentions {
	v := &versionMentions{declared: map[string][]string{}}
	for _, g := range guides {
		for _, gn := range guideNames {
			if gn.pkg == g.Package {
				v.declared[gn.key] = append(v.declared[gn.key], g.Version)
			}
		}
	}
	return v
}

func guideKey(name string) string {
	for _, g := range guideNames {
		for _, n := range g.names {
			if n == name {
				return g.key
			}
		}
	}
	return ""
}

// collect lists the guide versions a page writes in its prose.
func collect(p Page) []Mention {
	var mentions []Mention
	for _, prose := range p.Outline.Prose {
		text, lineAt := prose.Text(false)
		if !mayMentionGuide(text) {
			continue
		}
		for _, m := range mentionRe.FindAllStringSubmatchIndex(text, -1) {
			written := text[m[0]:m[1]]
			if strings.Count(written[m[4]-m[0]:], ".") > 2 {
				continue // an IP address or a longer number, not a version
			}
			version := strings.TrimSpace(strings.TrimPrefix(text[m[4]:m[5]], "STU"))
			line := lineAt(m[0])
			mentions = append(mentions, Mention{Guide: guideKey(text[m[2]:m[3]]), Written: written, Name: text[m[2]:m[3]],
				Parts: strings.Split(version, "."), File: p.File, Line: line, Ignored: p.ignored(line, CheckGuideVersion)})
		}
	}
	return mentions
}

// check reports each short version that abbreviates a full one.
func (v *versionMentions) check() []diag.Diagnostic {
	full := map[string]map[string]string{} // guide → full version → where it is written
	for _, m := range v.mentions {
		if len(m.Parts) == 3 {
			if full[m.Guide] == nil {
				full[m.Guide] = map[string]string{}
			}
			version := strings.Join(m.Parts, ".")
			if _, ok := full[m.Guide][version]; !ok {
				full[m.Guide][version] = fmt.Sprintf("%s:%d", m.File, m.Line)
			}
		}
	}
	for guide, versions := range v.declared {
		for _, version := range versions {
			if full[guide] == nil {
				full[guide] = map[string]string{}
			}
			if _, ok := full[guide][version]; !ok {
				full[guide][version] = "fhir.dependencies"
			}
		}
	}
	diags := v.checkNames()
	for _, m := range v.mentions {
		if len(m.Parts) == 3 {
			continue
		}
		prefix := strings.Join(m.Parts, ".") + "."
		var matches []string
		for version := range full[m.Guide] {
			if strings.HasPrefix(version+".", prefix) {
				matches = append(matches, version)
			}
		}
		if len(matches) == 0 {
			continue
		}
		if m.Ignored {
			continue
		}
		sort.Strings(matches)
		name := strings.TrimSpace(strings.TrimSuffix(m.Written, m.Written[strings.LastIndex(m.Written, " ")+1:]))
		if len(matches) == 1 {
			diags = append(diags, diag.Diagnostic{File: m.File, Line: m.Line, Severity: diag.Warning,
				Message: fmt.Sprintf("%q is written in full as %s %s elsewhere (%s)", m.Written, name, matches[0], full[m.Guide][matches[0]]),
				Hint:    fmt.Sprintf("write %s %s, as the other pages do", name, matches[0])})
			continue
		}
		diags = append(diags, diag.Diagnostic{File: m.File, Line: m.Line, Severity: diag.Warning,
			Message: fmt.Sprintf("%q may mean any of the versions %s the site names", m.Written, strings.Join(matches, ", ")),
			Hint:    "write the full version meant"})
	}
	return diags
}

// ambiguousNames name an organization that publishes several guides, so
// a version after them does not say which guide is meant.
var ambiguousNames = map[string]string{"CARIN": "the CARIN Alliance publishes several guides (Blue Button, Digital Insurance Card…)"}

// checkNames reports guide names that do not say which guide is meant.
func (v *versionMentions) checkNames() []diag.Diagnostic {
	var diags []diag.Diagnostic
	for _, m := range v.mentions {
		why, ambiguous := ambiguousNames[m.Name]
		if !ambiguous {
			continue
		}
		if m.Ignored {
			continue
		}
		full := ""
		for _, g := range guideNames {
			if g.key == m.Guide {
				full = g.names[0]
			}
		}
		diags = append(diags, diag.Diagnostic{File: m.File, Line: m.Line, Severity: diag.Warning,
			Message: fmt.Sprintf("%q does not say which guide: %s", m.Written, why),
			Hint:    fmt.Sprintf("write %s %s", full, strings.Join(m.Parts, "."))})
	}
	return diags
}

// guideWords are words every guide name contains one of; a text without
// any of them names no guide, and the large name pattern is not run on it.
var guideWords = []string{"US Core", "SMART", "Bulk Data", "CARIN", "C4BB", "PDex", "Payer Data", "HRex", "Health Record", "ATR", "Attribution", "Plan-Net"}

func mayMentionGuide(text string) bool {
	for _, w := range guideWords {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}
