package objects_test

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/objects"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// TestCorpus runs Find on every corpus file: it must not panic, and every
// fact must point at the text it describes.
func TestCorpus(t *testing.T) {
	root := "../../../shared/corpus/workshop"
	files, err := filepath.Glob(filepath.Join(root, "*", "*.txt"))
	if err != nil || len(files) < 60 {
		t.Fatalf("the shared corpus must be present at %s (found %d files): %v", root, len(files), err)
	}
	counts := map[objects.Kind]int{}
	total := 0
	for _, path := range files {
		f, err := source.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := parser.Parse(f, parser.Options{}).Script
		for _, o := range objects.Find(s) {
			total++
			counts[o.Kind]++
			checkObject(t, path, f, s, o)
		}
	}
	if total == 0 {
		t.Fatal("no objects found in the corpus")
	}
	var kinds []string
	for k, n := range counts {
		kinds = append(kinds, string(k)+"="+itoa(n))
	}
	sort.Strings(kinds)
	t.Logf("%d objects: %s", total, strings.Join(kinds, " "))
}

func itoa(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			return string(b)
		}
	}
}

func statement(s *ast.Script, rule, action int) *ast.Statement {
	var b *ast.Block
	if rule < 0 {
		b = s.Actions
	} else if rule < len(s.Rules) {
		b = s.Rules[rule].Actions
	}
	if b == nil || action < 0 || action >= len(b.Statements) {
		return nil
	}
	return b.Statements[action]
}

func checkObject(t *testing.T, path string, f *source.File, s *ast.Script, o objects.Object) {
	t.Helper()
	span := func(what string, sp source.Span) bool {
		if sp.Start < 0 || sp.End > len(f.Text) || sp.Start >= sp.End {
			t.Errorf("%s: %s r%d a%d: %s span %v out of the file", path, o.Kind, o.Rule, o.Action, what, sp)
			return false
		}
		return true
	}
	st := statement(s, o.Rule, o.Action)
	if st == nil || st.Body == nil || st.SpanOf(st.Body) != o.Span || st.Disabled {
		t.Errorf("%s: %s r%d a%d does not point at its enabled creating action", path, o.Kind, o.Rule, o.Action)
		return
	}
	if !span("creation", o.Span) || objects.Creator(st.Body.Elem.ID).Kind != o.Kind {
		return
	}
	if k := o.Kept; k != nil {
		ks := statement(s, k.Rule, k.Action)
		if !span("keep", k.Span) || ks == nil || ks.Body == nil || ks.SpanOf(ks.Body).Start > k.Span.Start || k.Span.End > ks.SpanOf(ks.Body).End {
			t.Errorf("%s: keep of %s r%d a%d is not inside its action", path, o.Kind, o.Rule, o.Action)
		}
	}
	for _, d := range o.Destroys {
		ds := statement(s, d.Rule, d.Action)
		if !span("destroy", d.Span) || ds == nil || ds.Body == nil || ds.SpanOf(ds.Body) != d.Span {
			t.Errorf("%s: destroy of %s r%d a%d does not point at its action", path, o.Kind, o.Rule, o.Action)
		}
	}
	for _, r := range o.Repeats {
		if !span("reason", r.Span) || r.Text == "" {
			t.Errorf("%s: reason %s of %s r%d a%d has no span or text", path, r.Kind, o.Kind, o.Rule, o.Action)
		}
	}
}
