package lsp_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// semFixture has emoji (two UTF-16 units, four UTF-8 bytes) and CJK (one
// UTF-16 unit, three UTF-8 bytes) before tokens on the same line.
const semFixture = `variables
{
	global:
		0: Score
}

/* two
   lines 😀 */
rule("Emoji 🎉 and 中文")
{
	event
	{
		Ongoing - Global;
	}

	actions
	{
		Big Message(All Players(All Teams), Custom String("😀 你好 {0}", Global.Score));
		Global.Score += 1;
	}
}
`

// semWant is the decoded answer in each encoding: line:column length
// type.modifiers and the text the token covers, read back with the same
// encoding. The comment over two lines is sent as one token per line.
var semWant = map[string]string{
	"utf-16": semTokens(17, 11, 65, 72, 14),
	"utf-8":  semTokens(23, 17, 71, 78, 16),
	"utf-32": semTokens(16, 10, 64, 71, 13),
}

// semTokens fills in what varies with the encoding: the lengths of the
// rule's name and of the string with emoji and CJK, the columns of the
// two tokens after that string, and the length of the comment's second
// line.
func semTokens(ruleName, str, global, score, comment int) string {
	return fmt.Sprintf(`0:0 9 keyword "variables"
2:1 6 keyword "global"
3:2 1 number "0"
3:5 5 variable.declaration.global "Score"
6:0 6 comment "/* two"
7:0 %d comment "   lines 😀 */"
8:0 4 keyword "rule"
8:5 %d string "\"Emoji 🎉 and 中文\""
10:1 5 keyword "event"
12:2 16 event "Ongoing - Global"
15:1 7 keyword "actions"
17:2 11 function.defaultLibrary "Big Message"
17:14 11 method.defaultLibrary "All Players"
17:26 9 enumMember "All Teams"
17:38 13 method.defaultLibrary "Custom String"
17:52 %d string "\"😀 你好 {0}\""
17:%d 6 namespace.defaultLibrary "Global"
17:%d 5 variable.global "Score"
18:2 6 namespace.defaultLibrary "Global"
18:9 5 variable.modification.global "Score"
18:15 2 operator "+="
18:18 1 number "1"
`, comment, ruleName, str, global, score)
}

// TestSemanticTokenColumns checks the tokens' columns and lengths in each
// position encoding on a line with emoji and CJK text.
func TestSemanticTokenColumns(t *testing.T) {
	for _, enc := range []string{"utf-16", "utf-8", "utf-32"} {
		t.Run(enc, func(t *testing.T) {
			root := t.TempDir()
			path := filepath.Join(root, "emoji.ow")
			os.WriteFile(path, []byte(semFixture), 0o644)
			c := startClient(t, lsp.Options{Version: "test"})
			init := c.initialize(root, map[string]any{"general": map[string]any{"positionEncodings": []string{enc}}})
			legend := semLegend(t, init)
			raw := c.call("textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": pathURI(path)}})
			if got := semDecode(t, raw, legend, semFixture, enc); got != semWant[enc] {
				t.Errorf("tokens in %s:\n%s\nwant:\n%s", enc, got, semWant[enc])
			}
		})
	}
}

// semUnits counts s in an encoding's units.
func semUnits(s, enc string) int {
	switch enc {
	case "utf-8":
		return len(s)
	case "utf-32":
		return utf8.RuneCountInString(s)
	}
	return len(utf16.Encode([]rune(s)))
}

// semLegend reads the token legend from an initialize result.
func semLegend(t *testing.T, init json.RawMessage) (legend struct{ Types, Mods []string }) {
	t.Helper()
	var res struct {
		Capabilities struct {
			SemanticTokensProvider struct {
				Legend struct {
					TokenTypes     []string `json:"tokenTypes"`
					TokenModifiers []string `json:"tokenModifiers"`
				} `json:"legend"`
				Full struct {
					Delta bool `json:"delta"`
				} `json:"full"`
				Range bool `json:"range"`
			} `json:"semanticTokensProvider"`
		} `json:"capabilities"`
	}
	if err := json.Unmarshal(init, &res); err != nil {
		t.Fatal(err)
	}
	p := res.Capabilities.SemanticTokensProvider
	if !p.Full.Delta || !p.Range || len(p.Legend.TokenTypes) == 0 {
		t.Fatalf("no semantic tokens provider in %s", init)
	}
	legend.Types, legend.Mods = p.Legend.TokenTypes, p.Legend.TokenModifiers
	return legend
}

