package lsp

// This file answers textDocument/signatureHelp, and holds the cursor scan
// it shares with completion. Both run while the user types, on text that
// is half written: rather than trust a parse of it, the scan reads the
// text from the start of the file to the cursor (a byte loop, well under
// a millisecond on the largest exports) and says where the cursor is: in
// which block, in which statement, inside which open calls and after how
// many commas, on which partial word. The vocabulary's matcher then names
// the element before each open parenthesis.

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

func init() {
	register("textDocument/signatureHelp", handler(func(ctx context.Context, s *Server, p *protocol.SignatureHelpParams) (any, error) {
		if d, ok := s.overpyDoc(p.TextDocument.URI); ok {
			return s.overpySignatureHelp(d, p.Position)
		}
		d, at, err := s.documentAt(p.TextDocument.URI, p.Position)
		if err != nil {
			return nil, err
		}
		f, err := s.factsOf(ctx, d)
		if err != nil {
			return nil, err
		}
		c := scanCursor(d.text, at)
		el, fr, ok := enclosingCall(d.text, &c, f.locale)
		if !ok {
			return nil, nil // null: the cursor is in no argument list
		}
		return signatureOf(el, f.locale, activeParam(el, fr.commas), s.encoding()), nil
	}))
	capabilityFuncs = append(capabilityFuncs, func(caps map[string]any, _ *clientCapabilities) {
		caps["signatureHelpProvider"] = map[string]any{"triggerCharacters": []string{"(", ","}, "retriggerCharacters": []string{","}}
	})
}

// signatureHelp is LSP's SignatureHelp.
type signatureHelp struct {
	Signatures      []signatureInformation `json:"signatures"`
	ActiveSignature int                    `json:"activeSignature"`
	ActiveParameter int                    `json:"activeParameter"`
}

type signatureInformation struct {
	Label           string                 `json:"label"`
	Parameters      []parameterInformation `json:"parameters"`
	ActiveParameter int                    `json:"activeParameter"`
}

// parameterInformation's Label is the parameter's text, or its [start,
// end) offsets in the signature's label when that text occurs earlier in
// the label (Max(value: float, value: float)).
type parameterInformation struct {
	Label         any    `json:"label"`
	Documentation string `json:"documentation,omitempty"`
}

// signatureOf renders an element's signature in a locale; label offsets
// count in enc.
func signatureOf(el *vocab.Element, l vocab.Locale, active int, enc edits.Encoding) signatureHelp {
	label, params := renderSignature(el, l)
	info := signatureInformation{Label: label, Parameters: []parameterInformation{}, ActiveParameter: active}
	m := edits.NewMapper(label)
	at := 0
	for i, p := range params {
		start := at + strings.Index(label[at:], p)
		at = start + len(p)
		pi := parameterInformation{Label: p}
		if strings.Index(label, p) != start {
			a, errA := m.OffsetPosition(start, enc)
			b, errB := m.OffsetPosition(at, enc)
			if errA == nil && errB == nil {
				pi.Label = [2]int{a.Character, b.Character}
			}
		}
		if en := el.Params[i].Enum; en != nil {
			pi.Documentation = enumMembers(en, l, 12)
		}
		info.Parameters = append(info.Parameters, pi)
	}
	return signatureHelp{Signatures: []signatureInformation{info}, ActiveParameter: active}
}

// activeParam is the parameter a comma count points at: the one slot of
// a variadic element, and the last one past the end.
func activeParam(el *vocab.Element, commas int) int {
	switch {
	case el.Variadic() || len(el.Params) == 0:
		return 0
	case commas >= len(el.Params):
		return len(el.Params) - 1
	}
	return commas
}

