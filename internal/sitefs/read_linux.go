//go:build linux

package sitefs

import (
	"io/fs"

	"golang.org/x/sys/unix"
)

// readFile is os.ReadFile in open, fstat, read and close alone.
func readFile(name string) ([]byte, error) {
	fd, err := retry(func() (int, error) { return unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC, 0) })
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer unix.Close(fd)
	size := 0
	var st unix.Stat_t
	if unix.Fstat(fd, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFREG {
		size = int(st.Size)
	}
	// One byte more, so that the read that finds the end needs no larger
	// buffer; and at least 512, as os.ReadFile reads files whose size the
	// system does not say.
	data := make([]byte, 0, max(size+1, 512))
	for {
		n, err := retry(func() (int, error) { return unix.Read(fd, data[len(data):cap(data)]) })
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if n == 0 {
			return data, nil
		}
		data = data[:len(data)+n]
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}

// retry repeats a system call the arrival of a signal interrupted.
func retry(call func() (int, error)) (int, error) {
	for {
		n, err := call()
		if err != unix.EINTR {
			return n, err
		}
	}
}
