package portal

import (
	"io/fs"
	"os"
	"testing"
)

// TestEmbeddedSiteComplete fails when site/ gains a top-level file or folder
// that embed.go does not list: the embedded portal would silently lack it.
func TestEmbeddedSiteComplete(t *testing.T) {
	onDisk, err := os.ReadDir("site")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range onDisk {
		if e.Name() == ".portal-cache" {
			continue // the build cache, left by portal build --site site
		}
		if _, err := fs.Stat(Site(), e.Name()); err != nil {
			t.Errorf("site/%s is not embedded: add it to the go:embed list in embed.go", e.Name())
		}
	}
	if _, err := fs.Stat(Site(), ".portal-cache"); err == nil {
		t.Error("the build cache site/.portal-cache is embedded")
	}
}
