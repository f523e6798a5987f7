package service

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/objects"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// A Program is one loaded program: the file, its parse and validation, and
// the analyses computed from them on first use. It never changes; the
// session replaces it when the input changes.
type Program struct {
	File    *source.File
	Checked *engine.Checked
	// Snapshot is the generation that issued this program's numeric ids.
	Snapshot int
	// Origin says where the program came from; the session fills it.
	Origin contract.Origin

	// identity is the SHA-256 (lower-case hex) of identityText, hashed
	// on first use (see Identity).
	identityOnce sync.Once
	identity     string
	identityText string
	mapper       *edits.Mapper
	indexOnce    sync.Once
	index        *index.Index
	// indexed is index once it is built, for RevisedProgram to read
	// without building it; reindex is what a revised program's index
	// starts from (nil once built).
	indexed  atomic.Pointer[index.Index]
	reindex  *reindex
	costOnce sync.Once
	cost     *cost.Program
	// counted is cost once it is computed, for RevisedProgram to read
	// without computing it; recount is what a revised program's count
	// starts from (nil once counted).
	counted atomic.Pointer[cost.Program]
	recount *recount
	objOnce sync.Once
	objects []objects.Object
	// lintMu is held while lintRes is computed, so that concurrent
	// callers wait for one run instead of repeating it.
	lintMu  sync.Mutex
	lintCfg *lint.Config
	lintRes *lint.Result
	// linted is the last lint run once it is done, for RevisedProgram to
	// read without waiting; relint is what a revised program's lint
	// starts from (nil once used).
	linted atomic.Pointer[lintRun]
	relint *relint
	// emitOnce guards emitted and emitProblem: the size of the program
	// written in the export style, or why it cannot be written.
	emitOnce    sync.Once
	emitted     int
	emitProblem string
	// overpy is set when the program was compiled from OverPy: File is
	// then the lowered Workshop text, and positions in it are reported at
	// the OverPy sources through the provider's source map.
	overpy *overpySource
	// optimized is the optimiser's work with the program's own options
	// (optimize.go).
	optOnce   sync.Once
	optimized *Optimization
}

// NewProgram checks f and wraps the result.
func NewProgram(f *source.File, opts engine.Options, snapshot int) *Program {
	return newWorkshopProgram(f, engine.Check(f, opts), snapshot)
}

// RevisedProgram returns what NewProgram returns for f, whose text is
// prev's with edit applied (edit.Span is an offset range of prev's text),
// checked under the options prev was checked under. It reads, validates
// and counts again only the rules the edit touches when it can (see
// engine.Recheck); prev, which other requests may hold, is not changed.
// A prev compiled from OverPy gives NewProgram's result.
func RevisedProgram(prev *Program, f *source.File, edit source.Edit, opts engine.Options, snapshot int) *Program {
	if prev.overpy != nil {
		// Its tree is the lowered text's, not f's.
		return NewProgram(f, opts, snapshot)
	}
	p := newWorkshopProgram(f, engine.Recheck(prev.Checked, f, edit, opts), snapshot)
	if sp, ok := p.Checked.Splice(); ok {
		// The count and the lint findings are redone from prev's when
		// prev has them; prev itself is not kept, only they.
		if base := prev.counted.Load(); base != nil {
			p.recount = &recount{base: base, splice: sp}
		}
		if base := prev.indexed.Load(); base != nil {
			p.reindex = &reindex{base: base, splice: sp}
		}
		if base := prev.linted.Load(); base != nil {
			p.relint = &relint{base: *base, splice: sp}
		}
	}
	return p
}

// A lintRun is a lint result and the configuration it was run under.
type lintRun struct {
	cfg *lint.Config
	res *lint.Result
}

// A relint is where a revised program's lint starts from: the previous
// program's findings, and the rules read again since.
type relint struct {
	base   lintRun
	splice ast.Splice
}

func newWorkshopProgram(f *source.File, checked *engine.Checked, snapshot int) *Program {
	return &Program{
		File: f, Checked: checked, identityText: f.Text,
		Snapshot: snapshot, mapper: edits.NewMapper(f.Text),
		Origin: contract.Origin{Input: f.Path, Entry: f.Path, Kind: "workshop"},
	}
}

// A recount is where a revised program's element count starts from: the
// previous program's count, and the rules read again since.
type recount struct {
	base   *cost.Program
	splice ast.Splice
}

// A reindex is where a revised program's index starts from: the previous
// program's index, and the rules read again since.
type reindex struct {
	base   *index.Index
	splice ast.Splice
}

// Identity returns the identity of the program's input: the SHA-256
// (lower-case hex) of the file's bytes (an OverPy program's entry file's,
// or the identity its provider gives). It is computed on first use: a
// keystroke's analysis does not need it.
func (p *Program) Identity() string {
	p.identityOnce.Do(func() { p.identity = edits.Identity(p.identityText) })
	return p.identity
}

