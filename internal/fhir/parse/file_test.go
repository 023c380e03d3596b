package parse

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/model"
)

// sharedTestdata holds real HL7 conformance resources (and other JSON);
// read in place, never copied.
const sharedTestdata = "../../../../shared/testdata"

// TestParseOnePassMatchesStdlib reads every FHIR file of the portal's site
// and of the shared HL7 test data both ways: the single-pass reader must
// give what encoding/json gives, and must take every file encoding/json
// reads without a decoding problem.
func TestParseOnePassMatchesStdlib(t *testing.T) {
	for _, dir := range []string{siteFHIR, sharedTestdata} {
		for _, in := range readJSONFiles(t, dir) {
			name, _ := filepath.Rel(dir, in.path)
			t.Run(filepath.Base(dir)+"/"+name, func(t *testing.T) {
				for _, v := range []base.Version{base.R4, base.STU3} {
					onePass, diags := checkSameParse(t, in.path, in.data, v)
					if !onePass && !hasDecodeProblem(diags) {
						t.Errorf("the single-pass reader declined a file encoding/json reads cleanly (diagnostics %v)", diags)
					}
				}
			})
		}
	}
}

// checkSameParse compares parseFile with the encoding/json reading; it
// returns whether the single-pass reader took the file, and the
// diagnostics.
func checkSameParse(t *testing.T, p string, data []byte, v base.Version) (bool, []diag.Diagnostic) {
	t.Helper()
	want, wantDiags := parseStdlib(p, data, v)
	got, gotDiags, onePass := parseOnePass(p, data, v)
	if !onePass {
		got, gotDiags = parseFile(p, data, v)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s (%s): files differ\n got: %s\nwant: %s", p, v, dumpFiles(got), dumpFiles(want))
	}
	// Callers only append the diagnostics, so nil and empty are alike.
	if len(gotDiags) != 0 || len(wantDiags) != 0 {
		if !reflect.DeepEqual(gotDiags, wantDiags) {
			t.Errorf("%s (%s): diagnostics differ\n got: %v\nwant: %v", p, v, gotDiags, wantDiags)
		}
	}
	return onePass, wantDiags
}

// hasDecodeProblem is true when encoding/json reported something the
// single-pass reader leaves to it: malformed JSON, a value of the wrong
// type, a file or entry that is no resource.
func hasDecodeProblem(diags []diag.Diagnostic) bool {
	for _, d := range diags {
		if !contentProblem.MatchString(d.Message) {
			return true
		}
	}
	return false
}

// contentProblem matches the diagnostics about a decoded resource's
// content (checkRequired, checkInvocable), which the single-pass reader
// reports itself.
var contentProblem = regexp.MustCompile(`^[A-Za-z]+ ".*" (has no "|cannot be invoked)`)

func dumpFiles(files []*model.File) string {
	var b strings.Builder
	for _, f := range files {
		res, _ := json.Marshal(f.Resource)
		fmt.Fprintf(&b, "\n  {Path:%s Entry:%s Type:%s ID:%s URL:%s Version:%s Raw:%d bytes Resource:%s}",
			f.Path, f.Entry, f.ResourceType, f.ID, f.URL, f.Version, len(f.Raw), res)
	}
	return b.String()
}

// Most edge cases are a StructureDefinition or CapabilityStatement with
// these members plus the ones under test.
const (
	edgeSD = `"resourceType":"StructureDefinition","id":"x","url":"http://e.org/x","name":"X","kind":"complex-type","type":"Extension"`
	edgeCS = `"resourceType":"CapabilityStatement","id":"c","kind":"instance","fhirVersion":"4.0.1","format":["json"]`
)

// encoding/json refuses nesting deeper than 10000 (the object counts).
var (
	edgeDeep    = strings.Repeat(`[`, 9999) + strings.Repeat(`]`, 9999)
	edgeTooDeep = strings.Repeat(`[`, 10000) + strings.Repeat(`]`, 10000)
)

