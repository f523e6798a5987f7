package service

// This file writes editStatements' statement documents as Workshop
// text in the program's locale, and reads the text back to prove that it
// means what was sent.

import (
	"bytes"
	"encoding/json"
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

// sameStatement reports whether two statements are the same document,
// spans aside.
func sameStatement(a, b contract.ContentStatement) bool {
	a.Span, b.Span = contract.Range{}, contract.Range{}
	x, errA := json.Marshal(a)
	y, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(x, y)
}
