package parser

// This file reads the settings block. The game writes it line by line: a
// line followed by '{' opens a group, "Key: Value" is a setting, and other
// lines are bare words (maps, heroes, extensions).

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
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
	items, closed := p.parseSettingsItems()
	st.Items = items
	if !closed {
		p.errorf(diag.UnclosedBracket, source.Span{Start: open, End: open + 1}, "the settings block is never closed: expected '}'")
	}
	st.Span.End = p.pos
	return st
}

// parseSettingsItems reads lines up to the '}' closing the current group;
// closed is false when the text ends first.
func (p *parser) parseSettingsItems() (items []*ast.SettingsItem, closed bool) {
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
			children, ok := p.parseSettingsItems()
			item.Children = children
			item.Span.End = p.pos
			items = append(items, item)
			if !ok {
				return items, false
			}
			continue
		}
		if key, value, ok := splitSetting(line); ok {
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

// splitSetting splits "Key: Value". A quoted value starts at the first
// ': "'; otherwise the key runs to the last ": " (keys contain colons,
// such as "Ultimate Generation - Combat Configuration: Artillery").
func splitSetting(line string) (key, value string, ok bool) {
	if i := strings.Index(line, ": \""); i >= 0 {
		return line[:i], line[i+2:], true
	}
	if i := strings.LastIndex(line, ": "); i >= 0 {
		return line[:i], strings.TrimLeft(line[i+2:], " "), true
	}
	return "", "", false
}
