package directive_test

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/directive"
	"github.com/portaldocs/portal/internal/fhir/fhirtest"
)

// manyValuesLines are directives of every kind the value directives read
// (config, discovery document, statement, example, file, dependency, whole
// documents) and some that fail, so that pages built from them read every
// decoded document and report errors.
var manyValuesLines = []string{
	`Base :fhir-value{api="patient-access" config="baseUrl"}, token :fhir-value{api="patient-access" smart="token_endpoint"}.`,
	`| Scopes | :fhir-value{api="patient-access" smart="scopes_supported" join=" "} |`,
	`FHIR :fhir-value{api="patient-access" path="fhirVersion"}, US Core :fhir-value{dependency="hl7.fhir.us.core" api="patient-access"}.`,
	`Stored on :fhir-value{api="patient-access" resource="Binary/photo-1" path="meta.lastUpdated"} as :fhir-value{file="pa/examples/binary-photo-1.json" path="contentType"}.`,
	`Payer statement: :fhir-value{api="payer-access" path="rest[0].resource[0].type"}.`,
	`::fhir-json{api="patient-access" show="smart-configuration"}`,
	`::fhir-json{api="payer-access" show="capabilitystatement" path="rest[0]"}`,
	`::fhir-json{api="patient-access" resource="Binary/photo-1" title="photo.json"}`,
	`::fhir-json{file="pa/examples/binary-photo-1.json" path="meta"}`,
	`Wrong: :fhir-value{api="patient-access" smart="token_endpoints"} and :fhir-value{api="patient-access" resource="Binary/photo-1" path="meta"}.`,
	`Wrong too: :fhir-value{dependency="hl7.fhir.us.core"}.`,
}

// manyValuesPages are pages of many value directives, each in its own
// order, so that goroutines expanding them ask for the documents in
// different orders.
func manyValuesPages(n int) []string {
	pages := make([]string, n)
	for i := range pages {
		var b strings.Builder
		for j := range 4 * len(manyValuesLines) {
			fmt.Fprintf(&b, "Line %d of page %d.\n%s\n", j, i, manyValuesLines[(i+j)%len(manyValuesLines)])
		}
		pages[i] = b.String()
	}
	return pages
}

type expanded struct {
	exp   directive.Expansion
	diags []diag.Diagnostic
}

// A build expands pages on several goroutines, which share the documents
// each directive's source decodes to: they must read exactly what one
// goroutine expanding the pages in turn reads.
func TestValuesExpandTheSameOnManyGoroutines(t *testing.T) {
	payer := config.FHIRAPI{ID: "payer-access", CapabilityStatement: "pb/capabilitystatement.json", BaseURL: "https://fhir.sandbox.example.org/pb/r4"}
	pages := manyValuesPages(24)

	sequential := fhirtest.PrepareValues(t, payer)
	want := make([]expanded, len(pages))
	for i, page := range pages {
		exp, diags := expander(sequential).Expand(fmt.Sprintf("docs/p%d.md", i), []byte(page), 1, nil, nil)
		want[i] = expanded{exp, diags}
	}
	if got := strings.Count(string(want[0].exp.Body), "https://auth.example.org/token"); got < 4 {
		t.Fatalf("a page names the token endpoint %d times, want 4 or more:\n%s", got, want[0].exp.Body)
	}
	if len(want[0].diags) != 12 {
		t.Fatalf("a page reports %d errors, want 12 (3 bad directives × 4): %v", len(want[0].diags), want[0].diags)
	}

	concurrent := fhirtest.PrepareValues(t, payer)
	got := make([]expanded, len(pages))
	const workers = 6
	start := make(chan struct{})
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			<-start
			// Each worker takes its pages from a different end, so that
			// first reads of a document race.
			for k := range len(pages) / workers {
				i := w*(len(pages)/workers) + k
				if w%2 == 1 {
					i = (w+1)*(len(pages)/workers) - 1 - k
				}
				exp, diags := expander(concurrent).Expand(fmt.Sprintf("docs/p%d.md", i), []byte(pages[i]), 1, nil, nil)
				got[i] = expanded{exp, diags}
			}
		})
	}
	close(start)
	wg.Wait()
	for i := range pages {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("page %d expands differently on many goroutines:\n%s\nwant:\n%s\ndiagnostics %v, want %v",
				i, got[i].exp.Body, want[i].exp.Body, got[i].diags, want[i].diags)
		}
	}
}
