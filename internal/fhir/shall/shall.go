// Package shall lists what a guide's CapabilityStatement rates SHALL (its
// capabilitystatement-expectation extensions) and says, for an API's
// statement that instantiates or imports it, which of those the API meets
// and which it does not, with the reason the site records.
package shall

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Kind is what a requirement asks of the server.
type Kind string

// The kinds of requirement a statement's expectations name.
const (
	Resource    Kind = "resource"
	Interaction Kind = "interaction"
	SearchParam Kind = "search parameter"
	Combination Kind = "search combination"
	Operation   Kind = "operation"
)

// Requirement is one SHALL of a guide's server statement.
type Requirement struct {
	// Resource is the resource type, "" for the server as a whole.
	Resource string
	Kind     Kind
	// Name is the interaction code, the search parameter's name, the
	// combination's parameters joined by "&", or the operation's name.
	Name string
	// Conditional is set on what the guide asks of a resource it does not
	// itself rate SHALL: that applies only to a server that supports the
	// resource.
	Conditional bool
}

// Key is how a page and a deviations file name the requirement, in the
// shape of the request it stands for: "Patient", "Patient read",
// "Patient?birthdate", "Patient?birthdate&name", "Group/$export",
// "$export".
func (r Requirement) Key() string {
	switch r.Kind {
	case Resource:
		return r.Resource
	case Interaction:
		return strings.TrimSpace(r.Resource + " " + r.Name)
	case SearchParam, Combination:
		return r.Resource + "?" + r.Name
	default:
		if r.Resource == "" {
			return "$" + r.Name
		}
		return r.Resource + "/$" + r.Name
	}
}

// Statement is what the comparison reads of a CapabilityStatement.
type Statement struct {
	URL     string `json:"url"`
	Version string `json:"version"`
	Title   string `json:"title"`
	Name    string `json:"name"`
	Meta    struct {
		Source string `json:"source"`
	} `json:"meta"`
	Instantiates []string `json:"instantiates"`
	Imports      []string `json:"imports"`
	Rest         []rest   `json:"rest"`
}

type rest struct {
	Mode        string        `json:"mode"`
	Resource    []resource    `json:"resource"`
	Interaction []expectation `json:"interaction"`
	Operation   []expectation `json:"operation"`
}

type resource struct {
	Type        string        `json:"type"`
	Extension   []extension   `json:"extension"`
	Interaction []expectation `json:"interaction"`
	SearchParam []expectation `json:"searchParam"`
	Operation   []expectation `json:"operation"`
}

// expectation is an interaction (code), a search parameter or an operation
// (name), with its extensions.
type expectation struct {
	Code      string      `json:"code"`
	Name      string      `json:"name"`
	Extension []extension `json:"extension"`
}

type extension struct {
	URL         string      `json:"url"`
	ValueCode   string      `json:"valueCode"`
	ValueString string      `json:"valueString"`
	Extension   []extension `json:"extension"`
}

const (
	expectationURL = "http://hl7.org/fhir/StructureDefinition/capabilitystatement-expectation"
	combinationURL = "http://hl7.org/fhir/StructureDefinition/capabilitystatement-search-parameter-combination"
)

func isShall(exts []extension) bool {
	for _, e := range exts {
		if e.URL == expectationURL {
			return e.ValueCode == "SHALL"
		}
	}
	return false
}

// ParseStatement reads a CapabilityStatement's JSON.
func ParseStatement(data []byte) (*Statement, error) {
	var s Statement
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("read CapabilityStatement: %w", err)
	}
	return &s, nil
}

// Label is the statement's title, else its name, else its id as the URL
// ends with it.
func (s *Statement) Label() string {
	switch {
	case s.Title != "":
		return s.Title
	case s.Name != "":
		return s.Name
	}
	return "CapabilityStatement " + s.URL[strings.LastIndex(s.URL, "/")+1:]
}

func (s *Statement) servers() []rest {
	var out []rest
	for _, r := range s.Rest {
		if r.Mode == "server" || r.Mode == "" {
			out = append(out, r)
		}
	}
	return out
}

// Requirements lists the SHALLs of the statement's server blocks, in the
// statement's order: each resource, then its interactions, search
// parameters, combinations and operations; then the server's own.
func (s *Statement) Requirements() []Requirement {
	var out []Requirement
	for _, r := range s.servers() {
		for _, res := range r.Resource {
			required := isShall(res.Extension)
			if required {
				out = append(out, Requirement{Resource: res.Type, Kind: Resource})
			}
			of := func(kind Kind, name string) Requirement {
				return Requirement{Resource: res.Type, Kind: kind, Name: name, Conditional: !required}
			}
			for _, in := range res.Interaction {
				if isShall(in.Extension) {
					out = append(out, of(Interaction, in.Code))
				}
			}
			for _, sp := range res.SearchParam {
				if isShall(sp.Extension) {
					out = append(out, of(SearchParam, sp.Name))
				}
			}
			for _, c := range res.combinations() {
				out = append(out, of(Combination, strings.Join(c, "&")))
			}
			for _, op := range res.Operation {
				if isShall(op.Extension) {
					out = append(out, of(Operation, op.Name))
				}
			}
		}
		for _, in := range r.Interaction {
			if isShall(in.Extension) {
				out = append(out, Requirement{Kind: Interaction, Name: in.Code})
			}
		}
		for _, op := range r.Operation {
			if isShall(op.Extension) {
				out = append(out, Requirement{Kind: Operation, Name: op.Name})
			}
		}
	}
	return out
}

