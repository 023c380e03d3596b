// Package portal embeds the portal's own site, so that `portal build` and
// `portal serve` with no --site flag build the developer portal.
package portal

import (
	"embed"
	"io/fs"
)

//go:embed all:site
var embedded embed.FS

// Site is the embedded portal site folder.
func Site() fs.FS {
	site, err := fs.Sub(embedded, "site")
	if err != nil {
		panic(err) // "site" is a literal embedded above; Sub cannot fail
	}
	return site
}
