package lsp_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// colorDocs are small programs in three locales, each with Color(Red)
// written in its own spelling.
var colorDocs = map[string]string{
	"en.ow": "rule(\"R\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\t" +
		"Create Effect(All Players(All Teams), Ring, Color(Red), Vector(0, 0, 0), 5, Visible To Position and Radius);\n\t}\n}\n",
	"zh.ow": "规则(\"R\")\n{\n\t事件\n\t{\n\t\t持续 - 全局;\n\t}\n\n\t动作\n\t{\n\t\t" +
		"创建效果(所有玩家(所有队伍), 环, 颜色(红色), 矢量(0, 0, 0), 5, 可见，位置和半径);\n\t}\n}\n",
	"ja.ow": "ルール(\"R\")\n{\n\tイベント\n\t{\n\t\t進行中 - グローバル;\n\t}\n\n\tアクション\n\t{\n\t\t" +
		"待機(1, 条件を無視);\n\t}\n}\n",
}

// TestColorPresentations: a colour is offered as the palette's Color(…)
// when it is exactly one of its colours, then as Custom Color(r, g, b,
// a), both spelled in the document's locale and replacing the range.
func TestColorPresentations(t *testing.T) {
	root := t.TempDir()
	for name, text := range colorDocs {
		os.WriteFile(filepath.Join(root, name), []byte(text), 0o644)
	}
	c := startClient(t, lsp.Options{Version: "test"})
	c.initialize(root, map[string]any{})
	rng := map[string]any{"start": map[string]int{"line": 9, "character": 2}, "end": map[string]int{"line": 9, "character": 4}}
	wantRange := lspRange{Start: lspPos{Line: 9, Character: 2}, End: lspPos{Line: 9, Character: 4}}
	for _, tc := range []struct {
		doc  string
		rgba [4]float64
		want string
	}{
		{"en.ow", [4]float64{200, 0, 19, 255}, "Color(Red) | Custom Color(200, 0, 19, 255)"},
		{"en.ow", [4]float64{255, 128, 0, 200}, "Custom Color(255, 128, 0, 200)"},
		{"en.ow", [4]float64{255, 255, 255, 255}, "Color(White) | Custom Color(255, 255, 255, 255)"},
		{"zh.ow", [4]float64{200, 0, 19, 255}, "颜色(红色) | 自定义颜色(200, 0, 19, 255)"},
		{"zh.ow", [4]float64{100, 50, 255, 255}, "颜色(紫色) | 自定义颜色(100, 50, 255, 255)"},
		{"ja.ow", [4]float64{200, 0, 19, 255}, "色(赤) | カスタム・カラー(200, 0, 19, 255)"},
		{"ja.ow", [4]float64{0, 0, 0, 0}, "カスタム・カラー(0, 0, 0, 0)"},
	} {
		color := map[string]float64{"red": tc.rgba[0] / 255, "green": tc.rgba[1] / 255, "blue": tc.rgba[2] / 255, "alpha": tc.rgba[3] / 255}
		raw := c.call("textDocument/colorPresentation", map[string]any{
			"textDocument": map[string]any{"uri": pathURI(filepath.Join(root, tc.doc))}, "color": color, "range": rng})
		var got []struct {
			Label    string `json:"label"`
			TextEdit struct {
				Range   lspRange `json:"range"`
				NewText string   `json:"newText"`
			} `json:"textEdit"`
		}
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatal(err)
		}
		var labels []string
		for _, p := range got {
			labels = append(labels, p.Label)
			if p.TextEdit.NewText != p.Label || p.TextEdit.Range != wantRange {
				t.Errorf("%s %v: the edit %+v %q does not put %q at %+v", tc.doc, tc.rgba, p.TextEdit.Range, p.TextEdit.NewText, p.Label, wantRange)
			}
		}
		if got := strings.Join(labels, " | "); got != tc.want {
			t.Errorf("%s %v: %s, want %s", tc.doc, tc.rgba, got, tc.want)
		}
	}
}

// TestDocumentColorsInLocales: Color(Red) is found in each locale's
// spelling, with the palette's value.
func TestDocumentColorsInLocales(t *testing.T) {
	root := t.TempDir()
	for name, text := range colorDocs {
		os.WriteFile(filepath.Join(root, name), []byte(text), 0o644)
	}
	c := startClient(t, lsp.Options{Version: "test"})
	c.initialize(root, map[string]any{})
	for name, want := range map[string]string{"en.ow": "9:46 1 0 0.0745", "zh.ow": "9:22 1 0 0.0745", "ja.ow": ""} {
		raw := c.call("textDocument/documentColor", map[string]any{"textDocument": map[string]any{"uri": pathURI(filepath.Join(root, name))}})
		var got []struct {
			Range struct {
				Start struct{ Line, Character int } `json:"start"`
			} `json:"range"`
			Color struct{ Red, Green, Blue, Alpha float64 } `json:"color"`
		}
		if err := json.Unmarshal(raw, &got); err != nil || got == nil {
			t.Fatalf("%s: %s, %v", name, raw, err)
		}
		var lines []string
		for _, g := range got {
			lines = append(lines, fmt.Sprintf("%d:%d %.3g %.3g %.3g", g.Range.Start.Line, g.Range.Start.Character, g.Color.Alpha, g.Color.Green, g.Color.Blue))
		}
		if s := strings.Join(lines, "\n"); s != want {
			t.Errorf("%s: %q, want %q", name, s, want)
		}
	}
}

type lspPos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start lspPos `json:"start"`
	End   lspPos `json:"end"`
}
