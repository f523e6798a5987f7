package main

// This file implements "wright-lsp lint --fix": the lint fixes applied to
// the files, file by file, each written atomically.
//
// A fix is applied only when the text it gives has no more errors than
// the file had; fixes whose edits overlap wait for the next pass, which
// lints the fixed text again, until no selected fix is left (or a bound
// of passes is reached). Fixes that only acknowledge a finding (the
// evaluate-once idiom) are applied only when named with --fix-kind. The
// parser's mechanical corrections of syntax errors (kind "syntax": a
// missing ';' and the like) come first, since no lint runs on a file
// that does not parse. On
// an OverPy file a fix is applied only where it can be stated on the
// OverPy text exactly (fixOverPy).

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/service"
)

// maxFixPasses bounds the lint-and-fix passes over one file.
const maxFixPasses = 10

// fixFlags are lint's --fix flags.
type fixFlags struct {
	fix   bool
	diff  bool
	kinds listFlag
	// apply is the set of fix kinds --fix applies.
	apply map[string]bool
}

func (f *fixFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.fix, "fix", false, "apply the fixes that correct defects, then report what remains")
	fs.BoolVar(&f.diff, "diff", false, "with --fix: print the fixes as a unified diff and write nothing")
	fs.Var(&f.kinds, "fix-kind", "with --fix: apply only fixes of this `KIND` (an acknowledgement such as evaluate-once only so); repeatable")
}

// check validates the flags against the fix kinds the rules offer.
func (f *fixFlags) check(cfg *lint.Config, stderr io.Writer) bool {
	known := fixKinds(cfg)
	if !f.fix && (f.diff || len(f.kinds) > 0) {
		fmt.Fprintln(stderr, "wright-lsp lint: --diff and --fix-kind go with --fix")
		return false
	}
	f.apply = map[string]bool{}
	for _, k := range f.kinds {
		if !known[k] {
			fmt.Fprintf(stderr, "wright-lsp lint: --fix-kind: unknown fix kind %q: expected one of %s%s\n", k,
				strings.Join(sortedKeys(known), ", "), suggest(k, sortedKeys(known), ""))
			return false
		}
		f.apply[k] = true
	}
	if len(f.kinds) == 0 {
		for k := range known {
			// An acknowledgement (lint.Rule.Acknowledgements) restates
			// the program without correcting a defect: only when named.
			if !lint.IsAcknowledgement(k) {
				f.apply[k] = true
			}
		}
	}
	return true
}

// A fixedFile is the outcome of fixing one file.
type fixedFile struct {
	path      string
	old, new  string
	applied   int
	withheld  int // fixes not applied because they would add an error
	problem   string
	parseFail bool
	// opyErrors is set for an OverPy file whose program has errors.
	opyErrors bool
}

// runFix fixes every input, then reports what remains (with --diff: the
// changes, and nothing is written).
func runFix(inputs []input, m *sessionMaker, f *fixFlags, sel *selectFlags, common *commonFlags, stdout, stderr io.Writer) int {
	if common.format != "text" {
		fmt.Fprintf(stderr, "wright-lsp lint: --fix reports in text; run lint --format %s after it\n", common.format)
		return exitUsage
	}
	var files []input
	for _, in := range inputs {
		if in.path == stdinName && !f.diff {
			fmt.Fprintln(stderr, "wright-lsp lint: --fix writes files: standard input can only be shown fixed, with --fix --diff")
			return exitUsage
		}
		files = append(files, in)
	}
	results := parallel(len(files), func(i int) fixedFile { return fixInput(m, files[i], f.apply) })
	applied, changed := 0, 0
	for _, r := range results {
		switch {
		case r.problem != "":
			fmt.Fprintf(stderr, "wright-lsp lint: %s\n", r.problem)
			return exitUsage
		case r.parseFail && r.applied > 0:
			fmt.Fprintf(stderr, "wright-lsp lint: %s: %s applied; syntax errors remain that have no mechanical fix: fix them, then lint again\n", r.path, plural(r.applied, "syntax fix"))
		case r.parseFail:
			fmt.Fprintf(stderr, "wright-lsp lint: %s: not fixed: the file has syntax errors with no mechanical fix; fix them first\n", r.path)
		case r.opyErrors:
			fmt.Fprintf(stderr, "wright-lsp lint: %s: not fixed: the OverPy program has errors; fix them first\n", r.path)
		}
		if r.withheld > 0 {
			fmt.Fprintf(stderr, "wright-lsp lint: %s: %s not applied: each would add an error\n", r.path, plural(r.withheld, "fix"))
		}
		if r.new == r.old {
			continue
		}
		applied += r.applied
		changed++
		if f.diff {
			fmt.Fprint(stdout, edits.Unified(r.path, r.old, r.new))
			continue
		}
		if err := writeAtomic(r.path, r.new); err != nil {
			fmt.Fprintf(stderr, "wright-lsp lint: %v\n", err)
			return exitUsage
		}
	}
	if f.diff {
		fmt.Fprintf(stderr, "lint --fix --diff: %s in %s; nothing written\n", plural(applied, "fix"), plural(changed, "file"))
		if changed > 0 {
			return exitFailed
		}
		return exitOK
	}
	return lintText(inputs, m, sel, applied, nil, stdout, stderr)
}

