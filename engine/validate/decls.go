package validate

// This file checks the variables and subroutines blocks and resolves the
// names that actions use.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
)

// slotTable holds the names usable for one kind of slot: declared names,
// and the default names of slots not declared.
type slotTable struct {
	decls []ast.VarDecl
	// byName maps each declared name to its first declaration (an index
	// into decls).
	byName map[string]int
	// declared marks the slots that have a declaration; the others keep
	// their default names.
	declared [ast.SlotCount]bool
	subs     bool // the table is for subroutines
}

// lookup returns the slot named name.
func (t *slotTable) lookup(name string) (int, bool) {
	if i, ok := t.byName[name]; ok {
		return t.decls[i].Index, true
	}
	i := ast.DefaultVariableSlot(name)
	if t.subs {
		i = ast.DefaultSubroutineSlot(name)
	}
	if i >= 0 && !t.declared[i] {
		return i, true
	}
	return 0, false
}

// names lists the usable names: the declared ones in order, then the
// default names of the free slots.
func (t *slotTable) names() []string {
	list := make([]string, 0, len(t.byName)+ast.SlotCount)
	for i, d := range t.decls {
		if j, ok := t.byName[d.Name]; ok && j == i {
			list = append(list, d.Name)
		}
	}
	for i := range ast.SlotCount {
		if t.declared[i] {
			continue
		}
		name := ast.DefaultVariableName(i)
		if t.subs {
			name = ast.DefaultSubroutineName(i)
		}
		if _, taken := t.byName[name]; !taken {
			list = append(list, name)
		}
	}
	return list
}

func (c *checker) declareSlots(decls []ast.VarDecl, what string) *slotTable {
	t := &slotTable{decls: decls, byName: make(map[string]int, len(decls)), subs: what == "subroutine"}
	// byIndex holds 1 + the index in decls of the first declaration of
	// each slot.
	var byIndex [ast.SlotCount]int32
	for di, d := range decls {
		if d.Index < 0 {
			continue
		}
		if d.Index >= ast.SlotCount {
			c.errorf(diag.SlotIndexOutOfRange, d.IndexSpan, "%s index %d is out of range: indices go from 0 to %d", what, d.Index, ast.SlotCount-1)
		} else if p := byIndex[d.Index]; p != 0 {
			prev := decls[p-1]
			dg := c.errorf(diag.DuplicateSlotIndex, d.IndexSpan, "%s index %d is declared twice (as %s and as %s)", what, d.Index, prev.Name, d.Name)
			dg.Related = append(dg.Related, diag.Related{Span: prev.Span, Message: "first declared here"})
		} else {
			byIndex[d.Index] = int32(di + 1)
			t.declared[d.Index] = true
		}
		if d.Name == "" {
			continue
		}
		c.checkIdentifier(d, what)
		if p, dup := t.byName[d.Name]; dup {
			prev := decls[p]
			dg := c.errorf(diag.DuplicateSlotName, d.NameSpan, "%s name %s is declared twice (indices %d and %d)", what, d.Name, prev.Index, d.Index)
			dg.Related = append(dg.Related, diag.Related{Span: prev.Span, Message: "first declared here"})
			continue
		}
		t.byName[d.Name] = di
	}
	return t
}

// checkIdentifier applies the naming rules: [A-Za-z_][A-Za-z0-9_]*, at
// most 32 characters.
func (c *checker) checkIdentifier(d ast.VarDecl, what string) {
	for i, r := range d.Name {
		ok := r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9'
		if !ok {
			c.errorf(diag.InvalidIdentifier, d.NameSpan,
				"%s name %s is not allowed: names use only ASCII letters, digits and '_', and do not start with a digit", what, diag.Quote(d.Name))
			return
		}
	}
	if len(d.Name) > ast.MaxNameLength {
		c.errorf(diag.IdentifierTooLong, d.NameSpan, "%s name %s has %d characters: the game keeps at most %d", what, d.Name, len(d.Name), ast.MaxNameLength)
	}
}
