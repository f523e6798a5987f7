package lsp

// This file answers textDocument/completion. The cursor scan (see
// signature.go) says where the cursor is; the candidates follow from it:
// actions at the start of a statement of an actions block, values in
// conditions, after operators and in argument slots (those whose type
// fits the slot first), an enum slot's members, variable names after
// Global. and after a player, subroutine names in Call Subroutine and
// Start Rule, event words in an event block, keywords outside rules. Every
// name is spelled in the document's locale.
//
// Completion answers while the user types, so it never waits long for a
// parse: when the document's program is not ready within staleWait, the
// locale and names of the document's last program serve (see factsOf).

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"weak"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/index"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// LSP completion item kinds.
const (
	kindFunction   = 3
	kindVariable   = 6
	kindModule     = 9
	kindKeyword    = 14
	kindSnippet    = 15
	kindColor      = 16
	kindEnumMember = 20
	kindConstant   = 21
	kindEvent      = 23
)

func init() {
	register("textDocument/completion", handler(func(ctx context.Context, s *Server, p *protocol.CompletionParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return s.overpyCompletion(d, p.Position)
		}
		d, at, err := s.documentAt(p.TextDocument.URI, p.Position)
		if err != nil {
			return nil, err
		}
		f, err := s.factsOf(ctx, d)
		if err != nil {
			return nil, err
		}
		s.mu.Lock()
		snippets := s.client.TextDocument.Completion.CompletionItem.SnippetSupport
		s.mu.Unlock()
		trigger := ""
		if p.Context != nil && p.Context.TriggerCharacter != nil {
			trigger = *p.Context.TriggerCharacter
		}
		word, cands := completions(d.text, at, f, trigger)
		list := completionList{Items: []completionItem{}}
		if len(cands) == 0 {
			return list, nil
		}
		rng, err := s.lspRange(d, word)
		if err != nil {
			return nil, err
		}
		list.Items = make([]completionItem, len(cands))
		for i, c := range cands {
			it := completionItem{Label: c.label, Kind: c.kind, Detail: c.detail, Documentation: c.doc, SortText: c.sort,
				FilterText: c.label, TextEdit: &textEdit{Range: rng, NewText: c.label}}
			if snippets && c.snippet != "" {
				it.TextEdit.NewText, it.InsertTextFormat = c.snippet, 2
			}
			list.Items[i] = it
		}
		return list, nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["completionProvider"] = map[string]any{"triggerCharacters": []string{".", "(", ",", " "}}
	})
}

// completionList is LSP's CompletionList.
type completionList struct {
	IsIncomplete bool             `json:"isIncomplete"`
	Items        []completionItem `json:"items"`
}

// completionItem is LSP's CompletionItem, with the fields the server
// fills.
type completionItem struct {
	Label            string    `json:"label"`
	Kind             int       `json:"kind"`
	Detail           string    `json:"detail,omitempty"`
	Documentation    string    `json:"documentation,omitempty"`
	SortText         string    `json:"sortText,omitempty"`
	FilterText       string    `json:"filterText,omitempty"`
	InsertTextFormat int       `json:"insertTextFormat,omitempty"`
	TextEdit         *textEdit `json:"textEdit,omitempty"`
}

type textEdit struct {
	Range   protocol.Range `json:"range"`
	NewText string         `json:"newText"`
}

// A candidate is one completion before it gets its range: label is the
// name inserted as plain text, snippet the text with argument
// placeholders (or "").
type candidate struct {
	label, detail, doc, sort, snippet string
	kind                              int
	// typedName marks an undeclared variable or subroutine name, which
	// may be nothing but the word being typed.
	typedName bool
}

