package dev

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	portal "github.com/portaldocs/portal"
	"github.com/portaldocs/portal/internal/diag"
)

// A site whose docs are kept beside it (path: ../docs) is rebuilt when a
// doc there changes, as when one in the site folder does.
func TestWatchRebuildsOnEditBesideTheSiteFolder(t *testing.T) {
	root := t.TempDir()
	for name, text := range map[string]string{
		"website/portal.yaml":   "title: Beside\nurl: https://docs.example.org\nbaseUrl: /\ndocs:\n  path: ../docs\n",
		"website/sidebars.yaml": "docs:\n  - intro\n",
		"docs/intro.md":         "# Introduction\n\nFirst text.\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rebuilt := make(chan bool, 16)
	s, err := New(t.Context(), Options{Site: filepath.Join(root, "website"), Theme: portal.Theme(),
		Report: func(_ []diag.Diagnostic, _ time.Duration, err error) { rebuilt <- err == nil }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if ok := <-rebuilt; !ok {
		t.Fatalf("the first build failed: %v", s.failure)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go func() { _ = s.Watch(ctx) }()

	// The watcher starts on its goroutine: edit until a rebuild is seen.
	deadline := time.After(20 * time.Second)
	for i := 0; ; i++ {
		text := "# Introduction\n\nEdited text " + strings.Repeat("again ", i) + ".\n"
		if err := os.WriteFile(filepath.Join(root, "docs", "intro.md"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		select {
		case ok := <-rebuilt:
			if !ok {
				t.Fatalf("the rebuild failed: %v", s.failure)
			}
			return
		case <-time.After(500 * time.Millisecond):
		case <-deadline:
			t.Fatal("no rebuild after editing ../docs/intro.md")
		}
	}
}
