// Package outdir creates the temporary folder a build writes into before it
// is swapped into place.
package outdir

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// MkdirTemp creates a new folder in parent whose name starts with prefix and
// returns its path. Unlike os.MkdirTemp, which creates 0700 folders, the
// folder gets 0755 less the umask, like any folder os.MkdirAll makes: the
// folder becomes the published output, and a web server whose workers run
// as another user (nginx's www-data or nobody) must be able to read it.
func MkdirTemp(parent, prefix string) (string, error) {
	for range 100 {
		var suffix [6]byte
		if _, err := rand.Read(suffix[:]); err != nil {
			return "", fmt.Errorf("create temporary folder in %s: %w", parent, err)
		}
		dir := filepath.Join(parent, prefix+hex.EncodeToString(suffix[:]))
		err := os.Mkdir(dir, 0o755)
		if err == nil {
			return dir, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("create temporary folder in %s: %w", parent, err)
		}
	}
	return "", fmt.Errorf("create temporary folder in %s: too many name collisions", parent)
}
