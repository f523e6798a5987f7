package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestOneShotMemoryLimit: the one-shot commands get the soft heap limit,
// the servers keep Go's default, and GOMEMLIMIT overrides it.
func TestOneShotMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	cases := []struct {
		args  []string
		env   string
		limit int64
	}{
		{[]string{"check", "x.ow"}, "", oneShotMemoryLimit},
		{[]string{"lint", "x.ow"}, "", oneShotMemoryLimit},
		{[]string{"compile", "x.ow"}, "", oneShotMemoryLimit},
		{[]string{"serve", "x.ow"}, "", math.MaxInt64},
		{[]string{"provider", "opy"}, "", math.MaxInt64},
		{nil, "", math.MaxInt64}, // the language server
		{[]string{"check", "x.ow"}, "1GiB", math.MaxInt64},
	}
	for _, c := range cases {
		debug.SetMemoryLimit(math.MaxInt64)
		t.Setenv("GOMEMLIMIT", c.env)
		limitOneShotMemory(c.args)
		if got := debug.SetMemoryLimit(-1); got != c.limit {
			t.Errorf("%v (GOMEMLIMIT=%q): limit %d, want %d", c.args, c.env, got, c.limit)
		}
	}
}
