package settings

import (
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// BenchmarkBuild measures indexing the settings schema, which the first
// parse of a settings block pays for: what For builds (the tables left to
// their first use, the spellers static), then the same with the tables
// that most settings blocks use (main, lobby, the two General tables),
// then every table and the spellers computed, as For did before the
// tables were built on use (and as it still does for a vocabulary other
// than the built-in one).
func BenchmarkBuild(b *testing.B) {
	v := vocab.Default()
	b.Run("for", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			build(v)
		}
	})
	b.Run("common-tables", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s := build(v)
			for _, id := range []string{"main", "lobby", "gamemodes/general", "heroes/general"} {
				s.table(id)
			}
		}
	})
	b.Run("every-table", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			computed()
		}
	})
}
