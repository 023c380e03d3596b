package shall

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/portaldocs/portal/internal/diag"
)

// DeviationsFile is the file beside an API's CapabilityStatement that
// records, for each guide statement the API instantiates or imports, the
// SHALLs it does not meet and why.
const DeviationsFile = "deviations.yaml"

// Deviation is one SHALL an API does not meet, with the reason the site
// gives and where it is written.
type Deviation struct {
	Requirement string
	Reason      string
	// Line is the requirement's line, GuideLine the line of the guide
	// statement it is under.
	Line, GuideLine int
}

// Deviations are a site's recorded deviations by guide statement
// ("canonical|version").
type Deviations map[string][]Deviation

// ParseDeviations reads a deviations file: a map from a guide statement's
// canonical|version to a map from a requirement's key to its reason.
func ParseDeviations(file string, data []byte) (Deviations, []diag.Diagnostic) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, []diag.Diagnostic{{File: file, Line: yamlErrorLine(err), Severity: diag.Error,
			Message: fmt.Sprintf("read deviations: %v", err), Hint: "write a map from a guide statement's canonical|version to a map from each SHALL not met to its reason"}}
	}
	out := Deviations{}
	if len(doc.Content) == 0 {
		return out, nil
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, []diag.Diagnostic{{File: file, Line: top.Line, Severity: diag.Error, Message: "deviations: the file is not a map",
			Hint: "write http://…/CapabilityStatement/x|1.0.0: {\"Patient read\": why}"}}
	}
	var diags []diag.Diagnostic
	for i := 0; i+1 < len(top.Content); i += 2 {
		guide, reqs := top.Content[i], top.Content[i+1]
		if _, version, ok := strings.Cut(guide.Value, "|"); !ok || version == "" {
			diags = append(diags, diag.Diagnostic{File: file, Line: guide.Line, Col: guide.Column, Severity: diag.Error,
				Message: fmt.Sprintf("deviations: %q names no version", guide.Value), Hint: "write the statement's canonical as the API's instantiates does, with |version"})
			continue
		}
		if reqs.Kind != yaml.MappingNode {
			diags = append(diags, diag.Diagnostic{File: file, Line: reqs.Line, Col: reqs.Column, Severity: diag.Error,
				Message: fmt.Sprintf("deviations of %s: not a map of requirement to reason", guide.Value), Hint: `write "Patient read": why the API does not`})
			continue
		}
		for j := 0; j+1 < len(reqs.Content); j += 2 {
			key, reason := reqs.Content[j], reqs.Content[j+1]
			if reason.Kind != yaml.ScalarNode || strings.TrimSpace(reason.Value) == "" {
				diags = append(diags, diag.Diagnostic{File: file, Line: key.Line, Col: key.Column, Severity: diag.Error,
					Message: fmt.Sprintf("deviation %s of %s has no reason", key.Value, guide.Value), Hint: "say in a sentence why the API does not do it: the page shows it"})
				continue
			}
			out[guide.Value] = append(out[guide.Value], Deviation{Requirement: key.Value, Reason: strings.TrimSpace(reason.Value), Line: key.Line, GuideLine: guide.Line})
		}
	}
	return out, diags
}

func yamlErrorLine(err error) int {
	var line int
	if _, scanErr := fmt.Sscanf(err.Error(), "yaml: line %d:", &line); scanErr == nil {
		return line
	}
	return 0
}
