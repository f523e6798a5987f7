package edits_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

func at(line, col int) edits.Point { return edits.Point{Line: line, Column: col} }

func TestApplyRefusals(t *testing.T) {
	texts := map[string]string{
		"a.ow": "Wait(1);\r\nWait(2);\n",
		"b.ow": "😀 Wait(3);", // astral character, no final newline
	}
	lookup := func(s string) (string, bool) { t, ok := texts[s]; return t, ok }
	idA, idB := edits.Identity(texts["a.ow"]), edits.Identity(texts["b.ow"])
	cases := []struct {
		name string
		tx   []edits.TextEdit
		code string
		edit int
	}{
		{"unknown source", []edits.TextEdit{{Source: "c.ow", Identity: idA, Range: edits.Range{at(1, 1), at(1, 1)}}}, edits.CodeUnknownSource, 0},
		{"stale identity", []edits.TextEdit{{Source: "a.ow", Identity: idB, Range: edits.Range{at(1, 1), at(1, 1)}}}, edits.CodeStaleSource, 0},
		{"missing identity", []edits.TextEdit{{Source: "a.ow", Range: edits.Range{at(1, 1), at(1, 1)}}}, edits.CodeStaleSource, 0},
		{"past the line's end", []edits.TextEdit{{Source: "a.ow", Identity: idA, Range: edits.Range{at(1, 1), at(1, 10)}}}, edits.CodeOutOfRange, 0},
		{"on the CR of CRLF", []edits.TextEdit{{Source: "a.ow", Identity: idA, Range: edits.Range{at(1, 10), at(1, 10)}}}, edits.CodeOutOfRange, 0},
		{"past the last line", []edits.TextEdit{{Source: "a.ow", Identity: idA, Range: edits.Range{at(4, 1), at(4, 1)}}}, edits.CodeOutOfRange, 0},
		{"line zero", []edits.TextEdit{{Source: "a.ow", Identity: idA, Range: edits.Range{at(0, 1), at(1, 1)}}}, edits.CodeOutOfRange, 0},
		{"end before start", []edits.TextEdit{{Source: "a.ow", Identity: idA, Range: edits.Range{at(2, 3), at(1, 3)}}}, edits.CodeOutOfRange, 0},
		{"past the end without final newline", []edits.TextEdit{{Source: "b.ow", Identity: idB, Range: edits.Range{at(1, 1), at(1, 12)}}}, edits.CodeOutOfRange, 0},
		{"overlap", []edits.TextEdit{
			{Source: "a.ow", Identity: idA, Range: edits.Range{at(1, 1), at(1, 5)}, NewText: "x"},
			{Source: "a.ow", Identity: idA, Range: edits.Range{at(1, 3), at(1, 8)}, NewText: "y"},
		}, edits.CodeOverlap, 1},
		{"insertion inside a replacement", []edits.TextEdit{
			{Source: "a.ow", Identity: idA, Range: edits.Range{at(1, 1), at(1, 5)}, NewText: "x"},
			{Source: "a.ow", Identity: idA, Range: edits.Range{at(1, 2), at(1, 2)}, NewText: "y"},
		}, edits.CodeOverlap, 1},
		{"a good edit then a stale one", []edits.TextEdit{
			{Source: "b.ow", Identity: idB, Range: edits.Range{at(1, 1), at(1, 2)}, NewText: "x"},
			{Source: "a.ow", Identity: idB, Range: edits.Range{at(1, 1), at(1, 1)}},
		}, edits.CodeStaleSource, 1},
	}
	for _, c := range cases {
		got, err := edits.Apply(edits.Transaction{Edits: c.tx}, lookup)
		var r *edits.Refusal
		if !errors.As(err, &r) || r.Code != c.code || r.Edit != c.edit || got != nil {
			t.Errorf("%s: got %v, %v; want refusal %s at edit %d and nothing applied", c.name, got, err, c.code, c.edit)
		}
	}
}

