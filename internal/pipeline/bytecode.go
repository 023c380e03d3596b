package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/portaldocs/portal/internal/buildcache"
)

// The compiled server bundle in a folder shared by every build on the
// machine (WithBytecodeCache). An entry is the bytecode after its SHA-256
// (buildcache.WithChecksum), as in the build's store: QuickJS cannot check bytecode,
// so a damaged file must never reach it.

// userBytecodeMaxAge is how long an entry nobody used stays.
const userBytecodeMaxAge = 30 * 24 * time.Hour

const userBytecodeSuffix = ".qjsbc"

// readUserBytecode returns the bytecode under key in dir; ok is false when
// there is none, or it is damaged.
func readUserBytecode(dir string, key buildcache.Key) ([]byte, bool) {
	if dir == "" {
		return nil, false
	}
	path := filepath.Join(dir, key.String()+userBytecodeSuffix)
	entry, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	data, ok := buildcache.VerifiedChecksum(entry)
	if !ok {
		return nil, false
	}
	now := time.Now()
	_ = os.Chtimes(path, now, now) // used: keep it
	return data, true
}

// writeUserBytecode keeps data under key in dir, written whole or not at
// all, and removes the entries nobody used for userBytecodeMaxAge (each
// engine version has its own). Failures only cost the next build a compile.
func writeUserBytecode(dir string, key buildcache.Key, data []byte) {
	if dir == "" || len(data) == 0 {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(buildcache.WithChecksum(data))
	if cerr := tmp.Close(); werr != nil || cerr != nil {
		_ = os.Remove(tmp.Name())
		return
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, key.String()+userBytecodeSuffix)); err != nil {
		_ = os.Remove(tmp.Name())
		return
	}
	pruneUserBytecode(dir, time.Now().Add(-userBytecodeMaxAge))
}

func pruneUserBytecode(dir string, before time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), userBytecodeSuffix) {
			continue
		}
		if info, err := e.Info(); err == nil && info.ModTime().Before(before) {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
