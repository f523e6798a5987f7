package engine

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/internal/edittest"
)

var (
	recheckSteps = flag.Int("recheck.steps", 0, "edits per corpus file in TestRecheckEqualsCheck (0: a few)")
	recheckSeed  = flag.Uint64("recheck.seed", 18, "seed of TestRecheckEqualsCheck's edits")
)

// insertions are the texts random edits insert: single characters that
// open, close or end things, words the parser reads, a multi-byte
// character.
var insertions = []string{
	"a", "x1", "(", ")", "{", "}", ";", ",", "\"", "\n", " ", "//", "/*", "*/", "é", "rule", "0", ".5",
	"Wait(1, Ignore Condition);", "Global.A", "}\n", "disabled ", "rule(\"r\") {", "actions {", "event {",
	"variables { global: 0: A }", "Event Player", "==", "!", "[", "]",
}

// randomEdit returns an edit of text: an insertion, a deletion or a
// replacement of a few bytes, placed anywhere, at a rule's start or end,
// inside a string or in the variables block.
func randomEdit(rng *rand.Rand, text string, s *ast.Script) source.Edit {
	at := rng.IntN(len(text) + 1)
	switch rng.IntN(5) {
	case 1:
		if len(s.Rules) > 0 {
			r := s.Rules[rng.IntN(len(s.Rules))]
			at = r.Span.Start
			if rng.IntN(2) == 0 {
				at = r.Span.End
			}
			at += rng.IntN(7) - 3
		}
	case 2:
		if i := strings.IndexByte(text[at:], '"'); i >= 0 {
			at += i + rng.IntN(3)
		}
	case 3:
		if s.Variables != nil {
			sp := s.Variables.Span
			at = sp.Start + rng.IntN(sp.Len()+1)
		}
	}
	// An editor never splits a character; one edit in ten does, making
	// the text invalid UTF-8 or valid again.
	snap := edittest.RuneStart
	if rng.IntN(10) == 0 {
		snap = func(_ string, off int) int { return off }
	}
	at = snap(text, min(max(at, 0), len(text)))
	end := at
	if kind := rng.IntN(3); kind > 0 {
		end = snap(text, min(at+1+rng.IntN(4), len(text)))
		if kind == 1 {
			return source.Edit{Span: source.Span{Start: at, End: end}}
		}
	}
	return source.Edit{Span: source.Span{Start: at, End: end}, New: insertions[rng.IntN(len(insertions))]}
}

// sameCheck reports how got, from Recheck, differs from want, from
// Check of the same text: "" when it does not.
func sameCheck(got, want *Checked) string {
	switch {
	case !reflect.DeepEqual(got.Script, want.Script):
		return "the trees differ:\n" + firstTreeDifference(got.Script, want.Script)
	case !reflect.DeepEqual(got.Diags, want.Diags):
		return "diagnostics differ:\n" + diagDifference(got.Diags, want.Diags)
	case got.Detection != want.Detection:
		return fmt.Sprintf("detection %+v, want %+v", got.Detection, want.Detection)
	case got.ParseErrors != want.ParseErrors:
		return fmt.Sprintf("%d parse errors, want %d", got.ParseErrors, want.ParseErrors)
	case !sameParseState(got, want):
		return fmt.Sprintf("the parse results differ:\n got %v %v\nwant %v %v", *got.parsed, got.parsed.Diags, *want.parsed, want.parsed.Diags)
	case !reflect.DeepEqual(cost.Count(got.Script, cost.Options{}), cost.Count(want.Script, cost.Options{})):
		return "the element counts differ"
	}
	return ""
}

// costDifference names the first part of two counts that differs.
func costDifference(got, want *cost.Program) string {
	if got.Total != want.Total || len(got.Rules) != len(want.Rules) {
		return fmt.Sprintf("total %d of %d rules, want %d of %d", got.Total, len(got.Rules), want.Total, len(want.Rules))
	}
	for i := range got.Rules {
		g, w := got.Rules[i], want.Rules[i]
		if !reflect.DeepEqual(g, w) {
			return fmt.Sprintf("rule %d: got %d %+v %+v, want %d %+v %+v", i, g.Count, g.ByNode, g.Statements, w.Count, w.ByNode, w.Statements)
		}
	}
	return fmt.Sprintf("got %+v, want %+v", got, want)
}

// diagDifference lists the diagnostics only one of got and want has.
func diagDifference(got, want diag.List) string {
	var b strings.Builder
	for len(got) > 0 || len(want) > 0 {
		switch {
		case len(want) == 0 || len(got) > 0 && got[0].Span.Start < want[0].Span.Start:
			fmt.Fprintf(&b, "only got:  %+v\n", got[0])
			got = got[1:]
		case len(got) == 0 || want[0].Span.Start < got[0].Span.Start:
			fmt.Fprintf(&b, "only want: %+v\n", want[0])
			want = want[1:]
		default:
			if !reflect.DeepEqual(got[0], want[0]) {
				fmt.Fprintf(&b, "got:  %+v\nwant: %+v\n", got[0], want[0])
			}
			got, want = got[1:], want[1:]
		}
	}
	return b.String()
}

// sameParseState reports whether the parse results of got and want are
// the same but for their trees, which sameCheck compares on its own.
func sameParseState(got, want *Checked) bool {
	gp, wp := *got.parsed, *want.parsed
	gp.Script, wp.Script = nil, nil
	return reflect.DeepEqual(gp, wp)
}

