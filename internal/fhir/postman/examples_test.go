package postman

import (
	"encoding/json"
	"testing"
)

// The APIs below stand for the kinds the portal documents: a patient app
// behind SMART on FHIR, backend clients with a client secret or a signed JWT
// (SMART Backend Services), and a public directory.
// Each call returns a fresh value, so a test may change its copy freely.

func patientAccessAPI() API {
	return API{
		ID:          "provider-patient-access",
		Name:        "Provider Patient Access API",
		Description: "Read a patient's record with **SMART on FHIR** & PKCE <https://hl7.org/fhir/smart-app-launch/>.",
		BaseURL:     "https://fhir.example.org/r4/",
		Auth: &OAuth2{
			AuthorizeURL: "https://auth.example.org/authorize",
			TokenURL:     "https://auth.example.org/token",
			Scopes:       "launch/patient openid fhirUser patient/*.rs",
			GrantType:    GrantAuthorizationCode,
			PKCE:         true,
		},
		Folders: []Folder{
			{
				Name:        "Patient",
				Description: "Demographics.",
				Requests: []Request{
					{
						Name:          "Read a patient",
						Method:        "GET",
						Path:          "Patient/:id",
						PathVariables: []Param{{Key: "id", Value: "example", Description: "Logical id of the Patient"}},
					},
					{
						Name:   "Search patients",
						Method: "GET",
						Path:   "Patient",
						Query: []Param{
							{Key: "family", Value: "Chalmers", Description: "string: A portion of the family name"},
							{Key: "birthdate", Value: "1974-12-25", Description: "date: The patient's date of birth", Disabled: true},
							{Key: "identifier", Value: "http://hl7.org/fhir/sid/us-ssn|444222222"},
						},
					},
					{
						Name:   "Match a patient",
						Method: "POST",
						Path:   "Patient/$match",
						Body:   `{"resourceType":"Parameters","parameter":[{"name":"onlyCertainMatches","valueBoolean":true}]}`,
					},
					{
						Name:          "Read a version",
						Method:        "GET",
						Path:          "Patient/:id/_history/:vid",
						PathVariables: []Param{{Key: "id", Value: "example"}, {Key: "vid", Value: "2"}},
					},
				},
			},
			{
				Name: "Capabilities",
				Requests: []Request{
					{Name: "Capability statement", Method: "GET", Path: "metadata"},
				},
			},
		},
	}
}

func bulkDataAPI() API {
	return API{
		ID:      "payer-bulk-data",
		Name:    "Payer Bulk Data API",
		BaseURL: "https://fhir.example.org/bulk",
		Auth: &OAuth2{
			TokenURL:  "https://auth.example.org/token",
			Scopes:    "system/*.read",
			GrantType: GrantClientCredentials,
		},
		Folders: []Folder{
			{
				Name: "Export",
				Requests: []Request{
					{
						Name:          "Export a group",
						Method:        "GET",
						Path:          "Group/:id/$export",
						Headers:       []Param{{Key: "Prefer", Value: "respond-async"}},
						Query:         []Param{{Key: "_type", Value: "Patient,Coverage"}},
						PathVariables: []Param{{Key: "id", Value: "payer-members"}},
					},
					{
						Name:   "Run a transaction",
						Method: "POST",
						Path:   "",
						Body:   `{"resourceType":"Bundle","type":"transaction","entry":[]}`,
					},
				},
			},
		},
	}
}

// backendServicesAPI is a SMART Backend Services API: client credentials,
// the client authenticating with a signed JWT.
func backendServicesAPI() API {
	return API{
		ID:          "payer-system-access",
		Name:        "Payer System Access API",
		Description: "Bulk and system-level access for payer partners.",
		BaseURL:     "https://fhir.example.org/payer/r4",
		Auth: &OAuth2{
			TokenURL:             "https://auth.example.org/token",
			Scopes:               "system/*.rs",
			GrantType:            GrantClientCredentials,
			ClientAuthentication: ClientAuthPrivateKeyJWT,
		},
		Folders: []Folder{
			{
				Name:         "Server",
				TokenRequest: true,
				Requests:     []Request{{Name: "Read the CapabilityStatement", Method: "GET", Path: "metadata"}},
			},
			{
				Name: "Group",
				Requests: []Request{
					{
						Name:          "Export a group",
						Method:        "GET",
						Path:          "Group/:id/$export",
						Headers:       []Param{{Key: "Prefer", Value: "respond-async"}},
						PathVariables: []Param{{Key: "id", Value: "payer-members"}},
					},
				},
			},
		},
	}
}

func directoryAPI() API {
	return API{
		ID:      "provider-directory",
		Name:    "Provider Directory API",
		BaseURL: "https://directory.example.org/fhir",
		Folders: []Folder{
			{
				Name: "Practitioner",
				Requests: []Request{
					{
						Name:   "Search practitioners",
						Method: "GET",
						Path:   "Practitioner",
						Query:  []Param{{Key: "name:contains", Value: "smith"}, {Key: "_count", Value: "10"}},
					},
				},
			},
			{Name: "Empty folder"},
		},
	}
}

type namedAPI struct {
	name string
	api  API
}

// exampleAPIs lists every example, for tests that run over all of them.
func exampleAPIs() []namedAPI {
	return []namedAPI{
		{"patient access (authorization code, PKCE)", patientAccessAPI()},
		{"bulk data (client credentials)", bulkDataAPI()},
		{"backend services (client credentials, private_key_jwt)", backendServicesAPI()},
		{"directory (no auth)", directoryAPI()},
		{"no folders", API{ID: "empty", Name: "Empty API", BaseURL: "https://fhir.example.org"}},
	}
}

// mustBuild builds api and decodes the result, failing the test on error.
func mustBuild(t *testing.T, api API) ([]byte, collection) {
	t.Helper()
	out, err := Build(api)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	var c collection
	if err := json.Unmarshal(out, &c); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	return out, c
}
