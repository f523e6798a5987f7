package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestOneShotMemoryLimit: the one-shot commands get the soft heap limit
// and a larger GOGC, the servers keep Go's defaults, and GOMEMLIMIT and
// GOGC override them.
func TestOneShotMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	beforeGC := debug.SetGCPercent(100)
	t.Cleanup(func() {
		debug.SetMemoryLimit(before)
		debug.SetGCPercent(beforeGC)
	})
	cases := []struct {
		args      []string
		env, gogc string
		limit     int64
		gcPercent int
	}{
		{[]string{"check", "x.ow"}, "", "", oneShotMemoryLimit, oneShotGCPercent},
		{[]string{"lint", "x.ow"}, "", "", oneShotMemoryLimit, oneShotGCPercent},
		{[]string{"compile", "x.ow"}, "", "", oneShotMemoryLimit, oneShotGCPercent},
		{[]string{"serve", "x.ow"}, "", "", math.MaxInt64, 100},
		{[]string{"provider", "opy"}, "", "", math.MaxInt64, 100},
		{nil, "", "", math.MaxInt64, 100}, // the language server
		{[]string{"check", "x.ow"}, "1GiB", "", math.MaxInt64, oneShotGCPercent},
		{[]string{"check", "x.ow"}, "", "50", oneShotMemoryLimit, 100},
	}
	for _, c := range cases {
		debug.SetMemoryLimit(math.MaxInt64)
		debug.SetGCPercent(100)
		t.Setenv("GOMEMLIMIT", c.env)
		t.Setenv("GOGC", c.gogc)
		limitOneShotMemory(c.args)
		if got := debug.SetMemoryLimit(-1); got != c.limit {
			t.Errorf("%v (GOMEMLIMIT=%q): limit %d, want %d", c.args, c.env, got, c.limit)
		}
		if got := debug.SetGCPercent(100); got != c.gcPercent {
			t.Errorf("%v (GOGC=%q): GC percent %d, want %d", c.args, c.gogc, got, c.gcPercent)
		}
	}
}
