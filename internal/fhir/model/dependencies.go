package model

import (
	"fmt"
	"strings"

	"github.com/portaldocs/portal/internal/config"
)

// Dependencies are the implementation guides a site's statements rely on
// without carrying their definitions (fhir.dependencies in the config).
type Dependencies []config.FHIRDependency

// Publisher says whether a reference is defined by a declared guide. A
// reference pinned with |version must name a declared version of it, so a
// statement cannot claim a guide version the site does not say it follows;
// mismatch then names the versions that are declared.
func (d Dependencies) Publisher(ref string) (ok bool, mismatch string) {
	url, version, _ := strings.Cut(ref, "|")
	var declared []string
	for _, dep := range d {
		if !DefinedUnder(url, dep.Canonical) {
			continue
		}
		if version == "" || version == dep.Version {
			return true, ""
		}
		declared = append(declared, dep.Package+"#"+dep.Version)
	}
	if len(declared) > 0 {
		return false, fmt.Sprintf("version %s is not a declared dependency (declared: %s)", version, strings.Join(declared, ", "))
	}
	return false, ""
}

// DefinedUnder says whether url has the shape of a guide's definitions,
// <canonical>/<ResourceType>/<id>. The exact shape matters for the core
// specification, whose canonical (http://hl7.org/fhir) is a prefix of
// every HL7 guide's: declaring the core must not vouch for
// http://hl7.org/fhir/us/… references of guides the site does not declare.
func DefinedUnder(url, canonical string) bool {
	rest, ok := strings.CutPrefix(url, canonical+"/")
	if !ok {
		return false
	}
	resourceType, id, ok := strings.Cut(rest, "/")
	return ok && IsTypeName(resourceType) && isLetters(resourceType) && id != "" && !strings.Contains(id, "/")
}

// isLetters: a resource type name has letters only (a published page's
// version folder such as STU6.1 is none).
func isLetters(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return s != ""
}
