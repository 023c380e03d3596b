package dev

import (
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/route"
)

func TestUpdateKind(t *testing.T) {
	m := func(site, sidebars string) *route.Manifest {
		return &route.Manifest{SiteData: site, SidebarsData: sidebars}
	}
	tests := []struct {
		name       string
		prev, next *route.Manifest
		changed    []string
		want       string
	}{
		{"a doc's text", m("s1", "b1"), m("s1", "b1"), []string{"docs/intro.md"}, "refresh"},
		{"a FHIR resource", m("s1", "b1"), m("s1", "b1"), []string{"fhir/r4/patient.json"}, "refresh"},
		{"a doc's title changes the sidebars", m("s1", "b1"), m("s1", "b2"), []string{"docs/intro.md"}, "reload"},
		{"the config", m("s1", "b1"), m("s2", "b1"), []string{"portal.yaml"}, "reload"},
		{"a static file", m("s1", "b1"), m("s1", "b1"), []string{"static/img/logo.svg"}, "reload"},
		{"a sidebars file that changes nothing", m("s1", "b1"), m("s1", "b1"), []string{"sidebars.yaml"}, "reload"},
	}
	for _, tt := range tests {
		if got := updateKind(tt.prev, tt.next, tt.changed); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestWithDevScript(t *testing.T) {
	got := string(withDevScript([]byte("<html><body><p>x</p></body></html>")))
	if want := `<p>x</p><script src="/__portal/dev.js"></script></body>`; !strings.Contains(got, want) {
		t.Errorf("got %s", got)
	}
}

func TestSkipped(t *testing.T) {
	for name, want := range map[string]bool{
		"/s/docs/intro.md": false, "/s/docs/.intro.md.swp": true, "/s/docs/intro.md~": true,
		"/s/.git/index": false, "/s/theme/node_modules/x/a.js": true,
	} {
		if got := skipped(name); got != want {
			t.Errorf("skipped(%q) = %v, want %v", name, got, want)
		}
	}
}
