package opy

// This file finds the constructs around a place of an OverPy file, for
// an editor's "expand selection": a name, the expression holding it, the
// call, the statement's line, the statement with its block, the block,
// the rule, the file. It reads the OverPy tree, not the lowered text, so
// every step is a span of what the user wrote.

import "github.com/wright-lsp/wright-lsp/engine/source"

// Enclosing returns the spans of file (an index into Files) around byte
// offset off, innermost first, each holding the one before it and larger
// than it, ending with the whole text. A span holds off when off is
// between its start and its end, both included, so that a cursor just
// after a word is in the word.
func (p *Program) Enclosing(file, off int) []source.Span {
	if file < 0 || file >= len(p.Files) {
		return nil
	}
	w := &enclosing{file: file, off: off}
	w.push(Loc{File: file, Span: source.Span{Start: 0, End: len(p.Files[file].Text)}})
	for _, d := range p.Decls {
		if w.decl(d) {
			break
		}
	}
	// Innermost first, keeping only spans that grow.
	out := make([]source.Span, 0, len(w.path))
	for i := len(w.path) - 1; i >= 0; i-- {
		sp := w.path[i]
		if n := len(out); n > 0 {
			last := out[n-1]
			if sp.Start > last.Start || sp.End < last.End || sp == last {
				continue
			}
		}
		out = append(out, sp)
	}
	return out
}

// enclosing collects the path, outermost first.
type enclosing struct {
	file, off int
	path      []source.Span
}

func (w *enclosing) in(l Loc) bool {
	return l.File == w.file && l.Start <= w.off && w.off <= l.End && l.End > l.Start
}

// push records l when it holds the offset.
func (w *enclosing) push(l Loc) bool {
	if !w.in(l) {
		return false
	}
	w.path = append(w.path, l.Span)
	return true
}

// decl walks a top-level item; it reports whether the item holds the
// offset (no other one can then).
func (w *enclosing) decl(d Decl) bool {
	switch d := d.(type) {
	case *Rule:
		if !w.push(d.Block) {
			return false
		}
		if w.push(d.NameLoc) {
			return true
		}
		w.push(d.Loc) // the header line
		for _, a := range d.Annotations {
			if w.annotation(a) {
				return true
			}
		}
		w.block(d.Body)
		return true
	case *VarDecl:
		if !w.push(d.Loc) {
			return false
		}
		if !w.push(d.NameLoc) && !w.push(d.IndexLoc) {
			w.expr(d.Init)
		}
		return true
	case *SubDecl:
		if !w.push(d.Loc) {
			return false
		}
		if !w.push(d.NameLoc) {
			w.push(d.IndexLoc)
		}
		return true
	case *EnumDecl:
		whole := d.Loc
		for _, m := range d.Members {
			whole = whole.Cover(m.Loc)
			if m.Value != nil {
				whole = whole.Cover(m.Value.exprLoc())
			}
		}
		if !w.push(whole) {
			return false
		}
		if w.push(d.Loc) {
			w.push(d.NameLoc)
			return true
		}
		for _, m := range d.Members {
			line := m.Loc
			if m.Value != nil {
				line = line.Cover(m.Value.exprLoc())
			}
			if w.push(line) {
				if !w.push(m.Loc) {
					w.expr(m.Value)
				}
				break
			}
		}
		return true
	case *MacroDecl:
		whole := d.Loc
		if n := len(d.Body); n > 0 {
			whole = whole.Cover(stmtExtent(d.Body[n-1]))
		}
		if !w.push(whole) {
			return false
		}
		if w.push(d.Loc) {
			if w.push(d.NameLoc) {
				return true
			}
			for _, p := range d.Params {
				if w.push(p.Loc) {
					return true
				}
				w.expr(p.Default)
			}
			w.expr(d.Value)
			return true
		}
		for _, a := range d.Annotations {
			if w.annotation(a) {
				return true
			}
		}
		w.block(d.Body)
		return true
	case *SettingsDecl:
		if !w.push(d.Loc.Cover(exprLocOf(d.Value))) {
			return false
		}
		w.expr(d.Value)
		return true
	case *TopStmt:
		if !w.push(stmtExtent(d.Stmt)) {
			return false
		}
		w.stmt(d.Stmt)
		return true
	case *Directive:
		return w.push(d.Loc)
	}
	return false
}

// annotation walks an @-line.
func (w *enclosing) annotation(a *Annotation) bool {
	if !w.push(a.Loc.Cover(a.ArgLoc)) {
		return false
	}
	if !w.push(a.Loc) {
		w.expr(a.Expr)
	}
	return true
}

