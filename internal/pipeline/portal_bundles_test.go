//go:build !race

package pipeline_test

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"testing"
)

// The two Bundles the portal publishes for certification (service base
// URLs, §170.404(b)(2); user-access brands, SMART App Launch 2.2.0) carry
// what the rule and Inferno's Service Base URL test kit check, beyond what
// the JSON Schema can say (TestPortalFHIRMatchesOfficialSchemas).
func TestPortalPublicationBundles(t *testing.T) {
	for _, name := range []string{"service-base-urls.json", "user-access-brands.json"} {
		t.Run(name, func(t *testing.T) {
			b := readPublicationBundle(t, name)
			if b.Type != "collection" || b.Timestamp == "" {
				t.Errorf("Bundle type %q, timestamp %q: want a collection with a timestamp", b.Type, b.Timestamp)
			}
			endpoints, orgs := map[string]bundleResource{}, map[string]bundleResource{}
			for _, e := range b.Entry {
				switch e.Resource.ResourceType {
				case "Endpoint":
					endpoints[e.FullURL] = e.Resource
				case "Organization":
					orgs[e.FullURL] = e.Resource
				default:
					t.Errorf("%s: entry of type %s; a publication Bundle holds only Endpoint and Organization", e.FullURL, e.Resource.ResourceType)
				}
			}
			if len(endpoints) == 0 || len(orgs) == 0 {
				t.Fatalf("%d Endpoints and %d Organizations: want both", len(endpoints), len(orgs))
			}
			referenced := map[string]bool{}
			for full, o := range orgs {
				if o.Active == nil || !*o.Active || o.Name == "" || len(o.Address) == 0 || string(o.Address) == "[]" || len(o.Identifier) == 0 {
					t.Errorf("Organization %s needs active, name, address and identifier", full)
				}
				for _, ref := range o.Endpoint {
					if _, ok := endpoints[ref.Reference]; !ok {
						t.Errorf("Organization %s refers to %s, which is no Endpoint of the Bundle", full, ref.Reference)
					}
					referenced[ref.Reference] = true
				}
				if len(o.Endpoint) == 0 {
					parent, ok := orgs[o.PartOf.Reference]
					if !ok || len(parent.Endpoint) == 0 {
						t.Errorf("Organization %s has no endpoint and no partOf a parent Organization of the Bundle that has one", full)
					}
				}
			}
			for full, e := range endpoints {
				if e.Status == "" || e.ConnectionType.System != "http://terminology.hl7.org/CodeSystem/endpoint-connection-type" ||
					e.ConnectionType.Code != "hl7-fhir-rest" || len(e.PayloadType) == 0 {
					t.Errorf("Endpoint %s needs status, connectionType hl7-fhir-rest and a payloadType", full)
				}
				// Endpoint.address is a url; Organization.address a list of Address.
				var address string
				_ = json.Unmarshal(e.Address, &address)
				if u, err := url.Parse(address); err != nil || u.Scheme != "https" || u.Host == "" {
					t.Errorf("Endpoint %s address %s is not an https URL", full, e.Address)
				}
				if !referenced[full] {
					t.Errorf("Endpoint %s is referenced by no Organization", full)
				}
				if !hasExtension(e.Extension, "http://hl7.org/fhir/StructureDefinition/endpoint-fhir-version") {
					t.Errorf("Endpoint %s does not say its FHIR version (endpoint-fhir-version)", full)
				}
			}
			if name == "user-access-brands.json" {
				checkBrands(t, orgs, endpoints)
			}
		})
	}
}

// checkBrands: each brand has a website and brand/portal extensions, and a
// primary brand lists every endpoint (SMART App Launch 2.2.0, brands).
func checkBrands(t *testing.T, orgs, endpoints map[string]bundleResource) {
	primary := false
	for full, o := range orgs {
		website := false
		for _, c := range o.Telecom {
			website = website || (c.System == "url" && c.Value != "")
		}
		if !website {
			t.Errorf("brand %s has no telecom of system url (its website)", full)
		}
		if !hasExtension(o.Extension, "http://hl7.org/fhir/StructureDefinition/organization-brand") &&
			!hasExtension(o.Extension, "http://hl7.org/fhir/StructureDefinition/organization-portal") {
			t.Errorf("brand %s carries neither organization-brand nor organization-portal", full)
		}
		if len(o.Endpoint) == len(endpoints) {
			primary = true
		}
	}
	if !primary {
		t.Error("no brand references every endpoint; the publisher's primary brand must")
	}
}

type publicationBundle struct {
	Type      string `json:"type"`
	Timestamp string `json:"timestamp"`
	Entry     []struct {
		FullURL  string         `json:"fullUrl"`
		Resource bundleResource `json:"resource"`
	} `json:"entry"`
}

type bundleResource struct {
	ResourceType   string            `json:"resourceType"`
	Active         *bool             `json:"active"`
	Name           string            `json:"name"`
	Address        json.RawMessage   `json:"address"`
	Identifier     []json.RawMessage `json:"identifier"`
	Telecom        []struct{ System, Value string }
	Endpoint       []struct{ Reference string }
	PartOf         struct{ Reference string } `json:"partOf"`
	Extension      []struct{ URL string }
	Status         string `json:"status"`
	ConnectionType struct{ System, Code string }
	PayloadType    []json.RawMessage `json:"payloadType"`
}

func readPublicationBundle(t *testing.T, name string) publicationBundle {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(portalSite, "fhir", "certified", name))
	if err != nil {
		t.Fatal(err)
	}
	var b publicationBundle
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b
}

func hasExtension(exts []struct{ URL string }, url string) bool {
	for _, e := range exts {
		if e.URL == url {
			return true
		}
	}
	return false
}
