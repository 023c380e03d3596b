package fhir

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// eachParallel calls do(i) for every i in [0, n) on every core and
// returns when all are done. Callers write results into slots indexed by i
// and read them in order, so what they report does not depend on timing.
func eachParallel(n int, do func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				do(i)
			}
		})
	}
	wg.Wait()
}
