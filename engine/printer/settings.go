package printer

// This file prints the settings block in the game's export style: one tab
// per level, a blank line before and after every group except between the
// lines of one group, names spelled in the target locale through the
// settings schema.

import (
	"strconv"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/settings"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// maxSettingsDepth stops printing trees nested deeper than the parser
// builds them.
const maxSettingsDepth = 64

func (pr *printer) settings(st *ast.Settings) {
	pr.settingsItems(settings.For(pr.v), 1, st.Items)
}

func (pr *printer) settingsItems(sc *settings.Schema, indent int, items []*ast.SettingsItem) {
	if indent > maxSettingsDepth {
		return
	}
	var prev *ast.SettingsItem
	for _, it := range items {
		if it == nil {
			continue
		}
		if prev != nil && (it.Kind == ast.SettingsGroup || prev.Kind == ast.SettingsGroup) {
			pr.b.WriteByte('\n')
		}
		prev = it
		key := pr.settingKey(sc, it)
		switch it.Kind {
		case ast.SettingsGroup:
			pr.line(indent, key)
			pr.line(indent, "{")
			pr.settingsItems(sc, indent+1, it.Children)
			pr.line(indent, "}")
		case ast.SettingsPair:
			pr.line(indent, key+": "+pr.settingValue(sc, it))
		default:
			pr.line(indent, key)
		}
	}
}

// settingKey spells a group header, a setting's key or a bare word. A
// formatter (Options.Source set, same locale) keeps a map line as written
// when it reads as the same map, as names in rules are kept.
func (pr *printer) settingKey(sc *settings.Schema, it *ast.SettingsItem) string {
	if it.KeyID == "" {
		return pr.settingRaw(it.Key, it.KeySpan)
	}
	if pr.loc == pr.src && pr.source != "" && it.Kind == ast.SettingsWord {
		if sp := it.KeySpan; 0 <= sp.Start && sp.Start < sp.End && sp.End <= len(pr.source) &&
			sc.ReadsAs(it.KeyID, pr.source[sp.Start:sp.End], pr.src) {
			return pr.source[sp.Start:sp.End]
		}
	}
	text, err := sc.Spell(it.KeyID, pr.loc)
	if err != nil {
		pr.settingMissing(text, it.KeyID, it.KeySpan, err)
	}
	return text
}

func (pr *printer) settingValue(sc *settings.Schema, it *ast.SettingsItem) string {
	if it.ValueID == "" {
		return pr.settingRaw(it.Value, it.ValueSpan)
	}
	text, err := sc.SpellValue(it.KeyID, it.ValueID, pr.loc)
	if err != nil {
		pr.settingMissing(text, it.ValueID, it.ValueSpan, err)
	}
	return text
}

// settingRaw prints text the schema does not know as written; it can only
// be right in the language it was written in.
func (pr *printer) settingRaw(text string, span source.Span) string {
	if pr.loc != pr.src {
		pr.diags = append(pr.diags, diag.Diagnostic{
			Code: diag.MissingMapping, Severity: diag.Error, Span: span,
			Message: "the settings entry " + strconv.Quote(text) + " is not in the settings schema, so it has no known spelling in " +
				pr.loc.String() + " (it is written in " + pr.src.String() + ")",
		})
	}
	return text
}

// settingMissing reports an entry printed in en-US (english) because it
// has no spelling of its own in the target locale (err says why).
func (pr *printer) settingMissing(english, id string, span source.Span, err error) {
	pr.diags = append(pr.diags, diag.Diagnostic{
		Code: diag.MissingMapping, Severity: diag.Error, Span: span,
		Message: "the settings entry " + strconv.Quote(english) + " (" + id + ") " + err.Error() + " in " + pr.loc.String(),
	})
}
