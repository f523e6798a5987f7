package lsp

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestTokensAnswerJSON: the semantic tokens answer writes the JSON that
// encoding/json would write for it.
func TestTokensAnswerJSON(t *testing.T) {
	for _, a := range []tokensAnswer{{}, {data: []uint32{0, 1, 2, 3, 4}}, {resultID: "17", data: []uint32{4294967295, 0, 10}}, {resultID: "a\"b<", data: []uint32{1}}} {
		got := a.appendJSON(nil)
		m := map[string]any{"data": a.data}
		if a.data == nil {
			m["data"] = []uint32{}
		}
		if a.resultID != "" {
			m["resultId"] = a.resultID
		}
		want, _ := json.Marshal(m)
		var g, w any
		if json.Unmarshal(got, &g) != nil || json.Unmarshal(want, &w) != nil || !reflect.DeepEqual(g, w) {
			t.Errorf("%+v: %s, want %s", a, got, want)
		}
		if viaMarshal, err := json.Marshal(a); err != nil || string(viaMarshal) != string(got) {
			t.Errorf("%+v: json.Marshal gives %s (%v), appendJSON %s", a, viaMarshal, err, got)
		}
	}
}
