package ast

// Inspect calls f for e and then, when f returns true, for each of e's
// children in order.
func Inspect(e *Expr, f func(*Expr) bool) {
	if e == nil || !f(e) {
		return
	}
	for _, a := range e.Args {
		Inspect(a, f)
	}
}

// Blocks returns the conditions and actions blocks of the script that are
// present: each rule's, then the payload's.
func (s *Script) Blocks() []*Block {
	var out []*Block
	for _, r := range s.Rules {
		if r.Conditions != nil {
			out = append(out, r.Conditions)
		}
		if r.Actions != nil {
			out = append(out, r.Actions)
		}
	}
	if s.Conditions != nil {
		out = append(out, s.Conditions)
	}
	if s.Actions != nil {
		out = append(out, s.Actions)
	}
	return out
}

// GlobalDecls returns the declared global variables; v may be nil.
func (v *Variables) GlobalDecls() []VarDecl {
	if v == nil || v.Global == nil {
		return nil
	}
	return v.Global.Decls
}

// PlayerDecls returns the declared player variables; v may be nil.
func (v *Variables) PlayerDecls() []VarDecl {
	if v == nil || v.Player == nil {
		return nil
	}
	return v.Player.Decls
}
