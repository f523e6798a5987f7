package service

// This file answers editStatements: statement-level insert, replace and
// delete on rules' conditions and actions, carried as rule-content-v1
// statement documents. Each document is checked against the catalog,
// written in the program's locale in the game's export style, and read
// back to prove that the text means what was sent; the edits become one
// transaction over the entry, validated as validateEditTransaction
// validates. Nothing is written. docs/agent-contract-edits.md states the
// rules this file implements.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/printer"
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
	entry, e := resolveEntry(s.opts.Input)
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
		f, err := source.ReadFile(entry)
		if err != nil {
			return nil, readError(err)
		}
		text = f.Text
	}
	kind, e := detectKind(s.opts.Kind, entry, text)
	if e != nil {
		return nil, e
	}
	if kind != KindWorkshop {
		return nil, errorf("edit-requires-provider", "%s is %s input: its edits are validated by its provider through providerValidateEdit", entry, kind)
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
		case p.Identity == id:
			return p, nil
		case !fromSources:
			return nil, errorf(edits.CodeStaleSource, "%s changed while it was read (its identity is now %s); read it again", entry, p.Identity)
		}
		return nil, errorf("stale-id", "rule indices belong to the loaded program (snapshot %d), and sources carries other text for %s: address the rules by name", p.Snapshot, entry)
	}
	if len(text) > source.MaxFileSize {
		return nil, errorf("input-io", "%s in sources is %d bytes; the limit is %d bytes (4 MiB)", entry, len(text), source.MaxFileSize)
	}
	p := NewProgram(source.NewFile(entry, text), s.opts.Engine, 0)
	p.Origin = contract.Origin{Input: s.opts.Input, Entry: entry, Kind: kind}
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
	flow flowKind
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
			final = append(final, listEntry{-1, stmtFlow(stmts[k])})
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
			case flowOpen:
				depth++
			case flowMiddle:
				if depth > 0 {
					level--
				}
			case flowEnd:
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

// flowKind classifies a statement for indentation, as the game's exporter
// does: If, While and For open a level, Else If and Else sit one level
// out, End closes; disabled statements open or close nothing.
type flowKind uint8

const (
	flowNone flowKind = iota
	flowOpen
	flowMiddle
	flowEnd
)

func flowOfCall(id string) flowKind {
	switch id {
	case "__if__", "__while__", "__forGlobalVariable__", "__forPlayerVariable__":
		return flowOpen
	case "__elif__", "__else__":
		return flowMiddle
	case "__end__":
		return flowEnd
	}
	return flowNone
}

func stmtFlow(st *ast.Statement) flowKind {
	if st.Disabled || st.Body == nil || st.Body.Kind != ast.Call || st.Body.Elem == nil {
		return flowNone
	}
	return flowOfCall(st.Body.Elem.ID)
}

func docFlow(d *contract.StatementDocument) flowKind {
	if d.Enabled != nil && !*d.Enabled {
		return flowNone
	}
	return flowOfCall(d.Call)
}

// sameStatement reports whether two statements are the same document,
// spans aside.
func sameStatement(a, b contract.ContentStatement) bool {
	a.Span, b.Span = contract.Range{}, contract.Range{}
	x, errA := json.Marshal(a)
	y, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(x, y)
}

// ---- Writing statement documents as text

// A statementWriter writes statement documents as Workshop text in one
// locale, and reads the text back.
type statementWriter struct {
	v   *vocab.Vocabulary
	loc vocab.Locale
}

func newStatementWriter(p *Program, v *vocab.Vocabulary) *statementWriter {
	if v == nil {
		v = vocab.Default()
	}
	return &statementWriter{v: v, loc: p.Checked.Script.Locale}
}

// keyword spells the conditions or actions keyword in the writer's locale.
func (w *statementWriter) keyword(actions bool) string {
	id := "__conditions__"
	if actions {
		id = "__actions__"
	}
	kw := w.v.Keyword(id)
	if name, ok := kw.Name(w.loc); ok {
		return name
	}
	return kw.English()
}

