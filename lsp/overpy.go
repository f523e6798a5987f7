package lsp

// This file answers requests on OverPy documents from what the OverPy
// frontend resolved while compiling (providers/opy's Symbols), at OverPy
// positions: references, definition, highlights, rename, hover and
// document symbols. A document's program is its compile; the positions of
// files it includes are answered in those files.

import (
	"fmt"
	"strings"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/providers/opy"
)

// overpyDoc returns the OverPy document a request names, if it is one.
func (s *Server) overpyDoc(uri string) (*document, bool) {
	d := s.docs.get(uri)
	return d, d != nil && d.overpy
}

// An overpyPoint is a request's position in an OverPy document: its
// compile, the document's file in it, and the byte offset.
type overpyPoint struct {
	d    *document
	res  *opy.Result
	file int
	off  int
}

// overpyAt resolves a position of an OverPy document.
func (s *Server) overpyAt(d *document, pos protocol.Position) (overpyPoint, error) {
	off, err := s.offset(d, pos)
	if err != nil {
		return overpyPoint{}, err
	}
	res := d.program().OverPy()
	return overpyPoint{d: d, res: res, file: overpyFileOf(res, d.path), off: off}, nil
}

// overpyFileOf is the index of path among a compile's files, or -1.
func overpyFileOf(res *opy.Result, path string) int {
	for i, f := range res.Program.Files {
		if sameFile(f.Path, path) {
			return i
		}
	}
	return -1
}

// overpyLocation converts a Loc of a compile to an LSP location: in the
// document itself through its mapper, in another file through one built
// for that file.
func (s *Server) overpyLocation(pt overpyPoint, l opy.Loc) (protocol.Location, bool) {
	f := pt.res.Program.Files[l.File]
	m := pt.d.mapper
	uri := pt.d.uri
	if !sameFile(f.Path, pt.d.path) {
		m = edits.NewMapper(f.Text)
		uri = pathURI(f.Path)
	}
	r, err := mapperRange(m, l.Span, s.encoding())
	if err != nil {
		return protocol.Location{}, false
	}
	return protocol.Location{URI: uri, Range: r}, true
}

// mapperRange converts a byte span to an LSP range with m.
func mapperRange(m *edits.Mapper, span source.Span, enc edits.Encoding) (protocol.Range, error) {
	a, err := m.OffsetPosition(span.Start, enc)
	if err != nil {
		return protocol.Range{}, err
	}
	b, err := m.OffsetPosition(span.End, enc)
	if err != nil {
		return protocol.Range{}, err
	}
	return protocol.Range{Start: protocol.Position{Line: protocol.UInteger(a.Line), Character: protocol.UInteger(a.Character)},
		End: protocol.Position{Line: protocol.UInteger(b.Line), Character: protocol.UInteger(b.Character)}}, nil
}

// overpySymbol finds the symbol reference under a position.
func (s *Server) overpySymbol(d *document, pos protocol.Position) (overpyPoint, opy.SymbolRef, bool, error) {
	pt, err := s.overpyAt(d, pos)
	if err != nil || pt.file < 0 {
		return pt, opy.SymbolRef{}, false, err
	}
	ref, ok := pt.res.Symbols.At(pt.file, pt.off)
	return pt, ref, ok, nil
}

// overpyReferences answers references and highlights: every exact
// occurrence of the symbol under the position.
func (s *Server) overpyReferences(d *document, pos protocol.Position, includeDecl bool) ([]protocol.Location, []opy.SymbolRef, error) {
	pt, ref, ok, err := s.overpySymbol(d, pos)
	if err != nil || !ok {
		return []protocol.Location{}, nil, err
	}
	out := []protocol.Location{}
	var refs []opy.SymbolRef
	for _, r := range pt.res.Symbols.RefsOf(ref.Kind, ref.Name) {
		if !r.Exact || !includeDecl && (r.Role == opy.Declaration) {
			continue
		}
		if n := len(refs); n > 0 && refs[n-1].Loc == r.Loc {
			// Read and written at once (A += 1): one place, a write.
			if r.Role == opy.Write {
				refs[n-1].Role = opy.Write
			}
			continue
		}
		if loc, ok := s.overpyLocation(pt, r.Loc); ok {
			out = append(out, loc)
			refs = append(refs, r)
		}
	}
	return out, refs, nil
}

