package main

// This file implements "wright-lsp rename".

import (
	"flag"
	"fmt"
	"io"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

const renameUsage = `usage: wright-lsp rename [--rule] [--format text|json] TARGET NEWNAME FILE
  TARGET is a variable or subroutine (NAME or KIND:NAME), or with --rule a rule (NAME or NAME#N).
  Prints the edit transaction (json) or its unified diff (text); nothing is written.`

// runRename proposes the transaction renaming a symbol. It writes
// nothing: validateEditTransaction previews it, the caller applies it.
func runRename(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rename", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var common commonFlags
	common.register(fs)
	rule := fs.Bool("rule", false, "TARGET is a rule (NAME or NAME#N)")
	rest, err := parseInterspersed(fs, args)
	if err != nil || !common.check("rename", stderr) {
		return exitUsage
	}
	if len(rest) != 3 {
		fmt.Fprintln(stderr, "wright-lsp rename: expected TARGET, NEWNAME and FILE\n"+renameUsage)
		return exitUsage
	}
	s := sessionFor("rename", rest[2], &common, nil, stderr)
	if s == nil {
		return exitUsage
	}
	p, err := s.Program()
	if err != nil {
		return reportError("rename", err, stderr)
	}
	tx, err := service.Rename(p, contract.Address{Name: rest[0]}, *rule, rest[1])
	if err != nil {
		return reportError("rename", err, stderr)
	}
	if common.format == "json" {
		data, err := service.Marshal(tx)
		if err != nil {
			return exitInternal
		}
		emitJSON(stdout, data)
		return exitOK
	}
	// The text form is the preview the service would give.
	v, err := s.ValidateEdit(&contract.ValidateEditTransactionRequest{Op: "validateEditTransaction", Transaction: *tx})
	if err != nil {
		return reportError("rename", err, stderr)
	}
	for _, pv := range v.Previews {
		fmt.Fprint(stdout, pv.Diff)
	}
	fmt.Fprintf(stderr, "rename: %d edit(s); nothing written\n", len(tx.Edits))
	return exitOK
}

// reportError prints a service error and returns its exit code.
func reportError(name string, err error, stderr io.Writer) int {
	if e, ok := err.(*service.Error); ok {
		fmt.Fprintf(stderr, "wright-lsp %s: %s (%s)\n", name, e.Message, e.Code)
		if e.Code == "internal-error" {
			return exitInternal
		}
		return exitUsage
	}
	fmt.Fprintf(stderr, "wright-lsp %s: %v\n", name, err)
	return exitInternal
}
