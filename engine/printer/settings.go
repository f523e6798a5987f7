package printer

import "github.com/wright-lsp/wright-lsp/engine/ast"

// settings prints the settings block's items as written.
// TODO: translate keys and values through the settings schema.
func (pr *printer) settings(st *ast.Settings) {
	pr.settingsItems(1, st.Items)
}

func (pr *printer) settingsItems(indent int, items []*ast.SettingsItem) {
	for i, it := range items {
		if i > 0 && (it.Kind == ast.SettingsGroup || items[i-1].Kind == ast.SettingsGroup) {
			pr.b.WriteByte('\n')
		}
		switch it.Kind {
		case ast.SettingsGroup:
			pr.line(indent, it.Key)
			pr.line(indent, "{")
			pr.settingsItems(indent+1, it.Children)
			pr.line(indent, "}")
		case ast.SettingsPair:
			pr.line(indent, it.Key+": "+it.Value)
		default:
			pr.line(indent, it.Key)
		}
	}
}
