package lsp

import (
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/lint"
)

// TestChangesReuseAndRenewTheMapper applies several changes in one
// didChange: the first maps through the document's own line table, the
// later ones through the table of the text the previous change left.
func TestChangesReuseAndRenewTheMapper(t *testing.T) {
	st := newStore()
	uri := "file:///tmp/latency/a.ow"
	st.open(uri, 1, "ab\ncd\n")
	at := func(line, char int, text string) protocol.TextDocumentContentChangeEvent {
		p := protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(char)}
		return protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: p, End: p}, Text: text}
	}
	steps := []struct {
		changes []any
		want    string
	}{
		{[]any{at(1, 1, "X"), at(0, 0, "Y\n")}, "Y\nab\ncXd\n"},
		{[]any{at(2, 0, "Z")}, "Y\nab\nZcXd\n"},
		{[]any{protocol.TextDocumentContentChangeEventWhole{Text: "new\ntext"}, at(1, 4, "!")}, "new\ntext!"},
	}
	for i, s := range steps {
		if err := st.change(uri, int32(i+2), s.changes, edits.UTF16); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := st.get(uri).text; got != s.want {
			t.Fatalf("step %d: text %q, want %q", i, got, s.want)
		}
	}
}

// TestFindingsAreComputedOncePerConfiguration: the publication and the
// code actions of one document version share one lint run, and a new
// configuration gets its own.
func TestFindingsAreComputedOncePerConfiguration(t *testing.T) {
	s := &Server{lintConfig: &lint.Config{}}
	d := newDocument("file:///tmp/latency/a.ow", "/tmp/latency/a.ow", 1, "rule(\"r\")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n}\n", true, s.engineOpts, nil)
	first := s.findings(d)
	if again := s.findings(d); again != first {
		t.Fatal("a second call ran the rules again")
	}
	s.lintConfig = &lint.Config{}
	if other := s.findings(d); other == first {
		t.Fatal("a new configuration reused the old configuration's findings")
	}
}
