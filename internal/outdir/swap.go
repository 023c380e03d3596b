package outdir

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/portaldocs/portal/internal/workers"
	"golang.org/x/sys/unix"
)

// Swap puts the folder tmp in the place of dir and removes what dir held.
// Where the file system can (Linux's renameat2 with RENAME_EXCHANGE: ext4,
// xfs, btrfs, tmpfs) the two folders trade places in one step, so a server
// reading dir sees the old output or the new one and never no folder at
// all; elsewhere the old folder is moved aside first, leaving dir missing
// for the moment between two renames. The old output is removed once the
// new one is in place. If the swap fails, dir is left as it was and tmp is
// removed.
func Swap(tmp, dir string) error { return swap(tmp, dir, RemoveAll) }

// SwapKeeping is Swap, keeping what dir held as the folder spare for the
// next build to reuse (Reuse) rather than removing it. A spare that cannot
// be moved there (another file system) is removed.
//
// The first output put at dir replaces nothing and leaves no spare. (Making
// its folders, or links to its files, the spare would only move the next
// build's work into this one: measured, the first rebuild gained about as
// much as the scale-16 corpus's cold build lost.)
func SwapKeeping(tmp, dir, spare string) error {
	return swap(tmp, dir, func(old string) error {
		if err := RemoveAll(spare); err != nil { // one no build claimed
			return RemoveAll(old)
		}
		if err := os.MkdirAll(filepath.Dir(spare), 0o755); err != nil {
			return RemoveAll(old)
		}
		if os.Rename(old, spare) != nil {
			return RemoveAll(old)
		}
		return nil
	})
}

// swap is Swap, handing the previous output to dispose once the new one
// is in place.
func swap(tmp, dir string, dispose func(old string) error) error {
	if _, err := os.Lstat(dir); err != nil {
		return rename(tmp, dir)
	}
	err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dir, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		// tmp now holds the previous output.
		if err := dispose(tmp); err != nil {
			return fmt.Errorf("remove previous output (moved to %s): %w", tmp, err)
		}
		return nil
	case errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EINVAL), errors.Is(err, unix.EOPNOTSUPP):
		return swapInTwo(tmp, dir, dispose)
	}
	_ = RemoveAll(tmp)
	return fmt.Errorf("move new output into %s: %w", dir, err)
}

// rename moves tmp to dir, which does not exist.
func rename(tmp, dir string) error {
	if err := os.Rename(tmp, dir); err != nil {
		_ = RemoveAll(tmp)
		return fmt.Errorf("move new output into %s: %w", dir, err)
	}
	return nil
}

// swapInTwo is swap for file systems without an exchange: the old folder
// is moved aside, the new one into place, then the old one disposed of.
func swapInTwo(tmp, dir string, dispose func(old string) error) error {
	old := tmp + ".old"
	if err := os.Rename(dir, old); err != nil {
		_ = RemoveAll(tmp)
		return fmt.Errorf("move previous output %s aside: %w", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		_ = os.Rename(old, dir) // put the previous output back
		_ = RemoveAll(tmp)
		return fmt.Errorf("move new output into %s: %w", dir, err)
	}
	if err := dispose(old); err != nil {
		return fmt.Errorf("remove previous output %s: %w", old, err)
	}
	return nil
}

// RemoveAll removes dir and everything in it, as os.RemoveAll does, with
// the folders directly inside it removed side by side on every core: a
// build's output is thousands of files, and removing them one by one was
// the last 100 ms of a warm rebuild, with nothing else left to run.
func RemoveAll(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return os.RemoveAll(dir) // missing, or not a folder: as os.RemoveAll answers
	}
	errs := make([]error, len(entries))
	workers.Each(context.Background(), runtime.GOMAXPROCS(0), len(entries), func(i int) {
		errs[i] = os.RemoveAll(filepath.Join(dir, entries[i].Name()))
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return os.RemoveAll(dir)
}
