package opy

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Options control reading a program.
type Options struct {
	// ReadFile reads an included file; nil reads the disk. A language
	// server passes one that sees its unsaved documents.
	ReadFile func(path string) (string, error)
	// ReadDir lists a folder's file names for #!include "folder/"; nil
	// reads the disk.
	ReadDir func(path string) ([]string, error)
	// Vocab is the Workshop vocabulary; nil means vocab.Default().
	Vocab *vocab.Vocabulary
	// Parse also reads the lowered text with the engine's parser, into
	// Result.Parsed. The rules are read as they are written, on the
	// writer's goroutine (parser.Stream), so that a check does not read
	// the whole text again after the compile.
	Parse bool
}

func (o *Options) readFile(path string) (string, error) {
	if o.ReadFile != nil {
		return o.ReadFile(path)
	}
	f, err := source.ReadFile(path)
	if err != nil {
		return "", err
	}
	return f.Text, nil
}

func (o *Options) readDir(path string) ([]string, error) {
	if o.ReadDir != nil {
		return o.ReadDir(path)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// A Program is an OverPy program read and parsed: its files (the entry
// first, then every file it includes, in the order they are read), its
// declarations and the problems found so far.
type Program struct {
	Files []*source.File
	// Entry is the file compiled: 0, or the file a leading #!mainFile
	// names.
	Entry int
	Decls []Decl
	Diags []Diagnostic

	opts  Options
	vocab *vocab.Vocabulary
	// forSizeAggressive is set by #!optimizeForSizeAggressive anywhere.
	forSizeAggressive bool
	fileIndex         map[string]int
}

// addFile records a file of the program and returns its index.
func (p *Program) addFile(path, text string) int {
	key := filepath.Clean(path)
	if i, ok := p.fileIndex[key]; ok {
		return i
	}
	p.Files = append(p.Files, source.NewFile(path, text))
	p.fileIndex[key] = len(p.Files) - 1
	return len(p.Files) - 1
}

// Parse reads an OverPy program from its entry file. It never fails:
// problems are diagnostics, and the tree holds everything that reads.
func Parse(path, text string, opts Options) *Program {
	p := &Program{opts: opts, vocab: opts.Vocab, fileIndex: map[string]int{}}
	if p.vocab == nil {
		p.vocab = vocab.Default()
	}
	d := &diagnostics{}
	entry := p.addFile(path, text)
	// #!mainFile as the first bytes names the file to compile instead.
	if main, ok := mainFile(text); ok {
		target := filepath.Join(filepath.Dir(path), filepath.FromSlash(main))
		if t, err := p.opts.readFile(target); err == nil {
			entry = p.addFile(target, t)
		} else {
			end := strings.IndexByte(text, '\n')
			if end < 0 {
				end = len(text)
			}
			d.errorf(codeIncludeNotFound, Loc{File: 0, Span: source.Span{Start: 0, End: end}}, "cannot read the #!mainFile "+main+": "+errorText(err))
		}
	}
	mem := getScratch()
	pp := &preprocessor{p: p, d: d, macros: map[string]*macro{}, included: map[string]bool{filepath.Clean(p.Files[entry].Path): true}, mem: mem}
	p.Entry = entry
	lines := pp.lexSplit(entry)
	ps := &parser{p: p, d: d, mem: mem}
	ps.program(lines)
	// Clearing the token arenas and the lines for the next read takes a
	// few hundred microseconds on a large program: done on another
	// goroutine, it runs beside the lowering instead of before it.
	go func() {
		pp.release()
		putScratch(mem)
	}()
	d.clean()
	p.Diags = d.list
	return p
}

// mainFile reads a leading #!mainFile "path".
func mainFile(text string) (string, bool) {
	text = strings.TrimPrefix(text, "\ufeff")
	if !strings.HasPrefix(text, "#!mainFile") {
		return "", false
	}
	rest := strings.TrimSpace(strings.SplitN(text[len("#!mainFile"):], "\n", 2)[0])
	if len(rest) >= 2 && (rest[0] == '"' || rest[0] == '\'') && rest[len(rest)-1] == rest[0] {
		return strings.ReplaceAll(rest[1:len(rest)-1], "\\", "/"), true
	}
	return "", false
}

// SortDiagnostics orders diagnostics by file, then position.
func SortDiagnostics(ds []Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Span.Start != b.Span.Start {
			return a.Span.Start < b.Span.Start
		}
		return a.Span.End < b.Span.End
	})
}

// Errors counts the error diagnostics.
func Errors(ds []Diagnostic) int {
	n := 0
	for _, d := range ds {
		if d.Severity == diag.Error {
			n++
		}
	}
	return n
}
