// Package downloads makes the files a site publishes for its FHIR APIs,
// under Dir: each API's CapabilityStatement and SMART discovery document
// exactly as written, and its Postman collection, generated from the
// statement with every value taken from the API's examples (Collection; the
// postman package writes it); and the files fhir.publish serves as they are
// (Files).
package downloads

import (
	"fmt"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/postman"
)

// Cache keeps the Postman collections a build made for the next
// one, by API id; the caller keys it by everything the site was prepared
// from. Building a collection needs the base specification's search
// parameters, which a rebuild then need not decode.
type Cache interface {
	Get(apiID string) ([]byte, bool)
	Put(apiID string, collection []byte)
}

// Files are the files fhir.publish serves, and each API's
// CapabilityStatement and discovery document, exactly as written, and a
// Postman collection generated from the statement, taken from cache when it
// holds one (nil: none).
func Files(s *model.Site, cache Cache) ([]model.Download, []diag.Diagnostic) {
	out := append([]model.Download(nil), s.Published...)
	var diags []diag.Diagnostic
	for _, api := range s.APIs {
		if api.CapabilityDownload == "" {
			continue
		}
		out = append(out, model.Download{Path: api.CapabilityDownload, Data: api.File.Raw})
		if api.SmartDownload != "" {
			out = append(out, model.Download{Path: api.SmartDownload, Data: api.Smart.Data})
		}
		if ClientAuthProblem(api) != "" {
			continue // reported at the config line when the API was resolved
		}
		if cache != nil {
			if data, ok := cache.Get(api.ID); ok {
				out = append(out, model.Download{Path: api.PostmanDownload, Data: data})
				continue
			}
		}
		data, err := postman.Build(Collection(s.Registry, api))
		if err != nil {
			diags = append(diags, diag.Diagnostic{File: api.File.Path, Severity: diag.Error,
				Message: fmt.Sprintf("generate the Postman collection of API %q: %v", api.ID, err)})
			continue
		}
		if cache != nil {
			cache.Put(api.ID, data)
		}
		out = append(out, model.Download{Path: api.PostmanDownload, Data: data})
	}
	return out, diags
}

// Dir is where API downloads are published, under the base URL.
const Dir = "downloads/fhir/"

// SmartName is the file name of the published discovery document in
// an API's download folder.
const SmartName = "smart-configuration.json"

// Paths are the site paths an API's statement, Postman collection
// and (when it has one) discovery document are published at.
func Paths(apiID string, smart bool) (statement, collection, discovery string) {
	statement = Dir + apiID + "/capabilitystatement.json"
	collection = Dir + apiID + "/" + apiID + ".postman_collection.json"
	if smart {
		discovery = Dir + apiID + "/" + SmartName
	}
	return statement, collection, discovery
}