// parseEdgeCases is input the site does not hold: broken JSON, values of
// the wrong type, names in another case or repeated, and Bundles whose
// entries are no resources. onePass says whether the single-pass reader
// takes the input (true) or leaves it to encoding/json (false).
var parseEdgeCases = []struct {
	name     string
	json     string
	onePass  bool
	wantDiag string // a part of the first diagnostic expected, "" for none
}{
	{"empty file", ``, false, "invalid JSON"},
	{"truncated", `{"resourceType":"Patient","id":"p"`, false, "unexpected end of JSON"},
	{"trailing comma", `{"resourceType":"Patient","id":"p",}`, false, "invalid JSON"},
	{"second value", `{"resourceType":"Patient"} {}`, false, "after top-level value"},
	{"trailing text", "{\"resourceType\":\"Patient\"}\n x", false, "after top-level value"},
	{"trailing white space", "{\"resourceType\":\"Patient\"}\n\t \r\n", true, ""},
	{"byte order mark", "\ufeff{\"resourceType\":\"Patient\"}", false, "invalid JSON"},
	{"top-level array", `[{"resourceType":"Patient"}]`, false, "invalid JSON"},
	{"top-level null", `null`, false, "no \"resourceType\""},
	{"top-level string", `"Patient"`, false, "invalid JSON"},
	{"control character in a string", "{\"resourceType\":\"Pat\x01ient\"}", false, "invalid JSON"},
	{"bad escape", `{"resourceType":"Pat\xient"}`, false, "invalid JSON"},
	{"status is a number", `{` + edgeCS + `,"status":5}`, false, "CapabilityStatement: status should be JSON string, not number"},
	{"status is a list", `{` + edgeSD + `,"status":["active"]}`, false, "should be JSON string"},
	{"min is a string", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"Extension","min":"1"}]}}`, false, "should be JSON number"},
	{"min is a fraction", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"Extension","min":1.0}]}}`, false, "StructureDefinition:"},
	{"min has an exponent", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"Extension","min":1e0}]}}`, false, "StructureDefinition:"},
	{"min is minus zero", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"Extension","min":-0}]}}`, true, ""},
	{"min overflows", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"Extension","min":99999999999999999999}]}}`, false, "StructureDefinition:"},
	{"mustSupport is a string", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"Extension","mustSupport":"true"}]}}`, false, "should be JSON boolean"},
	{"resourceType is a number", `{"resourceType":5}`, false, "invalid JSON"},
	{"missing resourceType", `{"id":"p","name":[{"family":"Doe"}]}`, false, "no \"resourceType\""},
	{"resourceType is null", `{"resourceType":null,"id":"p"}`, false, "no \"resourceType\""},
	{"resourceType is empty", `{"resourceType":"","id":"p"}`, false, "no \"resourceType\""},
	{"missing required elements", `{"resourceType":"CodeSystem","id":"cs"}`, true, `CodeSystem "cs" has no "url"`},
	{"required element is empty", `{` + edgeCS + `,"status":"","format":[]}`, true, `CapabilityStatement "c" has no "status"`},
	{"required element is white space", `{` + edgeCS + `,"status":"  "}`, true, ""},
	{"duplicate status, last empty", `{` + edgeCS + `,"status":"active","status":""}`, true, "has no \"status\""},
	{"duplicate status, last null", `{` + edgeCS + `,"status":"active","status":null}`, true, "has no \"status\""},
	{"duplicate status, first null", `{` + edgeCS + `,"status":null,"status":"draft"}`, true, ""},
	{"duplicate url", `{` + edgeSD + `,"status":"active","url":"http://e.org/y"}`, true, ""},
	{"duplicate resourceType", `{"resourceType":"Patient","id":"p","resourceType":"Observation"}`, true, ""},
	{"ResourceType in another case", `{"ResourceType":"Patient","ID":"p"}`, true, ""},
	{"RESOURCETYPE and resourceType", `{"RESOURCETYPE":"Patient","resourceType":"Observation"}`, true, ""},
	{"Status in another case", `{` + edgeCS + `,"Status":"active"}`, true, "has no \"status\""},
	{"STATUS then empty status", `{` + edgeCS + `,"STATUS":"active","status":""}`, true, "has no \"status\""},
	{"status then empty STATUS", `{` + edgeCS + `,"status":"active","STATUS":""}`, true, ""},
	{"escaped name", `{"resource\u0054ype":"Patient","id":"p"}`, true, ""},
	{"escaped required name", `{` + edgeCS + `,"st\u0061tus":"active"}`, true, ""},
	{"name with Kelvin sign", "{\"resourceType\":\"CapabilityStatement\",\"id\":\"c\",\"\u212Aind\":\"instance\",\"status\":\"active\",\"fhirVersion\":\"4.0.1\",\"format\":[\"json\"]}", false, "has no \"kind\""},
	{"name with long s", "{\"resourceType\":\"Patient\",\"id\":\"p\",\"\u017Fomething\":1}", false, ""},
	{"invalid UTF-8 in a value", "{\"resourceType\":\"Patient\",\"id\":\"p\xff\"}", true, ""},
	{"invalid UTF-8 in a name", "{\"resourceType\":\"Patient\",\"i\xffd\":\"p\"}", false, ""},
	{"invalid UTF-8 in a title", "{" + edgeSD + ",\"status\":\"active\",\"title\":\"T\xc3\x28\"}", true, ""},
	{"lone surrogate", `{` + edgeSD + `,"status":"active","title":"T\ud800"}`, true, ""},
	{"escaped value", `{"resourceType":"Pat\u0069ent","id":"p\/1"}`, true, ""},
	{"nested deep", `{"resourceType":"Basic","id":"b","x":` + edgeDeep + `}`, true, ""},
	{"nested too deep", `{"resourceType":"Basic","id":"b","x":` + edgeTooDeep + `}`, false, "exceeded max depth"},
	{"fhirVersion is STU3", `{"resourceType":"Patient","id":"p","fhirVersion":"3.0.1"}`, true, ""},
	{"fhirVersion is a number", `{"resourceType":"Patient","id":"p","fhirVersion":4}`, false, "invalid JSON"},
	{"fhirVersion in another case", `{"resourceType":"Patient","id":"p","FHIRVERSION":"3.0.2"}`, true, ""},
	{"baseDefinition then null", `{` + edgeSD + `,"status":"active","baseDefinition":"http://e.org/b","baseDefinition":null}`, true, ""},
	{"baseDefinition as a Reference", `{` + edgeSD + `,"status":"active","baseDefinition":{"reference":"http://e.org/b","reference":"http://e.org/c"}}`, true, ""},
	{"baseDefinition is a number", `{` + edgeSD + `,"status":"active","baseDefinition":1}`, false, "StructureDefinition:"},
	{"profile as a string and a list", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"a","type":[{"code":"Reference","profile":"http://e.org/p","targetProfile":["http://e.org/t"]}]}]}}`, true, ""},
	{"baseDefinition Reference in another case", `{` + edgeSD + `,"status":"active","baseDefinition":{"REFERENCE":"http://e.org/b","display":"B"}}`, true, ""},
	{"baseDefinition Reference without reference", `{` + edgeSD + `,"status":"active","baseDefinition":{"display":"B"}}`, true, ""},
	{"baseDefinition Reference is a number", `{` + edgeSD + `,"status":"active","baseDefinition":{"reference":1}}`, false, "StructureDefinition:"},
	{"baseDefinition with invalid UTF-8", "{" + edgeSD + ",\"status\":\"active\",\"baseDefinition\":\"http://e.org/\xff\"}", true, ""},
	{"supportedProfile mixes strings, null and References", `{` + edgeCS + `,"status":"active","rest":[{"mode":"server","resource":[{"type":"Patient","supportedProfile":["http://e.org/a",null,{"reference":"http://e.org/b"}]}]}]}`, true, ""},
	{"supportedProfile is a list of lists", `{` + edgeCS + `,"status":"active","rest":[{"mode":"server","resource":[{"type":"Patient","supportedProfile":[["http://e.org/a"]]}]}]}`, false, "CapabilityStatement:"},
	{"targetProfile list with null", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"a","type":[{"code":"Reference","targetProfile":["http://e.org/t",null]}]}]}}`, true, ""},
	{"profile is an object", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"a","type":[{"code":"Reference","profile":{"reference":"x"}}]}]}}`, false, "StructureDefinition:"},
	{"profile is a number", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"a","type":[{"code":"Reference","profile":7}]}]}}`, false, "StructureDefinition:"},
	{"profile is null", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"a","type":[{"code":"Reference","profile":"x","profile":null}]}]}}`, true, ""},
	{"element lists merge", `{` + edgeSD + `,"status":"active","snapshot":{"element":[{"path":"a","short":"s"}]},"snapshot":{"element":[{"path":"b"}]}}`, true, ""},
	{"software merges", `{` + edgeCS + `,"status":"active","software":{"name":"n"},"software":{"version":"1"}}`, true, ""},
	{"R4 context", `{` + edgeSD + `,"status":"active","context":[{"type":"element","expression":"Patient"}]}`, true, ""},
	{"STU3 context", `{` + edgeSD + `,"status":"active","contextType":"resource","context":["Patient","Observation"]}`, true, ""},
	{"context lists merge", `{` + edgeSD + `,"status":"active","context":[{"type":"element","expression":"Patient"}],"Context":[{"type":"fhirpath"}]}`, true, ""},
	{"context is a number", `{` + edgeSD + `,"status":"active","context":5}`, true, ""},
	{"context mixes objects and strings", `{` + edgeSD + `,"status":"active","context":[{"type":"element"},"Patient"]}`, true, ""},
	{"operation not invocable", `{"resourceType":"OperationDefinition","id":"o","url":"http://e.org/o","name":"o","status":"active","kind":"operation","code":"o"}`, true, "cannot be invoked"},
	{"search parameter base null", `{"resourceType":"SearchParameter","id":"s","url":"http://e.org/s","name":"s","status":"active","code":"s","type":"token","base":null}`, true, "has no \"base\""},
	{"bundle", `{"resourceType":"Bundle","id":"b","type":"collection","entry":[{"resource":{"resourceType":"Patient","id":"p"}},{"fullUrl":"x","resource":{` + edgeSD + `}}]}`, true, "has no \"status\""},
	{"bundle entry is a string", `{"resourceType":"Bundle","type":"collection","entry":["Patient/p",{"resource":{"resourceType":"Patient","id":"p"}}]}`, true, ""},
	{"bundle entry is null", `{"resourceType":"Bundle","type":"collection","entry":[null]}`, true, ""},
	{"bundle entry without resource", `{"resourceType":"Bundle","type":"collection","entry":[{"fullUrl":"urn:x"}]}`, true, ""},
	{"bundle entry resource is null", `{"resourceType":"Bundle","type":"collection","entry":[{"resource":null}]}`, false, "Bundle entry is not a FHIR resource"},
	{"bundle entry resource is a string", `{"resourceType":"Bundle","type":"collection","entry":[{"resource":"Patient/p"}]}`, false, "Bundle entry is not a FHIR resource"},
	{"bundle entry resource has no type", `{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"id":"p"}}]}`, false, "Bundle entry is not a FHIR resource"},
	{"bundle entry resource type is a number", `{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":1}}]}`, false, "Bundle entry is not a FHIR resource"},
	{"bundle entry resource repeated", `{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":"Patient"},"RESOURCE":{"resourceType":"Group"}}]}`, true, ""},
	{"bundle entry with bad status", `{"resourceType":"Bundle","type":"collection","entry":[{"resource":{` + edgeCS + `,"status":false}}]}`, false, "CapabilityStatement: status should be JSON string"},
	{"bundle entry is an object", `{"resourceType":"Bundle","type":"collection","entry":{"resource":{"resourceType":"Patient"}}}`, false, "invalid JSON"},
	{"bundle entry null after list", `{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":"Patient"}}],"entry":null}`, true, ""},
	{"entry on a non-Bundle is a string", `{"resourceType":"Patient","entry":"x"}`, false, "invalid JSON"},
	{"searchset bundle", `{"resourceType":"Bundle","type":"searchset","entry":[{"resource":{"resourceType":"Patient","id":"p"}}]}`, true, ""},
	{"history bundle type in another case", `{"resourceType":"Bundle","TYPE":"history","entry":[{"resource":{"resourceType":"Patient","id":"p"}}]}`, true, ""},
	{"bundle type is a number", `{"resourceType":"Bundle","type":7,"entry":[{"resource":{"resourceType":"Patient","id":"p"}}]}`, true, ""},
	{"bundle type then null", `{"resourceType":"Bundle","type":"searchset","type":null,"entry":[{"resource":{"resourceType":"Patient","id":"p"}}]}`, true, ""},
	{"bundle entry with syntax error", `{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":"Patient",}}]}`, false, "invalid JSON"},
}

