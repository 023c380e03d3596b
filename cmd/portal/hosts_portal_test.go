//go:build !race

// The embedded portal renders every page in QuickJS, which the race
// detector slows twenty-fold: make go-test runs this file's test in its
// pass without the race detector (its name holds "Portal").

package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/portaldocs/portal/internal/outdir"
)

// TestPortalLLMsLinksAnswerOnNginx: every page the portal's llms.txt links
// answers 200 from nginx with the config the build writes, as it does from
// portal serve (e2e/tests/agents.spec.ts).
func TestPortalLLMsLinksAnswerOnNginx(t *testing.T) {
	// Not t.TempDir: nginx's worker runs as another user that must reach it.
	work, err := outdir.MkdirTemp(os.TempDir(), "portal-llms-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	out := filepath.Join(work, "www")
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"build", "--out", out, "--compress", "none"}, io.Discard, &stderr); code != 0 {
		t.Fatalf("build exit %d: %s", code, stderr.String())
	}
	cases := llmsLinkCases(t, out, "https://developer.example.org")
	base := startNginx(t, work, out)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, c := range cases {
		checkCase(t, client, base, c, "first", nil)
	}
}