// overpyDefinition answers definition: a subroutine's def, else the
// declaration; a default variable (A…DX) has none.
func (s *Server) overpyDefinition(d *document, pos protocol.Position) ([]protocol.Location, error) {
	pt, ref, ok, err := s.overpySymbol(d, pos)
	if err != nil || !ok {
		return []protocol.Location{}, err
	}
	var target *opy.SymbolRef
	for _, r := range pt.res.Symbols.RefsOf(ref.Kind, ref.Name) {
		switch {
		case r.Role == opy.Definition:
			target = &r
		case r.Role == opy.Declaration && target == nil:
			target = &r
		}
		if target != nil && target.Role == opy.Definition {
			break
		}
	}
	if target == nil {
		return []protocol.Location{}, nil
	}
	loc, ok := s.overpyLocation(pt, target.Loc)
	if !ok {
		return []protocol.Location{}, nil
	}
	return []protocol.Location{loc}, nil
}

// overpyHover describes the symbol or the catalog function under the
// position.
func (s *Server) overpyHover(d *document, pos protocol.Position) (any, error) {
	pt, err := s.overpyAt(d, pos)
	if err != nil || pt.file < 0 {
		return nil, err
	}
	if ref, ok := pt.res.Symbols.At(pt.file, pt.off); ok {
		text := fmt.Sprintf("**%s** `%s`", ref.Kind, ref.Name)
		if i, ok := pt.res.Symbols.Slots[ref.Kind][ref.Name]; ok {
			text += fmt.Sprintf(" (index %d)", i)
		}
		n := 0
		for _, r := range pt.res.Symbols.RefsOf(ref.Kind, ref.Name) {
			if r.Role != opy.Declaration && r.Role != opy.Definition {
				n++
			}
		}
		text += fmt.Sprintf("\n\n%d use(s)", n)
		return s.hoverAt(pt, ref.Loc, text+s.overpyCostLine(d, pt)), nil
	}
	if call, ok := pt.res.Symbols.CallAt(pt.file, pt.off); ok {
		return s.hoverAt(pt, call.Loc, overpySignature(call.Element, call.Member)+s.overpyCostLine(d, pt)), nil
	}
	if from, lowered, ok := overpyLoweredAt(pt); ok {
		text := pt.res.Text[lowered.Start:lowered.End]
		if len(text) > 200 {
			text = text[:200] + "…"
		}
		return s.hoverAt(pt, from, "lowers to\n```\n"+text+"\n```"+s.overpyCostLine(d, pt)), nil
	}
	return nil, nil
}

// overpyLoweredAt finds the Workshop text a name at a point lowers to
// when it is neither a symbol nor a catalog call (eventPlayer,
// getAllPlayers(), Hero.ANA): the smallest OverPy construct around the
// name that text comes from, and the largest text lowered from exactly
// that construct.
func overpyLoweredAt(pt overpyPoint) (from opy.Loc, lowered source.Span, ok bool) {
	text := pt.res.Program.Files[pt.file].Text
	onName := pt.off < len(text) && isNameChar(text[pt.off]) || pt.off > 0 && isNameChar(text[pt.off-1])
	if !onName {
		return from, lowered, false
	}
	for _, m := range pt.res.Map.Mappings {
		f := m.From
		if f.File != pt.file || pt.off < f.Start || pt.off > f.End || m.Span.Start == m.Span.End {
			continue
		}
		switch {
		case !ok || f.End-f.Start < from.End-from.Start:
			from, lowered, ok = f, m.Span, true
		case f == from && m.Span.End-m.Span.Start > lowered.End-lowered.Start:
			lowered = m.Span
		}
	}
	// A whole statement or block is what the cost line and the outline
	// are for; a hover names what the name itself is.
	if ok && strings.ContainsAny(text[from.Start:from.End], "\n") {
		return from, lowered, false
	}
	return from, lowered, ok
}

// overpyCostLine is the element count of the statement at a point and of
// its rule, as a hover's last paragraph; "" outside any statement.
func (s *Server) overpyCostLine(d *document, pt overpyPoint) string {
	c, ok := d.program().OverPyCostAt(pt.file, pt.off)
	if !ok {
		return ""
	}
	return fmt.Sprintf("\n\nstatement: %s · rule %q: %s", plural(c.Elements, "element"), c.Rule, plural(c.RuleElements, "element"))
}

