package lint

// This file holds helpers of the symbol rules (rules_symbol.go).

import (
	"fmt"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/objects"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// symKindNoun names a symbol kind in messages.
func symKindNoun(k index.SymbolKind) string {
	switch k {
	case index.GlobalVariable:
		return "global variable"
	case index.PlayerVariable:
		return "player variable"
	case index.Subroutine:
		return "subroutine"
	}
	return "rule"
}

// symDecl returns the declaration of a variable or subroutine named name.
func symDecl(s *ast.Script, kind index.SymbolKind, name string) (ast.VarDecl, bool) {
	var decls []ast.VarDecl
	switch kind {
	case index.GlobalVariable:
		decls = s.Variables.GlobalDecls()
	case index.PlayerVariable:
		decls = s.Variables.PlayerDecls()
	case index.Subroutine:
		if s.Subroutines != nil {
			decls = s.Subroutines.Decls
		}
	}
	for _, d := range decls {
		if d.Name == name {
			return d, true
		}
	}
	return ast.VarDecl{}, false
}

// symRemoveDecl returns the fix deleting a declaration of kind: its
// line, or its section (global: or player:) when it is the section's only
// declaration, or the whole block when nothing else would be left in it.
func symRemoveDecl(s *ast.Script, text string, kind index.SymbolKind, d ast.VarDecl) *Fix {
	span := d.Span
	switch kind {
	case index.GlobalVariable, index.PlayerVariable:
		v := s.Variables
		sec, other := v.Global, v.Player
		if kind == index.PlayerVariable {
			sec, other = other, sec
		}
		if sec != nil && len(sec.Decls) == 1 {
			span = sec.Span
			if other == nil || len(other.Decls) == 0 {
				span = v.Span
			}
		}
	case index.Subroutine:
		if s.Subroutines != nil && len(s.Subroutines.Decls) == 1 {
			span = s.Subroutines.Span
		}
	}
	start, end := span.Start, span.End
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	le := strings.IndexByte(text[end:], '\n')
	if le < 0 {
		le = len(text)
	} else {
		le += end + 1
	}
	if strings.TrimSpace(text[ls:start]) == "" && strings.TrimSpace(text[end:le]) == "" {
		start, end = ls, le
		// Keep one blank line between what is left: drop the blank line
		// after the removed lines when a blank line or an opening brace
		// is before them.
		prevStart := strings.LastIndexByte(text[:max(start-1, 0)], '\n') + 1
		prev := strings.TrimSpace(text[prevStart:max(start-1, 0)])
		next := strings.IndexByte(text[end:], '\n')
		if next < 0 {
			next = len(text) - end
		}
		nextLine := strings.TrimSpace(text[end : end+next])
		switch {
		case nextLine == "" && end+next < len(text) && (start == 0 || prev == "" || strings.HasSuffix(prev, "{")):
			end += next + 1
		case strings.HasPrefix(nextLine, "}") && prev == "" && start > 0:
			start = prevStart
		}
	}
	what := symKindNoun(kind)
	return &Fix{Kind: "remove-declaration", Summary: fmt.Sprintf("remove the declaration of %s %s", what, d.Name),
		Edits: []source.Edit{{Span: source.Span{Start: start, End: end}}}}
}

// symEnabled reports whether a reference is in code that runs: not in a
// disabled rule, not in a disabled statement.
func symEnabled(s *ast.Script, r *index.Reference) bool {
	if r.Rule >= 0 && r.Rule < len(s.Rules) && s.Rules[r.Rule].Disabled {
		return false
	}
	return r.Statement == nil || !r.Statement.Disabled
}

// symTarget returns the variable an action assigns (Global.x = …, P.x[i]
// += …, Set/Modify … Variable; see [objects.AssignedVariable]): its kind
// and name.
func symTarget(e *ast.Expr) (index.SymbolKind, string, bool) {
	v, ok := objects.AssignedVariable(e)
	switch {
	case !ok:
		return 0, "", false
	case v.Player:
		return index.PlayerVariable, v.Name, true
	}
	return index.GlobalVariable, v.Name, true
}

// symForControl reports whether a reference is the control variable of a
// For Global Variable or For Player Variable action, which the loop reads
// at each End.
func symForControl(r *index.Reference) bool {
	if r.Statement == nil || r.Statement.Body == nil {
		return false
	}
	e := r.Statement.Body
	if e.Kind != ast.Call || e.Elem == nil || (e.Elem.ID != "__forGlobalVariable__" && e.Elem.ID != "__forPlayerVariable__") {
		return false
	}
	for _, a := range e.Args {
		if a.Kind == ast.Name && r.Statement.NameSpanOf(a) == r.Span {
			return true
		}
	}
	return false
}

// symSubroutineLine returns the event line naming subroutine name in rule
// r, or a zero span.
func symSubroutineLine(r *ast.Rule, name string) source.Span {
	if r.Event == nil {
		return source.Span{}
	}
	for _, l := range r.Event.Lines {
		if l.Kind == ast.EventLineSubroutine && l.Text == name {
			return l.Span
		}
	}
	return source.Span{}
}

// symStatement returns action j of rule (the payload's for -1), or nil.
func symStatement(s *ast.Script, rule, j int) *ast.Statement {
	var b *ast.Block
	if rule < 0 {
		b = s.Actions
	} else if rule < len(s.Rules) {
		b = s.Rules[rule].Actions
	}
	if b == nil || j < 0 || j >= len(b.Statements) {
		return nil
	}
	return b.Statements[j]
}

// symQuoteList writes names as "a", "b" and "c".
func symQuoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}