// renderSignature renders "Name(param: Type = default, …): Returns" in a
// locale, and each parameter's part of it. Defaults appear as the
// Workshop writes them in that locale where the catalog's OverPy form has
// a Workshop equivalent (Ignore Condition, All Players(All Teams), Null).
func renderSignature(el *vocab.Element, l vocab.Locale) (string, []string) {
	var b strings.Builder
	b.WriteString(nameIn(&el.Entry, l))
	var params []string
	if !el.Bare {
		b.WriteByte('(')
		for i, p := range el.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			part := p.Name + ": " + typeName(p.Type)
			if p.Default != "" {
				part += " = " + renderDefault(p, l)
			}
			if el.Variadic() {
				part += ", …"
			}
			params = append(params, part)
			b.WriteString(part)
		}
		b.WriteByte(')')
	}
	if !el.IsAction() {
		if r := typeName(el.Returns); r != "" {
			b.WriteString(": " + r)
		}
	}
	return b.String(), params
}

// typeName renders a type; the catalog's typed vectors ({"Direction":
// [...]}) read as their name.
func typeName(t vocab.Type) string {
	s := t.String()
	if strings.HasPrefix(s, `{"`) {
		if end := strings.IndexByte(s[2:], '"'); end >= 0 {
			return s[2 : 2+end]
		}
	}
	return s
}

// nameIn returns an entry's spelling in l, or its English one when l has
// none.
func nameIn(e *vocab.Entry, l vocab.Locale) string {
	if n, ok := e.Name(l); ok {
		return strings.TrimSpace(n) // a few catalog spellings end with a space
	}
	return e.English()
}

// renderDefault writes a parameter's default as the Workshop would, in l.
func renderDefault(p vocab.Param, l vocab.Locale) string {
	v := vocab.Default()
	def := p.Default
	if p.Enum != nil {
		if m := p.Enum.Member(def); m != nil {
			return nameIn(&m.Entry, l)
		}
	}
	if _, err := strconv.ParseFloat(def, 64); err == nil {
		return def
	}
	switch def {
	case "null", "true", "false":
		return nameIn(&v.Value(def).Entry, l)
	case "getAllPlayers()":
		return nameIn(&v.Value("getPlayers").Entry, l) + "(" + nameIn(&v.Enum("TeamLiteral").Member("ALL").Entry, l) + ")"
	case "vect(0,0,0)":
		return nameIn(&v.Value("vect").Entry, l) + "(0, 0, 0)"
	}
	// A member of the enum the parameter's type takes bare (ALL for a
	// Team, WHITE for a Color), else of any enum.
	if en := v.Enum(p.Type.LiteralEnum()); en != nil {
		if m := en.Member(def); m != nil {
			return nameIn(&m.Entry, l)
		}
	}
	for _, en := range v.Enums {
		if m := en.Member(def); m != nil {
			return nameIn(&m.Entry, l)
		}
	}
	return def
}

// enumMembers lists up to max members of an enum in l.
func enumMembers(en *vocab.Enum, l vocab.Locale, max int) string {
	var names []string
	for _, m := range en.Members {
		if n, ok := m.Name(l); ok {
			if len(names) == max {
				names = append(names, "…")
				break
			}
			names = append(names, n)
		}
	}
	return strings.Join(names, " · ")
}

// ---- The cursor scan ----

// blockKind says which braces hold the cursor.
type blockKind uint8

const (
	blockTop         blockKind = iota // outside every brace
	blockSettings                     // settings, at any depth
	blockVariables                    // variables
	blockSubroutines                  // subroutines
	blockRule                         // a rule's braces, outside its blocks
	blockEvent                        // an event block
	blockConditions                   // a conditions block
	blockActions                      // an actions block
	blockOther                        // braces the scan cannot name
)

var blockKindNames = [...]string{blockTop: "top", blockSettings: "settings", blockVariables: "variables",
	blockSubroutines: "subroutines", blockRule: "rule", blockEvent: "event", blockConditions: "conditions",
	blockActions: "actions", blockOther: "other"}

func (k blockKind) String() string { return blockKindNames[k] }

// A frame is an open '(' or '[' of the statement at the cursor.
type frame struct {
	open     int  // byte offset of the '(' or '['
	bracket  bool // '['
	commas   int  // commas at this depth before the cursor
	argStart int  // offset after the '(' or the last ',' at this depth
}

