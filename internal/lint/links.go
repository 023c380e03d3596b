package lint

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
)

// httpsHosts serve their pages over https and redirect http: a link with
// http:// is a copy-paste from an old page, or a typo. (FHIR canonical
// URLs of hl7.org stay http: they are identifiers; see isCanonical.)
var httpsHosts = map[string]bool{
	"hl7.org": true, "www.hl7.org": true, "build.fhir.org": true, "fhir.org": true, "chat.fhir.org": true,
	"terminology.hl7.org": true, "validator.fhir.org": true, "github.com": true, "openid.net": true,
	"datatracker.ietf.org": true, "www.rfc-editor.org": true, "www.ecfr.gov": true, "ecfr.gov": true,
	"www.healthit.gov": true, "healthit.gov": true, "inferno.healthit.gov": true, "chpl.healthit.gov": true,
	"www.cms.gov": true, "cms.gov": true, "www.federalregister.gov": true, "oauth.net": true, "jwt.io": true,
	"fshonline.fshschool.org": true, "www.postman.com": true, "learning.postman.com": true, "www.npmjs.com": true,
}

// canonicalPathRe is the path of a FHIR identifier written with http://
// by definition: a canonical URL (…/<ResourceType>/<id>) or an identifier
// system of hl7.org/fhir/sid/.
var canonicalPathRe = regexp.MustCompile(`/(StructureDefinition|OperationDefinition|SearchParameter|CapabilityStatement|ValueSet|CodeSystem|ImplementationGuide|NamingSystem|ConceptMap)/[^/]+$|^/fhir/sid/`)

// Malformed link syntax in a page's text: the Markdown did not become a
// link, so the reader sees brackets and the address.
var (
	// spaceInDestRe: [text](https://a b) — the address has a space.
	spaceInDestRe = regexp.MustCompile(`\]\((https?://[^)\s]*)\s+[^)"'\s]+\)`)
	// spacedLinkRe: [text] (https://…) — a space between ] and (.
	spacedLinkRe = regexp.MustCompile(`\[[^\]]+\] \((https?://[^)\s]+)\)`)
	// unclosedLinkRe: [text](https://… with no ) before the end of line.
	unclosedLinkRe = regexp.MustCompile(`\[[^\]]*\]\((https?://[^)\s]*)$`)
	// unclosedAutolinkRe: <https://… with no >.
	unclosedAutolinkRe = regexp.MustCompile(`<(https?://[^>\s]*)(?:\s|$)`)
)

// checkLinks reports malformed link addresses and link syntax.
func checkLinks(p Page) []diag.Diagnostic {
	var diags []diag.Diagnostic
	warn := func(line int, hint, format string, args ...any) {
		if p.ignored(line, CheckLink) {
			return
		}
		diags = append(diags, diag.Diagnostic{File: p.File, Line: line, Severity: diag.Warning,
			Message: fmt.Sprintf(format, args...), Hint: hint})
	}
	for _, l := range p.Outline.Links {
		if problem, hint := externalLinkProblem(l.Dest); problem != "" {
			warn(l.Line, hint, "link %s %s", l.Dest, problem)
		}
	}
	inFence := ""
	for i, line := range strings.Split(string(p.Body), "\n") {
		lineNo := p.FirstLine + i
		if m := fenceOpenRe.FindStringSubmatch(line); m != nil {
			switch {
			case inFence == "":
				inFence = m[1]
				continue
			case m[1][0] == inFence[0] && len(m[1]) >= len(inFence):
				inFence = ""
				continue
			}
		}
		if inFence != "" {
			continue
		}
		text := stripCodeSpans(line)
		for _, m := range spaceInDestRe.FindAllStringSubmatch(text, -1) {
			warn(lineNo, "remove the space, or write it as %20", "link address %s… has a space, so the text is no link", m[1])
		}
		for _, m := range spacedLinkRe.FindAllStringSubmatch(text, -1) {
			warn(lineNo, "remove the space between ] and (", "link to %s has a space between ] and (, so the text is no link", m[1])
		}
		for _, m := range unclosedLinkRe.FindAllStringSubmatch(text, -1) {
			warn(lineNo, "close the address with )", "link to %s is not closed with ), so the text is no link", m[1])
		}
		for _, m := range unclosedAutolinkRe.FindAllStringSubmatch(text, -1) {
			warn(lineNo, "close the address with >", "autolink <%s is not closed with >", m[1])
		}
	}
	return diags
}

// externalLinkProblem says what is wrong with an absolute link address,
// "" when nothing is (or when it is a site path).
func externalLinkProblem(dest string) (problem, hint string) {
	lower := strings.ToLower(dest)
	if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
		if strings.HasPrefix(lower, "htp") || strings.HasPrefix(lower, "http:/") || strings.HasPrefix(lower, "https:/") || strings.HasPrefix(lower, "www.") {
			return "has a malformed scheme", "write https://…"
		}
		return "", ""
	}
	rest := dest[strings.Index(dest, "://")+3:]
	if strings.HasPrefix(strings.ToLower(rest), "http://") || strings.HasPrefix(strings.ToLower(rest), "https://") {
		return "repeats its scheme", "write the address once"
	}
	u, err := url.Parse(dest)
	if err != nil {
		return fmt.Sprintf("is not a valid URL (%v)", unwrapURLError(err)), "fix the address"
	}
	host := strings.ToLower(u.Hostname())
	switch {
	case host == "":
		return "has no host", "write the full address, e.g. https://hl7.org/fhir/"
	case strings.ContainsAny(host, " _") || strings.HasSuffix(host, ".") || (!strings.Contains(host, ".") && host != "localhost"):
		return fmt.Sprintf("has an invalid host %q", host), "fix the host name"
	case u.Scheme == "http" && httpsHosts[host] && !canonicalPathRe.MatchString(u.Path):
		return "uses http://, and " + host + " serves https", "write https://" + strings.TrimPrefix(dest, u.Scheme+"://")
	}
	return "", ""
}

func unwrapURLError(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

// stripCodeSpans blanks the code spans of a line, so text in them is not
// read as link syntax.
func stripCodeSpans(line string) string {
	b := []byte(line)
	for i := 0; i < len(b); {
		if b[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(b) && b[i+n] == '`' {
			n++
		}
		closer := strings.Index(string(b[i+n:]), strings.Repeat("`", n))
		if closer < 0 {
			i += n
			continue
		}
		end := i + n + closer + n
		for k := i; k < end; k++ {
			b[k] = ' '
		}
		i = end
	}
	return string(b)
}
