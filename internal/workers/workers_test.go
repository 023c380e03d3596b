package workers

import (
	"context"
	"sync/atomic"
	"testing"
)

func TestEachCallsEveryIndexOnce(t *testing.T) {
	for _, tt := range []struct{ workers, n int }{{1, 0}, {0, 5}, {2, 1}, {4, 100}, {100, 3}} {
		counts := make([]atomic.Int32, tt.n)
		Each(context.Background(), tt.workers, tt.n, func(i int) { counts[i].Add(1) })
		for i := range counts {
			if got := counts[i].Load(); got != 1 {
				t.Errorf("workers %d, n %d: index %d called %d times", tt.workers, tt.n, i, got)
			}
		}
	}
}

func TestEachStopsHandingOutWorkOnceCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int32
	Each(ctx, 1, 100, func(i int) {
		calls.Add(1)
		if i == 2 {
			cancel()
		}
	})
	// The index being handed over when ctx is cancelled still runs.
	if got := calls.Load(); got > 4 {
		t.Errorf("%d calls after cancelling at the third of 100, want at most 4", got)
	}
}
