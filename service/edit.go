package service

// This file answers validateEditTransaction: apply a transaction to the
// current sources in memory, read and validate the result, and preview
// it. Nothing is ever written.

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/rename"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// transaction converts a transaction to its wire form.
func transaction(tx edits.Transaction) contract.EditTransaction {
	out := contract.EditTransaction{Edits: make([]contract.TransactionEdit, len(tx.Edits))}
	for i, e := range tx.Edits {
		out.Edits[i] = contract.TransactionEdit{Source: e.Source, SourceIdentity: e.Identity, NewText: e.NewText,
			Range: contract.EditRange{Start: contract.Point(e.Range.Start), End: contract.Point(e.Range.End)}}
	}
	return out
}

// fromWire converts a wire transaction.
func fromWire(tx contract.EditTransaction) edits.Transaction {
	out := edits.Transaction{Edits: make([]edits.TextEdit, len(tx.Edits))}
	for i, e := range tx.Edits {
		out.Edits[i] = edits.TextEdit{Source: e.Source, Identity: e.SourceIdentity, NewText: e.NewText,
			Range: edits.Range{Start: edits.Point(e.Range.Start), End: edits.Point(e.Range.End)}}
	}
	return out
}

// sameFile reports whether two spellings name one file: equal absolute
// paths, or (for a link or another spelling of an existing file) the same
// file on disk.
func sameFile(a, b string) bool {
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	if errA == nil && errB == nil && absA == absB {
		return true
	}
	infoA, errA := os.Stat(a)
	infoB, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(infoA, infoB)
}

// ValidateEdit answers validateEditTransaction. It needs no loaded
// program, so an edit can repair an input that does not parse; it reads
// the entry's current text from disk unless the request carries it.
func (s *Session) ValidateEdit(req *contract.ValidateEditTransactionRequest) (*contract.EditValidation, error) {
	if len(req.Transaction.Edits) == 0 {
		return nil, errorf("malformed-request", "the transaction has no edits")
	}
	entry, e := s.resolveEntry()
	if e != nil {
		return nil, e
	}
	// The entry's kind decides who validates: Workshop is ours; OverPy
	// belongs to its provider.
	var readErr *Error
	text := func(name string) (string, bool) {
		if !sameFile(name, entry) && filepath.Clean(name) != filepath.Clean(entry) {
			return "", false
		}
		if req.Sources != nil {
			for key, t := range req.Sources {
				if key == name || sameFile(key, name) {
					return t, true
				}
			}
			readErr = errorf(edits.CodeUnknownSource, "sources carries no text for %s, which the transaction edits", name)
			return "", false
		}
		f, err := s.readSource(entry)
		if err != nil {
			readErr = readError(err)
			return "", false
		}
		return f.Text, true
	}
	applied, err := edits.Apply(fromWire(req.Transaction), text)
	if readErr != nil {
		return nil, readErr
	}
	if err != nil {
		var r *edits.Refusal
		if errors.As(err, &r) {
			return nil, errorf(r.Code, "%s", r.Message)
		}
		return nil, err
	}
	if e := s.editRefusal(entry, applied[0].Old); e != nil {
		return nil, e
	}
	out := &contract.EditValidation{OK: true, Diagnostics: []contract.Diagnostic{}, Previews: []contract.EditPreview{}}
	for _, a := range applied {
		if len(a.New) > source.MaxFileSize {
			return nil, errorf(edits.CodeOutOfRange, "%s would be %d bytes after the edits; the limit is %d bytes (4 MiB)", a.Source, len(a.New), source.MaxFileSize)
		}
		f := source.NewFile(a.Source, a.New)
		checked := engine.Check(f, s.opts.Engine)
		edited := &Program{File: f, Checked: checked, mapper: edits.NewMapper(a.New)}
		out.Diagnostics = append(out.Diagnostics, edited.Diagnostics()...)
		if checked.Diags.HasErrors() {
			out.OK = false
		}
		out.Previews = append(out.Previews, contract.EditPreview{Source: a.Source, Text: a.New, SourceIdentity: a.Identity,
			Diff: edits.Unified(filepath.ToSlash(a.Source), a.Old, a.New)})
	}
	if !out.OK {
		// No partial preview of a program that does not validate: the
		// diagnostics say what to change.
		out.Previews = []contract.EditPreview{}
		out.Diagnostics = errorsFirst(out.Diagnostics)
	}
	return out, nil
}

