package lsp_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/golden"
	"github.com/wright-lsp/wright-lsp/lsp"
)

// fmtCorpus returns the game exports of the shared corpus by name.
func fmtCorpus(t *testing.T) map[string]string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "corpus", "workshop", "game-exports")
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("the shared corpus must be present in %s: %v", dir, err)
	}
	out := map[string]string{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = string(data)
	}
	return out
}

// A fmtEdit is a TextEdit as the client receives it.
type fmtEdit struct {
	Range struct {
		Start, End struct{ Line, Character int }
	}
	NewText string
}

// fmtApply applies TextEdits in UTF-16 positions to text, as an editor
// does: every range against the original text, none overlapping.
func fmtApply(text string, raw json.RawMessage) (string, error) {
	var es []fmtEdit
	if err := json.Unmarshal(raw, &es); err != nil {
		return "", err
	}
	if es == nil {
		return "", errors.New("the edits are null, not an array")
	}
	// Line starts: \n, \r\n and a lone \r end a line (LSP).
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		if text[i] == '\n' || text[i] == '\r' {
			starts = append(starts, i+1)
		}
	}
	offset := func(line, char int) (int, error) {
		if line >= len(starts) {
			return 0, fmt.Errorf("line %d is past the end", line)
		}
		off, units := starts[line], 0
		for units < char {
			if off >= len(text) || text[off] == '\n' || text[off] == '\r' {
				return 0, fmt.Errorf("%d:%d is past the end of the line", line, char)
			}
			r, size := utf8.DecodeRuneInString(text[off:])
			units += len(utf16.Encode([]rune{r}))
			off += size
		}
		if units != char {
			return 0, fmt.Errorf("%d:%d splits a character", line, char)
		}
		return off, nil
	}
	type span struct {
		a, b int
		s    string
	}
	var spans []span
	for _, e := range es {
		a, err := offset(e.Range.Start.Line, e.Range.Start.Character)
		if err != nil {
			return "", err
		}
		b, err := offset(e.Range.End.Line, e.Range.End.Character)
		if err != nil {
			return "", err
		}
		spans = append(spans, span{a, b, e.NewText})
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].a < spans[j].a })
	var out strings.Builder
	at := 0
	for _, sp := range spans {
		if sp.a < at || sp.b < sp.a {
			return "", fmt.Errorf("edits overlap or run backwards at byte %d", sp.a)
		}
		out.WriteString(text[at:sp.a])
		out.WriteString(sp.s)
		at = sp.b
	}
	out.WriteString(text[at:])
	return out.String(), nil
}

// fmtMangle returns a program and a variant of it that only white space
// and line breaks tell apart: re-indented with spaces, with random
// indentation, trailing blanks and doubled blank lines, or with \r\n line
// breaks, in turn (kind picks which).
func fmtMangle(text string, kind int) string {
	rng := rand.New(rand.NewPCG(uint64(len(text)), 7))
	indent := regexp.MustCompile(`^\t*`)
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		tabs := indent.FindString(l)
		switch kind % 3 {
		case 0, 2:
			lines[i] = strings.Repeat("    ", len(tabs)) + l[len(tabs):]
		case 1:
			j := strings.Repeat(" ", rng.IntN(7)) + l[len(tabs):]
			if rng.IntN(3) == 0 {
				j += strings.Repeat("\t", 1+rng.IntN(2))
			}
			if strings.TrimSpace(l) == "" && rng.IntN(2) == 0 {
				j += "\n"
			}
			lines[i] = j
		}
	}
	out := strings.Join(lines, "\n")
	if kind%3 == 2 {
		out = strings.ReplaceAll(out, "\n", "\r\n")
	}
	return out
}

// fmtExcerptBytes bounds the programs the property test formats: the
// property is about edits, and the largest exports would only make the
// test slow (under -race, minutes).
const fmtExcerptBytes = 25_000

// fmtExcerpt cuts a long program after the last rule that ends within
// fmtExcerptBytes, keeping its settings, variables and subroutines.
func fmtExcerpt(text string) string {
	if len(text) <= fmtExcerptBytes {
		return text
	}
	end := 0
	for _, r := range engine.Check(source.NewFile("x.ow", text), engine.Options{}).Script.Rules {
		if r.Span.End > fmtExcerptBytes {
			break
		}
		end = r.Span.End
	}
	if end == 0 {
		return text
	}
	return text[:end] + "\n"
}

