package parser

import (
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/settings"
)

// resolveSettings resolves the settings block against the vocabulary's
// settings schema. It runs at the end of Parse: settings names are read in
// the script's locale, which is only decided once the whole text is read.
func (p *parser) resolveSettings(s *ast.Script) {
	if s.Settings != nil {
		p.diags = append(p.diags, settings.Resolve(s.Settings, p.src, p.v, s.Locale, p.accept)...)
	}
}

// voteSettings counts the settings block's names as locale votes, before
// the locale is decided.
func (p *parser) voteSettings(s *ast.Script) {
	if s.Settings != nil {
		settings.For(p.v).Vote(s.Settings, p.vote)
	}
}