// completions returns the candidates at byte offset at of text, and the
// span they replace. trigger is the character that triggered the request
// ("" when the user asked): a trigger where nothing fits answers nothing.
//
// Candidates that cannot match the word typed so far are left out: those
// without a word starting with its first letter followed by the rest of
// its letters in order. That keeps every candidate a client's own
// filtering would show as the user types on (VS Code's first match must
// start a word; Neovim's is a prefix), and the answer small.
func completions(text string, at int, f *docFacts, trigger string) (source.Span, []candidate) {
	c := scanCursor(text, at)
	if c.inString || c.inComment {
		return c.word, nil
	}
	if c.block == blockEvent {
		// Event words hold " - " (Ongoing - Global): the word is the line.
		lower := max(c.stmtStart, strings.LastIndexByte(text[:at], '\n')+1)
		for lower < at && isBlank(text[lower]) {
			lower++
		}
		c.word.Start = lower
	}
	if !triggerFits(text, &c, trigger) {
		return c.word, nil
	}
	if w := c.word.Start; w > 1 && text[w-1] == '.' && isDigitByte(text[w-2]) {
		return c.word, nil // the decimals of a number
	}
	cands := candidatesAt(text, &c, f)
	typed := text[c.word.Start:at]
	tiers := make([]int, len(cands))
	if strings.TrimSpace(typed) != "" {
		folded := vocab.Fold(typed)
		pattern := []rune(strings.ReplaceAll(folded, " ", ""))
		out := cands[:0]
		tiers = tiers[:0]
		for _, cd := range cands {
			// An undeclared name the word starts with is the word itself,
			// read as a variable by this parse or an earlier one.
			if cd.typedName && strings.HasPrefix(typed, cd.label) {
				continue
			}
			if wordMatch(pattern, cd.label) {
				out = append(out, cd)
				tiers = append(tiers, matchTier(folded, cd.label))
			}
		}
		cands = out
	}
	// Rank by how the word matches (prefix, then a word's start, then
	// letters in order), then by each list's own order (the slot's
	// expected type first, then the label). The rank is the sortText, so
	// that every client shows the server's order.
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		if tiers[i] != tiers[j] {
			return tiers[i] - tiers[j]
		}
		// Within a list ordered by label (actions, values, members, each
		// grouped by how it fits the slot), the names the document uses
		// more come first.
		gi, gj := sortGroup(cands[i]), sortGroup(cands[j])
		if f != nil && gi == gj && gi != "" {
			if ui, uj := f.uses[vocab.Fold(cands[i].label)], f.uses[vocab.Fold(cands[j].label)]; ui != uj {
				return uj - ui
			}
		}
		return strings.Compare(cands[i].sort, cands[j].sort)
	})
	ranked := make([]candidate, len(cands))
	for k, i := range order {
		ranked[k] = cands[i]
		ranked[k].sort = fmt.Sprintf("%05d", k)
	}
	return c.word, ranked
}

// sortGroup is the part of a candidate's sort key before its label, for
// a list ordered by label ("1" for a value that fits the slot); "" for a
// list in an order of its own (declarations, catalog order), which
// frequency does not reorder.
func sortGroup(c candidate) string {
	if c.label == "" || !strings.HasSuffix(c.sort, c.label) {
		return ""
	}
	if g := strings.TrimSuffix(c.sort, c.label); g != "" {
		return g
	}
	return "-" // ordered by label alone
}

// matchTier says how a label matches the folded word typed: 0 when it
// starts with it, 1 when one of its words does, 2 when only its letters
// come in order (the fuzzy match wordMatch accepts).
func matchTier(typed, label string) int {
	l := vocab.Fold(label)
	if strings.HasPrefix(l, typed) {
		return 0
	}
	for i := 1; i < len(l); i++ {
		if l[i-1] == ' ' && strings.HasPrefix(l[i:], typed) {
			return 1
		}
	}
	return 2
}

// candidatesAt lists every candidate for the cursor c.
func candidatesAt(text string, c *cursorContext, f *docFacts) []candidate {
	l := f.locale
	switch c.block {
	case blockTop:
		return topKeywords(l)
	case blockRule:
		return ruleKeywords(l)
	case blockEvent:
		return eventWords(text, c, f)
	case blockActions, blockConditions:
	default:
		return nil
	}
	if c.dot {
		if isGlobal(text[c.receiver.Start:c.receiver.End]) {
			return symbolCandidates(f.globals, "global variable")
		}
		return symbolCandidates(f.players, "player variable")
	}
	if fr := c.inner(); fr != nil {
		if fr.bracket {
			return valueCandidates(l, vocab.Type{Name: "float"})
		}
		el, efr, ok := enclosingCall(text, c, l)
		if !ok || efr.open != fr.open {
			return valueCandidates(l, vocab.Type{})
		}
		if len(el.Params) == 0 || !el.Variadic() && fr.commas >= len(el.Params) {
			return nil // past the last argument
		}
		p := el.Params[activeParam(el, fr.commas)]
		if strings.TrimSpace(text[fr.argStart:c.word.Start]) != "" {
			// An operand inside the argument (a == b): its type is not
			// the slot's.
			p.Type, p.Enum = vocab.Type{}, nil
		}
		return argCandidates(p, l, f)
	}
	if c.block == blockActions && c.atStatementStart(text, c.word.Start) {
		return actionCandidates(l)
	}
	if c.block == blockConditions && c.atStatementStart(text, c.word.Start) {
		return valueCandidates(l, vocab.Type{Name: "bool"})
	}
	return valueCandidates(l, vocab.Type{})
}

