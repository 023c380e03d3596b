package config

import (
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fuzzseed"
)

// FuzzParse: any portal.yaml gives a config or located diagnostics, never
// a panic; a config without errors has a base URL the serving rules accept
// (a config with errors is never built: "0" parses to an empty config and
// the error that baseUrl is missing).
func FuzzParse(f *testing.F) {
	for _, seed := range fuzzseed.Files("portal.yaml", 50) {
		f.Add(seed)
	}
	f.Add([]byte("title: x\nurl: https://a.example\nbaseUrl: portal\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, ds := Parse("portal.yaml", data)
		failed := false
		for _, d := range ds {
			if d.File != "portal.yaml" || d.Line < 0 || d.Message == "" {
				t.Fatalf("diagnostic without a place or a message: %+v", d)
			}
			failed = failed || d.Severity == diag.Error
		}
		if cfg != nil && !failed && (!strings.HasPrefix(cfg.BaseURL, "/") || !strings.HasSuffix(cfg.BaseURL, "/")) {
			t.Fatalf("baseUrl %q", cfg.BaseURL)
		}
	})
}
