package docusaurus_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"strings"
	"testing"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/pipeline"
	"github.com/portaldocs/portal/internal/themedata"
)

// TestDocsPluginInstances builds testdata/instances: the classic preset's
// docs plus ['@docusaurus/plugin-content-docs', {id: 'community', …,
// sidebarPath: './sidebarsCommunity.js'}], versioned on its own with
// community_versions.json. Each instance gets its own routes, sidebars and
// versions, and navbar items find theirs by docsPluginId.
func TestDocsPluginInstances(t *testing.T) {
	res, err := pipeline.Run(context.Background(), os.DirFS("testdata/instances"), pipeline.WithTheme(portal.Theme()))
	if err != nil {
		t.Fatalf("build: %v\n%v", err, res.Diagnostics)
	}
	t.Cleanup(func() { _ = res.Output.Close() })
	for _, d := range res.Diagnostics {
		t.Errorf("unexpected diagnostic (the instance is built, not skipped): %s", d)
	}
	out := res.Output
	t.Run("routes", func(t *testing.T) {
		want := map[string]string{
			"/docs/intro":             "current",
			"/docs/install":           "current",
			"/community/support":      "community 1.0",
			"/community/next/support": "community current",
			"/community/next/team":    "community current",
		}
		if len(out.Manifest.Routes) != len(want) {
			t.Errorf("%d routes, want %d: %+v", len(out.Manifest.Routes), len(want), out.Manifest.Routes)
		}
		for _, r := range out.Manifest.Routes {
			got := strings.TrimSpace(r.DocsPluginID + " " + r.Version)
			if want[r.Path] != got {
				t.Errorf("route %s: instance and version %q, want %q", r.Path, got, want[r.Path])
			}
		}
	})

	var sidebars themedata.SidebarsData
	readOutputJSON(t, out.FS(), out.Manifest.SidebarsData, &sidebars)
	t.Run("sidebars", func(t *testing.T) {
		for _, tc := range []struct{ version, sidebar, want string }{
			{"current", "tutorialSidebar", "Tutorial intro /docs/intro, Installation /docs/install"},
			{"community/current", "communitySidebar", "Support /community/next/support, Team /community/next/team"},
			{"community/1.0", "communitySidebar", "Support (1.0) /community/support"},
		} {
			var got []string
			for _, item := range sidebars[tc.version][tc.sidebar] {
				got = append(got, item.Label+" "+item.Href)
			}
			if strings.Join(got, ", ") != tc.want {
				t.Errorf("sidebar %s of %s: %s, want %s", tc.sidebar, tc.version, strings.Join(got, ", "), tc.want)
			}
		}
	})

	var site themedata.SiteData
	readOutputJSON(t, out.FS(), out.Manifest.SiteData, &site)
	t.Run("navbar", func(t *testing.T) {
		want := []string{
			"docSidebar Docs  /docs/intro",
			"docSidebar Community community /community/support",
			"docsVersionDropdown  community ",
		}
		for i, item := range site.Navbar {
			got := strings.Join([]string{string(item.Type), item.Label, item.DocsPluginID, item.ResolvedTo}, " ")
			if i >= len(want) || got != want[i] {
				t.Errorf("navbar item %d: %q, want %q", i, got, want[min(i, len(want)-1)])
			}
		}
		if len(site.DocsInstances) != 1 || site.DocsInstances[0].PluginID != "community" || len(site.DocsInstances[0].Versions) != 2 {
			t.Errorf("site data's other docs instances: %+v, want community with 2 versions", site.DocsInstances)
		}
	})

	t.Run("pages", func(t *testing.T) {
		for _, tc := range []struct{ path, pluginID, link string }{
			// A file link into the other instance reaches its current version.
			{"/docs/intro", "", `href="/community/next/support"`},
			{"/community/next/support", "community", `href="/docs/install"`},
			// MDX in the instance renders as in the default one.
			{"/community/next/team", "community", `role="tablist"`},
		} {
			entry, _ := out.Manifest.Lookup(tc.path)
			var page themedata.PageData
			readOutputJSON(t, out.FS(), entry.Data, &page)
			if page.Doc == nil || page.Doc.PluginID != tc.pluginID {
				t.Errorf("%s: doc %+v, want instance %q", tc.path, page.Doc, tc.pluginID)
			}
			if !strings.Contains(page.HTML, tc.link) {
				t.Errorf("%s: no %s in\n%s", tc.path, tc.link, page.HTML)
			}
		}
	})
}

func readOutputJSON(t *testing.T, out fs.FS, url string, into any) {
	t.Helper()
	data, err := fs.ReadFile(out, strings.TrimPrefix(url, "/"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, into); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
}
