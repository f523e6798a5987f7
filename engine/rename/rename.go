package rename

import (
	"fmt"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// Refusal codes.
const (
	CodeInvalidName = "rename-invalid-name"
	CodeNameTaken   = "rename-name-taken"
	CodeUndeclared  = "rename-undeclared"
)

// An Error is a refused rename.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Message }

// MaxRuleNameLength bounds a rule's name; the game's editor stops there.
const MaxRuleNameLength = 128

// Edits returns the byte edits of f that rename symbol id of ix to name.
// Variables and subroutines take a Workshop identifier not already used
// by a symbol of the same kind; a rule takes any text, quoted as the game
// quotes it.
func Edits(f *source.File, ix *index.Index, id int, name string) ([]source.Edit, error) {
	if id < 0 || id >= len(ix.Symbols) {
		return nil, fmt.Errorf("no symbol %d", id)
	}
	sym := ix.Symbols[id]
	replacement := name
	switch sym.Kind {
	case index.Rule:
		if n := utf8.RuneCountInString(name); n > MaxRuleNameLength {
			return nil, &Error{CodeInvalidName, fmt.Sprintf("a rule name has at most %d characters; %q has %d", MaxRuleNameLength, name, n)}
		}
		replacement = printer.Quote(name)
	default:
		if err := checkIdentifier(name); err != nil {
			return nil, err
		}
		if !sym.Declared {
			return nil, &Error{CodeUndeclared, fmt.Sprintf("%s %s is not declared (it is the default name of slot %d): declare it in the %s block first",
				sym.Kind, sym.Name, sym.Slot, block(sym.Kind))}
		}
		if other, ok := ix.Find(sym.Kind, name); ok && other.ID != id {
			return nil, &Error{CodeNameTaken, fmt.Sprintf("%s %s already exists", sym.Kind, name)}
		}
		if name == sym.Name {
			return nil, nil
		}
	}
	var out []source.Edit
	for _, r := range ix.RefsOf(id) {
		if sym.Kind != index.Rule {
			if got := f.Text[r.Span.Start:r.Span.End]; got != sym.Name {
				// The index and the text disagree: refuse rather than
				// write over something else.
				return nil, fmt.Errorf("the reference at %d..%d reads %q, not %q", r.Span.Start, r.Span.End, got, sym.Name)
			}
		}
		out = append(out, source.Edit{Span: r.Span, New: replacement})
	}
	return out, nil
}

func block(k index.SymbolKind) string {
	if k == index.Subroutine {
		return "subroutines"
	}
	return "variables"
}

// checkIdentifier accepts the names the game accepts for variables and
// subroutines: a letter or underscore, then letters, digits and
// underscores, at most ast.MaxNameLength of them.
func checkIdentifier(name string) error {
	if name == "" {
		return &Error{CodeInvalidName, "the new name is empty"}
	}
	if len(name) > ast.MaxNameLength {
		return &Error{CodeInvalidName, fmt.Sprintf("a name has at most %d characters; %q has %d", ast.MaxNameLength, name, len(name))}
	}
	for i, c := range name {
		letter := c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && (i == 0 || c < '0' || c > '9') {
			return &Error{CodeInvalidName, fmt.Sprintf("%q is not a Workshop name: use letters, digits and underscores, not starting with a digit", name)}
		}
	}
	return nil
}