// block walks a run of statements: the block, then the statement
// holding the offset.
func (w *enclosing) block(stmts []Stmt) {
	if len(stmts) == 0 {
		return
	}
	if !w.push(stmtExtent(stmts[0]).Cover(stmtExtent(stmts[len(stmts)-1]))) {
		return
	}
	for _, s := range stmts {
		if w.push(stmtExtent(s)) {
			w.stmt(s)
			return
		}
	}
}

// stmt walks a statement holding the offset: its line, the expressions
// on it, or its block.
func (w *enclosing) stmt(s Stmt) {
	if w.push(s.stmtLoc()) {
		switch s := s.(type) {
		case *ExprStmt:
			w.expr(s.X)
		case *AssignStmt:
			if !w.push(s.OpLoc) && !w.expr(s.Target) {
				w.expr(s.Value)
			}
		case *IfStmt:
			w.expr(s.Cond)
		case *WhileStmt:
			w.expr(s.Cond)
		case *ForStmt:
			if !w.expr(s.Var) && w.push(s.RangeLoc) {
				for _, x := range s.Range {
					if w.expr(x) {
						break
					}
				}
			}
		case *DoStmt:
			if w.push(s.WhileLoc) {
				w.expr(s.Cond)
				return
			}
		case *SwitchStmt:
			w.expr(s.Value)
		case *CaseStmt:
			w.expr(s.Value)
		case *GotoStmt:
			if !w.push(s.LabelLoc) {
				w.expr(s.Dynamic)
			}
		case *DelStmt:
			w.expr(s.Target)
		}
		if _, ok := s.(*DoStmt); !ok {
			return
		}
	}
	w.block(stmtBody(s))
}

// expr walks an expression holding the offset down to the innermost
// one; it reports whether e held it.
func (w *enclosing) expr(e Expr) bool {
	if e == nil || !w.push(e.exprLoc()) {
		return false
	}
	switch e := e.(type) {
	case *Call:
		if w.expr(e.Fn) {
			return true
		}
		if w.push(e.ArgLoc) {
			for _, a := range e.Args {
				if a.Value == nil {
					continue
				}
				arg := a.Value.exprLoc()
				if a.Name != "" {
					arg = a.NameLoc.Cover(arg)
				}
				if w.push(arg) {
					if !w.push(a.NameLoc) {
						w.expr(a.Value)
					}
					break
				}
			}
		}
	case *Member:
		if !w.expr(e.X) {
			w.push(e.NameLoc)
		}
	case *Index:
		if !w.expr(e.X) {
			w.expr(e.Index)
		}
	case *Unary:
		if !w.push(e.OpLoc) {
			w.expr(e.X)
		}
	case *Binary:
		if !w.expr(e.X) && !w.push(e.OpLoc) {
			w.expr(e.Y)
		}
	case *Ternary:
		if !w.expr(e.Then) && !w.expr(e.Cond) {
			w.expr(e.Else)
		}
	case *List:
		for _, x := range e.Elems {
			if w.expr(x) {
				break
			}
		}
	case *Dict:
		for i := range e.Keys {
			entry := exprLocOf(e.Keys[i]).Cover(exprLocOf(e.Values[i]))
			if w.push(entry) {
				if !w.expr(e.Keys[i]) {
					w.expr(e.Values[i])
				}
				break
			}
		}
	case *Comprehension:
		if !w.expr(e.Elem) && !w.push(e.VarLoc) && !w.push(e.IndexLoc) && !w.expr(e.Iter) {
			w.expr(e.Cond)
		}
	case *Lambda:
		for _, l := range e.ParamLocs {
			if w.push(l) {
				return true
			}
		}
		w.expr(e.Body)
	case *String:
		if len(e.Parts) > 1 {
			for _, s := range e.Parts {
				if w.push(s.Loc) {
					break
				}
			}
		}
	}
	return true
}

func exprLocOf(e Expr) Loc {
	if e == nil {
		return Loc{}
	}
	return e.exprLoc()
}

// stmtBody is the block a statement opens, if any.
func stmtBody(s Stmt) []Stmt {
	switch s := s.(type) {
	case *IfStmt:
		return s.Body
	case *WhileStmt:
		return s.Body
	case *ForStmt:
		return s.Body
	case *DoStmt:
		return s.Body
	case *SwitchStmt:
		return s.Body
	case *CaseStmt:
		return s.Body
	}
	return nil
}

// stmtExtent is a statement's text with its block.
func stmtExtent(s Stmt) Loc {
	l := s.stmtLoc()
	if body := stmtBody(s); len(body) > 0 {
		l = l.Cover(stmtExtent(body[len(body)-1]))
	}
	return l
}
