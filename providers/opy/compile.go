package opy

// This file is the frontend's entry point: Compile reads an OverPy program
// and lowers it to Workshop text with its source map.

import (
	"slices"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	wparser "github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A Result is a compiled OverPy program.
type Result struct {
	Program *Program
	// Text is the lowered program: Workshop text in en-US, every value in
	// function form. The engine parses it unchanged; Map maps its byte
	// ranges back to the OverPy sources.
	Text string
	Map  *SourceMap
	// Diags are the problems found, in the OverPy sources.
	Diags []Diagnostic
	// Options are what the program's directives ask of its compile.
	Options CompileOptions
	// Symbols are what the program's names resolved to.
	Symbols *Symbols
	// Parsed is Text as parser.Parse reads it (en-US given), in a file of
	// the entry's path; set when Options.Parse is.
	Parsed *wparser.Result
	// streamed says Parsed was read by the writer's stream (tests).
	streamed bool
}

// Compile reads and lowers an OverPy program. It never fails: problems
// are diagnostics, and the text holds every rule that lowers.
func Compile(path, text string, opts Options) *Result {
	p := Parse(path, text, opts)
	d := &diagnostics{list: p.Diags}
	c := &compiler{p: p, d: d, v: p.vocab, names: tablesFor(p.vocab),
		globals: newSlotTable("global variable", defaultVar), players: newSlotTable("player variable", defaultVar),
		subs: newSlotTable("subroutine", defaultSub), enums: map[string]*userEnum{}, macros: map[string]*MacroDecl{},
		mem: getScratch()}
	c.size.aggressive = p.forSizeAggressive
	size := 0
	for _, f := range p.Files {
		size += len(f.Text)
	}
	// About a reference per 80 bytes of OverPy and a call per 90 (the
	// game modes of the corpus): sized now, the lists do not regrow.
	c.refs = make([]SymbolRef, 0, size/80+16)
	c.calls = make([]CallSite, 0, size/90+16)
	c.declarations()
	if c.tags {
		// After the program's own variables, as OverPy declares it.
		c.enableTags(c.tagsLoc)
	}
	c.initRules()
	c.rulePrefixes()
	// Rules are written while the next ones are lowered (emit_rules.go).
	writer := newRuleWriter(size*3/2, opts.Parse, p.vocab)
	c.held = map[int]bool{}
	sent := 0
	for _, decl := range p.Decls {
		pending := c.bs.pending()
		switch x := decl.(type) {
		case *Directive:
			c.size.sizeDirective(x.Name, true)
		case *Rule:
			c.lowerRule(x)
		case *TopStmt:
			c.macroRules(x)
		}
		for ; sent < len(c.rules); sent++ {
			if c.bs.pending() > pending {
				c.held[sent] = true // resolveCurrentMaps or finishDebugs may change it
				continue
			}
			writer.submit(sent, c.rules[sent])
		}
	}
	for ; sent < len(c.rules); sent++ {
		c.held[sent] = true
	}
	// What follows the lowering and precedes the join is done while the
	// writer finishes: it changes only the held rules, which the writer
	// never sees, and reads the others as the writer does.
	c.resolveCurrentMaps()
	c.finishDebugs()
	c.globals.allocate(d)
	c.players.allocate(d)
	c.subs.allocate(d)
	res := &Result{Program: p, Options: c.options, Symbols: c.symbols()}
	header := c.header()
	var head *wparser.Head
	if writer.stream != nil && len(c.held) == 0 {
		// Read now, while the writer still writes: the join is left
		// only the moving of the rules after it.
		head = wparser.ReadHead(header.b.String(), lowered(p.vocab))
	}
	writer.finish()
	c.writer = writer
	var joined bool
	res.Text, res.Map, joined = c.emit(header)
	// The lowered tree is written: its memory serves the next compile.
	c.rules, c.rule, c.slab, c.argSlab, c.actionSlab, c.actionScratch = nil, nil, nil, nil, nil, nil
	// Cleared on another goroutine (half a millisecond on a large
	// program), beside the parse and the validation that follow.
	go putScratch(c.mem)
	c.mem = nil
	if opts.Parse {
		if !joined {
			head = nil
		}
		res.Parsed, res.streamed = c.parseLowered(path, res.Text, head)
	}
	res.Diags = d.filtered()
	SortDiagnostics(res.Diags)
	return res
}

// rulePrefixes applies #!rulePrefix: the rules after it in its file are
// named "[PREFIX] NAME" (OverPy's default template). An included file
// starts with the prefix of the file including it, and its own
// #!rulePrefix ends with it.
func (c *compiler) rulePrefixes() {
	prefix := map[int]string{}
	seen := map[int]bool{}
	last := c.p.Entry
	seen[last] = true
	for _, decl := range c.p.Decls {
		file := decl.declLoc().File
		if file != last {
			if !seen[file] {
				seen[file] = true
				prefix[file] = prefix[last]
			}
			last = file
		}
		switch d := decl.(type) {
		case *Directive:
			if d.Name != "rulePrefix" {
				continue
			}
			p, ok := unquote(d.Args)
			if !ok {
				c.d.errorf(codeMalformedDirective, d.Loc, "#!rulePrefix takes a quoted prefix: #!rulePrefix \"name\"")
				continue
			}
			prefix[file] = p
		case *Rule:
			if p := prefix[file]; p != "" && d.Name != "" && !d.Def {
				d.Prefix = "[" + p + "] "
			}
		}
	}
}

// initRules lowers the initialisers of variable declarations into the
// rules OverPy generates for them, placed first.
func (c *compiler) initRules() {
	for player := range 2 {
		var inits []*VarDecl
		for _, decl := range c.p.Decls {
			if v, ok := decl.(*VarDecl); ok && v.Init != nil && v.Player == (player == 1) && !isZeroInit(v.Init) {
				inits = append(inits, v)
			}
		}
		if len(inits) == 0 {
			continue
		}
		name := c.initRuleNames[player]
		if name == "" {
			name = [2]string{"Initialize global variables", "Initialize player variables"}[player]
		}
		event := "global"
		if player == 1 {
			event = "eachPlayer"
		}
		at := inits[0].Loc
		st := &ruleState{r: &wrule{name: name, loc: Loc{File: -1}}, event: event, labels: map[string]int{}}
		ev := c.v.Event(event)
		st.r.event = []string{ev.English()}
		if ev.Lines == 3 {
			st.r.event = append(st.r.event, c.eventTeam("", at), c.eventPlayer("", at))
		}
		c.rule = st
		for _, v := range inits {
			value := c.expr(v.Init)
			if value == nil {
				continue
			}
			var w *wnode
			if player == 1 {
				w = c.call("__setPlayerVariable__", v.Loc, c.call("eventPlayer", v.Loc), &wnode{kind: wIdent, text: v.Name, loc: v.NameLoc}, value)
			} else {
				w = c.call("__setGlobalVariable__", v.Loc, &wnode{kind: wIdent, text: v.Name, loc: v.NameLoc}, value)
			}
			c.emitAction(w, v.Loc, nil)
		}
		c.rules = append(c.rules, st.r)
		c.rule = nil
	}
}

// isZeroInit reports an initialiser OverPy leaves out: variables start
// at 0, and null is 0.
func isZeroInit(e Expr) bool {
	if n, ok := e.(*Number); ok {
		return n.Value == 0
	}
	if n, ok := e.(*Name); ok {
		return n.Name == "null" || n.Name == "false"
	}
	return false
}

// header writes the header of the lowered program: settings, variables,
// subroutines, generated rules.
func (c *compiler) header() *emitter {
	e := &emitter{}
	c.emitHeader(e)
	return e
}

// emit writes the lowered program: the header e, then the rules. When
// the background writer wrote every rule in order, its text follows the
// header and its mappings are moved in place, and joined is set;
// otherwise each rule is copied or written in its turn.
func (c *compiler) emit(e *emitter) (text string, m *SourceMap, joined bool) {
	var maps []Mapping
	if w := c.writer; w != nil && len(c.held) == 0 && w.wroteAll(len(c.rules)) && len(e.maps) <= writerReserve {
		joined = true
		text, maps = w.joinAfter(e)
	} else {
		if c.writer != nil {
			c.writer.settle()
		}
		text, maps = c.emitRules(e)
	}
	for i := range maps {
		if maps[i].From.IsZero() && maps[i].From.File == 0 {
			// Generated text whose node has no Loc: no OverPy source.
			maps[i].From.File = -1
		}
	}
	return text, &SourceMap{Mappings: maps}, joined
}

// parseLowered reads the lowered text: the header head read apart, then
// the writer's stream of its rules, when the text is both (head not nil),
// the whole text again otherwise.
func (c *compiler) parseLowered(path, text string, head *wparser.Head) (res *wparser.Result, streamed bool) {
	f := source.NewFile(path, text)
	if w := c.writer; head != nil && w.stream != nil {
		if res, ok := w.stream.Join(f, head); ok {
			return res, true
		}
	}
	return wparser.Parse(f, lowered(c.v)), false
}

// lowered returns the options the lowered text is read with: en-US,
// given.
func lowered(v *vocab.Vocabulary) wparser.Options {
	return wparser.Options{Locale: vocab.EnUS, LocaleGiven: true, Vocab: v}
}

// emitRules appends the rules to the header e, each as the writer wrote
// it or written now.
func (c *compiler) emitRules(e *emitter) (string, []Mapping) {
	// The lowered text runs to about one and a half times the OverPy
	// text, with a mapping per dozen bytes: sizing both now saves their
	// regrowth.
	size := 0
	for _, f := range c.p.Files {
		size += len(f.Text)
	}
	e.b.Grow(size * 3 / 2)
	e.maps = slices.Grow(e.maps, size/9)
	for i, r := range c.rules {
		if seg, ok := c.writerSegment(i); ok {
			e.appendSegment(&c.writer.e, seg)
		} else {
			e.rule(r)
		}
	}
	return e.b.String(), e.maps
}

// writerSegment returns where the writer wrote rule i; ok is false when
// it did not (a held rule, or no writer).
func (c *compiler) writerSegment(i int) (segment, bool) {
	if c.held[i] || c.writer == nil {
		return segment{}, false
	}
	seg, ok := c.writer.segments[i]
	return seg, ok
}

// emitHeader writes what precedes the rules.
func (c *compiler) emitHeader(e *emitter) {
	c.emitSettings(e)
	if gs, ps := c.globals.sorted(), c.players.sorted(); len(gs)+len(ps) > 0 {
		e.s("variables {\n")
		for i, t := range []*slotTable{c.globals, c.players} {
			names := [][]string{gs, ps}[i]
			if len(names) == 0 {
				continue
			}
			e.s([]string{"    global:\n", "    player:\n"}[i])
			for _, n := range names {
				e.open(t.decl[n])
				e.s("        " + itoa(t.index[n]) + ": " + n)
				e.close()
				e.s("\n")
			}
		}
		e.s("}\n\n")
	}
	if subs := c.subs.sorted(); len(subs) > 0 {
		e.s("subroutines {\n")
		for _, n := range subs {
			e.open(c.subs.decl[n])
			e.s("    " + itoa(c.subs.index[n]) + ": " + n)
			e.close()
			e.s("\n")
		}
		e.s("}\n\n")
	}
	if c.disableInspector {
		e.open(c.disableInspectorLoc)
		e.s("rule (\"Disable inspector\") {\n    event {\n        Ongoing - Global;\n    }\n    actions {\n        Disable Inspector Recording;\n    }\n}")
		e.close()
		e.s("\n\n")
	}
	if c.tags {
		e.open(c.tagsLoc)
		e.s(setupTagsRule)
		e.close()
		e.s("\n\n")
	}
}

// suppress turns a warning code off (#!suppressWarnings); OverPy's own
// w_ codes are accepted for the warnings they name.
func (d *diagnostics) suppress(code string) {
	if d.suppressed == nil {
		d.suppressed = map[string]bool{}
	}
	d.suppressed[code] = true
	if ours, ok := overpyWarnings[code]; ok {
		d.suppressed[string(ours)] = true
	}
}

// overpyWarnings maps OverPy's warning codes to ours.
var overpyWarnings = map[string]diag.Code{
	"w_lone_else": codeLoneElse, "w_break_outside_loop": codeBreakOutsideLoop, "w_wait_9999": codeWait9999,
	"w_already_imported": codeAlreadyIncluded, "w_workshop_setting_enum_default": codeSettingEnumDefault,
	"w_tags": codeTagsNeedSetup, "w_malformatted_tx": codeMalformedTexture, "w_not_total_fullwidth": codeNotFullwidth,
}

// clean keeps the messages from echoing a long token or a control
// character raw (they quote the program's text).
func (d *diagnostics) clean() {
	for i := range d.list {
		x := &d.list[i]
		x.Message = diag.Clean(x.Message)
		for j := range x.Related {
			x.Related[j].Message = diag.Clean(x.Related[j].Message)
		}
	}
}

// filtered returns the diagnostics less the suppressed warnings.
func (d *diagnostics) filtered() []Diagnostic {
	d.clean()
	out := make([]Diagnostic, 0, len(d.list))
	for _, x := range d.list {
		if x.Severity != diag.Error && d.suppressed[string(x.Code)] {
			continue
		}
		out = append(out, x)
	}
	return out
}