// TestParseOnePassEdgeCases reads parseEdgeCases both ways: files and
// diagnostics must be those of encoding/json, byte for byte.
func TestParseOnePassEdgeCases(t *testing.T) {
	for _, c := range parseEdgeCases {
		t.Run(c.name, func(t *testing.T) {
			for _, v := range []base.Version{base.R4, base.STU3} {
				onePass, _ := checkSameParse(t, "fhir/case.json", []byte(c.json), v)
				if onePass != c.onePass {
					t.Errorf("single-pass reader took it: %v, want %v", onePass, c.onePass)
				}
			}
			_, diags := parseFile("fhir/case.json", []byte(c.json), base.R4)
			checkDiag(t, diags, c.wantDiag)
		})
	}
}

// checkDiag asserts that the first of diags contains want, or that there
// are none when want is "".
func checkDiag(t *testing.T, diags []diag.Diagnostic, want string) {
	t.Helper()
	switch {
	case want == "" && len(diags) != 0:
		t.Errorf("unexpected diagnostics %v", diags)
	case want != "" && (len(diags) == 0 || !strings.Contains(diags[0].Message, want)):
		t.Errorf("diagnostics %v, want one containing %q", diags, want)
	}
}

// FuzzParseOnePass checks that, for any input, parseFile gives what the
// encoding/json reading gives.
func FuzzParseOnePass(f *testing.F) {
	for _, seed := range []string{
		`{"resourceType":"CapabilityStatement","id":"c","status":"active","kind":"instance","fhirVersion":"4.0.1","format":["json"],"rest":[{"mode":"server","resource":[{"type":"Patient","profile":{"reference":"x"}}]}]}`,
		`{"resourceType":"StructureDefinition","id":"x","url":"u","name":"n","status":"active","kind":"complex-type","type":"Extension","context":[{"type":"element","expression":"Patient"}],"snapshot":{"element":[{"path":"a","min":0,"max":"1","type":[{"code":"Reference","targetProfile":"t"}],"binding":{"valueSetReference":{"reference":"v"}}}]}}`,
		`{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":"OperationDefinition","id":"o","system":true}},{"resource":{"resourceType":"Patient","id":"p"}}]}`,
	} {
		f.Add([]byte(seed))
	}
	for _, c := range parseEdgeCases {
		f.Add([]byte(c.json))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSameParse(t, "fhir/fuzz.json", data, base.R4)
	})
}
