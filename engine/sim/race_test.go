//go:build race

package sim_test

// raceEnabled skips the corpus runs under the race detector, which
// multiplies their minutes; the simulator runs on one goroutine, and
// TestDeterminism runs it concurrently under the detector.
const raceEnabled = true
