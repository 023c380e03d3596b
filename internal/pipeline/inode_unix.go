//go:build unix

package pipeline

import (
	"os"
	"syscall"
)

// inodeOf is the file's inode number, which a hard link shares and a
// rewrite by rename does not; ok is false where the system does not say.
func inodeOf(info os.FileInfo) (uint64, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return uint64(st.Ino), true //nolint:unconvert // a uint32 on some systems
}
