package main

// This file implements "wright-lsp rename".

import (
	"fmt"
	"io"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

// runRename renames a symbol or rule: the service proposes the edit
// transaction, validateEditTransaction previews it (and refuses it when
// the edited program would not validate); -w writes the previews, each
// file atomically, else their diff is printed.
func runRename(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("rename")
	var common commonFlags
	common.register(fs)
	rule := fs.Bool("rule", false, "TARGET is a rule (NAME or NAME#N)")
	write := fs.Bool("w", false, "write the renamed files (atomically) instead of printing the diff")
	rest, code, done := parseFlags("rename", fs, args, stdout, stderr, 3, 3)
	if done {
		return code
	}
	if !common.check("rename", stderr) {
		return exitUsage
	}
	m := newSessionMaker("rename", &common, nil, stderr)
	if m == nil {
		return exitUsage
	}
	if rest[2] == "-" {
		fmt.Fprintln(stderr, "wright-lsp rename: INPUT must be a file or directory: a rename edits files")
		return exitUsage
	}
	in, code, ok := oneInput("rename", rest[2], stderr)
	if !ok {
		return code
	}
	s := m.session(in)
	p, err := s.Program()
	if err != nil {
		return reportError("rename", err, stderr)
	}
	tx, err := service.Rename(p, contract.Address{Name: rest[0]}, *rule, rest[1])
	if err != nil {
		return reportError("rename", err, stderr)
	}
	if common.format == "json" && !*write {
		data, err := service.Marshal(tx)
		if err != nil {
			return exitInternal
		}
		emitJSON(stdout, data)
		return exitOK
	}
	v, err := s.ValidateEdit(&contract.ValidateEditTransactionRequest{Op: "validateEditTransaction", Transaction: *tx})
	if err != nil {
		return reportError("rename", err, stderr)
	}
	if !v.OK {
		rep := newReporter(stderr)
		for _, d := range v.Diagnostics {
			rep.print(fromDiagnostic(d))
		}
		fmt.Fprintln(stderr, "wright-lsp rename: the renamed program would have errors; nothing written")
		return exitFailed
	}
	if !*write {
		for _, pv := range v.Previews {
			fmt.Fprint(stdout, pv.Diff)
		}
		fmt.Fprintf(stderr, "rename: %s in %s; nothing written (-w writes them)\n", plural(len(tx.Edits), "edit"), plural(len(v.Previews), "file"))
		return exitOK
	}
	for _, pv := range v.Previews {
		if err := writeAtomic(pv.Source, pv.Text); err != nil {
			fmt.Fprintf(stderr, "wright-lsp rename: %v\n", err)
			return exitUsage
		}
	}
	fmt.Fprintf(stderr, "rename: wrote %s in %s\n", plural(len(tx.Edits), "edit"), plural(len(v.Previews), "file"))
	return exitOK
}