// wordMatch reports whether label has a word starting with pattern's
// first rune, followed by pattern's other runes in order (pattern is
// folded, without spaces).
func wordMatch(pattern []rune, label string) bool {
	if len(pattern) == 0 {
		return true
	}
	folded := []rune(vocab.Fold(label))
	for i, r := range folded {
		if r != pattern[0] || i > 0 && vocab.IsWordRune(folded[i-1]) && vocab.IsWordRune(r) && !isIdeograph(r) {
			continue
		}
		k := 1
		for _, q := range folded[i+1:] {
			if k < len(pattern) && q == pattern[k] {
				k++
			}
		}
		if k == len(pattern) {
			return true
		}
	}
	return false
}

// isIdeograph reports whether r belongs to a script written without
// spaces between words, where any character may begin one: Thai, and
// CJK, kana, hangul and beyond.
func isIdeograph(r rune) bool {
	return 0x0E00 <= r && r <= 0x0E7F || r >= 0x2E80
}

// triggerFits reports whether a trigger character was typed where
// completion helps: "." after a receiver, "(" and "," in an argument
// list, " " inside a name being typed or after an argument's start or an
// operator (not after every finished statement).
func triggerFits(text string, c *cursorContext, trigger string) bool {
	switch trigger {
	case ".":
		return c.dot
	case "(", ",":
		return len(c.frames) > 0
	case " ":
		if strings.TrimSpace(text[c.word.Start:c.at]) != "" {
			return true
		}
		i := c.word.Start
		for i > 0 && isBlank(text[i-1]) {
			i--
		}
		return i > 0 && strings.IndexByte("(,=<>+-*/%^!?:&|", text[i-1]) >= 0
	}
	return true
}

// argCandidates fills one argument slot.
func argCandidates(p vocab.Param, l vocab.Locale, f *docFacts) []candidate {
	switch p.Ident {
	case vocab.IdentGlobalVariable:
		return symbolCandidates(f.globals, "global variable")
	case vocab.IdentPlayerVariable:
		return symbolCandidates(f.players, "player variable")
	case vocab.IdentSubroutine:
		return symbolCandidates(f.subs, "subroutine")
	}
	if p.Enum != nil {
		return memberCandidates(p.Enum, l, p.Default)
	}
	switch p.Type.Name {
	case "CustomStringLiteral", "FloatLiteral", "IntLiteral":
		return nil // a literal is written here
	}
	out := valueCandidates(l, p.Type)
	if p.Type.LiteralEnum() == "TeamLiteral" {
		// The game writes teams bare in Team slots (All Teams, Team 1):
		// they come first, the default first of all.
		teams := memberCandidates(vocab.Default().Enum("TeamLiteral"), l, p.Default)
		for i := range teams {
			teams[i].sort = "0" + teams[i].sort
		}
		out = append(teams, out...)
	}
	return out
}

// ---- Candidates from the vocabulary ----

// elementCands holds one locale's action and value candidates, built on
// first use: rendering some 480 signatures costs more than a request
// should.
type elementCands struct {
	once    sync.Once
	actions []candidate
	values  []candidate
	// returns holds each value's return type names, for fit.
	returns [][]string
}

var byLocale [vocab.NumLocales]elementCands

func localeCands(l vocab.Locale) *elementCands {
	ec := &byLocale[l]
	ec.once.Do(func() {
		for _, el := range vocab.Default().Elements {
			name := label(&el.Entry, l)
			if name == "" || el.Flags.HideFromAutocomplete || el.ID == "__global__" {
				continue
			}
			detail, _ := renderSignature(el, l)
			c := candidate{label: name, detail: detail, snippet: elementSnippet(el, name), kind: kindFunction}
			if el.Bare {
				c.kind = kindConstant
			}
			if el.IsAction() {
				c.sort = name
				ec.actions = append(ec.actions, c)
			} else {
				ec.values = append(ec.values, c)
				ec.returns = append(ec.returns, typeNames(el.Returns))
			}
		}
		// Global reads as Global.name: offer it as the keyword it is.
		if g := vocab.Default().Value("__global__"); g != nil {
			if name := label(&g.Entry, l); name != "" {
				ec.values = append(ec.values, candidate{label: name, detail: "global variables: " + name + ".name", kind: kindKeyword})
				ec.returns = append(ec.returns, nil)
			}
		}
	})
	return ec
}

