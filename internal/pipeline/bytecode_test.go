package pipeline

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/portaldocs/portal/internal/buildcache"
)

func TestUserBytecodeIsCheckedBeforeUse(t *testing.T) {
	dir := t.TempDir()
	key := buildcache.Sum([]byte("engine and bundle"))
	if _, ok := readUserBytecode(dir, key); ok {
		t.Fatal("read bytecode from an empty folder")
	}
	writeUserBytecode(dir, key, []byte("compiled"))
	data, ok := readUserBytecode(dir, key)
	if !ok || string(data) != "compiled" {
		t.Fatalf("read back %q, %v", data, ok)
	}
	path := filepath.Join(dir, key.String()+userBytecodeSuffix)
	entry, _ := os.ReadFile(path)
	entry[len(entry)-1] ^= 1
	if err := os.WriteFile(path, entry, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := readUserBytecode(dir, key); ok {
		t.Error("damaged bytecode was returned")
	}
	if _, ok := readUserBytecode("", key); ok {
		t.Error("bytecode came from no folder")
	}
}

func TestUserBytecodeNobodyUsedIsRemoved(t *testing.T) {
	dir := t.TempDir()
	old, fresh := buildcache.Sum([]byte("old engine")), buildcache.Sum([]byte("new engine"))
	writeUserBytecode(dir, old, []byte("old"))
	stale := filepath.Join(dir, old.String()+userBytecodeSuffix)
	long := time.Now().Add(-userBytecodeMaxAge - 1)
	if err := os.Chtimes(stale, long, long); err != nil {
		t.Fatal(err)
	}
	writeUserBytecode(dir, fresh, []byte("new"))
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("an entry unused for over %v is still there", userBytecodeMaxAge)
	}
	if _, ok := readUserBytecode(dir, fresh); !ok {
		t.Error("the new entry is gone")
	}
}