func TestApplyAcrossSources(t *testing.T) {
	texts := map[string]string{
		"a.ow": "Wait(1);\r\nWait(2);\n",
		"b.ow": "😀 Wait(3);",
	}
	lookup := func(s string) (string, bool) { t, ok := texts[s]; return t, ok }
	idA, idB := edits.Identity(texts["a.ow"]), edits.Identity(texts["b.ow"])
	tx := edits.Transaction{Edits: []edits.TextEdit{
		{Source: "b.ow", Identity: idB, Range: edits.Range{at(1, 8), at(1, 9)}, NewText: "4"},
		{Source: "a.ow", Identity: idA, Range: edits.Range{at(2, 6), at(2, 7)}, NewText: "20"},
		{Source: "a.ow", Identity: idA, Range: edits.Range{at(1, 1), at(1, 1)}, NewText: "// first\r\n"},
		{Source: "a.ow", Identity: idA, Range: edits.Range{at(1, 1), at(1, 1)}, NewText: "// second\r\n"},
		{Source: "b.ow", Identity: idB, Range: edits.Range{at(1, 1), at(1, 2)}, NewText: "🎉"},
	}}
	got, err := edits.Apply(tx, lookup)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Source != "b.ow" || got[1].Source != "a.ow" {
		t.Fatalf("sources: %+v", got)
	}
	if want := "🎉 Wait(4);"; got[0].New != want {
		t.Errorf("b.ow: %q, want %q", got[0].New, want)
	}
	if want := "// first\r\n// second\r\nWait(1);\r\nWait(20);\n"; got[1].New != want {
		t.Errorf("a.ow: %q, want %q", got[1].New, want)
	}
	if got[1].Identity != edits.Identity(got[1].New) || got[1].Old != texts["a.ow"] {
		t.Error("identity or old text wrong")
	}
}

// TestApplyPropertyOverCorpus makes random valid edits to corpus files,
// states them as transactions through the mapper, applies them, and
// checks that the spans come back byte for byte and that the edited
// text is exactly what byte-level application gives.
func TestApplyPropertyOverCorpus(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus", "workshop", "*", "*.txt"))
	if len(paths) < 50 {
		t.Fatalf("the shared corpus must be present: found %d files", len(paths))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	inserts := []string{"", "x", "é", "😀", "中文", "e\u0301", "\r\n", "\n", "Wait(1, Ignore Condition);\n"}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		for round := range 20 {
			// Pick up to 5 disjoint spans on rune boundaries.
			var bounds []int
			for range 2 * (1 + rng.IntN(5)) {
				bounds = append(bounds, runeBoundary(text, rng.IntN(len(text)+1)))
			}
			slices.Sort(bounds)
			var byteEdits []source.Edit
			for i := 0; i+1 < len(bounds); i += 2 {
				byteEdits = append(byteEdits, source.Edit{Span: source.Span{Start: bounds[i], End: bounds[i+1]}, New: inserts[rng.IntN(len(inserts))]})
			}
			tx, err := edits.FromEngine(path, text, byteEdits)
			if err != nil {
				t.Fatalf("%s round %d: %v", path, round, err)
			}
			got, err := edits.Apply(tx, func(s string) (string, bool) { return text, s == path })
			if err != nil {
				t.Fatalf("%s round %d: %v", path, round, err)
			}
			want, err := source.Apply(text, byteEdits)
			if err != nil {
				t.Fatal(err)
			}
			if got[0].New != want {
				t.Fatalf("%s round %d: the transaction changed other bytes", path, round)
			}
			// The mapper took every span to line and column and back to the
			// same bytes, so nothing outside the edits moved.
			if !slices.Equal(got[0].Edits, byteEdits) {
				t.Fatalf("%s round %d: spans changed through the mapper:\n got %v\nwant %v", path, round, got[0].Edits, byteEdits)
			}
		}
	}
}

func runeBoundary(s string, i int) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	// Never split a CRLF: the mapper has no point between CR and LF.
	if i > 0 && i < len(s) && s[i] == '\n' && s[i-1] == '\r' {
		i--
	}
	return i
}

// TestIdentityIsSHA256: Identity, hashing through a buffer, is the hex
// SHA-256 of the text, at the buffer's edges too.
func TestIdentityIsSHA256(t *testing.T) {
	for _, n := range []int{0, 1, 8<<10 - 1, 8 << 10, 8<<10 + 1, 3*8<<10 + 5} {
		text := strings.Repeat("é;", n/3) + strings.Repeat("x", n-n/3*3)
		sum := sha256.Sum256([]byte(text))
		if got, want := edits.Identity(text), hex.EncodeToString(sum[:]); got != want {
			t.Errorf("Identity of %d bytes = %s, want %s", len(text), got, want)
		}
	}
}
