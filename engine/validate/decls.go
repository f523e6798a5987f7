package validate

// This file checks the variables and subroutines blocks and resolves the
// names that actions use.

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
)

// slotTable maps the names usable for one kind of slot to their indices:
// declared names, and the default names of slots not declared.
type slotTable struct {
	byName map[string]int
}

func (t *slotTable) lookup(name string) (int, bool) {
	i, ok := t.byName[name]
	return i, ok
}

func (c *checker) declareSlots(decls []ast.VarDecl, what string) *slotTable {
	t := &slotTable{byName: map[string]int{}}
	byIndex := map[int]ast.VarDecl{}
	byName := map[string]ast.VarDecl{}
	for _, d := range decls {
		if d.Index < 0 {
			continue
		}
		if d.Index >= ast.SlotCount {
			c.errorf(diag.SlotIndexOutOfRange, d.IndexSpan, "%s index %d is out of range: indices go from 0 to %d", what, d.Index, ast.SlotCount-1)
		} else if prev, dup := byIndex[d.Index]; dup {
			dg := c.errorf(diag.DuplicateSlotIndex, d.IndexSpan, "%s index %d is declared twice (as %s and as %s)", what, d.Index, prev.Name, d.Name)
			dg.Related = append(dg.Related, diag.Related{Span: prev.Span, Message: "first declared here"})
		} else {
			byIndex[d.Index] = d
		}
		if d.Name == "" {
			continue
		}
		c.checkIdentifier(d, what)
		if prev, dup := byName[d.Name]; dup {
			dg := c.errorf(diag.DuplicateSlotName, d.NameSpan, "%s name %s is declared twice (indices %d and %d)", what, d.Name, prev.Index, d.Index)
			dg.Related = append(dg.Related, diag.Related{Span: prev.Span, Message: "first declared here"})
			continue
		}
		byName[d.Name] = d
		t.byName[d.Name] = d.Index
	}
	// Slots that were never renamed keep their default names.
	for i := range ast.SlotCount {
		if _, declared := byIndex[i]; declared {
			continue
		}
		name := ast.DefaultVariableName(i)
		if what == "subroutine" {
			name = ast.DefaultSubroutineName(i)
		}
		if _, taken := t.byName[name]; !taken {
			t.byName[name] = i
		}
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
				"%s name %q is not allowed: names use only ASCII letters, digits and '_', and do not start with a digit", what, d.Name)
			return
		}
	}
	if len(d.Name) > ast.MaxNameLength {
		c.errorf(diag.IdentifierTooLong, d.NameSpan, "%s name %s has %d characters: the game keeps at most %d", what, d.Name, len(d.Name), ast.MaxNameLength)
	}
}
