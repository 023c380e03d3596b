// Package workers runs a function over the indexes of a list on a fixed
// number of goroutines: the one way the build spreads per-page and
// per-file work over the cores.
package workers

import (
	"context"
	"sync"
)

// Each calls fn(i) for every i in [0, n) on up to workers goroutines (at
// least one) and returns when all calls are done. Once ctx is done no
// further index is handed out; calls already running finish. Callers that
// need results write them into slots indexed by i and read them in order,
// so what they report does not depend on timing.
func Each(ctx context.Context, workers, n int, fn func(i int)) {
	workers = max(min(workers, n), 1)
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				fn(i)
			}
		})
	}
	for i := 0; i < n && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
