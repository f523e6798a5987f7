package settings

import (
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// BenchmarkBuild measures indexing the settings schema, which the first
// parse of a settings block pays for.
func BenchmarkBuild(b *testing.B) {
	v := vocab.Default()
	b.ReportAllocs()
	for b.Loop() {
		build(v)
	}
}
