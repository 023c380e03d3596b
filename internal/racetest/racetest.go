// Package racetest lets a test that checks content rather than concurrency
// leave the race pass of make go-test, which runs it without the detector.
package racetest

import "testing"

// ContentNotConcurrency skips t in the race pass of make go-test: it checks
// what code running in Portal's JavaScript engine (QuickJS, C compiled to
// Go) says and writes, which the race detector slows tenfold or more and
// which is not about concurrency. The second pass, without the detector,
// runs it (Makefile, go-test).
func ContentNotConcurrency(t testing.TB) {
	t.Helper()
	if Enabled {
		t.Skip("content, not concurrency: make go-test runs it without the race detector")
	}
}
