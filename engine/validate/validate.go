package validate

import (
	"fmt"
	"sync"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Options control validation.
type Options struct {
	// Vocab is the vocabulary; nil means vocab.Default().
	Vocab *vocab.Vocabulary
}

// Script checks a parsed script against the vocabulary and its own
// declarations, and returns the problems found. It never changes s.
func Script(s *ast.Script, opts Options) diag.List {
	return Validate(s, opts).Diags
}

// A Validation is what validating a script found, with what Revalidate
// needs to check the script again after an edit.
type Validation struct {
	// Diags are the problems found, sorted by position.
	Diags diag.List

	script *ast.Script
	// settings counts the workshop settings of each rule: the game
	// limits those of the whole mode.
	settings []int32
	total    int
	// asked bounds the fresh nearest-name look-ups made, which are
	// limited per script.
	asked int
}

// splitRules is the number of rules from which Validate checks the
// second half of them on another goroutine, with a checker of its own: a
// rule's problems are its own, but for two things that depend on the
// rules before it, and the second half is kept only when neither did
// (as Revalidate keeps the rules it did not check): the workshop
// settings counted (the one past the limit is reported), and the
// nearest-name look-ups (bounded per script, and an answer is
// remembered). Otherwise the first checker checks the second half again,
// as one checker would have. A variable so that tests can split every
// script.
var splitRules = 64

// Validate checks s as Script does, and keeps what Revalidate needs.
func Validate(s *ast.Script, opts Options) *Validation {
	c := newChecker(s, opts)
	val := &Validation{script: s, settings: make([]int32, len(s.Rules))}
	checkRules := func(c *checker, from, to int) {
		for i := from; i < to; i++ {
			before := c.workshopSettings
			c.rule(s.Rules[i])
			val.settings[i] = int32(c.workshopSettings - before)
		}
	}
	half := len(s.Rules)
	if half >= splitRules {
		half /= 2
	}
	var second *checker
	var wg sync.WaitGroup
	if half < len(s.Rules) {
		// The second half of the rules on another goroutine: see
		// splitRules.
		second = newChecker(s, opts)
		second.diags = nil // the declarations' problems are c's
		wg.Add(1)
		go func() {
			defer wg.Done()
			checkRules(second, half, len(s.Rules))
		}()
	}
	checkRules(c, 0, half)
	if second != nil {
		wg.Wait()
		if second.sugg.Asked() == 0 && c.workshopSettings+second.workshopSettings <= MaxWorkshopSettings {
			c.diags = append(c.diags, second.diags...)
			c.workshopSettings += second.workshopSettings
		} else {
			checkRules(c, half, len(s.Rules))
		}
	}
	if s.Conditions != nil {
		c.block(s.Conditions, false)
	}
	if s.Actions != nil {
		c.block(s.Actions, true)
		c.flow(s.Actions)
	}
	val.total, val.asked = c.workshopSettings, c.sugg.Asked()
	val.Diags = c.finish()
	return val
}

// Revalidate returns what Validate returns for next, a script read again
// after an edit as sp says (see [ast.Splice]) from the one prev checked.
// When the declarations, the locale and the limits of the whole script
// allow, it checks only the rules read again and keeps the other rules'
// problems, moved; otherwise it checks next whole. prev is not changed.
func Revalidate(prev *Validation, next *ast.Script, sp ast.Splice, opts Options) *Validation {
	old := prev.script
	if old == nil || next.Variables != old.Variables || next.Subroutines != old.Subroutines || next.Locale != old.Locale ||
		old.Actions != nil || old.Conditions != nil || next.Actions != nil || next.Conditions != nil ||
		sp.First+sp.Old > len(old.Rules) || sp.First+sp.New > len(next.Rules) ||
		len(old.Rules)-sp.Old != len(next.Rules)-sp.New || prev.total > MaxWorkshopSettings {
		return Validate(next, opts)
	}
	c := newChecker(next, opts)
	// The declarations' problems are prev's, kept below.
	c.diags = nil
	settings := make([]int32, len(next.Rules))
	copy(settings, prev.settings[:sp.First])
	copy(settings[sp.First+sp.New:], prev.settings[sp.First+sp.Old:])
	total := prev.total
	for _, n := range prev.settings[sp.First : sp.First+sp.Old] {
		total -= int(n)
	}
	for i := sp.First; i < sp.First+sp.New; i++ {
		before := c.workshopSettings
		c.rule(next.Rules[i])
		settings[i] = int32(c.workshopSettings - before)
	}
	total += c.workshopSettings
	// Past the limit, the warning depends on the count before each rule,
	// and a look-up past the bound goes unanswered depending on the
	// look-ups before it: check the whole script.
	asked := prev.asked + c.sugg.Asked()
	if total > MaxWorkshopSettings || prev.asked >= vocab.DefaultMaxSuggested || asked > vocab.DefaultMaxSuggested {
		return Validate(next, opts)
	}
	found := c.finish()
	return &Validation{
		Diags:  diag.Splice(prev.Diags, found, sp.Start, sp.OldEnd, sp.Delta()),
		script: next, settings: settings, total: total, asked: asked,
	}
}

// newChecker returns a checker of s with its declarations read.
func newChecker(s *ast.Script, opts Options) *checker {
	v := opts.Vocab
	if v == nil {
		v = vocab.Default()
	}
	c := &checker{v: v, loc: s.Locale, script: s}
	c.globals = c.declareSlots(s.Variables.GlobalDecls(), "global variable")
	c.players = c.declareSlots(s.Variables.PlayerDecls(), "player variable")
	var subs []ast.VarDecl
	if s.Subroutines != nil {
		subs = s.Subroutines.Decls
	}
	c.subs = c.declareSlots(subs, "subroutine")
	return c
}

// finish returns the problems found, sorted.
func (c *checker) finish() diag.List {
	c.diags.Sort()
	// Messages quote the text; none echoes a long token or a control
	// character raw.
	diag.CleanAll(c.diags)
	return c.diags
}

type checker struct {
	v      *vocab.Vocabulary
	loc    vocab.Locale
	script *ast.Script
	diags  diag.List

	globals, players, subs *slotTable
	// workshopSettings counts the Workshop Setting values seen.
	workshopSettings int
	// base is where the statement being checked starts: its
	// expressions' spans are measured from there.
	base int
	suggester
}

// at and nameAt return where e, an expression of the statement being
// checked, and its name lie in the text.
func (c *checker) at(e *ast.Expr) source.Span     { return e.Span.In(c.base) }
func (c *checker) nameAt(e *ast.Expr) source.Span { return e.NameSpan.In(c.base) }

func (c *checker) report(sev diag.Severity, code diag.Code, span source.Span, format string, args ...any) *diag.Diagnostic {
	c.diags = append(c.diags, diag.Diagnostic{Code: code, Severity: sev, Span: span, Message: fmt.Sprintf(format, args...)})
	return &c.diags[len(c.diags)-1]
}

func (c *checker) errorf(code diag.Code, span source.Span, format string, args ...any) *diag.Diagnostic {
	return c.report(diag.Error, code, span, format, args...)
}

func (c *checker) warnf(code diag.Code, span source.Span, format string, args ...any) *diag.Diagnostic {
	return c.report(diag.Warning, code, span, format, args...)
}

// spell returns the name of n in the script's locale (en-US if it has
// none there), for messages.
func (c *checker) spell(n vocab.Named) string {
	e := vocab.EntryOf(n)
	if s, ok := e.Name(c.loc); ok {
		return s
	}
	return e.English()
}