// fixInput fixes one input's Workshop file.
func fixInput(m *sessionMaker, in input, apply map[string]bool) fixedFile {
	session := m.session(in)
	p, err := session.Load()
	if err != nil {
		return fixedFile{path: in.path, problem: err.Error()}
	}
	cfg := session.LintConfig()
	out := fixedFile{path: p.File.Path, old: p.File.Text, new: p.File.Text}
	if p.IsOverPy() {
		out = fixOverPy(m, p, cfg, apply, out)
		if in.path == stdinName {
			out.path = stdinName
		}
		return out
	}
	if in.path == stdinName {
		out.path = stdinName
	}
	text := p.File.Text
	if p.Checked.ParseErrors > 0 {
		if apply[syntaxFixKind] {
			var n int
			text, p, n = fixSyntax(p, m.opts.Engine)
			out.applied += n
		}
		if p.Checked.ParseErrors > 0 {
			out.new = text
			out.parseFail = true
			return out
		}
	}
	errorsBefore := p.ErrorCount()
	for range maxFixPasses {
		found := p.Lint(cfg).Findings
		var batch []*lint.Fix
		var taken []source.Span
		for _, f := range found {
			if f.Fix == nil || !apply[f.Fix.Kind] || overlaps(f.Fix.Edits, taken) {
				continue
			}
			batch = append(batch, f.Fix)
			for _, e := range f.Fix.Edits {
				taken = append(taken, e.Span)
			}
		}
		if len(batch) == 0 {
			break
		}
		next, q, n, withheld := applyFixes(p.File.Path, text, batch, m.opts.Engine, errorsBefore)
		out.withheld = withheld
		if n == 0 {
			break
		}
		text, p = next, q
		out.applied += n
	}
	out.new = text
	return out
}

// syntaxFixKind names the parser's mechanical corrections among the fix
// kinds: the ';' a statement lacks, the ')' a call the ';' leaves open,
// the '()' after a value that takes none. Each corrects a defect.
const syntaxFixKind = "syntax"

// fixSyntax applies the parser's mechanical corrections (diag.Fix), pass
// after pass, keeping a pass only when the text then has fewer syntax
// errors; recovery can report a problem that an earlier one caused, so
// each pass re-parses. It returns the text, its program and how many
// corrections it applied.
func fixSyntax(p *service.Program, opts engine.Options) (string, *service.Program, int) {
	text, applied := p.File.Text, 0
	for range maxFixPasses {
		var es []source.Edit
		var taken []source.Span
		for _, d := range p.Checked.Diags {
			if d.Fix == nil || overlaps(d.Fix.Edits, taken) {
				continue
			}
			es = append(es, d.Fix.Edits...)
			for _, e := range d.Fix.Edits {
				taken = append(taken, e.Span)
			}
		}
		if len(es) == 0 {
			break
		}
		next, err := source.Apply(text, es)
		if err != nil {
			break
		}
		q := service.NewProgram(source.NewFile(p.File.Path, next), opts, 0)
		if q.Checked.ParseErrors >= p.Checked.ParseErrors {
			break
		}
		text, p, applied = next, q, applied+len(es)
		if p.Checked.ParseErrors == 0 {
			break
		}
	}
	return text, p, applied
}

