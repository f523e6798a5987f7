package lsp

import (
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/edits"
)

// TestEditsAreReadIncrementally checks which versions of a document start
// from an older version's program: a range change does, from the last
// version whose program was built even when versions in between never
// were (an analysis superseded), and a change of the whole text does not.
func TestEditsAreReadIncrementally(t *testing.T) {
	st := newStore()
	uri := "file:///tmp/incremental/a.ow"
	rule := "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tWait(1, Ignore Condition);\n\t}\n}\n\n"
	text := strings.Repeat(rule, 5)
	st.open(uri, 1, text)
	st.get(uri).program()
	// Line 9 of the third rule is its Wait.
	at := func(line int, text string) protocol.TextDocumentContentChangeEvent {
		p := protocol.Position{Line: protocol.UInteger(2*13 + line), Character: 2}
		return protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: p, End: p}, Text: text}
	}
	for v, c := range []struct {
		change      any
		build       bool
		incremental bool
	}{
		{at(9, "Wait(2, Ignore Condition);"), false, true}, // v2: not built
		{at(9, " "), true, true},                           // v3: from v1's program
		{at(9, "x"), true, true},                           // v4: from v3's
		{protocol.TextDocumentContentChangeEventWhole{Text: text}, true, false},
	} {
		if err := st.change(uri, int32(v+2), []any{c.change}, edits.UTF16); err != nil {
			t.Fatal(err)
		}
		if !c.build {
			continue
		}
		_, ok := st.get(uri).program().Checked.Splice()
		if ok != c.incremental {
			t.Errorf("version %d: read incrementally %v, want %v", v+2, ok, c.incremental)
		}
	}
}
