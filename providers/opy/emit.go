package opy

// This file writes the lowered program as Workshop text (en-US, every value
// in function form, OverPy's layout) and records, for every rule,
// condition, action and value, the byte range it takes in that text and
// the OverPy Loc it came from: the source map.

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A wkind says what a Workshop value node is.
type wkind uint8

const (
	wCall      wkind = iota // an action or value element, with arguments
	wNumber                 // a number literal
	wString                 // the literal of Custom String or String
	wEnum                   // a bare enum member (Ignore Condition)
	wGlobalVar              // Global.NAME
	wPlayerVar              // (PLAYER).NAME: args[0] is the player
	wIdent                  // a bare variable or subroutine name
	wCompare                // an operator argument of Compare (==, <, …)
	wRaw                    // text written as is
	wAllOf                  // ((a) && (b) && …): OverPy's ruleCondition
)

// A wnode is a Workshop value or action. (compiler.node copies one field
// by field: a field added here must be copied there.)
type wnode struct {
	kind wkind
	// elem is the element of a wCall.
	elem *vocab.Element
	// member is a wEnum's member.
	member *vocab.Member
	args   []*wnode
	num    float64
	text   string
	loc    Loc
	// nameLoc is where a wPlayerVar's variable name is written.
	nameLoc Loc
}

// An action is a line of a rule's actions.
type action struct {
	node     *wnode
	comment  string
	disabled bool
	// label is a "//NAME:" line (no action) when node is nil.
	label string
	depth int
	loc   Loc
	// opens are the blocks (a loop through its End) this action starts,
	// outermost first; closes counts those its End closes.
	opens  []Loc
	closes int
}

// A condition is a line of a rule's conditions: "LHS OP RHS;".
type condition struct {
	lhs, rhs *wnode
	op       string
	comment  string
	loc      Loc
}

// A wrule is a lowered rule.
type wrule struct {
	name     string
	disabled bool
	event    []string
	// eventLocs are the OverPy text of event lines that have one (a
	// subroutine's name), by line.
	eventLocs  map[int]Loc
	conditions []condition
	actions    []action
	loc        Loc
}

// A Mapping ties a byte range of the lowered text to the OverPy text it
// came from.
type Mapping struct {
	// Span is in the lowered Workshop text.
	Span source.Span
	// From is in the OverPy sources; a zero Loc with File -1 marks text
	// with no OverPy source (generated).
	From Loc
	// parent is the index of the innermost mapping containing this one,
	// or -1.
	parent int
}

// A SourceMap maps the lowered text back to the OverPy sources.
type SourceMap struct {
	// Mappings are sorted by start, outer before inner.
	Mappings []Mapping
}

// Lookup returns the OverPy Loc of the innermost mapping containing span
// of the lowered text; ok is false when none does or when that text has no
// OverPy source.
func (m *SourceMap) Lookup(span source.Span) (Loc, bool) {
	x, ok := m.innermost(span)
	if !ok || x.From.File < 0 {
		return Loc{}, false
	}
	return x.From, true
}

// LookupExact is Lookup for a span that one mapping covers exactly: the
// whole lowered text of one OverPy construct. A part of a larger
// construct's text (a name inside a macro's expansion, which maps to the
// whole call) has none.
func (m *SourceMap) LookupExact(span source.Span) (Loc, bool) {
	x, ok := m.innermost(span)
	if !ok || x.Span != span || x.From.File < 0 {
		return Loc{}, false
	}
	return x.From, true
}

// innermost returns the innermost mapping containing span.
func (m *SourceMap) innermost(span source.Span) (Mapping, bool) {
	ms := m.Mappings
	i := sort.Search(len(ms), func(i int) bool { return ms[i].Span.Start > span.Start }) - 1
	for i >= 0 {
		x := ms[i]
		if x.Span.Start <= span.Start && span.End <= x.Span.End {
			return x, true
		}
		i = x.parent
	}
	return Mapping{}, false
}

// An emitter writes Workshop text and its source map.
type emitter struct {
	b     textBuf
	maps  []Mapping
	stack []int // open mappings
}

// open starts a mapping at the current offset.
func (e *emitter) open(from Loc) {
	parent := -1
	if len(e.stack) > 0 {
		parent = e.stack[len(e.stack)-1]
	}
	e.maps = append(e.maps, Mapping{Span: source.Span{Start: e.b.Len()}, From: from, parent: parent})
	e.stack = append(e.stack, len(e.maps)-1)
}

// close ends the innermost open mapping at the current offset.
func (e *emitter) close() {
	i := e.stack[len(e.stack)-1]
	e.stack = e.stack[:len(e.stack)-1]
	e.maps[i].Span.End = e.b.Len()
}

func (e *emitter) s(text string) { e.b.WriteString(text) }