// write checks a statement document against the catalog and returns its
// lines: the comment, if any, then the statement. The statement is
// written in the game's export style (operators, Global.x, x[i], P.x = v,
// bare teams, no trailing Null format arguments); when that text would
// not read back as the document, every element is written in its call
// form instead; when neither reads back, the document is refused.
func (w *statementWriter) write(path string, d *contract.StatementDocument, action bool) ([]string, error) {
	want, err := decodeStatement(path, d)
	if err != nil {
		return nil, err
	}
	var tried []string
	var readAs string
	for _, export := range []bool{true, false} {
		st, err := nodeBuilder{v: w.v, export: export}.statement(path, want, action)
		if err != nil {
			return nil, err
		}
		lines, err := w.print(path, st)
		if err != nil {
			if export {
				return nil, err
			}
			break // a call form with no spelling (Compare's ==, say)
		}
		got, ok := w.readBack(lines, action)
		if ok && sameStatement(got, want) {
			return lines, nil
		}
		if tried == nil {
			tried, readAs = lines, "text that does not parse"
			if ok {
				got.Span = contract.Range{}
				data, _ := Marshal(got)
				readAs = string(data)
			}
		}
	}
	return nil, errorf(codeInvalidStatement, "%s cannot be written in %s so that it reads back as sent: %s reads back as %s",
		path, w.loc, strings.Join(tried, " "), readAs)
}

// print renders a built statement as lines of text.
func (w *statementWriter) print(path string, st *ast.Statement) ([]string, error) {
	body, diags := printer.PrintExpr(st.Body, printer.Options{Locale: w.loc, Vocab: w.v})
	if len(diags) > 0 {
		return nil, errorf(string(diags[0].Code), "%s: %s", path, diags[0].Message)
	}
	line := body + ";"
	if st.Disabled {
		kw := w.v.Keyword("__disabled__")
		name, ok := kw.Name(w.loc)
		if !ok {
			name = kw.English()
		}
		line = name + " " + line
	}
	if st.Comment != nil {
		return []string{printer.Quote(st.Comment.Text), line}, nil
	}
	return []string{line}, nil
}

// readBack reads lines as the only statement of a conditions or actions
// block in the writer's locale and lowers it to its document.
func (w *statementWriter) readBack(lines []string, action bool) (contract.ContentStatement, bool) {
	text := w.keyword(action) + "\n{\n\t" + strings.Join(lines, "\n\t") + "\n}\n"
	f := source.NewFile("statement.ow", text)
	// Parsing is all reading back needs: validation is the whole
	// program's, later.
	res := parser.Parse(f, parser.Options{Locale: w.loc, LocaleGiven: true, Vocab: w.v})
	b := res.Script.Conditions
	if action {
		b = res.Script.Actions
	}
	if res.Diags.HasErrors() || b == nil || len(b.Statements) != 1 {
		return contract.ContentStatement{}, false
	}
	p := &Program{File: f, Checked: &engine.Checked{Script: res.Script}, mapper: edits.NewMapper(text)}
	return lowering{p: p}.statement(b.Statements[0], action), true
}

func invalidStatement(format string, args ...any) *Error {
	return errorf(codeInvalidStatement, format, args...)
}

// decodeStatement reads a statement document into its rule-content form,
// normalized as reading its text back normalizes it: the format arguments
// of Custom String and String padded with Null, -0 written 0.
func decodeStatement(path string, d *contract.StatementDocument) (contract.ContentStatement, error) {
	st := contract.ContentStatement{Call: d.Call, Args: []contract.ContentNode{}, Enabled: d.Enabled == nil || *d.Enabled}
	if d.Comment != nil {
		c := *d.Comment
		st.Comment = &c
	}
	if d.Call == "" {
		return st, invalidStatement("%s.call is missing: a statement is a call of an action (in actions) or a value (in conditions) by catalog id", path)
	}
	for j, a := range d.Args {
		n, err := decodeNode(fmt.Sprintf("%s.args[%d]", path, j), a)
		if err != nil {
			return st, err
		}
		st.Args = append(st.Args, n)
	}
	st.Args = padFormat(st.Call, st.Args)
	return st, nil
}