// semDecode renders tokens one per line as line:column length
// type.modifiers "text", reading each token's text back from the
// document with the encoding's units.
func semDecode(t *testing.T, raw json.RawMessage, legend struct{ Types, Mods []string }, text, enc string) string {
	t.Helper()
	var res struct {
		Data []int `json:"data"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Data)%5 != 0 {
		t.Fatalf("%d integers: not a multiple of 5", len(res.Data))
	}
	lines := strings.Split(text, "\n")
	var b strings.Builder
	line, col := 0, 0
	for i := 0; i < len(res.Data); i += 5 {
		dl, dc, n, typ, mods := res.Data[i], res.Data[i+1], res.Data[i+2], res.Data[i+3], res.Data[i+4]
		if dl > 0 {
			line, col = line+dl, dc
		} else {
			col += dc
		}
		name := legend.Types[typ]
		for bit, m := range legend.Mods {
			if mods&(1<<bit) != 0 {
				name += "." + m
			}
		}
		fmt.Fprintf(&b, "%d:%d %d %s %q\n", line, col, n, name, semSlice(lines[line], col, n, enc))
	}
	return b.String()
}

// semSlice cuts n units from column col of a line.
func semSlice(line string, col, n int, enc string) string {
	start, end := -1, -1
	units := 0
	for i, r := range line + "\x00" {
		if units == col && start < 0 {
			start = i
		}
		if units == col+n {
			end = i
			break
		}
		units += semUnits(string(r), enc)
	}
	if start < 0 || end < 0 {
		return "<bad columns>"
	}
	return line[start:end]
}

// absToken is a decoded semantic token at its absolute position.
type absToken struct{ line, char, length, typ, mods uint32 }

func absTokens(t *testing.T, data []uint32) []absToken {
	t.Helper()
	if len(data)%5 != 0 {
		t.Fatalf("%d integers is not a whole number of tokens", len(data))
	}
	var out []absToken
	var line, char uint32
	for i := 0; i < len(data); i += 5 {
		if data[i] > 0 {
			line, char = line+data[i], data[i+1]
		} else {
			char += data[i+1]
		}
		out = append(out, absToken{line, char, data[i+2], data[i+3], data[i+4]})
	}
	return out
}

// TestSemanticTokensRangeAndDelta: a range answer is exactly the full
// answer's tokens that meet the range; a delta applied to the previous
// full answer gives the new full answer, and a delta from an id the
// server does not hold is answered in full. Workshop and OverPy.
func TestSemanticTokensRangeAndDelta(t *testing.T) {
	docs := []struct {
		name, lang, text string
		insertAt         int // the line an inserted line goes before
		insert           string
	}{
		{"emoji.ow", "workshop", semFixture, 18, "\t\tSmall Message(All Players(All Teams), Custom String(\"added\"));\n"},
		{"prog.opy", "overpy", "globalvar score\n\nrule \"r\":\n    @Event eachPlayer\n    score += 1\n    smallMessage(getAllPlayers(), \"hi {}\".format(score))\n    wait(1)\n", 5, "    bigMessage(eventPlayer, \"x\")\n"},
	}
	for _, doc := range docs {
		t.Run(doc.name, func(t *testing.T) {
			root := t.TempDir()
			path := filepath.Join(root, doc.name)
			os.WriteFile(path, []byte(doc.text), 0o644)
			uri := pathURI(path)
			c := startClient(t, lsp.Options{Version: "test"})
			c.initialize(root, map[string]any{})
			c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": doc.lang, "version": 1, "text": doc.text}})
			id := map[string]any{"uri": uri}
			type answer struct {
				ResultID string           `json:"resultId"`
				Data     []uint32         `json:"data"`
				Edits    []map[string]any `json:"edits"`
			}
			var full answer
			json.Unmarshal(c.call("textDocument/semanticTokens/full", map[string]any{"textDocument": id}), &full)
			all := absTokens(t, full.Data)
			if len(all) < 5 || full.ResultID == "" {
				t.Fatalf("full answer: %d tokens, result id %q", len(all), full.ResultID)
			}

			// Lines 2 to 5, from the middle of line 2 to the start of line 5.
			rng := map[string]any{"start": map[string]int{"line": 2, "character": 3}, "end": map[string]int{"line": 5, "character": 0}}
			var ranged answer
			json.Unmarshal(c.call("textDocument/semanticTokens/range", map[string]any{"textDocument": id, "range": rng}), &ranged)
			var want []absToken
			for _, tok := range all {
				if (tok.line > 2 || tok.line == 2 && tok.char+tok.length > 3) && tok.line < 5 {
					want = append(want, tok)
				}
			}
			if got := absTokens(t, ranged.Data); len(want) == 0 || fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("range answer:\n%v\nwant:\n%v", got, want)
			}

			lines := strings.SplitAfter(doc.text, "\n")
			edited := strings.Join(lines[:doc.insertAt], "") + doc.insert + strings.Join(lines[doc.insertAt:], "")
			c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
				"contentChanges": []any{map[string]any{"text": edited}}})
			var delta answer
			json.Unmarshal(c.call("textDocument/semanticTokens/full/delta", map[string]any{"textDocument": id, "previousResultId": full.ResultID}), &delta)
			if delta.Data != nil || len(delta.Edits) != 1 {
				t.Fatalf("delta answer: %d edits, data %v", len(delta.Edits), delta.Data != nil)
			}
			e := delta.Edits[0]
			start, del := int(e["start"].(float64)), int(e["deleteCount"].(float64))
			var ins []uint32
			for _, v := range e["data"].([]any) {
				ins = append(ins, uint32(v.(float64)))
			}
			applied := append(append(append([]uint32{}, full.Data[:start]...), ins...), full.Data[start+del:]...)
			var again answer
			json.Unmarshal(c.call("textDocument/semanticTokens/full", map[string]any{"textDocument": id}), &again)
			if fmt.Sprint(applied) != fmt.Sprint(again.Data) {
				t.Errorf("the delta applied gives\n%v\nthe full answer is\n%v", applied, again.Data)
			}
			if len(ins) >= len(again.Data) {
				t.Errorf("the delta sends %d integers of %d", len(ins), len(again.Data))
			}
			var stale answer
			json.Unmarshal(c.call("textDocument/semanticTokens/full/delta", map[string]any{"textDocument": id, "previousResultId": full.ResultID}), &stale)
			if fmt.Sprint(stale.Data) != fmt.Sprint(again.Data) || stale.Edits != nil || stale.ResultID == "" {
				t.Errorf("a delta from a result id the server no longer holds: %+v", stale)
			}
		})
	}
}
