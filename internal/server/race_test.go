//go:build race

package server

// raceDetector: the race detector shuffles the scheduler's run queues.
const raceDetector = true