// padFormat pads the format arguments of Custom String and String, which
// the text may leave out, with Null: the catalog gives both four slots.
func padFormat(id string, args []contract.ContentNode) []contract.ContentNode {
	if (id == "__customString__" || id == "__localizedString__") && len(args) > 0 {
		for len(args) < 4 {
			args = append(args, callNode("null"))
		}
	}
	return args
}

// nodeMembers are the members a value node object may have.
var nodeMembers = map[string]bool{"call": true, "args": true, "enum": true, "member": true, "variable": true,
	"subroutine": true, "string": true, "localizedString": true, "unresolved": true}

// decodeNode reads one value node from its decoded JSON (or from a Go
// value, such as a contract.ContentNode, through its JSON form).
func decodeNode(path string, a any) (contract.ContentNode, error) {
	switch t := a.(type) {
	case float64:
		if t == 0 {
			t = 0 // -0 reads back as 0
		}
		return contract.ContentNode{Number: &t}, nil
	case json.Number:
		f, err := t.Float64()
		if err != nil {
			return contract.ContentNode{}, invalidStatement("%s: %s is not a number the Workshop can hold", path, t)
		}
		return decodeNode(path, f)
	case map[string]any:
		return decodeObject(path, t)
	case contract.ContentNode:
		return fromNode(path, t)
	case *contract.ContentNode:
		if t == nil {
			return decodeNode(path, nil)
		}
		return fromNode(path, *t)
	case nil, bool, string, []any:
		return contract.ContentNode{}, invalidStatement("%s is %s: a value node is a number or an object (call and args, enum and member, variable, subroutine, string or localizedString)", path, jsonType(t))
	}
	data, err := json.Marshal(a)
	if err != nil {
		return contract.ContentNode{}, invalidStatement("%s: %v", path, err)
	}
	var g any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&g); err != nil {
		return contract.ContentNode{}, invalidStatement("%s: %v", path, err)
	}
	return decodeNode(path, g)
}

// fromNode checks and normalizes a node given as a Go value.
func fromNode(path string, n contract.ContentNode) (contract.ContentNode, error) {
	forms := 0
	for _, set := range [...]bool{n.Number != nil, n.Call != nil, n.Enum != nil, n.Variable != nil, n.Subroutine != nil,
		n.String != nil, n.LocalizedString != nil, n.Unresolved != nil} {
		if set {
			forms++
		}
	}
	switch {
	case forms != 1:
		return n, invalidStatement("%s holds %d node forms, not one", path, forms)
	case n.Unresolved != nil:
		return n, invalidStatement("%s is unresolved source text, which cannot be written: give the node it stands for", path)
	case n.Number != nil:
		return decodeNode(path, *n.Number)
	case n.Call != nil:
		args := []contract.ContentNode{}
		for j, a := range n.Call.Args {
			d, err := fromNode(fmt.Sprintf("%s.args[%d]", path, j), a)
			if err != nil {
				return n, err
			}
			args = append(args, d)
		}
		return contract.ContentNode{Call: &contract.ContentCall{Call: n.Call.Call, Args: padFormat(n.Call.Call, args)}}, nil
	}
	return n, nil
}