func actionCandidates(l vocab.Locale) []candidate {
	return slices.Clone(localeCands(l).actions)
}

// valueCandidates lists the values, those whose type fits want first.
func valueCandidates(l vocab.Locale, want vocab.Type) []candidate {
	ec := localeCands(l)
	out := slices.Clone(ec.values)
	wants := typeNames(want)
	for i := range out {
		out[i].sort = string(rune('1'+fit(ec.returns[i], wants))) + out[i].label
	}
	return out
}

// memberCandidates lists an enum's members; def (a member id) first.
func memberCandidates(en *vocab.Enum, l vocab.Locale, def string) []candidate {
	var out []candidate
	for _, m := range en.Members {
		name := label(&m.Entry, l)
		if name == "" || m.OnlyInOverPy {
			continue
		}
		c := candidate{label: name, detail: en.ID + " member", kind: kindEnumMember, sort: "1" + name}
		if m.ID == def {
			c.sort, c.detail = "0"+name, en.ID+" member (default)"
		}
		if len(m.RGBA) >= 3 {
			c.kind, c.doc = kindColor, fmt.Sprintf("#%02x%02x%02x", m.RGBA[0], m.RGBA[1], m.RGBA[2])
		}
		out = append(out, c)
	}
	return out
}

// label is an entry's spelling in l as completion inserts it: trimmed
// (a few catalog spellings end with a space), "" when l has none.
func label(e *vocab.Entry, l vocab.Locale) string {
	return strings.TrimSpace(e.Names[l])
}

// elementSnippet writes a call with a placeholder per required argument:
// Small Message(${1:visibleTo}, ${2:text}); a string slot gets quotes.
func elementSnippet(el *vocab.Element, name string) string {
	if el.Bare {
		return ""
	}
	var b strings.Builder
	b.WriteString(snippetEscape(name, false))
	b.WriteByte('(')
	n := el.MinArgs()
	if el.Variadic() {
		n = 1 // Array() is valid, but a slot to fill is what the user came for
	}
	for i, p := range el.Params[:min(n, len(el.Params))] {
		if i > 0 {
			b.WriteString(", ")
		}
		if p.Type.Name == "CustomStringLiteral" || el.ID == "__localizedString__" && i == 0 {
			fmt.Fprintf(&b, `"${%d}"`, i+1)
			continue
		}
		fmt.Fprintf(&b, "${%d:%s}", i+1, snippetEscape(p.Name, true))
	}
	b.WriteByte(')')
	return b.String()
}

// snippetEscape escapes text for a snippet: $ and \ always, } inside a
// placeholder.
func snippetEscape(s string, placeholder bool) string {
	var b strings.Builder
	for _, r := range s {
		if r == '$' || r == '\\' || placeholder && r == '}' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// typeNames flattens a type into the names it admits: a union's
// members; Array<X> reads "Array<X>".
func typeNames(t vocab.Type) []string {
	switch {
	case t.Elem != nil:
		return []string{"Array<" + typeName(*t.Elem) + ">"}
	case len(t.Union) > 0:
		var out []string
		for _, u := range t.Union {
			out = append(out, typeNames(u)...)
		}
		return out
	case t.Name == "":
		return nil
	}
	return []string{typeName(t)}
}

// accepts maps a slot's type to the return types that fit it besides
// itself.
var accepts = map[string][]string{
	"float":          {"int", "unsigned float", "unsigned int", "signed int"},
	"unsigned float": {"unsigned int"},
	"int":            {"unsigned int", "signed int"},
	"bool":           {"BoolLiteral"},
	"Vector":         {"Position", "Direction", "Velocity"},
	"Position":       {"Vector"},
	"Direction":      {"Vector"},
	"Velocity":       {"Vector"},
}

// fit grades a value for a slot: 0 its type fits, 1 either side is
// generic (Object, Value, an array of anything) or unknown, 2 it does
// not fit.
func fit(returns, wants []string) int {
	if len(returns) == 0 || len(wants) == 0 || slices.Contains(wants, "Object") || slices.Contains(wants, "Value") {
		return 1
	}
	for _, r := range returns {
		for _, w := range wants {
			if r == w || slices.Contains(accepts[w], r) || w == "Array" && strings.HasPrefix(r, "Array") {
				return 0
			}
		}
	}
	for _, w := range wants {
		for _, r := range returns {
			if r == "Object" || r == "Value" || r == "Array" && strings.HasPrefix(w, "Array") {
				return 1
			}
		}
	}
	return 2
}

// globalWords are the folded spellings of Global in every locale, built
// on first use: at package initialization the vocabulary load would
// delay the server's start by its whole length.
var globalWords = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, n := range vocab.Default().Value("__global__").Names {
		if n != "" {
			out[vocab.Fold(n)] = true
		}
	}
	return out
})

