package parser

// This file reads the settings block. The game writes it line by line: a
// line followed by '{' opens a group, "Key: Value" is a setting, and other
// lines are bare words (maps, heroes, extensions). Which group a line is in
// decides how it splits (settings.Lines); what the words mean is resolved
// against the settings schema once the script's locale is known
// (resolveSettings).

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/settings"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// parseSettings reads "settings { … }"; kw is the keyword's span.
func (p *parser) parseSettings(kw source.Span) *ast.Settings {
	p.pos = kw.End
	st := &ast.Settings{Span: kw, KeywordSpan: kw}
	p.skip()
	if !p.eat('{') {
		p.errorf(diag.UnexpectedToken, p.here(), "expected '{' after 'settings', found %s", p.describe(p.pos))
		return st
	}
	open := p.pos - 1
	items, closed := p.parseSettingsItems(0, settings.LinesPlain)
	st.Items = items
	if !closed {
		p.errorf(diag.UnclosedBracket, source.Span{Start: open, End: open + 1}, "the settings block is never closed: expected '}'")
	}
	st.Span.End = p.pos
	return st
}

// maxSettingsDepth bounds the nesting of settings groups; the game nests
// four deep (heroes, a team, a hero, and the settings block itself).
const maxSettingsDepth = 32

// parseSettingsItems reads lines up to the '}' closing the current group;
// closed is false when the text ends first. depth is 0 for the sections;
// lines says how the group's lines split (see settings.Lines).
func (p *parser) parseSettingsItems(depth int, lines settings.Lines) (items []*ast.SettingsItem, closed bool) {
	for {
		p.skip()
		if p.pos >= len(p.src) {
			return items, false
		}
		if p.src[p.pos] == '}' {
			p.pos++
			return items, true
		}
		if p.blockEndsHere() {
			return items, false
		}
		lineStart := p.pos
		lineEnd := lineStart
		for lineEnd < len(p.src) && p.src[lineEnd] != '\n' && p.src[lineEnd] != '\r' {
			lineEnd++
		}
		line := strings.TrimRight(p.src[lineStart:lineEnd], " \t")
		inlineBrace := false
		if strings.HasSuffix(line, "{") && !strings.Contains(line, "\"") {
			line = strings.TrimRight(strings.TrimSuffix(line, "{"), " \t")
			inlineBrace = true
		}
		item := &ast.SettingsItem{Span: source.Span{Start: lineStart, End: lineStart + len(line)}}
		p.pos = lineEnd
		if inlineBrace || p.nextIs(lineEnd, '{') && !strings.Contains(line, "\"") {
			item.Kind = ast.SettingsGroup
			item.Key, item.KeySpan = line, item.Span
			if !inlineBrace {
				p.eat('{')
			} else {
				p.pos = lineStart + strings.LastIndexByte(p.src[lineStart:lineEnd], '{') + 1
			}
			var ok bool
			if depth+1 >= maxSettingsDepth {
				p.errorf(diag.NestingTooDeep, item.KeySpan, "settings groups are nested deeper than %d levels; the game nests at most 4", maxSettingsDepth)
				ok = p.skipSettingsGroup()
			} else {
				item.Children, ok = p.parseSettingsItems(depth+1, settings.For(p.v).LinesOf(line, depth))
			}
			item.Span.End = p.pos
			items = append(items, item)
			if !ok {
				return items, false
			}
			continue
		}
		if key, value, ok := splitSetting(line, lines); ok {
			item.Kind = ast.SettingsPair
			item.Key = key
			item.KeySpan = source.Span{Start: lineStart, End: lineStart + len(key)}
			item.Value = value
			vs := lineStart + len(line) - len(value)
			item.ValueSpan = source.Span{Start: vs, End: lineStart + len(line)}
		} else {
			item.Kind = ast.SettingsWord
			item.Key, item.KeySpan = line, item.Span
		}
		items = append(items, item)
	}
}

// skipSettingsGroup skips a group's block without reading it, up to its
// closing '}'; closed is false when the text ends first.
func (p *parser) skipSettingsGroup() (closed bool) {
	level := 1
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '{':
			level++
		case '}':
			level--
			if level == 0 {
				p.pos++
				return true
			}
		}
		p.pos++
	}
	return false
}

// splitSetting splits a "Key: Value" line. In a list every line is a word.
// In the workshop section the name runs to the first ": " (names hold no
// colon; values may: "Soldier: 76"). Elsewhere a quoted value starts at the
// first ': "' and otherwise the key runs to the last ": " (keys contain
// colons, such as "Ultimate Generation - Combat Configuration: Artillery");
// the resolver splits again where the schema knows the key.
func splitSetting(line string, lines settings.Lines) (key, value string, ok bool) {
	switch lines {
	case settings.LinesWords:
		return "", "", false
	case settings.LinesWorkshop:
		if i := strings.Index(line, ": "); i >= 0 {
			return line[:i], strings.TrimLeft(line[i+2:], " "), true
		}
		return "", "", false
	}
	if i := strings.Index(line, ": \""); i >= 0 {
		return line[:i], line[i+2:], true
	}
	if i := strings.LastIndex(line, ": "); i >= 0 {
		return line[:i], strings.TrimLeft(line[i+2:], " "), true
	}
	return "", "", false
}