func (e *emitter) indent(n int) {
	for range n {
		e.b.WriteString("    ")
	}
}

// value writes a value node.
func (e *emitter) value(n *wnode) {
	e.open(n.loc)
	e.valueText(n)
	e.close()
}

func (e *emitter) valueText(n *wnode) {
	switch n.kind {
	case wNumber:
		e.number(n.num)
	case wString:
		e.quote(n.text)
	case wEnum:
		e.s(n.member.Names[vocab.EnUS])
	case wIdent, wCompare, wRaw:
		e.s(n.text)
	case wAllOf:
		e.s("(")
		for i, a := range n.args {
			if i > 0 {
				e.s(" && ")
			}
			e.s("(")
			e.value(a)
			e.s(")")
		}
		e.s(")")
	case wGlobalVar:
		e.s("Global.")
		e.s(n.text)
	case wPlayerVar:
		e.s("(")
		e.value(n.args[0])
		e.s(").")
		if n.nameLoc.IsZero() {
			e.s(n.text)
			break
		}
		e.open(n.nameLoc)
		e.s(n.text)
		e.close()
	case wCall:
		e.s(n.elem.Names[vocab.EnUS])
		if len(n.args) == 0 && (n.elem.Bare || len(n.elem.Params) == 0) {
			return
		}
		e.s("(")
		for i, a := range n.args {
			if i > 0 {
				e.s(", ")
			}
			e.value(a)
		}
		e.s(")")
	}
}

// number writes a number as formatNumber spells it, without allocating
// for the common whole numbers.
func (e *emitter) number(v float64) {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		var buf [24]byte
		e.b.Write(strconv.AppendFloat(buf[:0], v, 'f', -1, 64))
		return
	}
	e.s(formatNumber(v))
}

// quote writes a string literal as quoteWorkshop spells it.
func (e *emitter) quote(s string) {
	e.b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '\\':
			esc = `\\`
		case '"':
			esc = `\"`
		case '\n':
			esc = `\n`
		case '\r':
			esc = `\r`
		default:
			continue
		}
		e.b.WriteString(s[start:i])
		e.b.WriteString(esc)
		start = i + 1
	}
	e.b.WriteString(s[start:])
	e.b.WriteByte('"')
}

// formatNumber writes a number as the Workshop reads it.
func formatNumber(v float64) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		// The Workshop has no literal for these; OverPy writes the
		// largest float it reads.
		if v < 0 {
			return "-999999999999"
		}
		return "999999999999"
	}
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if len(s) > 24 {
		s = strconv.FormatFloat(v, 'g', 15, 64)
	}
	return s
}

// quoteWorkshop writes a string literal.
func quoteWorkshop(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// rule writes a lowered rule.
func (e *emitter) rule(r *wrule) {
	e.open(r.loc)
	if r.disabled {
		e.s("disabled ")
	}
	e.s("rule (")
	e.s(quoteWorkshop(r.name))
	e.s(") {\n    event {\n")
	for i, l := range r.event {
		e.s("        ")
		if at, ok := r.eventLocs[i]; ok {
			e.open(at)
			e.s(l)
			e.close()
		} else {
			e.s(l)
		}
		e.s(";\n")
	}
	e.s("    }\n")
	if len(r.conditions) > 0 {
		e.s("    conditions {\n")
		for _, c := range r.conditions {
			// The mapping covers the comment: the engine's statement
			// spans start at it.
			e.s("        ")
			e.open(c.loc)
			if c.comment != "" {
				e.s(quoteWorkshop(c.comment))
				e.s("\n        ")
			}
			e.value(c.lhs)
			e.s(" ")
			e.s(c.op)
			e.s(" ")
			e.value(c.rhs)
			e.s(";")
			e.close()
			e.s("\n")
		}
		e.s("    }\n")
	}
	if len(r.actions) > 0 {
		blocks := 0
		e.s("    actions {\n")
		for _, a := range r.actions {
			if a.node == nil {
				e.indent(2 + a.depth)
				e.s("//")
				e.s(a.label)
				e.s(":\n")
				continue
			}
			e.indent(2 + a.depth)
			for _, l := range a.opens {
				e.open(l)
				blocks++
			}
			e.open(a.loc)
			if a.comment != "" {
				e.s(quoteWorkshop(a.comment))
				e.s("\n")
				e.indent(2 + a.depth)
			}
			if a.disabled {
				e.s("disabled ")
			}
			e.value(a.node)
			e.s(";")
			e.close()
			for i := 0; i < a.closes && blocks > 0; i++ {
				e.close()
				blocks--
			}
			e.s("\n")
		}
		// A block whose End a later pass dropped closes here.
		for ; blocks > 0; blocks-- {
			e.close()
		}
		e.s("    }\n")
	}
	e.s("}\n\n")
	e.close()
}