// isGlobal reports whether a receiver ends with the word Global (after
// "disabled", an operator, …).
func isGlobal(recv string) bool {
	for i := 0; i < len(recv); i++ {
		if (i == 0 || isBlank(recv[i-1])) && globalWords()[vocab.Fold(recv[i:])] {
			return true
		}
	}
	return false
}

// ---- Candidates from the program ----

func symbolCandidates(syms []index.Symbol, what string) []candidate {
	out := make([]candidate, 0, len(syms))
	for _, sym := range syms {
		detail := what
		if sym.Slot >= 0 {
			detail += fmt.Sprintf(" · slot %d", sym.Slot)
		}
		if !sym.Declared {
			detail += " · not declared"
		}
		kind := kindVariable
		if sym.Kind == index.Subroutine {
			kind = kindModule
		}
		out = append(out, candidate{label: sym.Name, detail: detail, kind: kind, sort: fmt.Sprintf("%04d", len(out)),
			typedName: !sym.Declared})
	}
	return out
}

// eventWords completes the lines of an event block: the event, then the
// team (or, for a subroutine rule, the subroutine), then the player.
func eventWords(text string, c *cursorContext, f *docFacts) []candidate {
	v := vocab.Default()
	l := f.locale
	entries := func(list []*vocab.Entry, detail string) []candidate {
		var out []candidate
		for i, e := range list {
			if name := label(e, l); name != "" {
				out = append(out, candidate{label: name, kind: kindEnumMember, detail: detail, sort: fmt.Sprintf("%04d", i)})
			}
		}
		return out
	}
	switch c.line {
	case 0:
		var out []candidate
		for i, e := range v.Events {
			if name := label(&e.Entry, l); name != "" {
				out = append(out, candidate{label: name, kind: kindEvent, sort: fmt.Sprintf("%04d", i),
					detail: fmt.Sprintf("event · %d lines", e.Lines)})
			}
		}
		return out
	case 1:
		first := text[c.blockOpen+1:]
		if end := strings.IndexByte(first, ';'); end >= 0 {
			first = first[:end]
		}
		if sub := v.Event("__subroutine__"); sub != nil && sub.Names.Set(strings.TrimSpace(first)) != 0 {
			return symbolCandidates(f.subs, "subroutine")
		}
		return entries(v.EventTeams, "event team")
	case 2:
		out := entries(v.EventPlayers, "event player")
		for _, h := range v.Heroes {
			if name := label(&h.Entry, l); name != "" {
				out = append(out, candidate{label: name, kind: kindEnumMember, detail: "hero", sort: "1" + name})
			}
		}
		return out
	}
	return nil
}

// topKeywords completes outside every brace: a rule (as a snippet of a
// whole rule) and the blocks a mode begins with.
func topKeywords(l vocab.Locale) []candidate {
	v := vocab.Default()
	kw := func(id string) string { return nameIn(v.Keyword(id), l) }
	rule := candidate{label: kw("__rule__"), kind: kindSnippet, detail: "a new rule", sort: "0",
		snippet: fmt.Sprintf("%s(\"${1:name}\")\n{\n\t%s\n\t{\n\t\t${2:%s};\n\t}\n\n\t%s\n\t{\n\t\t$0\n\t}\n}",
			snippetEscape(kw("__rule__"), false), snippetEscape(kw("__event__"), false),
			snippetEscape(nameIn(&v.Event("global").Entry, l), true), snippetEscape(kw("__actions__"), false))}
	out := []candidate{rule}
	for i, id := range []string{"__settings__", "__variables__", "__subroutines__"} {
		name := kw(id)
		out = append(out, candidate{label: name, kind: kindKeyword, sort: fmt.Sprint(i + 1),
			snippet: snippetEscape(name, false) + "\n{\n\t$0\n}"})
	}
	return out
}

