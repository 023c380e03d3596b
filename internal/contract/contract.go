// Package contract is the single source of truth for the data contract
// between Portal's Go engine and its React theme (ARCHITECTURE: "Go and
// TypeScript share one data contract").
//
// The Go types are the contract: route.Manifest and the types of package
// themedata (page data, site data, the resolved sidebars, and RenderInput,
// the value the prerender step hands the theme's server bundle), with the
// domain types they hold as they are (sidebar.Item, config.Theme, …). They are
// data only, and this package depends on them, never on the pipeline that
// fills them. Generate walks them by reflection and writes TypeScript
// declarations that follow encoding/json exactly; cmd/contractgen writes
// them to theme/src/contract.gen.ts, and this package's tests fail when
// that file and the Go types drift apart, when encoding/json writes
// anything the file does not declare, and when a real build writes JSON the
// file does not describe.
//
// One addition to encoding/json's tags: contract:"nonnull" on a pointer,
// slice or map field types it without "| null", for fields the engine
// always sets (such as a list it initialises empty). It is a promise the
// types cannot check; the build-output test checks it on sample sites.
package contract

//go:generate go run ../../cmd/contractgen

import (
	"reflect"

	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/sidebar"
	"github.com/portaldocs/portal/internal/themedata"
)

// GeneratedFile is where the TypeScript contract lives, relative to the
// module root.
const GeneratedFile = "theme/src/contract.gen.ts"

// Roots are the contract's root types with the names the theme imports
// them by; every type they reach is exported too.
func Roots() []Root {
	return []Root{
		{Name: "PageData", Type: reflect.TypeFor[themedata.PageData]()},
		{Name: "RenderInput", Type: reflect.TypeFor[themedata.RenderInput]()},
		{Name: "RouteManifest", Type: reflect.TypeFor[route.Manifest]()},
		{Name: "SharedRenderData", Type: reflect.TypeFor[themedata.SharedRenderData]()},
		{Name: "SidebarItem", Type: reflect.TypeFor[sidebar.Item]()},
		{Name: "SidebarsData", Type: reflect.TypeFor[themedata.SidebarsData]()},
		{Name: "SiteData", Type: reflect.TypeFor[themedata.SiteData]()},
	}
}

// Options are the contract's generator options: the fields of types this
// package does not own that the engine always sets, so the theme need not
// test them for null. Each entry cites the code that sets it; the better
// home for these is a contract:"nonnull" tag on the field itself.
func Options() []Option {
	return nil // fields the engine always sets carry a contract:"nonnull" tag instead
}

// Contract generates the TypeScript contract of Roots with Options.
func Contract() (*Result, error) {
	return Generate(Roots(), Options()...)
}
