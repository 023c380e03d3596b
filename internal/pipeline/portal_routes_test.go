//go:build !race

package pipeline_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/pipeline"
)

// specRoutes is the spec's complete route list, with each route's sidebar.
const specRoutes = "../../../shared/spec/routes.tsv"

var portalBuild = sync.OnceValues(func() (*pipeline.Result, error) {
	res, err := pipeline.Run(context.Background(), os.DirFS("../../site"), pipeline.WithTheme(portal.Theme()))
	if err == nil {
		testCleanups = append(testCleanups, func() { _ = res.Output.Close() })
	}
	return res, err
})

// Every route of the spec is built, belongs to the sidebar the spec names,
// and that sidebar links to it, so a reader can reach it by browsing.
func TestPortalRoutesMatchTheSpec(t *testing.T) {
	res, err := portalBuild()
	if err != nil {
		t.Fatalf("portal site: %v", err)
	}
	links := sidebarLinks(t, res)
	checked := 0
	for _, r := range readSpecRoutes(t) {
		checked++
		entry, ok := res.Output.Manifest.Lookup(r.path)
		if !ok {
			t.Errorf("%s is not built", r.path)
			continue
		}
		if want := strings.TrimPrefix(r.sidebar, "-"); entry.Sidebar != want {
			t.Errorf("%s is in sidebar %q, the spec says %q", r.path, entry.Sidebar, r.sidebar)
			continue
		}
		if r.sidebar != "-" && !links[r.sidebar][r.path] {
			t.Errorf("sidebar %q has no link to %s", r.sidebar, r.path)
		}
	}
	if checked < 218 {
		t.Errorf("checked %d routes; %s lists 218", checked, specRoutes)
	}
}

type specRoute struct{ path, sidebar string }

func readSpecRoutes(t *testing.T) []specRoute {
	t.Helper()
	f, err := os.Open(specRoutes)
	if err != nil {
		t.Fatalf("the spec's route list: %v", err)
	}
	defer f.Close()
	var routes []specRoute
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		path, sidebar, ok := strings.Cut(sc.Text(), "\t")
		if !ok || path == "path" {
			continue
		}
		routes = append(routes, specRoute{path, sidebar})
	}
	return routes
}

// sidebarLinks lists, per sidebar of the current docs version, every page
// its links and category links lead to.
func sidebarLinks(t *testing.T, res *pipeline.Result) map[string]map[string]bool {
	t.Helper()
	data, ok := res.Output.File(strings.TrimPrefix(res.Output.Manifest.SidebarsData, "/"))
	if !ok {
		t.Fatalf("sidebars data %s not written", res.Output.Manifest.SidebarsData)
	}
	var versions map[string]map[string][]sidebarItem
	if err := json.Unmarshal(data, &versions); err != nil {
		t.Fatalf("sidebars data: %v", err)
	}
	out := map[string]map[string]bool{}
	for name, items := range versions["current"] {
		out[name] = map[string]bool{}
		var walk func([]sidebarItem)
		walk = func(items []sidebarItem) {
			for _, it := range items {
				if it.Href != "" {
					out[name][it.Href] = true
				}
				walk(it.Items)
			}
		}
		walk(items)
	}
	return out
}

type sidebarItem struct {
	Href  string        `json:"href"`
	Items []sidebarItem `json:"items"`
}