// A cursorContext is what the scan found at a byte offset.
type cursorContext struct {
	at int
	// inString and inComment are set when the cursor is inside a string
	// literal or a comment (after its opening quote or slashes).
	inString, inComment bool
	block               blockKind
	// blockOpen is the offset of the innermost '{' (0 at the top level).
	blockOpen int
	// line counts the ';' of the block before the cursor: the event line.
	line int
	// stmtStart is the offset after the last ';', '{' or '}'.
	stmtStart int
	// frames are the open parentheses and brackets of the statement,
	// innermost last.
	frames []frame
	// word is the partial name at the cursor: from the start of the name
	// being typed (a name may hold spaces) to the end of the word the
	// cursor is in; on one line.
	word source.Span
	// dot is set when the word follows a '.'; receiver is the text
	// before the '.' (Global, Event Player).
	dot      bool
	receiver source.Span
}

// inner returns the innermost frame, or nil.
func (c *cursorContext) inner() *frame {
	if len(c.frames) == 0 {
		return nil
	}
	return &c.frames[len(c.frames)-1]
}

// blockWords maps every locale's folded spelling of the block keywords.
var blockWords = sync.OnceValue(func() map[string]blockKind {
	v := vocab.Default()
	out := map[string]blockKind{}
	for id, k := range map[string]blockKind{"__settings__": blockSettings, "__variables__": blockVariables,
		"__subroutines__": blockSubroutines, "__event__": blockEvent, "__conditions__": blockConditions, "__actions__": blockActions} {
		for _, n := range v.Keyword(id).Names {
			if n != "" {
				out[vocab.Fold(n)] = k
			}
		}
	}
	return out
})

// scanCursor reads text up to at (a byte offset inside text) and says
// where at is. It never fails: unknown text reads as blockOther.
func scanCursor(text string, at int) cursorContext {
	c := cursorContext{at: at}
	type brace struct {
		kind blockKind
		open int
	}
	var braces []brace
	top := func() blockKind {
		if len(braces) == 0 {
			c.blockOpen = 0
			return blockTop
		}
		c.blockOpen = braces[len(braces)-1].open
		return braces[len(braces)-1].kind
	}
	for i := 0; i < at; i++ {
		switch text[i] {
		case '"':
			end := stringEnd(text, i)
			if at <= end {
				c.inString, c.block = true, top()
				return c
			}
			i = end // the closing quote (or the line break that ended it)
		case '/':
			if i+1 >= len(text) {
				continue
			}
			switch text[i+1] {
			case '/':
				end := strings.IndexByte(text[i:], '\n')
				if end < 0 {
					end = len(text) - i
				}
				if at <= i+end {
					c.inComment, c.block = true, top()
					return c
				}
				i += end
			case '*':
				end := strings.Index(text[i+2:], "*/")
				if end < 0 {
					c.inComment, c.block = true, top()
					return c
				}
				close := i + 2 + end + 2
				if at < close {
					c.inComment, c.block = true, top()
					return c
				}
				i = close - 1
			}
		case '{':
			kind := blockOther
			switch parent := top(); parent {
			case blockSettings:
				kind = blockSettings
			case blockTop, blockRule:
				kind = headerKind(text, i)
				if parent == blockRule && (kind == blockSettings || kind == blockVariables || kind == blockSubroutines || kind == blockRule) {
					kind = blockOther
				}
			}
			braces = append(braces, brace{kind, i})
			c.stmtStart, c.frames, c.line = i+1, c.frames[:0], 0
		case '}':
			if len(braces) > 0 {
				braces = braces[:len(braces)-1]
			}
			c.stmtStart, c.frames, c.line = i+1, c.frames[:0], 0
		case ';':
			c.stmtStart, c.frames = i+1, c.frames[:0]
			c.line++
		case '(', '[':
			c.frames = append(c.frames, frame{open: i, bracket: text[i] == '[', argStart: i + 1})
		case ')', ']':
			if len(c.frames) > 0 {
				c.frames = c.frames[:len(c.frames)-1]
			}
		case ',':
			if f := c.inner(); f != nil {
				f.commas++
				f.argStart = i + 1
			}
		}
	}
	c.block = top()
	c.findWord(text)
	return c
}

