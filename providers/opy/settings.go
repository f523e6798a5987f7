package opy

// This file lowers the settings block: OverPy's JSON-like dictionary of
// custom game settings (written in place, or in a file named by
// settings "file.opy.json"), written as the Workshop's settings text in
// OverPy's layout (a tab per level, braces on lines of their own), with
// a source map from every key and value back to the OverPy text.
//
// settings_const.go evaluates the dictionary, settings_schema.go and the
// files it names translate it through the settings schema.

import (
	"path/filepath"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// An extensionUse is the name an #!extension line gives, and where.
type extensionUse struct {
	name string
	loc  Loc
}

// addExtension records an #!extension line; the name is checked against
// the schema when the settings are written.
func (c *compiler) addExtension(d *Directive, name string) {
	at := d.Loc
	// Narrow the Loc to the name when the line is in the file as written
	// (not a macro expansion).
	if at.File >= 0 && at.File < len(c.p.Files) {
		text := c.p.Files[at.File].Text
		if at.End <= len(text) {
			if i := strings.Index(text[at.Start:at.End], name); i >= 0 {
				at.Span = source.Span{Start: at.Start + i, End: at.Start + i + len(name)}
			}
		}
	}
	c.extensions = append(c.extensions, extensionUse{name: name, loc: at})
}

// emitSettings writes the program's settings block.
func (c *compiler) emitSettings(e *emitter) {
	if c.settings == nil {
		if len(c.extensions) > 0 {
			c.d.warn(codeUnusedSettings, c.extensions[0].loc, "#!extension has no effect in a program without a settings block")
		}
		return
	}
	root := c.settingsRoot()
	if root == nil {
		return
	}
	lines := newSettingsTranslator(c).translate(root)
	e.open(c.settings.Loc)
	e.s("settings\n{\n")
	writeSettings(e, lines, 1)
	e.s("}")
	e.close()
	e.s("\n\n")
}

// settingsRoot evaluates the settings dictionary, reading it from its
// file for settings "file.opy.json"; nil when it cannot be (the errors
// are reported).
func (c *compiler) settingsRoot() *cval {
	value := c.settings.Value
	if s, ok := value.(*String); ok && s.Prefix == "" {
		e := c.settingsFile(s)
		if e == nil {
			return nil
		}
		value = e
	}
	root, ok := c.constValue(value)
	if !ok {
		return nil
	}
	return root
}

// settingsFile reads the file of settings "file.opy.json", relative to the
// file naming it. OverPy reads it as OverPy text (comments, macros and
// arithmetic included), and so does this: the file joins the program, so
// that problems in it are reported where they are.
func (c *compiler) settingsFile(s *String) Expr {
	dir := filepath.Dir(c.p.Files[s.Loc.File].Path)
	path := filepath.Join(dir, filepath.FromSlash(s.Value))
	text, err := c.p.opts.readFile(path)
	if err != nil {
		c.d.errorf(codeIncludeNotFound, s.Loc, "cannot read the settings file "+s.Value+": "+errorText(err))
		return nil
	}
	file := c.p.addFile(path, text)
	lx := &lexer{file: file, src: text, d: c.d}
	lines := lx.run()
	if len(lines) != 1 {
		at := Loc{File: file, Span: source.Span{Start: 0, End: len(text)}}
		if len(lines) > 1 {
			at = lines[1].loc()
		}
		c.d.errorf(codeInvalidSettings, at, "the settings file must hold one dictionary and nothing else")
		return nil
	}
	ep := &exprParser{d: c.d, toks: lines[0].tokens, end: Loc{File: file, Span: source.Span{Start: len(text), End: len(text)}}}
	return ep.parseAll()
}

// writeSettings writes lines at a depth of tabs, mapping each entry, key
// and value back to the OverPy text it was written as.
func writeSettings(e *emitter, lines []*sline, depth int) {
	tabs := strings.Repeat("\t", depth)
	for _, l := range lines {
		e.s(tabs)
		e.open(l.loc)
		e.open(l.keyLoc)
		e.s(l.key)
		e.close()
		switch l.kind {
		case sGroup:
			e.s("\n" + tabs + "{\n")
			writeSettings(e, l.children, depth+1)
			e.s(tabs + "}")
		case sPair:
			e.s(": ")
			e.open(l.valueLoc)
			e.s(l.value)
			e.close()
		}
		e.close()
		e.s("\n")
	}
}