// decodeObject reads a node object: the members of exactly one form.
func decodeObject(path string, m map[string]any) (contract.ContentNode, error) {
	var unknown []string
	for k := range m {
		if !nodeMembers[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return contract.ContentNode{}, invalidStatement("%s has the unknown member %q", path, unknown[0])
	}
	has := func(k string) bool { _, ok := m[k]; return ok }
	if has("unresolved") {
		return contract.ContentNode{}, invalidStatement("%s is unresolved source text, which cannot be written: give the node it stands for", path)
	}
	forms := 0
	for _, set := range [...]bool{has("call") || has("args"), has("enum") || has("member"), has("variable"), has("subroutine"), has("string"), has("localizedString")} {
		if set {
			forms++
		}
	}
	if forms != 1 {
		return contract.ContentNode{}, invalidStatement("%s has the members of %d node forms: a node object is exactly one of call and args, enum and member, variable, subroutine, string or localizedString", path, forms)
	}
	str := func(k string) (string, error) {
		s, ok := m[k].(string)
		if !ok {
			return "", invalidStatement("%s.%s is %s: expected a string", path, k, jsonType(m[k]))
		}
		return s, nil
	}
	switch {
	case has("call") || has("args"):
		id, err := str("call")
		if err != nil {
			return contract.ContentNode{}, err
		}
		raw, ok := m["args"].([]any)
		if !ok {
			return contract.ContentNode{}, invalidStatement("%s.args is %s: a call node has call (a catalog id) and args (an array, [] for none)", path, jsonType(m["args"]))
		}
		args := []contract.ContentNode{}
		for j, a := range raw {
			n, err := decodeNode(fmt.Sprintf("%s.args[%d]", path, j), a)
			if err != nil {
				return contract.ContentNode{}, err
			}
			args = append(args, n)
		}
		return contract.ContentNode{Call: &contract.ContentCall{Call: id, Args: padFormat(id, args)}}, nil
	case has("enum") || has("member"):
		enum, err := str("enum")
		if err != nil {
			return contract.ContentNode{}, err
		}
		member, err := str("member")
		if err != nil {
			return contract.ContentNode{}, err
		}
		return enumNode(enum, member), nil
	case has("variable"):
		s, err := str("variable")
		return variableNode(s), err
	case has("subroutine"):
		s, err := str("subroutine")
		return contract.ContentNode{Subroutine: &contract.ContentSubroutine{Subroutine: s}}, err
	case has("string"):
		s, err := str("string")
		return contract.ContentNode{String: &contract.ContentString{String: s}}, err
	}
	s, err := str("localizedString")
	return contract.ContentNode{LocalizedString: &contract.ContentLocalizedString{LocalizedString: s}}, err
}

// A nodeBuilder builds the syntax tree of a statement document, checking
// each call, enum member and name against the catalog.
type nodeBuilder struct {
	v *vocab.Vocabulary
	// export selects the game's export forms; false writes every element
	// in its call form (Compare(a, ==, b), Set Global Variable(x, v)).
	export bool
}

func (b nodeBuilder) statement(path string, st contract.ContentStatement, action bool) (*ast.Statement, error) {
	var el *vocab.Element
	if action {
		if el = b.v.Action(st.Call); el == nil {
			if b.v.Value(st.Call) != nil {
				return nil, invalidStatement("%s.call: %s is a value, not an action: actions hold actions", path, st.Call)
			}
			return nil, invalidStatement("%s.call: %q is not the catalog id of an action (lookup gives the id of a name)", path, st.Call)
		}
	} else if el = b.v.Value(st.Call); el == nil {
		if b.v.Action(st.Call) != nil {
			return nil, invalidStatement("%s.call: %s is an action, not a value: a condition is a value (a comparison is __compare__)", path, st.Call)
		}
		return nil, invalidStatement("%s.call: %q is not the catalog id of a value (lookup gives the id of a name)", path, st.Call)
	}
	body, err := b.call(path, el, st.Args, nil, action)
	if err != nil {
		return nil, err
	}
	out := &ast.Statement{Body: body, Disabled: !st.Enabled, HasSemicolon: true}
	if st.Comment != nil {
		out.Comment = &ast.Expr{Kind: ast.String, Text: *st.Comment}
	}
	return out, nil
}

// call builds a call of el in the slot param (nil: any value, or the
// statement itself).
func (b nodeBuilder) call(path string, el *vocab.Element, args []contract.ContentNode, param *vocab.Param, action bool) (*ast.Expr, error) {
	if !arityAccepted(el, len(args)) {
		return nil, invalidStatement("%s: %s (%s) takes %s arguments, found %d", path, el.English(), el.ID, arityText(el), len(args))
	}
	xs := make([]*ast.Expr, len(args))
	for j, a := range args {
		x, err := b.node(fmt.Sprintf("%s.args[%d]", path, j), a, paramAt(el, j))
		if err != nil {
			return nil, err
		}
		xs[j] = x
	}
	if !b.export {
		return &ast.Expr{Kind: ast.Call, Elem: el, Parens: !el.Bare, Args: xs}, nil
	}
	if action {
		if x := assignment(el.ID, args, xs); x != nil {
			return x, nil
		}
	} else if x := shortForm(el.ID, args, xs, param); x != nil {
		return x, nil
	}
	if el.ID == "__customString__" || el.ID == "__localizedString__" {
		for len(xs) > 1 && isNullCall(args[len(xs)-1]) {
			xs = xs[:len(xs)-1]
		}
	}
	return &ast.Expr{Kind: ast.Call, Elem: el, Parens: !el.Bare, Args: xs}, nil
}

func isNullCall(n contract.ContentNode) bool {
	return n.Call != nil && n.Call.Call == "null" && len(n.Call.Args) == 0
}

// node builds one value node in the slot param.
func (b nodeBuilder) node(path string, n contract.ContentNode, param *vocab.Param) (*ast.Expr, error) {
	switch {
	case n.Number != nil:
		return &ast.Expr{Kind: ast.Number, Num: *n.Number}, nil
	case n.Call != nil:
		el := b.v.Value(n.Call.Call)
		if el == nil {
			if b.v.Action(n.Call.Call) != nil {
				return nil, invalidStatement("%s: %s is an action, not a value", path, n.Call.Call)
			}
			return nil, invalidStatement("%s: %q is not the catalog id of a value (lookup gives the id of a name)", path, n.Call.Call)
		}
		return b.call(path, el, n.Call.Args, param, false)
	case n.Enum != nil:
		en := b.v.Enum(n.Enum.Enum)
		if en == nil {
			return nil, invalidStatement("%s: %q is not a catalog enum", path, n.Enum.Enum)
		}
		m := en.Member(n.Enum.Member)
		if m == nil {
			return nil, invalidStatement("%s: %q is not a member of %s (listEntries lists them)", path, n.Enum.Member, en.ID)
		}
		if wrapper := literalWrappers[en.ID]; wrapper != "" && (param == nil || param.Enum == nil) {
			return nil, invalidStatement(`%s: a %s member stands for a value here: write {"call":%q,"args":[{"enum":%q,"member":%q}]}`,
				path, en.ID, wrapper, en.ID, m.ID)
		}
		return &ast.Expr{Kind: ast.Member, Member: m}, nil
	case n.Variable != nil:
		if param == nil || param.Ident != vocab.IdentGlobalVariable && param.Ident != vocab.IdentPlayerVariable {
			return nil, invalidStatement(`%s: a variable node stands only where a variable name belongs; read a variable with {"call":"__globalVar__","args":[{"variable":%q}]} or __playerVar__`, path, n.Variable.Variable)
		}
		return identifier(path, n.Variable.Variable)
	case n.Subroutine != nil:
		if param == nil || param.Ident != vocab.IdentSubroutine {
			return nil, invalidStatement("%s: a subroutine node stands only where a subroutine name belongs (Call Subroutine, Start Rule)", path)
		}
		return identifier(path, n.Subroutine.Subroutine)
	case n.String != nil:
		return &ast.Expr{Kind: ast.String, Text: n.String.String}, nil
	case n.LocalizedString != nil:
		key := n.LocalizedString.LocalizedString
		if key == "" {
			return &ast.Expr{Kind: ast.String}, nil
		}
		ls := b.v.LocalizedString(key)
		if ls == nil {
			return nil, invalidStatement("%s: %q is not a catalog localized string key (listEntries kind localized-string lists them)", path, key)
		}
		return &ast.Expr{Kind: ast.String, LocStr: ls, Text: ls.English()}, nil
	}
	return nil, invalidStatement("%s: an empty node", path)
}

// identifier builds a variable or subroutine name.
func identifier(path, name string) (*ast.Expr, error) {
	ok := name != "" && !('0' <= name[0] && name[0] <= '9')
	for _, r := range name {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r >= 0x80 && vocab.IsWordRune(r)) {
			ok = false
		}
	}
	if !ok {
		return nil, invalidStatement("%s: %q is not a variable or subroutine name (letters, digits and _, not starting with a digit)", path, name)
	}
	return &ast.Expr{Kind: ast.Name, Text: name}, nil
}

