// Package portal embeds the portal's own site, so that `portal build` and
// `portal serve` with no --site flag build the developer portal, and the
// theme's bundles, so that building a site needs nothing but the binary.
package portal

import (
	"embed"
	"io/fs"
)

// The site's folders and files are listed rather than embedded as all:site,
// which would take in the build cache that `portal build --site site`
// leaves in site/.portal-cache (TestEmbeddedSiteComplete checks that every
// other entry of site/ is listed).
//
//go:embed site/portal.yaml site/sidebars.yaml all:site/docs all:site/fhir all:site/fhir-guides all:site/pages all:site/static
var embedded embed.FS

// The bundles are build outputs (make theme); only a README is committed,
// which keeps this pattern valid on a clean checkout.
//
//go:embed all:theme/bundle
var themeBundle embed.FS

// Site is the embedded portal site folder.
func Site() fs.FS {
	site, err := fs.Sub(embedded, "site")
	if err != nil {
		panic(err) // "site" is a literal embedded above; Sub cannot fail
	}
	return site
}

// Theme is the embedded theme bundle folder (client/ and server/).
func Theme() fs.FS {
	bundle, err := fs.Sub(themeBundle, "theme/bundle")
	if err != nil {
		panic(err) // a literal embedded above; Sub cannot fail
	}
	return bundle
}
