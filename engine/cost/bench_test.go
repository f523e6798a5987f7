package cost_test

import (
	"path/filepath"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/cost"
)

// BenchmarkCount counts the largest game export (455,759 bytes, 257 rules,
// 27,801 elements); parsing happens before the timed loop, as an editor
// counts a tree it already has.
func BenchmarkCount(b *testing.B) {
	s := parseFile(b, filepath.Join(corpusRoot, "game-exports", "z_owware.txt"))
	b.ReportAllocs()
	for b.Loop() {
		cost.Count(s, cost.Options{})
	}
}