// statementLegacyArity lists the older argument counts the game still
// reads; keep it in step with legacyArity in engine/validate.
var statementLegacyArity = map[string][]int{
	"hudText": {10}, "createInWorldText": {6, 7}, ".startForcingOutlineFor": {4},
	"createWorkshopSettingBool": {3}, "createWorkshopSettingInt": {5}, "createWorkshopSettingFloat": {5},
}

// arityAccepted reports whether el may be written with n arguments, as
// validation accepts it: its slot count (1 to 4 for Custom String and
// String, at least one for Array), an older version's count, or the
// empty Map( / Game Mode( the game exports for a removed map or mode.
func arityAccepted(el *vocab.Element, n int) bool {
	switch {
	case el.Bare:
		return n == 0
	case n == 0 && (el.ID == "__map__" || el.ID == "__gamemode__"):
		return true
	case n >= el.MinArgs() && (el.MaxArgs() < 0 || n <= el.MaxArgs()):
		return true
	}
	return slices.Contains(statementLegacyArity[el.ID], n)
}

func arityText(el *vocab.Element) string {
	switch {
	case el.Bare:
		return "no"
	case el.MaxArgs() < 0:
		return fmt.Sprintf("at least %d", el.MinArgs())
	case el.MinArgs() != el.MaxArgs():
		return fmt.Sprintf("%d to %d", el.MinArgs(), el.MaxArgs())
	}
	return fmt.Sprint(el.MaxArgs())
}

