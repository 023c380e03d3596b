package ssr

import (
	"fmt"
	"runtime"
	"time"
)

// Option configures a Pool; pass options to NewPool.
type Option func(*config)

// config is the data a Pool is built from, kept apart from the running pool.
type config struct {
	size        int
	timeout     time.Duration
	memoryLimit uintptr
	bytecode    []byte
}

// defaultMemoryLimit is far above what rendering needs (the React probe, a
// 300-link 40 KB page, renders within 4 MiB) and far below what a script
// allocating in a loop would take from the machine, times the pool size,
// before the timeout stopped it.
const defaultMemoryLimit = 256 << 20

// defaultTimeout bounds one render. A React page renders in tens of
// milliseconds in the engine, so ten seconds only ever stops a page that
// loops, while leaving room for a slow machine.
const defaultTimeout = 10 * time.Second

func defaultConfig() config {
	return config{
		size:        runtime.GOMAXPROCS(0),
		timeout:     defaultTimeout,
		memoryLimit: defaultMemoryLimit,
	}
}

// WithSize sets how many VMs the pool may hold, which is how many renders run
// at once. The default is runtime.GOMAXPROCS(0): rendering is CPU-bound and a
// VM serves one render at a time. NewPool creates one VM; the others are
// created when renders need them.
func WithSize(n int) Option {
	return func(c *config) { c.size = n }
}

// WithTimeout bounds the JavaScript run time of one render (portalRender and
// the tasks it queued), and of loading the bundle into a new VM. The default
// is 10 s. A VM that timed out is discarded.
func WithTimeout(d time.Duration) Option {
	return func(c *config) { c.timeout = d }
}

// WithMemoryLimit caps the memory of each VM, in bytes; 0 removes the cap.
// Past it the engine throws an out-of-memory error, the render fails and its
// VM is discarded. The default is 256 MiB.
func WithMemoryLimit(bytes uintptr) Option {
	return func(c *config) { c.memoryLimit = bytes }
}

// WithBytecode gives the pool the bundle already compiled (Pool.Bytecode of
// an earlier pool), which loads in a fraction of the time the source takes
// to compile. QuickJS reads only bytecode its own build wrote: give only
// what this binary's engine wrote, checked for damage (a build cache keys
// it by the engine's version and checks its hash). Bytecode that does not
// load is ignored and the source compiled.
func WithBytecode(bytecode []byte) Option {
	return func(c *config) { c.bytecode = bytecode }
}

func (c config) validate() error {
	if c.size < 1 {
		return fmt.Errorf("ssr: pool size must be at least 1, got %d", c.size)
	}
	if c.timeout <= 0 {
		return fmt.Errorf("ssr: render timeout must be positive, got %s", c.timeout)
	}
	return nil
}