// Index returns the program's semantic index.
func (p *Program) Index() *index.Index {
	p.indexOnce.Do(func() {
		if ri := p.reindex; ri != nil {
			p.index, p.reindex = index.Rebuild(ri.base, p.Checked.Script, ri.splice), nil
		} else {
			p.index = index.Build(p.Checked.Script)
		}
		p.indexed.Store(p.index)
	})
	return p.index
}

// Cost returns the program's element count.
func (p *Program) Cost() *cost.Program {
	p.costOnce.Do(func() {
		if rc := p.recount; rc != nil {
			p.cost, p.recount = cost.Recount(rc.base, p.Checked.Script, rc.splice, cost.Options{}), nil
		} else {
			p.cost = cost.Count(p.Checked.Script, cost.Options{})
		}
		p.counted.Store(p.cost)
	})
	return p.cost
}

// Lint returns the findings of cfg's rules, computed once per
// configuration (a new configuration is a new *lint.Config): the
// operations of one snapshot, or a language server's publication and the
// code actions that follow it, share one run. Callers must not change the
// result.
func (p *Program) Lint(cfg *lint.Config) *lint.Result {
	p.lintMu.Lock()
	defer p.lintMu.Unlock()
	if p.lintRes == nil || p.lintCfg != cfg {
		ix, c := p.indexAndCost()
		prog := lint.Program{File: p.File, Script: p.Checked.Script, Index: ix, Cost: c}
		if rl := p.relint; rl != nil && rl.base.cfg == cfg {
			p.lintRes = lint.Rerun(rl.base.res, prog, rl.splice, cfg)
		} else {
			p.lintRes = lint.Run(prog, cfg)
		}
		p.lintCfg, p.relint = cfg, nil
		p.linted.Store(&lintRun{cfg: cfg, res: p.lintRes})
	}
	return p.lintRes
}

// indexAndCost returns the index and the element count. They are
// independent: the count runs on another goroutine while the index is
// built. A panic of either is raised here, on the caller's goroutine.
func (p *Program) indexAndCost() (*index.Index, *cost.Program) {
	counted := make(chan any, 1)
	go func() {
		defer func() { counted <- recover() }()
		p.Cost()
	}()
	ix := p.Index()
	if r := <-counted; r != nil {
		panic(r)
	}
	return ix, p.Cost()
}

// emittedBytes returns the size of the program as compile writes it (the
// input's locale, no profile), or why it cannot be written ("" when it
// can). It is computed once.
func (p *Program) emittedBytes() (int, string) {
	p.emitOnce.Do(func() {
		text, res := Render(p, CompileOptions{})
		if res.Exit == 0 {
			p.emitted = len(text)
			return
		}
		p.emitProblem = "the program cannot be written"
		for _, d := range res.Diagnostics {
			if d.Severity == "error" {
				p.emitProblem = fmt.Sprintf("the program cannot be written: %s (%s); compile lists every problem", d.Message, d.Code)
				break
			}
		}
	})
	return p.emitted, p.emitProblem
}

// Objects returns the program's persistent object facts.
func (p *Program) Objects() []objects.Object {
	p.objOnce.Do(func() { p.objects = objects.Find(p.Checked.Script) })
	return p.objects
}

// Range converts a span of the file to a contract range. Engine spans lie
// on character boundaries; one that does not is a defect reported as the
// file's first position rather than lost.
func (p *Program) Range(s source.Span) contract.Range {
	if p.overpy != nil {
		if l, ok := p.overpy.res.Map.Lookup(s); ok {
			return p.overpy.rangeOf(l)
		}
		return unmapped(p.File.Path)
	}
	a, b, err := p.mapper.SpanPoints(s.Start, s.End)
	if err != nil {
		return contract.Range{Path: p.File.Path, Start: contract.Point{Line: 1, Column: 1}, End: contract.Point{Line: 1, Column: 1}}
	}
	return contract.Range{Path: p.File.Path,
		Start: contract.Point{Line: a.Line, Column: a.Column}, End: contract.Point{Line: b.Line, Column: b.Column}}
}

// Location returns the compact path:line:column of a span's start.
func (p *Program) Location(s source.Span) string {
	r := p.Range(s)
	return fmt.Sprintf("%s:%d:%d", r.Path, r.Start.Line, r.Start.Column)
}

// RuleRef returns the contract's description of rule i.
func (p *Program) RuleRef(i int) *contract.RuleRef {
	rules := p.Checked.Script.Rules
	if i < 0 || i >= len(rules) {
		return nil
	}
	r := rules[i]
	return &contract.RuleRef{ID: i, Name: r.Name, Address: p.Index().RuleAddress(i), Span: p.Range(r.Span)}
}

// An Error is a refused request: a stable kebab-case code and a message.
type Error struct {
	Code    string
	Message string
	// Candidates are an ambiguous address's canonical addresses or an
	// unknown one's nearest names.
	Candidates []string
	// At is where the refusal's cause is written, when that is not the
	// input (a provider named in the project file).
	At *contract.Range
}

func (e *Error) Error() string { return e.Message }

func errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}
