package vocab_test

import (
	"os"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

func BenchmarkLoad(b *testing.B) {
	data, err := os.ReadFile("catalog.gen.json")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := vocab.Load(data); err != nil {
			b.Fatal(err)
		}
	}
}