// editRefusal refuses edits of an entry that is not raw Workshop: one a
// provider the project names serves (its edits go to providerValidateEdit
// with that provider's language), else as editableKind says.
func (s *Session) editRefusal(entry, text string) *Error {
	specs, e := s.projectProviders()
	if e != nil {
		return e
	}
	if sp := matchProvider(specs, entry, s.opts.Kind); sp != nil {
		return errorf("edit-requires-provider", "%s is %s input, served by the provider %s names (%s): send its edits to providerValidateEdit (language_id %s); validateEditTransaction and editStatements validate raw Workshop input",
			entry, sp.Kind, ProjectFile, strings.Join(sp.Command, " "), sp.Kind)
	}
	kind, e := detectKind(s.opts.Kind, entry, text)
	if e != nil {
		return e
	}
	return editableKind(entry, kind)
}

// editableKind refuses edits of an entry that is not raw Workshop: OverPy
// input belongs to its provider (edit-requires-provider, as the contract
// says, naming the provider operation), and a kind with no provider in
// this wright-lsp (ostw, protocol) keeps the refusal its load gets
// (source-provider-unavailable).
func editableKind(entry, kind string) *Error {
	switch kind {
	case KindWorkshop:
		return nil
	case KindOverPy:
		return errorf("edit-requires-provider", "%s is OverPy input: its edits are validated by the OverPy provider: send them to providerValidateEdit (language_id opy); validateEditTransaction and editStatements validate raw Workshop input", entry)
	}
	return errorf("source-provider-unavailable", "%s: input kind %s has no provider in this wright-lsp, so its edits cannot be validated; only raw Workshop edits are", entry, kind)
}

// errorsFirst orders diagnostics by severity, keeping their order within
// a severity, so the reasons for a refusal lead.
func errorsFirst(ds []contract.Diagnostic) []contract.Diagnostic {
	var out []contract.Diagnostic
	for _, sev := range []diag.Severity{diag.Error, diag.Warning, diag.Info} {
		for _, d := range ds {
			if d.Severity == sev.String() {
				out = append(out, d)
			}
		}
	}
	return out
}

// Rename returns the transaction renaming a variable or subroutine
// (symbol: NAME or KIND:NAME) or, with rule set, a rule (NAME or NAME#N)
// to name. The contract has no rename operation: the transaction is what
// a client proposes to validateEditTransaction and applies itself.
func Rename(p *Program, target contract.Address, rule bool, name string) (*contract.EditTransaction, error) {
	if p.overpy != nil {
		// The index is of the lowered program: its edits would land in
		// text no one edits.
		return nil, errorf("edit-requires-provider", "%s is OverPy input: rename it in an editor (the language server renames OverPy names) or edit it through providerValidateEdit", p.Origin.Entry)
	}
	var id int
	if rule {
		i, err := p.ResolveRule(target, nil)
		if err != nil {
			return nil, err
		}
		sym, _ := p.Index().RuleSymbol(i)
		id = sym.ID
	} else {
		sym, err := p.ResolveSymbol(target, nil)
		if err != nil {
			return nil, err
		}
		id = sym.ID
	}
	es, err := rename.Edits(p.File, p.Index(), id, name)
	if err != nil {
		var re *rename.Error
		if errors.As(err, &re) {
			return nil, errorf(re.Code, "%s", re.Message)
		}
		return nil, errorf("internal-error", "%v", err)
	}
	tx, err := edits.FromEngine(p.File.Path, p.File.Text, es)
	if err != nil {
		return nil, errorf("internal-error", "%v", err)
	}
	out := transaction(tx)
	return &out, nil
}