func (s *Server) hoverAt(pt overpyPoint, l opy.Loc, markdown string) map[string]any {
	out := map[string]any{"contents": map[string]any{"kind": "markdown", "value": markdown}}
	if loc, ok := s.overpyLocation(pt, l); ok && loc.URI == pt.d.uri {
		out["range"] = loc.Range
	}
	return out
}

// overpySignature writes an element's OverPy signature, its Workshop
// name and what it returns.
func overpySignature(el *vocab.Element, member bool) string {
	name := strings.TrimPrefix(el.ID, ".")
	params := el.Params
	var b strings.Builder
	b.WriteString("```python\n")
	if member && len(params) > 0 {
		b.WriteString(params[0].Name + ".")
		params = params[1:]
	}
	b.WriteString(name + "(")
	for i, p := range params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.Name)
		if p.HasDefault {
			def := p.Default
			if def == "" {
				def = "null"
			}
			b.WriteString("=" + def)
		}
	}
	b.WriteString(")\n```\n")
	kind := "value"
	if el.IsAction() {
		kind = "action"
	}
	fmt.Fprintf(&b, "Workshop %s **%s**", kind, el.English())
	if !el.IsAction() && el.Returns.String() != "" {
		fmt.Fprintf(&b, ", returns `%s`", el.Returns.String())
	}
	return b.String()
}

// overpyRename renames the symbol under the position everywhere it is
// written, in every file of the program; the new text is checked by
// compiling it.
func (s *Server) overpyRename(d *document, pos protocol.Position, newName string) (*protocol.WorkspaceEdit, error) {
	_, refs, err := s.overpyReferences(d, pos, true)
	if err != nil || len(refs) == 0 {
		return nil, err
	}
	if !isOverPyName(newName) {
		return nil, fmt.Errorf("%q is not an OverPy name: letters, digits and '_', not starting with a digit", newName)
	}
	pt, _ := s.overpyAt(d, pos)
	changes := map[string][]protocol.TextEdit{}
	texts := map[int]string{}
	for _, r := range refs {
		loc, ok := s.overpyLocation(pt, r.Loc)
		if !ok {
			continue
		}
		changes[loc.URI] = append(changes[loc.URI], protocol.TextEdit{Range: loc.Range, NewText: newName})
		texts[r.Loc.File] = pt.res.Program.Files[r.Loc.File].Text
	}
	// Validate: the renamed program compiles without new errors.
	renamed := map[int]string{}
	for file, text := range texts {
		var b strings.Builder
		last := 0
		for _, r := range refs {
			if r.Loc.File != file {
				continue
			}
			b.WriteString(text[last:r.Loc.Start])
			b.WriteString(newName)
			last = r.Loc.End
		}
		b.WriteString(text[last:])
		renamed[file] = b.String()
	}
	files := pt.res.Program.Files
	entry := files[0]
	entryText := entry.Text
	if t, ok := renamed[0]; ok {
		entryText = t
	}
	after := opy.Compile(entry.Path, entryText, opy.Options{ReadFile: func(path string) (string, error) {
		for i, f := range files {
			if sameFile(f.Path, path) {
				if t, ok := renamed[i]; ok {
					return t, nil
				}
				return f.Text, nil
			}
		}
		return d.read(path)
	}})
	if before, now := opy.Errors(pt.res.Diags), opy.Errors(after.Diags); now > before {
		for _, x := range after.Diags {
			if x.Severity == 1 {
				return nil, fmt.Errorf("renaming to %s breaks the program: %s", newName, x.Message)
			}
		}
	}
	return &protocol.WorkspaceEdit{Changes: changes}, nil
}