// fixOverPy fixes an OverPy entry: a fix is applied only as
// service.Program.OverPyFix states it on the OverPy text (the edited text
// compiles to exactly the fixed program), one per pass, since each is
// validated against the program it was found in; a fix of an included
// file, or one withheld on OverPy, is left.
func fixOverPy(m *sessionMaker, p *service.Program, cfg *lint.Config, apply map[string]bool, out fixedFile) fixedFile {
	entry := p.Sources()[0]
	out.path, out.old, out.new = entry.Path, entry.Text, entry.Text
	if p.HasErrors() {
		out.opyErrors = true
		return out
	}
	text := entry.Text
	for range maxOverPyFixes {
		next, found := "", false
		for _, f := range p.Lint(cfg).Findings {
			if f.Fix == nil || !apply[f.Fix.Kind] {
				continue
			}
			es, err := p.OverPyFix(f)
			if err != nil || slices.ContainsFunc(es, func(e service.OverPyEdit) bool { return e.File.Path != entry.Path }) {
				continue
			}
			var mine []source.Edit
			for _, e := range es {
				mine = append(mine, e.Edit)
			}
			if t, err := source.Apply(text, mine); err == nil {
				next, found = t, true
				break
			}
		}
		if !found {
			break
		}
		text = next
		p = service.NewOverPyProgram(source.NewFile(entry.Path, text), m.opts.Engine, nil)
		out.applied++
	}
	out.new = text
	return out
}

// maxOverPyFixes bounds the fixes applied to one OverPy file, one per
// pass.
const maxOverPyFixes = 50

// applyFixes applies a batch of non-overlapping fixes, all at once when
// together they add no error, else one by one keeping those that add
// none. It returns the text, its program, how many fixes it applied and
// how many it withheld.
func applyFixes(path, text string, batch []*lint.Fix, opts engine.Options, errorsBefore int) (string, *service.Program, int, int) {
	try := func(text string, fixes []*lint.Fix) (string, *service.Program, bool) {
		var es []source.Edit
		for _, f := range fixes {
			es = append(es, f.Edits...)
		}
		next, err := source.Apply(text, es)
		if err != nil {
			return "", nil, false
		}
		q := service.NewProgram(source.NewFile(path, next), opts, 0)
		return next, q, q.Checked.ParseErrors == 0 && q.ErrorCount() <= errorsBefore
	}
	if next, q, ok := try(text, batch); ok {
		return next, q, len(batch), 0
	}
	// One at a time, later fixes first so that earlier offsets hold.
	slices.SortFunc(batch, func(a, b *lint.Fix) int { return b.Edits[0].Span.Start - a.Edits[0].Span.Start })
	var last *service.Program
	applied, withheld := 0, 0
	for _, f := range batch {
		if next, q, ok := try(text, []*lint.Fix{f}); ok {
			text, last = next, q
			applied++
		} else {
			withheld++
		}
	}
	return text, last, applied, withheld
}

// overlaps reports whether an edit touches a span already taken (two
// insertions at one offset count as touching).
func overlaps(es []source.Edit, taken []source.Span) bool {
	for _, e := range es {
		for _, t := range taken {
			if e.Span.Start < t.End && t.Start < e.Span.End || e.Span.Start == t.Start {
				return true
			}
		}
	}
	return false
}

// writeAtomic replaces the file at path with text: a temporary file
// beside it, given the file's permissions, then renamed over it.
func writeAtomic(path, text string) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("%s: cannot write beside it: %w", path, err)
	}
	_, werr := tmp.WriteString(text)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr, os.Chmod(tmp.Name(), info.Mode().Perm())); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
