//go:build unix

package pipeline

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used so far, user and system;
// stage timings report it beside wall time, which on a shared machine says
// more about the other work than about the build.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
