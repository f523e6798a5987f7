package lint

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestPrefetchOnBrokenTrees: on trees no parser builds, a pass with
// prefetching (two processors) fails the same rules and reports the same
// findings as one without, and never fails as a whole.
func TestPrefetchOnBrokenTrees(t *testing.T) {
	f := source.NewFile("t.ow", "")
	for name, s := range map[string]*ast.Script{
		"a nil rule":       {Rules: []*ast.Rule{nil}},
		"a nil statement":  {Rules: []*ast.Rule{{Actions: &ast.Block{Statements: []*ast.Statement{nil}}}}},
		"a statement body": {Rules: []*ast.Rule{{Actions: &ast.Block{Statements: []*ast.Statement{{}}}}}},
	} {
		t.Run(name, func(t *testing.T) {
			run := func(procs int) string {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				res := Run(Program{File: f, Script: s}, nil)
				return fmt.Sprintf("skipped %v\nfindings %v", res.Skipped, res.Findings)
			}
			if alone, ahead := run(1), run(2); alone != ahead {
				t.Errorf("one processor:\n%s\ntwo processors:\n%s", alone, ahead)
			}
		})
	}
}