// ruleKeywords completes inside a rule's braces: its blocks.
func ruleKeywords(l vocab.Locale) []candidate {
	var out []candidate
	for i, id := range []string{"__event__", "__conditions__", "__actions__"} {
		name := nameIn(vocab.Default().Keyword(id), l)
		out = append(out, candidate{label: name, kind: kindKeyword, sort: fmt.Sprint(i),
			snippet: snippetEscape(name, false) + "\n{\n\t$0\n}"})
	}
	return out
}

// ---- What completion needs of the program ----

// docFacts are what completion and signature help need of a document's
// program: its locale and its variable and subroutine names.
type docFacts struct {
	doc     weak.Pointer[document]
	version int32
	locale  vocab.Locale
	globals []index.Symbol
	players []index.Symbol
	subs    []index.Symbol
	// uses counts, by folded spelling, the actions, values and enum
	// members the document writes: among equal matches, the names it
	// uses often come first.
	uses map[string]int
}

func newFacts(d *document) *docFacts {
	p := d.program()
	f := &docFacts{doc: weak.Make(d), version: d.version, locale: p.Checked.Script.Locale, uses: map[string]int{}}
	for _, b := range p.Checked.Script.Blocks() {
		for _, st := range b.Statements {
			ast.Inspect(st.Body, func(e *ast.Expr) bool {
				switch {
				case e.Elem != nil:
					f.uses[vocab.Fold(label(&e.Elem.Entry, f.locale))]++
				case e.Member != nil:
					f.uses[vocab.Fold(label(&e.Member.Entry, f.locale))]++
				}
				return true
			})
		}
	}
	for _, sym := range p.Index().Symbols {
		switch sym.Kind {
		case index.GlobalVariable:
			f.globals = append(f.globals, sym)
		case index.PlayerVariable:
			f.players = append(f.players, sym)
		case index.Subroutine:
			f.subs = append(f.subs, sym)
		}
	}
	for _, list := range [][]index.Symbol{f.globals, f.players, f.subs} {
		slices.SortStableFunc(list, func(a, b index.Symbol) int {
			if a.Declared != b.Declared {
				if a.Declared {
					return -1
				}
				return 1
			}
			return a.Slot - b.Slot
		})
	}
	return f
}

// staleWait is how long completion waits for a document's program before
// it answers from the last program of the same document.
const staleWait = 10 * time.Millisecond

// maxFacts bounds the facts kept.
const maxFacts = 256

type factsKey struct {
	st  *store
	uri string
}

var facts = struct {
	sync.Mutex
	m map[factsKey]*docFacts
}{m: map[factsKey]*docFacts{}}

// factsOf returns the facts of d's program, or, when that program is
// still being built after staleWait, the facts of the newest program of
// the same URI seen so far. The program goes on being built either way
// (diagnostics need it too).
func (s *Server) factsOf(ctx context.Context, d *document) (*docFacts, error) {
	key := factsKey{s.docs, d.uri}
	facts.Lock()
	last := facts.m[key]
	facts.Unlock()
	if last != nil && last.doc.Value() == d {
		return last, nil
	}
	done := make(chan *docFacts, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				s.log.Errorf("completion: building a program: %v", r)
				done <- nil
			}
		}()
		f := newFacts(d)
		facts.Lock()
		if old := facts.m[key]; old == nil || old.version <= f.version {
			if len(facts.m) >= maxFacts {
				clear(facts.m)
			}
			facts.m[key] = f
		}
		facts.Unlock()
		done <- f
	}()
	wait := func() (*docFacts, error) {
		select {
		case f := <-done:
			if f == nil {
				return nil, fmt.Errorf("%s: the program could not be built", d.uri)
			}
			return f, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if last == nil {
		return wait()
	}
	timer := time.NewTimer(staleWait)
	defer timer.Stop()
	select {
	case f := <-done:
		if f == nil {
			return last, nil
		}
		return f, nil
	case <-timer.C:
		return last, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