// binaryOps and comparisonOps map the elements operators stand for back
// to the operators; compoundOps maps Modify operations to the assignment
// operators that write them.
var (
	binaryOps = func() map[string]ast.Op {
		m := map[string]ast.Op{}
		for op, id := range operatorCalls {
			m[id] = op
		}
		return m
	}()
	comparisonOps = func() map[string]ast.Op {
		m := map[string]ast.Op{}
		for op := ast.OpEq; op <= ast.OpGe; op++ {
			m[op.String()] = op
		}
		return m
	}()
	compoundOps = map[string]ast.Op{"__add__": ast.OpAddAssign, "__subtract__": ast.OpSubAssign, "__multiply__": ast.OpMulAssign,
		"__divide__": ast.OpDivAssign, "__modulo__": ast.OpModAssign, "__raiseToPower__": ast.OpPowAssign}
)

// shortForm returns the export form of a value call: an operator,
// Global.x, P.x, x[i] or a bare team; nil when it has none.
func shortForm(id string, args []contract.ContentNode, xs []*ast.Expr, param *vocab.Param) *ast.Expr {
	binary := func(op ast.Op, l, r *ast.Expr) *ast.Expr {
		return &ast.Expr{Kind: ast.Binary, Op: op, Args: []*ast.Expr{l, r}}
	}
	switch n := len(args); {
	case id == "__compare__" && n == 3 && args[1].Enum != nil && args[1].Enum.Enum == "__Operator__":
		if op, ok := comparisonOps[args[1].Enum.Member]; ok {
			return binary(op, xs[0], xs[2])
		}
	case binaryOps[id] != ast.OpNone && n == 2:
		return binary(binaryOps[id], xs[0], xs[1])
	case id == "__not__" && n == 1:
		return &ast.Expr{Kind: ast.Not, Args: xs}
	case id == "__ifThenElse__" && n == 3:
		return &ast.Expr{Kind: ast.Ternary, Args: xs}
	case id == "__valueInArray__" && n == 2:
		return &ast.Expr{Kind: ast.Index, Args: []*ast.Expr{postfixBase(xs[0]), xs[1]}}
	case id == "__globalVar__" && n == 1 && args[0].Variable != nil:
		return &ast.Expr{Kind: ast.Global, Text: args[0].Variable.Variable}
	case id == "__playerVar__" && n == 2 && args[1].Variable != nil:
		return &ast.Expr{Kind: ast.PlayerVar, Text: args[1].Variable.Variable, Args: []*ast.Expr{postfixBase(xs[0])}}
	case id == "__team__" && n == 1 && args[0].Enum != nil && (param == nil || param.Enum == nil):
		// The game writes teams bare (All Players(All Teams)); in an
		// enum slot a bare member would read as the member itself.
		return xs[0]
	}
	return nil
}