// combinations are the resource's SHALL search parameter combinations,
// each its required parameters in the statement's order.
func (r resource) combinations() [][]string {
	var out [][]string
	for _, e := range r.Extension {
		if e.URL != combinationURL || !isShall(e.Extension) {
			continue
		}
		var names []string
		for _, part := range e.Extension {
			if part.URL == "required" {
				names = append(names, part.ValueString)
			}
		}
		out = append(out, names)
	}
	return out
}

// Meets reports whether the statement (an API's) does what req asks. A
// combination is met when the statement declares it or supports each of
// its parameters, which FHIR search then combines; an operation is known by
// its name.
func (s *Statement) Meets(req Requirement) bool {
	for _, r := range s.servers() {
		if req.Resource == "" {
			if req.Kind == Interaction && slices.ContainsFunc(r.Interaction, func(e expectation) bool { return e.Code == req.Name }) ||
				req.Kind == Operation && slices.ContainsFunc(r.Operation, named(req.Name)) {
				return true
			}
			continue
		}
		for _, res := range r.Resource {
			if res.Type == req.Resource && res.meets(req) {
				return true
			}
		}
	}
	return false
}

func (r resource) meets(req Requirement) bool {
	switch req.Kind {
	case Resource:
		return true
	case Interaction:
		return slices.ContainsFunc(r.Interaction, func(e expectation) bool { return e.Code == req.Name })
	case SearchParam:
		return slices.ContainsFunc(r.SearchParam, named(req.Name))
	case Combination:
		for _, name := range strings.Split(req.Name, "&") {
			if !slices.ContainsFunc(r.SearchParam, named(name)) {
				return false
			}
		}
		return true
	default:
		return slices.ContainsFunc(r.Operation, named(req.Name))
	}
}

func named(name string) func(expectation) bool {
	return func(e expectation) bool { return strings.TrimPrefix(e.Name, "$") == strings.TrimPrefix(name, "$") }
}

// Row is one SHALL of a guide statement against an API's statement.
type Row struct {
	Requirement
	Met bool
	// Reason is why the API does not meet it, as the site records it.
	Reason string
}

// Comparison is an API's statement against one guide statement.
type Comparison struct {
	Rows []Row
	// Unrecorded are the SHALLs not met that the site gives no reason for.
	Unrecorded []Requirement
	// Stale are recorded deviations that name a SHALL the API meets, or
	// no SHALL of the guide's statement; Why says which.
	Stale []StaleDeviation
}

// StaleDeviation is a recorded deviation that has nothing to explain.
type StaleDeviation struct {
	Deviation
	Why string
}

// Compare rates each SHALL of guide against api, leaving out what the guide
// asks of a resource it does not require and the API does not support. A
// deviation recorded for
// a resource covers what the guide asks of that resource when the API does
// not support the resource at all.
func Compare(api, guide *Statement, recorded []Deviation) Comparison {
	reasons := map[string]string{}
	for _, d := range recorded {
		reasons[d.Requirement] = d.Reason
	}
	var c Comparison
	used := map[string]bool{}
	unmet := map[string]bool{}
	for _, req := range guide.Requirements() {
		if req.Conditional && !api.Meets(Requirement{Resource: req.Resource, Kind: Resource}) {
			continue
		}
		row := Row{Requirement: req, Met: api.Meets(req)}
		if !row.Met {
			unmet[req.Key()] = true
			key := req.Key()
			if _, ok := reasons[key]; !ok && req.Resource != "" && !api.Meets(Requirement{Resource: req.Resource, Kind: Resource}) {
				key = req.Resource
			}
			if reason, ok := reasons[key]; ok {
				row.Reason = reason
				used[key] = true
			} else {
				c.Unrecorded = append(c.Unrecorded, req)
			}
		}
		c.Rows = append(c.Rows, row)
	}
	shalls := map[string]bool{}
	for _, row := range c.Rows {
		shalls[row.Key()] = true
	}
	for _, d := range recorded {
		switch {
		case used[d.Requirement]:
		case !shalls[d.Requirement]:
			c.Stale = append(c.Stale, StaleDeviation{d, "is not a SHALL of " + guide.Label()})
		case !unmet[d.Requirement]:
			c.Stale = append(c.Stale, StaleDeviation{d, "is met by the API's statement"})
		}
	}
	return c
}

// Met counts the rows met.
func (c Comparison) Met() int {
	n := 0
	for _, r := range c.Rows {
		if r.Met {
			n++
		}
	}
	return n
}
