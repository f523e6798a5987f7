package opy

// This file lowers a parsed program: declarations are collected (variable
// and subroutine indexes allocated as OverPy allocates them), each rule is
// lowered to Workshop actions, and the whole is written as Workshop text
// with its source map.

import (
	"sort"
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// defaultVarNames are the names every variable slot has without a
// declaration: A…Z, AA…DX, slot i named defaultVarNames[i].
var defaultVarNames = func() []string {
	var out []string
	for c := 'A'; c <= 'Z'; c++ {
		out = append(out, string(c))
	}
	for _, a := range "ABCD" {
		for c := 'A'; c <= 'Z'; c++ {
			if len(out) == 128 {
				break
			}
			out = append(out, string(a)+string(c))
		}
	}
	return out
}()

var defaultVarIndex = func() map[string]int {
	m := map[string]int{}
	for i, n := range defaultVarNames {
		m[n] = i
	}
	return m
}()

// A slotTable allocates the 128 slots of global variables, player
// variables or subroutines.
type slotTable struct {
	kind string // "global variable", "player variable", "subroutine"
	// names in the order they were declared or first used; index -1
	// until allocated.
	names []string
	index map[string]int
	decl  map[string]Loc
	// isDefault reports a default name (A…DX, Sub0…Sub127).
	isDefault func(string) (int, bool)
	// refused are the declared names the Workshop cannot hold: the
	// declaration has its error, so a use of one reports nothing more.
	refused map[string]bool
}

func newSlotTable(kind string, isDefault func(string) (int, bool)) *slotTable {
	return &slotTable{kind: kind, index: map[string]int{}, decl: map[string]Loc{}, isDefault: isDefault}
}

// wasRefused reports a name whose declaration was refused as a name the
// Workshop cannot hold.
func (t *slotTable) wasRefused(name string) bool { return t.refused[name] }

func (t *slotTable) has(name string) bool {
	_, ok := t.index[name]
	return ok
}

// declare records a declaration; index is -1 for "allocate later".
func (t *slotTable) declare(d *diagnostics, name string, index int, at Loc) {
	if !isWorkshopName(name) {
		// The game refuses the exported text, so refuse it here, at the name.
		d.errorf(codeInvalidSlotName, at, t.kind+" name '"+name+"' cannot be written in the Workshop: its names are ASCII letters, digits and '_'")
		if t.refused == nil {
			t.refused = map[string]bool{}
		}
		t.refused[name] = true
		return
	}
	if prev, ok := t.decl[name]; ok {
		if old := t.index[name]; old >= 0 && index >= 0 && old != index || index < 0 {
			d.errorf(codeDuplicateDecl, at, t.kind+" '"+name+"' is already declared").related(prev, "the first declaration")
			return
		}
	}
	if index >= 0 {
		for other, i := range t.index {
			if i == index && other != name {
				d.errorf(codeDuplicateIndex, at, "index "+itoa(index)+" is already taken by "+t.kind+" '"+other+"'").related(t.decl[other], "its declaration")
				return
			}
		}
	}
	if _, ok := t.index[name]; !ok {
		t.names = append(t.names, name)
	}
	t.index[name] = index
	t.decl[name] = at
}

// isWorkshopName reports whether name is a Workshop identifier: an
// ASCII letter or '_' followed by letters, digits and '_'.
func isWorkshopName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c != '_' && (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return name != ""
}

// use records the use of a name: a default name takes its own slot the
// first time it is used.
func (t *slotTable) use(name string) bool {
	if _, ok := t.index[name]; ok {
		return true
	}
	if i, ok := t.isDefault(name); ok {
		t.names = append(t.names, name)
		t.index[name] = i
		return true
	}
	return false
}

// allocate gives every name without an index the lowest free slot, in
// declaration order; names written __x__ take the highest free slot.
func (t *slotTable) allocate(d *diagnostics) {
	taken := [128]bool{}
	for _, n := range t.names {
		if i := t.index[n]; i >= 0 {
			taken[i] = true
		}
	}
	for _, n := range t.names {
		if t.index[n] >= 0 {
			continue
		}
		internal := strings.HasPrefix(n, "__") && strings.HasSuffix(n, "__") && len(n) > 4
		slot := -1
		if internal {
			for i := 127; i >= 0; i-- {
				if !taken[i] {
					slot = i
					break
				}
			}
		} else {
			for i := range 128 {
				if !taken[i] {
					slot = i
					break
				}
			}
		}
		if slot < 0 {
			d.errorf(codeIndexOutOfRange, t.decl[n], "more than 128 "+t.kind+"s: '"+n+"' has no slot left")
			continue
		}
		taken[slot] = true
		t.index[n] = slot
	}
}

// sorted returns the allocated names by index.
func (t *slotTable) sorted() []string {
	out := make([]string, 0, len(t.names))
	for _, n := range t.names {
		if t.index[n] >= 0 {
			out = append(out, n)
		}
	}
	sort.Slice(out, func(i, j int) bool { return t.index[out[i]] < t.index[out[j]] })
	return out
}

// A compiler lowers one program.
type compiler struct {
	p     *Program
	d     *diagnostics
	v     *vocab.Vocabulary
	names *nameTables

	globals, players, subs *slotTable
	// nonDefaultSubs counts the declared subroutines without a default
	// name, for the index of an undeclared def (see declarations).
	enums    map[string]*userEnum
	macros   map[string]*MacroDecl
	settings *SettingsDecl
	// extensions are the #!extension lines, in order.
	extensions []extensionUse
	// options are the compile options set by directives.
	options       CompileOptions
	initRuleNames [2]string

	rules []*wrule
	// rule is the rule being lowered.
	rule *ruleState
	// aliases are the lambda and comprehension variables in scope, each
	// standing for Current Array Element or Current Array Index.
	aliases []map[string]string
	// macroArgs are the parameters of the AST macros being expanded.
	macroArgs  []macroScope
	macroDepth int
	// callComments are the comments of the statement whose macro is
	// being expanded: each action of the expansion carries them.
	callComments []string
	// loopID numbers loops and switches, for their label names.
	loopID              int
	disableInspector    bool
	disableInspectorLoc Loc
	// tags is on once strings' <fg…> and <tx…> tags are compiled
	// (lower_string_tags.go): from #!setupTags, or from the first use of
	// Texture, at tagsLoc. noTags is on while the texts of a workshop
	// setting are lowered, which keep their '<'.
	tags, noTags bool
	tagsLoc      Loc
	// size is the state of #!optimizeForSize (lower_size.go).
	size sizeMode
	// defaults are the catalog defaults read so far.
	defaults map[*vocab.Param]Expr
	// held are the rules written last; writer wrote the others in the
	// background (emit_rules.go).
	held   map[int]bool
	writer *ruleWriter
	// refs and calls are what names resolved to (symbols.go).
	refs  []SymbolRef
	calls []CallSite
	// mem is the scratch memory the slabs below come from, given back
	// once the program is written (scratch.go).
	mem *scratch
	// slab holds the nodes not handed out yet (see newNode).
	slab []wnode
	// argSlab holds the argument lists of nodes (see carve).
	argSlab []*wnode
	// callArgSlab holds the CallArg lists of calls (see callArgs).
	callArgSlab []CallArg
	// actionScratch is where a rule's actions grow, actionSlab where
	// they are kept (see lowerRule).
	actionScratch []action
	actionSlab    []action
	actionsBusy   bool
	// strToks is the scratch list of customString.
	strToks []strToken
	// bs is what OverPy's functions keep across the program.
	bs builtinState
}

// CompileOptions are what the directives of a program ask of its
// compile.
type CompileOptions struct {
	// DisableOptimizations is #!disableOptimizations.
	DisableOptimizations bool
	// Optimizer holds the other optimiser directives present.
	Optimizer []string
}

// declarations collects the program's declarations, in order.
func (c *compiler) declarations() {
	nonDefault := 0
	for _, decl := range c.p.Decls {
		switch d := decl.(type) {
		case *VarDecl:
			t := c.globals
			if d.Player {
				t = c.players
			}
			if c.reserved(d.Name, d.NameLoc, d.Player) {
				continue
			}
			t.declare(c.d, d.Name, d.Index, d.NameLoc)
			c.record(map[bool]SymbolKind{false: GlobalVariable, true: PlayerVariable}[d.Player], d.Name, Declaration, d.NameLoc)
		case *SubDecl:
			if _, isDefault := defaultSub(d.Name); !isDefault {
				if !c.subs.has(d.Name) {
					nonDefault++
				}
			}
			c.subs.declare(c.d, d.Name, d.Index, d.NameLoc)
			c.record(Subroutine, d.Name, Declaration, d.NameLoc)
		case *Rule:
			if !d.Def || d.Name == "" {
				continue
			}
			c.record(Subroutine, d.Name, Definition, d.NameLoc)
			if c.subs.has(d.Name) {
				continue
			}
			if i, isDefault := defaultSub(d.Name); isDefault {
				c.subs.declare(c.d, d.Name, i, d.NameLoc)
				continue
			}
			// OverPy gives a subroutine defined without a declaration the
			// number of subroutines known so far as its index.
			c.subs.declare(c.d, d.Name, nonDefault, d.NameLoc)
			nonDefault++
		case *EnumDecl:
			c.declareEnum(d)
			c.record(Enum, d.Name, Declaration, d.NameLoc)
		case *MacroDecl:
			c.record(Macro, d.Name, Declaration, d.NameLoc)
			key := d.Name
			if d.Class != "" {
				key = d.Class + "." + d.Name
			}
			c.macros[key] = d
		case *SettingsDecl:
			if c.settings != nil {
				c.d.errorf(codeDuplicateDecl, d.Loc, "the program already has a settings block").related(c.settings.Loc, "the first one")
				continue
			}
			c.settings = d
		case *Directive:
			c.directive(d)
		}
	}
}

// reserved reports (and refuses) a variable name OverPy reserves.
func (c *compiler) reserved(name string, at Loc, player bool) bool {
	if keywords[name] {
		c.d.errorf(codeReservedName, at, "'"+name+"' is an OverPy keyword and cannot name a variable")
		return true
	}
	if player && (name == "x" || name == "y" || name == "z") {
		c.d.errorf(codeReservedName, at, "a player variable cannot be named '"+name+"': p."+name+" reads the vector component")
		return true
	}
	if !player {
		if el := c.v.Value(name); el != nil && el.Bare {
			c.d.errorf(codeReservedName, at, "'"+name+"' is a built-in value and cannot name a global variable")
			return true
		}
	}
	return false
}

// keywords are OverPy's reserved words.
var keywords = map[string]bool{"and": true, "bool": true, "case": true, "def": true, "default": true, "del": true,
	"elif": true, "else": true, "enum": true, "float": true, "for": true, "if": true, "in": true, "int": true,
	"globalvar": true, "goto": true, "lambda": true, "loc": true, "macro": true, "not": true, "or": true,
	"playervar": true, "rule": true, "self": true, "settings": true, "signed": true, "switch": true,
	"subroutine": true, "unsigned": true, "while": true, "pass": true, "return": true, "break": true, "continue": true}

// defaultSub reports a default subroutine name Sub0…Sub127.
func defaultSub(name string) (int, bool) {
	if !strings.HasPrefix(name, "Sub") || len(name) < 4 || len(name) > 6 {
		return 0, false
	}
	n, err := strconv.Atoi(name[3:])
	if err != nil || n < 0 || n > 127 || strconv.Itoa(n) != name[3:] {
		return 0, false
	}
	return n, true
}

func defaultVar(name string) (int, bool) {
	i, ok := defaultVarIndex[name]
	return i, ok
}

// directive applies a top-level directive.
func (c *compiler) directive(d *Directive) {
	switch class := directives[d.Name]; {
	case class == dirUnsupported:
		c.d.errorf(codeUnsupportedFeature, d.Loc, "#!"+d.Name+" is not supported by wright-lsp"+unsupportedWhy(d.Name))
		return
	case class == dirOptimizer:
		if d.Name == "disableOptimizations" {
			c.options.DisableOptimizations = true
		}
		c.options.Optimizer = append(c.options.Optimizer, d.Name)
		return
	}
	switch d.Name {
	case "suppressWarnings":
		for _, w := range strings.Fields(d.Args) {
			c.d.suppress(w)
		}
	case "extension":
		name := strings.TrimSpace(d.Args)
		if name == "" {
			c.d.errorf(codeMalformedDirective, d.Loc, "#!extension takes an extension name")
			return
		}
		c.addExtension(d, name)
	case "globalvarInitRuleName", "playervarInitRuleName":
		s, ok := unquote(d.Args)
		if !ok {
			c.d.errorf(codeMalformedDirective, d.Loc, "#!"+d.Name+" takes a quoted rule name")
			return
		}
		if d.Name == "globalvarInitRuleName" {
			c.initRuleNames[0] = s
		} else {
			c.initRuleNames[1] = s
		}
	case "disableInspector":
		c.disableInspector = true
		c.disableInspectorLoc = d.Loc
	case "setupTags", "setupTx":
		c.tags, c.tagsLoc = true, d.Loc
	}
}

func unsupportedWhy(name string) string {
	switch name {
	case "postCompileHook":
		return ": it runs no JavaScript"
	case "translations", "translateWithPlayerVar", "keepUnusedTranslations", "disableTranslationSourceLines":
		return ": translations (.po files) are not compiled yet"
	case "useVariableForCompressionAlphabet":
		return ": it needs OverPy's generated runtime rules"
	}
	return ""
}

// unquote reads a quoted string argument of a directive.
func unquote(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 2 || (s[0] != '"' && s[0] != '\'') || s[len(s)-1] != s[0] {
		return "", false
	}
	return s[1 : len(s)-1], true
}
