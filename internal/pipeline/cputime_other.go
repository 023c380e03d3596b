//go:build !unix

package pipeline

import "time"

// processCPU is not measured on this system; stage timings show 0.
func processCPU() time.Duration { return 0 }