// stringEnd returns the offset of the quote closing the string opening
// at i, or of the line break or end of text that ends it unclosed (the
// parser's rule: the game never writes a raw line break in a string).
func stringEnd(text string, i int) int {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++ // as the parser reads it, even before a line break
		case '"', '\n':
			return j
		}
	}
	return len(text)
}

// headerKind names the braces opening at i by the last line of text
// before them (after the previous brace or ';'): a block keyword in any
// locale, or a rule's header, which ends with ')'.
func headerKind(text string, i int) blockKind {
	start := strings.LastIndexAny(text[:i], ";{}") + 1
	head := strings.TrimSpace(text[start:i])
	if nl := strings.LastIndexByte(head, '\n'); nl >= 0 {
		head = strings.TrimSpace(head[nl+1:])
	}
	if strings.HasSuffix(head, ")") {
		return blockRule
	}
	if k, ok := blockWords()[vocab.Fold(head)]; ok {
		return k
	}
	return blockOther
}

// findWord sets the partial word, and the receiver after a '.'.
func (c *cursorContext) findWord(text string) {
	lower := max(c.stmtStart, strings.LastIndexByte(text[:c.at], '\n')+1)
	if f := c.inner(); f != nil {
		lower = max(lower, f.open+1)
	}
	start := nameStart(text, lower, c.at)
	end := c.at
	for end < len(text) {
		r, size := utf8.DecodeRuneInString(text[end:])
		if !vocab.IsWordRune(r) {
			break
		}
		end += size
	}
	// "disabled Wai": the keyword is not part of the name.
	if first, rest, ok := strings.Cut(text[start:c.at], " "); ok && disabledWords()[vocab.Fold(first)] {
		start = c.at - len(strings.TrimLeft(rest, " \t"))
	}
	c.word = source.Span{Start: start, End: end}
	if start > 0 && text[start-1] == '.' && !(start-1 > 0 && isDigitByte(text[start-2])) {
		c.dot = true
		rs := nameStart(text, lower, start-1)
		c.receiver = source.Span{Start: rs, End: start - 1}
	}
}

