package main

// Scaling benchmarks of check on hostile input (issue 19), run in the
// process through the command's own entry point (run), so each figure
// is what `wright-lsp check FILE` spends after starting: reading,
// parsing, validating, positions, the envelope and the printed lines.

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oneLine is a program of about size bytes on a single line: actions
// whose Custom Strings hold two-byte and astral characters, each
// reading an undeclared variable (one diagnostic per action, at a
// column far into the line).
func oneLine(size int) string {
	var b strings.Builder
	b.WriteString(`rule("Big") { event { Ongoing - Global; } actions { `)
	for b.Len() < size-4 {
		b.WriteString(`Small Message(All Players(All Teams), Custom String("héllo 😀 {0}", Global.Undeclared)); `)
	}
	b.WriteString("} }")
	return b.String()
}

// unknownNames is a program of about size bytes, one unknown action
// per line, each a different name (no two look-ups alike).
func unknownNames(size int) string {
	var b strings.Builder
	b.WriteString("rule(\"U\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n")
	for i := 0; b.Len() < size-8; i++ {
		fmt.Fprintf(&b, "\t\tFrobnicate Thing%d(1);\n", i)
	}
	b.WriteString("\t}\n}\n")
	return b.String()
}

func benchCheck(b *testing.B, text string) {
	path := filepath.Join(b.TempDir(), "hostile.ow")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if code := run([]string{"check", path}, io.Discard, io.Discard); code != exitFailed {
			b.Fatalf("exit %d, want %d", code, exitFailed)
		}
	}
}

// BenchmarkCheckOneLine checks a program on one line of 128 KiB, 512 KiB
// and 1 MiB: the time grows linearly with the line.
func BenchmarkCheckOneLine(b *testing.B) {
	for _, size := range []int{128 << 10, 512 << 10, 1 << 20} {
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) { benchCheck(b, oneLine(size)) })
	}
}

// BenchmarkCheckUnknownNames checks programs of 1, 2 and 4 MiB of
// distinct unknown action names (about 37,000 per MiB; the largest is
// 1 KiB short of 4 MiB, the limit): the time grows linearly with the
// count.
func BenchmarkCheckUnknownNames(b *testing.B) {
	for _, mib := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("%dMiB", mib), func(b *testing.B) { benchCheck(b, unknownNames(mib<<20-1<<10)) })
	}
}