// assignForms are the Set and Modify variable actions the game writes as
// assignments: whether each has a player, an index and an operation.
var assignForms = map[string]struct{ player, index, modify bool }{
	"__setGlobalVariable__": {}, "__setGlobalVariableAtIndex__": {index: true},
	"__setPlayerVariable__": {player: true}, "__setPlayerVariableAtIndex__": {player: true, index: true},
	"__modifyGlobalVariable__": {modify: true}, "__modifyGlobalVariableAtIndex__": {index: true, modify: true},
	"__modifyPlayerVariable__": {player: true, modify: true}, "__modifyPlayerVariableAtIndex__": {player: true, index: true, modify: true},
}

// assignment returns the assignment form of a Set or Modify variable
// action (Global.x[i] += v); nil for another action, and for a Modify
// whose operation has no operator (Append To Array, Min, …).
func assignment(id string, args []contract.ContentNode, xs []*ast.Expr) *ast.Expr {
	f, ok := assignForms[id]
	if !ok {
		return nil
	}
	want := 2
	for _, set := range [...]bool{f.player, f.index, f.modify} {
		if set {
			want++
		}
	}
	if len(args) != want {
		return nil
	}
	i := 0
	var owner *ast.Expr
	if f.player {
		owner, i = postfixBase(xs[0]), 1
	}
	v := args[i].Variable
	if v == nil {
		return nil
	}
	i++
	target := &ast.Expr{Kind: ast.Global, Text: v.Variable}
	if f.player {
		target = &ast.Expr{Kind: ast.PlayerVar, Text: v.Variable, Args: []*ast.Expr{owner}}
	}
	if f.index {
		target = &ast.Expr{Kind: ast.Index, Args: []*ast.Expr{target, xs[i]}}
		i++
	}
	op := ast.OpAssign
	if f.modify {
		e := args[i].Enum
		if e == nil || e.Enum != "__Operation__" || compoundOps[e.Member] == ast.OpNone {
			return nil
		}
		op = compoundOps[e.Member]
		i++
	}
	return &ast.Expr{Kind: ast.Assign, Op: op, Args: []*ast.Expr{target, xs[i]}}
}

// postfixBase returns x ready to take .name or [index] after it: a call,
// variable or index as it is, anything else in parentheses.
func postfixBase(x *ast.Expr) *ast.Expr {
	switch {
	case x.Kind == ast.Call && x.Elem != nil, x.Kind == ast.Global, x.Kind == ast.PlayerVar, x.Kind == ast.Index, x.Kind == ast.Paren:
		return x
	}
	return &ast.Expr{Kind: ast.Paren, Args: []*ast.Expr{x}}
}