// nameStart walks back from at over the characters of a Workshop name
// (words, the spaces between them, and the punctuation some names hold:
// "In-World", "Soldier: 76", non-ASCII marks) down to lower, and returns
// where the name starts, after leading blanks.
func nameStart(text string, lower, at int) int {
	i := at
	for i > lower {
		r, size := utf8.DecodeLastRuneInString(text[lower:i])
		ok := false
		switch {
		case vocab.IsWordRune(r), r == '_', r == ' ', r == '\t', r == '\'':
			ok = true
		case r >= utf8.RuneSelf:
			ok = true // non-ASCII punctuation is never an operator
		case r == '-':
			// In a name ("In-World") but not an operator ("a - b").
			ok = i-size > lower && i < len(text) && isWordByte(text[i-size-1]) && isWordByte(text[i])
		case r == ':':
			// "Soldier: 76"; a ternary's ':' has a space before it, a
			// variable slot's ("0: A") a digit.
			ok = i-size > lower && isWordByte(text[i-size-1]) && !isDigitByte(text[i-size-1])
		}
		if !ok {
			break
		}
		i -= size
	}
	for i < at && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

func isWordByte(b byte) bool {
	return b >= utf8.RuneSelf || b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

func isDigitByte(b byte) bool { return '0' <= b && b <= '9' }

// enclosingCall returns the element whose argument list holds the
// cursor, with its frame: the innermost '(' after a vocabulary name.
func enclosingCall(text string, c *cursorContext, l vocab.Locale) (*vocab.Element, frame, bool) {
	if c.inString || c.inComment || (c.block != blockConditions && c.block != blockActions && c.block != blockOther) {
		return nil, frame{}, false
	}
	for i := len(c.frames) - 1; i >= 0; i-- {
		f := c.frames[i]
		if f.bracket {
			continue
		}
		preferAction := func(start int) bool {
			return c.block == blockActions && i == 0 && c.atStatementStart(text, start)
		}
		if el := calleeAt(text, f.open, l, preferAction); el != nil {
			return el, f, true
		}
	}
	return nil, frame{}, false
}

// calleeAt names the element written before the '(' at open: the longest
// name of locale l that ends there. preferAction says, for a name starting
// at an offset, whether an action is meant there (at the start of a
// statement of an actions block) rather than a value.
func calleeAt(text string, open int, l vocab.Locale, preferAction func(start int) bool) *vocab.Element {
	end := open
	for end > 0 && isBlank(text[end-1]) {
		end--
	}
	lower := max(0, end-160)
	if i := strings.LastIndexAny(text[lower:end], "()[]{},;\"\n"); i >= 0 {
		lower += i + 1
	}
	m := vocab.Default().Matcher(vocab.Of(l))
	var hits []vocab.Hit
	for s := lower; s < end; s++ {
		if isBlank(text[s]) || !utf8.RuneStart(text[s]) {
			continue
		}
		if s > lower && !isBlank(text[s-1]) && isWordByte(text[s-1]) {
			continue // not the start of a word
		}
		hits = m.MatchUpTo(text, s, end, hits[:0])
		for _, h := range hits {
			if h.End != end {
				continue
			}
			var best *vocab.Element
			action := preferAction(s)
			for _, r := range h.Refs {
				el, ok := r.Item.(*vocab.Element)
				if !ok || el.Bare {
					continue
				}
				if best == nil || el.IsAction() == action && best.IsAction() != action {
					best = el
				}
			}
			if best != nil {
				return best
			}
		}
	}
	return nil
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// atStatementStart reports whether off is where a statement begins: only
// blanks, a statement comment and the disabled keyword come between the
// statement's start and off, or between a line break and off when the
// line before ends as a finished statement would (its ';' not typed yet).
func (c *cursorContext) atStatementStart(text string, off int) bool {
	seg := text[c.stmtStart:off]
	if statementHead(seg) {
		return true
	}
	nl := strings.LastIndexByte(seg, '\n')
	if nl < 0 || !statementHead(seg[nl+1:]) {
		return false
	}
	prev := strings.TrimRight(seg[:nl], " \t\r")
	r, _ := utf8.DecodeLastRuneInString(prev)
	return prev == "" || vocab.IsWordRune(r) || r == ')' || r == ']' || r == '"'
}

// statementHead reports whether s holds only what may precede a
// statement's body: blanks, a comment string, the disabled keyword.
func statementHead(s string) bool {
	head := strings.TrimSpace(s)
	for {
		switch {
		case strings.HasPrefix(head, `"`):
			end := stringEnd(head, 0)
			head = strings.TrimSpace(head[min(end+1, len(head)):])
			continue
		case strings.HasPrefix(head, "/*"):
			if end := strings.Index(head, "*/"); end >= 0 {
				head = strings.TrimSpace(head[end+2:])
				continue
			}
		case strings.HasPrefix(head, "//"):
			if end := strings.IndexByte(head, '\n'); end >= 0 {
				head = strings.TrimSpace(head[end+1:])
				continue
			}
			head = ""
		}
		break
	}
	if head == "" {
		return true
	}
	word, rest, _ := strings.Cut(head, " ")
	return strings.TrimSpace(rest) == "" && disabledWords()[vocab.Fold(word)]
}

// disabledWords are the folded spellings of the disabled keyword.
var disabledWords = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, n := range vocab.Default().Keyword("__disabled__").Names {
		if n != "" {
			out[vocab.Fold(n)] = true
		}
	}
	return out
})