// firstTreeDifference names the first part of two scripts that differs.
func firstTreeDifference(a, b *ast.Script) string {
	if len(a.Rules) != len(b.Rules) {
		return fmt.Sprintf("%d rules, want %d", len(a.Rules), len(b.Rules))
	}
	for i := range a.Rules {
		if !reflect.DeepEqual(a.Rules[i], b.Rules[i]) {
			return fmt.Sprintf("rule %d %q: got span %v, want %v", i, b.Rules[i].Name, a.Rules[i].Span, b.Rules[i].Span)
		}
	}
	if !reflect.DeepEqual(a.Comments, b.Comments) {
		return fmt.Sprintf("comments %v, want %v", a.Comments, b.Comments)
	}
	return fmt.Sprintf("got %+v\nwant %+v", *a, *b)
}

// TestRecheckEqualsCheck edits every corpus file at random, each edit
// after the last, and checks each Recheck against Check of the edited
// text: diagnostics, detection, tree and element count (and Recount
// against Count).
func TestRecheckEqualsCheck(t *testing.T) {
	// Each step checks the whole edited text to compare: under the race
	// detector, a few steps per file are what fits in half a minute.
	steps, bigSteps := 5, 2
	if testing.Short() {
		steps, bigSteps = 3, 1
	}
	if *recheckSteps > 0 {
		steps, bigSteps = *recheckSteps, *recheckSteps
	}
	incremental, total := 0, 0
	for fi, f := range edittest.WorkshopCorpus(t, "../../shared") {
		rng := rand.New(rand.NewPCG(*recheckSeed, uint64(fi)))
		n := steps
		if len(f.Text) > 200_000 {
			n = bigSteps // a check of the largest files takes most of the time
		}
		// One file in three is read in a locale the caller gives (a
		// language server configured with one), the others detect it.
		opts := Options{}
		if fi%3 == 2 {
			opts = Options{Locale: Check(f, Options{}).Script.Locale, LocaleGiven: true}
		}
		prev := Check(f, opts)
		prevCost := cost.Count(prev.Script, cost.Options{})
		text := f.Text
		for step := range n {
			e := randomEdit(rng, text, prev.Script)
			next := text[:e.Span.Start] + e.New + text[e.Span.End:]
			nf := source.NewFile(f.Path, next)
			got := Recheck(prev, nf, e, opts)
			want := Check(nf, opts)
			if diff := sameCheck(got, want); diff != "" {
				var spans []source.Span
				for _, r := range prev.Script.Rules {
					spans = append(spans, r.Span)
				}
				os.WriteFile("/tmp/recheck-fail.txt", []byte(text), 0o644)
				t.Fatalf("%s, edit %d (%v → %q): %s\nrules before: %v\ntext before: %q", f.Path, step, e.Span, e.New, diff, spans, text[max(0, e.Span.Start-300):])
			}
			total++
			if sp, ok := got.Splice(); ok {
				incremental++
				// The element count, per rule, is redone for the rules
				// read again only.
				if recounted, want := cost.Recount(prevCost, got.Script, sp, cost.Options{}), cost.Count(want.Script, cost.Options{}); !reflect.DeepEqual(recounted, want) {
					t.Fatalf("%s, edit %d (%v → %q): Recount differs from Count: %s", f.Path, step, e.Span, e.New, costDifference(recounted, want))
				}
			}
			prevCost = cost.Count(got.Script, cost.Options{})
			prev, text = got, next
		}
	}
	// Most edits touch one rule of many: if few are read incrementally,
	// Recheck is a full check under another name. (Long runs read less
	// incrementally: random edits end up breaking what the whole text
	// decides, such as an unclosed /* running to its end.)
	if incremental*5 < total*2 {
		t.Errorf("only %d of %d edits were read incrementally", incremental, total)
	}
	t.Logf("%d of %d edits were read incrementally", incremental, total)
}

// TestRecheckLeavesPreviousAlone checks that Recheck and Recount change
// nothing of the results they start from: after edits of every kind, the
// previous result is still deeply equal to a fresh Check of its own text,
// and its count to a fresh Count.
func TestRecheckLeavesPreviousAlone(t *testing.T) {
	files := edittest.WorkshopCorpus(t, "../../shared")
	rng := rand.New(rand.NewPCG(18, 2))
	for i := 0; i < len(files); i += 7 {
		f := files[i]
		if len(f.Text) > 200_000 {
			continue
		}
		prev := Check(f, Options{})
		prevCost := cost.Count(prev.Script, cost.Options{})
		for range 6 {
			e := randomEdit(rng, f.Text, prev.Script)
			next := f.Text[:e.Span.Start] + e.New + f.Text[e.Span.End:]
			got := Recheck(prev, source.NewFile(f.Path, next), e, Options{})
			if sp, ok := got.Splice(); ok {
				cost.Recount(prevCost, got.Script, sp, cost.Options{})
			}
		}
		if fresh := Check(f, Options{}); !reflect.DeepEqual(prev, fresh) {
			t.Errorf("%s: Recheck changed the previous result: %s", f.Path, sameCheck(prev, fresh))
		}
		if fresh := cost.Count(prev.Script, cost.Options{}); !reflect.DeepEqual(prevCost, fresh) {
			t.Errorf("%s: Recount changed the previous count: %s", f.Path, costDifference(prevCost, fresh))
		}
	}
}
