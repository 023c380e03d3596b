package outdir

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// An operator's web server runs as another user: the output folder must be
// readable and searchable by others, as far as the umask allows.
func TestMkdirTempIsReadableByOthers(t *testing.T) {
	for _, tc := range []struct {
		umask int
		want  os.FileMode
	}{
		{0o022, 0o755},
		{0o027, 0o750},
		{0o002, 0o775 & 0o755},
	} {
		old := syscall.Umask(tc.umask)
		dir, err := MkdirTemp(t.TempDir(), ".build.new-")
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		info, err := os.Stat(dir)
		if err != nil {
			t.Fatal(err)
		}
		if got := info.Mode().Perm(); got != tc.want {
			t.Errorf("umask %03o: mode %v, want %v", tc.umask, got, tc.want)
		}
		if !strings.HasPrefix(filepath.Base(dir), ".build.new-") {
			t.Errorf("name %s lacks the prefix", dir)
		}
	}
}

func TestMkdirTempNamesAreUnique(t *testing.T) {
	parent := t.TempDir()
	seen := map[string]bool{}
	for range 50 {
		dir, err := MkdirTemp(parent, "x-")
		if err != nil {
			t.Fatal(err)
		}
		if seen[dir] {
			t.Fatalf("%s returned twice", dir)
		}
		seen[dir] = true
	}
}

func TestMkdirTempNamesTheParentOnError(t *testing.T) {
	_, err := MkdirTemp(filepath.Join(t.TempDir(), "missing"), "x-")
	if err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("error %v does not name the parent", err)
	}
}
