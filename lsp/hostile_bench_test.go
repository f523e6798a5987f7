package lsp_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// BenchmarkSemanticTokensOneLine asks for the semantic tokens of a
// program written on one line of 128 KiB, 512 KiB and 1 MiB (actions
// whose Custom Strings hold two-byte and astral characters, so every
// column is counted in UTF-16 far into the line), after its diagnostics
// are published: the time grows linearly with the line.
func BenchmarkSemanticTokensOneLine(b *testing.B) {
	for _, size := range []int{128 << 10, 512 << 10, 1 << 20} {
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			var sb strings.Builder
			sb.WriteString(`rule("Big") { event { Ongoing - Global; } actions { `)
			for sb.Len() < size-4 {
				sb.WriteString(`Small Message(All Players(All Teams), Custom String("héllo 😀 {0}", Global.Undeclared)); `)
			}
			sb.WriteString("} }")
			text := sb.String()
			dir := b.TempDir()
			path := filepath.Join(dir, "line.ow")
			os.WriteFile(path, []byte(text), 0o644)
			uri := pathURI(path)
			c := startClient(b, lsp.Options{Version: "bench", Debounce: -1})
			c.initialize(dir, map[string]any{})
			c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": text}})
			c.waitDiagnostics(uri)
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if res := c.call("textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": uri}}); len(res) < 1000 {
					b.Fatalf("semantic tokens: %.200s", res)
				}
			}
		})
	}
}