// TestFormattingEditsGivePrinterOutput is a property test: for every game
// export of the corpus and a variant of it with other white space and
// line breaks, the formatting edits applied to the text give exactly the
// printer's output in the document's locale (with the document's line
// breaks), and formatting that output changes nothing. The documents are
// workspace files, not open ones, so no diagnostics run beside.
func TestFormattingEditsGivePrinterOutput(t *testing.T) {
	root := t.TempDir()
	type doc struct{ name, uri, text, want, wantURI string }
	var docs []doc
	var bases []string
	corpus := fmtCorpus(t)
	for base, text := range corpus {
		corpus[base] = fmtExcerpt(text)
		bases = append(bases, base)
	}
	sort.Strings(bases)
	for i, base := range bases {
		for j, text := range []string{corpus[base], fmtMangle(corpus[base], i)} {
			name := fmt.Sprintf("%s variant %d", base, j)
			checked := engine.Check(source.NewFile("x.ow", text), engine.Options{})
			want, refusal := printer.Format(text, checked.Script, checked.ParseErrors, printer.FormatOptions{})
			if refusal != nil {
				want = "" // a refusal
			}
			file := fmt.Sprintf("doc%d-%d.ow", i, j)
			os.WriteFile(filepath.Join(root, file), []byte(text), 0o644)
			d := doc{name: name, uri: pathURI(filepath.Join(root, file)), text: text, want: want}
			if want != "" {
				os.WriteFile(filepath.Join(root, "printed-"+file), []byte(want), 0o644)
				d.wantURI = pathURI(filepath.Join(root, "printed-"+file))
			}
			docs = append(docs, d)
		}
	}
	c := startClient(t, lsp.Options{Version: "test"})
	c.initialize(root, map[string]any{})
	format := func(uri string) (json.RawMessage, error) {
		return c.try("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri},
			"options": map[string]any{"tabSize": 4, "insertSpaces": true}})
	}
	for _, d := range docs {
		name := d.name
		raw, err := format(d.uri)
		if d.want == "" {
			var je *jsonrpc2.Error
			if !errors.As(err, &je) || je.Code != -32803 {
				t.Errorf("%s: formatting a document the printer cannot keep whole: want a refusal, got %v (%s)", name, err, raw)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		got, err := fmtApply(d.text, raw)
		if err != nil {
			t.Errorf("%s: the edits do not apply: %v", name, err)
			continue
		}
		if line, w, g, differ := golden.FirstDifference(d.want, got); differ {
			t.Errorf("%s: the edits do not give the printer's output: line %d\nwant: %q\n got: %q", name, line, w, g)
			continue
		}
		if raw, err := format(d.wantURI); err != nil || string(raw) != "[]" {
			t.Errorf("%s: formatting the formatted text: %s, %v; want []", name, raw, err)
		}
	}
}

// TestFormattingRefusesRatherThanLoses: comments the printer would drop,
// syntax errors and names the locale cannot spell are refused with a
// message, never answered with edits that lose text.
func TestFormattingRefusesRatherThanLoses(t *testing.T) {
	const rule = "rule(\"R\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\t%s\n\t}\n}\n"
	for _, tc := range []struct{ name, text, why string }{
		{"line comment", fmt.Sprintf(rule, "Wait(1, Ignore Condition); // keep me"), "comments"},
		{"block comment", "/* keep me */\n" + fmt.Sprintf(rule, "Wait(1, Ignore Condition);"), "comments"},
		{"syntax error", fmt.Sprintf(rule, "Wait(1, Ignore Condition"), "syntax error"},
		{"unclosed string", fmt.Sprintf(rule, `Small Message(All Players(All Teams), Custom String("open));`), "syntax error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			c := startClient(t, lsp.Options{Version: "test"})
			c.initialize(root, map[string]any{})
			uri := pathURI(filepath.Join(root, "a.ow"))
			c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
				"uri": uri, "languageId": "workshop", "version": 1, "text": tc.text}})
			raw, err := c.try("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri},
				"options": map[string]any{"tabSize": 4, "insertSpaces": false}})
			if err == nil || !strings.Contains(err.Error(), tc.why) {
				t.Errorf("want a refusal mentioning %q, got %s, %v", tc.why, raw, err)
			}
		})
	}
}
