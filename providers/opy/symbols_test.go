package opy

import (
	"fmt"
	"strings"
	"testing"
)

// TestSymbols: every name the compiler resolved is recorded with its
// kind, role and exact span.
func TestSymbols(t *testing.T) {
	src := "globalvar score 2\nplayervar hp\nsubroutine reset\nmacro twice(x) = x * 2\n" +
		"#!define ADD(v) score += v\n" +
		"def reset():\n    score = 0\n\n" +
		"rule \"r\":\n    @Event eachPlayer\n    score = twice(score)\n    eventPlayer.hp += 1\n    reset()\n    async(reset, AsyncBehavior.NOOP)\n    ADD(3)\n    A = 1\n"
	res := Compile("s.opy", src, Options{})
	if Errors(res.Diags) > 0 {
		t.Fatalf("errors:%s", listDiags(res.Diags, src))
	}
	var got []string
	for _, r := range res.Symbols.Refs {
		line := 1 + strings.Count(src[:r.Loc.Start], "\n")
		got = append(got, fmt.Sprintf("%s %s %d %q exact=%v", r.Kind, r.Name, r.Role, src[r.Loc.Start:r.Loc.End], r.Exact))
		_ = line
	}
	want := []string{
		`global variable score 1 "score" exact=true`,
		`player variable hp 1 "hp" exact=true`,
		`subroutine reset 1 "reset" exact=true`,
		`macro twice 1 "twice" exact=true`,
		`subroutine reset 2 "reset" exact=true`,
		`global variable score 4 "score" exact=true`,
		`global variable score 4 "score" exact=true`,
		`macro twice 5 "twice" exact=true`,
		`global variable score 3 "score" exact=true`,
		`player variable hp 3 "hp" exact=true`,
		`player variable hp 4 "hp" exact=true`,
		`subroutine reset 5 "reset" exact=true`,
		`subroutine reset 5 "reset" exact=true`,
		`global variable score 3 "ADD(3)" exact=false`,
		`global variable score 4 "ADD(3)" exact=false`,
		`global variable A 4 "A" exact=true`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// At finds the narrowest exact reference; RefsOf lists a symbol's.
	off := strings.Index(src, "eventPlayer.hp") + len("eventPlayer.h")
	if r, ok := res.Symbols.At(0, off); !ok || r.Name != "hp" || r.Kind != PlayerVariable {
		t.Errorf("At(hp) = %+v, %v", r, ok)
	}
	if n := len(res.Symbols.RefsOf(Subroutine, "reset")); n != 4 {
		t.Errorf("reset has %d references, want 4", n)
	}
	// The call of twice's catalog element is not recorded (a macro), the
	// async is: with its argument's parameter.
	found := false
	for _, c := range res.Symbols.Calls {
		if c.Element.ID == "startRule" && len(c.Args) == 2 && c.Args[1].Param == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("no call site of async with its arguments: %+v", res.Symbols.Calls)
	}
	if res.Symbols.Slots[GlobalVariable]["score"] != 2 {
		t.Errorf("score's slot: %d", res.Symbols.Slots[GlobalVariable]["score"])
	}
}
