package service

// This file answers editStatements: statement-level insert, replace and
// delete on rules' conditions and actions, carried as rule-content-v1
// statement documents. Each document is checked against the catalog,
// written in the program's locale in the game's export style, and read
// back to prove that the text means what was sent; the edits become one
// transaction over the entry, validated as validateEditTransaction
// validates. Nothing is written. docs/agent-contract-edits.md states the
// rules this file implements.
//
// This file takes the request, resolves and plans the edits and places
// their text; the documents are decoded in statements_decode.go, built
// into syntax trees in statements_build.go, and written and read back in
// statements_write.go.

import (
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// codeInvalidStatement refuses a statement document the catalog does not
// accept, or one that cannot be written so that it reads back as sent.
const codeInvalidStatement = "edit-invalid-statement"

// EditStatements answers editStatements: the transaction making the
// request's statement edits over the entry, and its validation.
func (s *Session) EditStatements(req *contract.EditStatementsRequest) (*contract.EditStatementsResult, error) {
	if err := checkStatementEdits(req.Edits); err != nil {
		return nil, err
	}
	p, err := s.statementProgram(req)
	if err != nil {
		return nil, err
	}
	lists, err := planLists(p, req)
	if err != nil {
		return nil, err
	}
	w := newStatementWriter(p, s.opts.Engine.Vocab)
	written := make([][]string, len(req.Edits))
	for i, e := range req.Edits {
		if e.Statement == nil {
			continue
		}
		if written[i], err = w.write(fmt.Sprintf("edits[%d].statement", i), e.Statement, e.List == contract.StatementListActions); err != nil {
			return nil, err
		}
	}
	var placed []placedEdit
	for _, l := range lists {
		placed = append(placed, l.textEdits(p.File.Text, w, written, req.Edits)...)
	}
	// Text order; at one offset, insertions (conditions before actions,
	// so that two new blocks land in the game's order) before the edit
	// that replaces or deletes what follows them.
	slices.SortStableFunc(placed, func(a, b placedEdit) int {
		if a.edit.Span.Start != b.edit.Span.Start {
			return a.edit.Span.Start - b.edit.Span.Start
		}
		return a.class - b.class
	})
	es := make([]source.Edit, len(placed))
	for i, pe := range placed {
		es[i] = pe.edit
	}
	tx, err := edits.FromEngine(p.File.Path, p.File.Text, es)
	if err != nil {
		return nil, errorf("internal-error", "%v", err)
	}
	out := &contract.EditStatementsResult{Transaction: transaction(tx)}
	// Validate against the very text the edits were made for, so that a
	// change on disk in between cannot make the two disagree.
	v, err := s.ValidateEdit(&contract.ValidateEditTransactionRequest{Op: "validateEditTransaction",
		Transaction: out.Transaction, Sources: map[string]string{p.File.Path: p.File.Text}})
	if err != nil {
		return nil, err
	}
	out.Validation = *v
	return out, nil
}

// checkStatementEdits refuses a request whose edits are malformed, before
// anything is read.
func checkStatementEdits(es []contract.StatementEdit) error {
	if len(es) == 0 {
		return errorf("malformed-request", "editStatements needs at least one edit")
	}
	for i, e := range es {
		if e.List != contract.StatementListConditions && e.List != contract.StatementListActions {
			return errorf("malformed-request", "edits[%d].list is %q: expected conditions or actions", i, e.List)
		}
		switch e.Kind {
		case contract.StatementInsert, contract.StatementReplace:
			if e.Statement == nil {
				return errorf("malformed-request", "edits[%d] (%s) needs a statement", i, e.Kind)
			}
		case contract.StatementDelete:
			if e.Statement != nil {
				return errorf("malformed-request", "edits[%d] is a delete: it takes no statement", i)
			}
		default:
			return errorf("malformed-request", "edits[%d].kind is %q: expected insert, replace or delete", i, e.Kind)
		}
		if e.Index < 0 {
			return errorf(edits.CodeOutOfRange, "edits[%d].index is %d: indices start at 0", i, e.Index)
		}
	}
	return nil
}

// statementProgram returns the program the edits apply to: the entry as
// sources carries it, else as the session loads it from disk. Its text's
// identity must be the request's inputIdentity.
func (s *Session) statementProgram(req *contract.EditStatementsRequest) (*Program, error) {
	entry, e := s.resolveEntry()
	if e != nil {
		return nil, e
	}
	var text string
	fromSources := req.Sources != nil
	if fromSources {
		// The entry's own spelling first, then any other spelling of it,
		// in a fixed order.
		keys := slices.Sorted(maps.Keys(req.Sources))
		i := slices.IndexFunc(keys, func(k string) bool { return k == entry })
		if i < 0 {
			i = slices.IndexFunc(keys, func(k string) bool { return filepath.Clean(k) == filepath.Clean(entry) || sameFile(k, entry) })
		}
		if i >= 0 {
			text = req.Sources[keys[i]]
		} else {
			return nil, errorf(edits.CodeUnknownSource, "sources carries no text for %s, the entry the edits apply to", entry)
		}
	} else {
		f, err := s.readSource(entry)
		if err != nil {
			return nil, readError(err)
		}
		text = f.Text
	}
	if e := s.editRefusal(entry, text); e != nil {
		return nil, e
	}
	id := edits.Identity(text)
	if req.InputIdentity != id {
		return nil, errorf(edits.CodeStaleSource, "%s has changed since the edits were made (its identity is now %s, inputIdentity names %s); read it again",
			entry, id, orNoIdentity(req.InputIdentity))
	}
	numeric := slices.ContainsFunc(req.Edits, func(e contract.StatementEdit) bool { return e.Rule.IsNumeric() })
	if !fromSources || numeric {
		p, err := s.Program()
		if err != nil {
			return nil, err
		}
		switch {
		case p.Identity() == id:
			return p, nil
		case !fromSources:
			return nil, errorf(edits.CodeStaleSource, "%s changed while it was read (its identity is now %s); read it again", entry, p.Identity())
		}
		return nil, errorf("stale-id", "rule indices belong to the loaded program (snapshot %d), and sources carries other text for %s: address the rules by name", p.Snapshot, entry)
	}
	if len(text) > source.MaxFileSize {
		return nil, errorf("input-io", "%s in sources is %d bytes; the limit is %d bytes (4 MiB)", entry, len(text), source.MaxFileSize)
	}
	p := NewProgram(source.NewFile(entry, text), s.opts.Engine, 0)
	p.Origin = contract.Origin{Input: s.opts.Input, Entry: entry, Kind: KindWorkshop}
	if n := p.Checked.ParseErrors; n > 0 {
		r := p.Range(firstError(p.Checked).Span)
		return nil, errorf("parse-error", "%s:%d:%d: %s (%d parse errors in the text sources carries; statements can only be edited in text that parses)",
			r.Path, r.Start.Line, r.Start.Column, firstError(p.Checked).Message, n)
	}
	return p, nil
}

func orNoIdentity(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// A listPlan gathers the edits of one rule's conditions or actions.
type listPlan struct {
	rule    *ast.Rule
	name    string // the rule's canonical address, for messages
	actions bool
	block   *ast.Block // nil when the rule has no such block
	// inserts maps a list index to the inserting edits, in request order;
	// changes maps it to the one edit that replaces or deletes it.
	inserts map[int][]int
	changes map[int]int
}

func (l *listPlan) what() string {
	if l.actions {
		return contract.StatementListActions
	}
	return contract.StatementListConditions
}

func (l *listPlan) statements() []*ast.Statement {
	if l.block == nil {
		return nil
	}
	return l.block.Statements
}

// planLists resolves each edit's rule and groups the edits by list,
// refusing indices out of range and two edits of one statement.
func planLists(p *Program, req *contract.EditStatementsRequest) ([]*listPlan, error) {
	type key struct {
		rule    int
		actions bool
	}
	byKey := map[key]*listPlan{}
	var lists []*listPlan
	for i, e := range req.Edits {
		ri, err := p.ResolveRule(e.Rule, req.Snapshot)
		if err != nil {
			var se *Error
			if errors.As(err, &se) {
				return nil, &Error{Code: se.Code, Message: fmt.Sprintf("edits[%d].rule: %s", i, se.Message), Candidates: se.Candidates}
			}
			return nil, err
		}
		k := key{ri, e.List == contract.StatementListActions}
		l := byKey[k]
		if l == nil {
			r := p.Checked.Script.Rules[ri]
			l = &listPlan{rule: r, name: p.Index().RuleAddress(ri), actions: k.actions, block: r.Conditions,
				inserts: map[int][]int{}, changes: map[int]int{}}
			if k.actions {
				l.block = r.Actions
			}
			byKey[k] = l
			lists = append(lists, l)
		}
		n := len(l.statements())
		if e.Kind == contract.StatementInsert {
			if e.Index > n {
				return nil, errorf(edits.CodeOutOfRange, "edits[%d].index is %d, but rule %s has %d %s: insert takes 0 to %d", i, e.Index, l.name, n, l.what(), n)
			}
			l.inserts[e.Index] = append(l.inserts[e.Index], i)
			continue
		}
		if e.Index >= n {
			if n == 0 {
				return nil, errorf(edits.CodeOutOfRange, "edits[%d].index is %d, but rule %s has no %s to %s: only insert at 0 applies", i, e.Index, l.name, l.what(), e.Kind)
			}
			return nil, errorf(edits.CodeOutOfRange, "edits[%d].index is %d, but rule %s has %d %s: %s takes 0 to %d", i, e.Index, l.name, n, l.what(), e.Kind, n-1)
		}
		if j, dup := l.changes[e.Index]; dup {
			return nil, errorf(edits.CodeOverlap, "edits[%d] (%s) and edits[%d] (%s) both change %s %d of rule %s: send one replace or delete per statement",
				j, req.Edits[j].Kind, i, e.Kind, strings.TrimSuffix(l.what(), "s"), e.Index, l.name)
		}
		l.changes[e.Index] = i
	}
	return lists, nil
}

// A placedEdit is one byte edit of the entry; class orders edits that
// start at one offset (see EditStatements).
type placedEdit struct {
	edit  source.Edit
	class int
}

// listEntry is one statement of a list after the request: a kept one
// (edit < 0) or the one edits[edit] writes.
type listEntry struct {
	edit int
	flow vocab.Flow
}

// textEdits states the plan's edits as byte edits of the entry: written
// statements get a line each at the depth the game would indent them to;
// the text of the statements kept is not touched.
func (l *listPlan) textEdits(text string, w *statementWriter, written [][]string, es []contract.StatementEdit) []placedEdit {
	stmts := l.statements()
	lay := ruleLayout(text, l.rule, l.block)
	// The list after the edits, with each written statement's indentation.
	var final []listEntry
	for k := 0; k <= len(stmts); k++ {
		for _, i := range l.inserts[k] {
			final = append(final, listEntry{i, docFlow(es[i].Statement)})
		}
		if k == len(stmts) {
			break
		}
		switch i, changed := l.changes[k]; {
		case !changed:
			final = append(final, listEntry{-1, stmts[k].Flow()})
		case es[i].Kind == contract.StatementReplace:
			final = append(final, listEntry{i, docFlow(es[i].Statement)})
		}
	}
	indent := map[int]string{} // edit index → indentation
	depth := 0
	for _, e := range final {
		level := depth
		if l.actions {
			switch e.flow {
			case vocab.FlowOpen:
				depth++
			case vocab.FlowMiddle:
				if depth > 0 {
					level--
				}
			case vocab.FlowEnd:
				if depth > 0 {
					depth--
					level--
				}
			}
		}
		if e.edit >= 0 {
			indent[e.edit] = lay.stmt + strings.Repeat(lay.unit, level)
		}
	}
	class := 0
	if l.actions {
		class = 1
	}
	nl := lineBreak(text)
	ownLines := func(i int) string { // a written statement as whole lines
		var b strings.Builder
		for _, line := range written[i] {
			b.WriteString(indent[i] + line + nl)
		}
		return b.String()
	}
	var out []placedEdit
	if l.block == nil {
		// Create the block after the previous one, as the game lays it
		// out: a blank line, the keyword, the braces on their own lines.
		anchor := l.rule.Event.Span.End
		if l.actions && l.rule.Conditions != nil {
			anchor = l.rule.Conditions.Span.End
		}
		var b strings.Builder
		if _, own := statementStart(text, anchor-1); own {
			b.WriteString(nl + nl + lay.block + w.keyword(l.actions) + nl + lay.block + "{" + nl)
			for _, i := range l.inserts[0] {
				b.WriteString(ownLines(i))
			}
			b.WriteString(lay.block + "}")
		} else {
			// A rule written on one line (or so) stays that way.
			b.WriteString(" " + w.keyword(l.actions) + " {")
			for _, i := range l.inserts[0] {
				b.WriteString(" " + strings.Join(written[i], " "))
			}
			b.WriteString(" }")
		}
		return []placedEdit{{source.Edit{Span: source.Span{Start: anchor, End: anchor}, New: b.String()}, class}}
	}
	for k := 0; k <= len(stmts); k++ {
		var at int
		own := true
		if k < len(stmts) {
			at, own = statementStart(text, stmts[k].Span.Start)
		} else {
			at, own = blockEnd(text, l.block)
		}
		for _, i := range l.inserts[k] {
			add := ownLines(i)
			if !own {
				add = strings.Join(written[i], " ") + " "
			}
			out = append(out, placedEdit{source.Edit{Span: source.Span{Start: at, End: at}, New: add}, class})
		}
		i, changed := l.changes[k]
		if k == len(stmts) || !changed {
			continue
		}
		st := stmts[k]
		span := source.Span{Start: st.Span.Start, End: st.Span.End}
		var repl string
		switch {
		case es[i].Kind == contract.StatementReplace && own:
			span.Start = at
			repl = indent[i] + strings.Join(written[i], nl+indent[i])
		case es[i].Kind == contract.StatementReplace:
			repl = strings.Join(written[i], " ")
		case own:
			if end, ok := restOfLine(text, st.Span.End); ok {
				span = source.Span{Start: at, End: end}
			}
		}
		out = append(out, placedEdit{source.Edit{Span: span, New: repl}, 2})
	}
	return out
}

// stmtLayout is how a rule indents: the block keywords' indentation, a list's
// first statement's, and one level.
type stmtLayout struct {
	block, stmt, unit string
}

// ruleLayout reads a rule's indentation from its text (tabs in game
// exports, spaces in some tools' output), defaulting to the game's.
func ruleLayout(text string, r *ast.Rule, b *ast.Block) stmtLayout {
	rule, _ := lineIndent(text, r.Span.Start)
	var lay stmtLayout
	var ok bool
	switch {
	case b != nil:
		lay.block, ok = lineIndent(text, b.KeywordSpan.Start)
	case r.Event != nil:
		lay.block, ok = lineIndent(text, r.Event.KeywordSpan.Start)
	}
	if !ok {
		lay.block = rule + "\t"
	}
	lay.unit = "\t"
	if len(lay.block) > len(rule) && strings.HasPrefix(lay.block, rule) {
		lay.unit = lay.block[len(rule):]
	}
	lay.stmt = lay.block + lay.unit
	if b != nil && len(b.Statements) > 0 {
		// The first statement is at depth 0 whatever it is.
		if ind, ok := lineIndent(text, b.Statements[0].Span.Start); ok {
			lay.stmt = ind
			if len(ind) > len(lay.block) && strings.HasPrefix(ind, lay.block) {
				lay.unit = ind[len(lay.block):]
			}
		}
	}
	return lay
}

// lineIndent returns the text between the start of off's line and off
// when it is only spaces and tabs.
func lineIndent(text string, off int) (string, bool) {
	start := strings.LastIndexByte(text[:off], '\n') + 1
	ind := text[start:off]
	return ind, strings.Trim(ind, " \t") == ""
}

// statementStart returns where a statement's lines start: the start of
// its line when only indentation precedes it there (own), else the
// statement's own start.
func statementStart(text string, off int) (at int, own bool) {
	if ind, ok := lineIndent(text, off); ok {
		return off - len(ind), true
	}
	return off, false
}

// blockEnd returns where a statement appended to b goes: the start of the
// line of its closing brace when the brace is alone there (own), else the
// brace itself.
func blockEnd(text string, b *ast.Block) (at int, own bool) {
	brace := b.Span.End - 1
	if brace < 0 || brace >= len(text) || text[brace] != '}' {
		return b.Span.End, false
	}
	return statementStart(text, brace)
}

// restOfLine returns the end of off's line, after its line break, when
// only blanks follow off on it.
func restOfLine(text string, off int) (int, bool) {
	nl := strings.IndexByte(text[off:], '\n')
	if nl < 0 {
		return len(text), strings.Trim(text[off:], " \t\r") == ""
	}
	return off + nl + 1, strings.Trim(text[off:off+nl], " \t\r") == ""
}

// lineBreak returns the text's line break: CRLF when it uses them.
func lineBreak(text string) string {
	if strings.Contains(text, "\r\n") {
		return "\r\n"
	}
	return "\n"
}

// docFlow is [ast.Statement.Flow] for a statement document: the flow of
// its call, nothing for a disabled one.
func docFlow(d *contract.StatementDocument) vocab.Flow {
	if d.Enabled != nil && !*d.Enabled {
		return vocab.FlowNone
	}
	return vocab.FlowOf(d.Call)
}