func isOverPyName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// overpyDocumentSymbols lists a document's declarations and rules.
func (s *Server) overpyDocumentSymbols(d *document) []protocol.DocumentSymbol {
	res := d.program().OverPy()
	out := []protocol.DocumentSymbol{}
	pt := overpyPoint{d: d, res: res}
	add := func(name string, kind protocol.SymbolKind, whole, sel opy.Loc, detail string) {
		if !sameFile(res.Program.Files[whole.File].Path, d.path) {
			return
		}
		w, ok1 := s.overpyLocation(pt, whole)
		n, ok2 := s.overpyLocation(pt, sel)
		if !ok1 || !ok2 {
			return
		}
		if name == "" {
			name = "(unnamed rule)"
		}
		sym := protocol.DocumentSymbol{Name: name, Kind: kind, Range: w.Range, SelectionRange: n.Range}
		if detail != "" {
			sym.Detail = &detail
		}
		out = append(out, sym)
	}
	for _, decl := range res.Program.Decls {
		switch x := decl.(type) {
		case *opy.VarDecl:
			kind := "global variable"
			if x.Player {
				kind = "player variable"
			}
			add(x.Name, protocol.SymbolKindVariable, x.Loc, x.NameLoc, kind)
		case *opy.SubDecl:
			add(x.Name, protocol.SymbolKindFunction, x.Loc, x.NameLoc, "subroutine")
		case *opy.Rule:
			sel := x.NameLoc
			if sel.IsZero() {
				sel = x.Loc
			}
			if x.Def {
				add(x.Name, protocol.SymbolKindFunction, x.Block, sel, "def")
			} else {
				add(x.Name, protocol.SymbolKindEvent, x.Block, sel, "rule")
			}
		case *opy.MacroDecl:
			add(x.Name, protocol.SymbolKindFunction, x.Loc, x.NameLoc, "macro")
		case *opy.EnumDecl:
			add(x.Name, protocol.SymbolKindEnum, x.Loc, x.NameLoc, "enum")
		}
	}
	return out
}

// overpyFolding folds every line followed by lines indented deeper: rules,
// blocks, and the lines of a bracket spanning several lines.
func overpyFolding(text string) []protocol.FoldingRange {
	lines := strings.Split(text, "\n")
	indent := func(l string) int {
		n := 0
		for _, c := range l {
			switch c {
			case ' ':
				n++
			case '\t':
				n += 4
			default:
				return n
			}
		}
		return -1 // blank
	}
	out := []protocol.FoldingRange{}
	for i := 0; i < len(lines); i++ {
		h := indent(lines[i])
		if h < 0 {
			continue
		}
		end := i
		for j := i + 1; j < len(lines); j++ {
			k := indent(lines[j])
			if k < 0 {
				continue
			}
			if k <= h {
				break
			}
			end = j
		}
		if end > i {
			out = append(out, protocol.FoldingRange{StartLine: protocol.UInteger(i), EndLine: protocol.UInteger(end)})
		}
	}
	return out
}

// overpyHighlights marks the occurrences of the symbol under the position
// in the document itself, reads and writes told apart.
func (s *Server) overpyHighlights(d *document, pos protocol.Position) ([]protocol.DocumentHighlight, error) {
	locs, refs, err := s.overpyReferences(d, pos, true)
	out := []protocol.DocumentHighlight{}
	for i, l := range locs {
		if l.URI != d.uri {
			continue
		}
		kind := protocol.DocumentHighlightKindText
		switch refs[i].Role {
		case opy.Read:
			kind = protocol.DocumentHighlightKindRead
		case opy.Write:
			kind = protocol.DocumentHighlightKindWrite
		}
		out = append(out, protocol.DocumentHighlight{Range: l.Range, Kind: &kind})
	}
	return out, err
}

// overpyPrepareRename offers the name under the position for renaming:
// a declared variable, a subroutine or a macro (default variables A…DX
// have fixed names).
func (s *Server) overpyPrepareRename(d *document, pos protocol.Position) (any, error) {
	pt, ref, ok, err := s.overpySymbol(d, pos)
	if err != nil || !ok {
		return nil, err
	}
	declared := false
	for _, r := range pt.res.Symbols.RefsOf(ref.Kind, ref.Name) {
		declared = declared || r.Role == opy.Declaration || r.Role == opy.Definition
	}
	if !declared {
		return nil, &jsonrpc2.Error{Code: codeRequestFailed, Message: ref.Name + " is a default name: declare it to rename it"}
	}
	loc, ok := s.overpyLocation(pt, ref.Loc)
	if !ok {
		return nil, nil
	}
	return protocol.RangeWithPlaceholder{Range: loc.Range, Placeholder: ref.Name}, nil
}
