package settings

// This file reports entries the schema does not know, with the nearest
// known spellings ("did you mean"), found by edit distance on folded
// spellings.

import (
	"fmt"
	"strconv"

	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

func (r *resolver) warn(span source.Span, format string, args ...any) {
	r.diags = append(r.diags, diag.Diagnostic{
		Code: diag.UnknownSettingsEntry, Severity: diag.Warning, Span: span, Message: fmt.Sprintf(format, args...),
	})
}

// unknown reports an entry the schema does not know, suggesting the
// nearest spellings of the script's locale (en-US when it has none).
func (r *resolver) unknown(span source.Span, text string, cands [vocab.NumLocales][]string, format string, args ...any) {
	r.warn(span, format, args...)
	list := cands[r.loc]
	if len(list) == 0 {
		list = cands[vocab.EnUS]
	}
	if names := vocab.Nearest(text, list); len(names) > 0 {
		d := &r.diags[len(r.diags)-1]
		d.Suggestions = names
		d.Message += "; did you mean " + strconv.Quote(names[0]) + "?"
	}
}

func (r *resolver) report(p *problem, span source.Span) {
	if p == nil {
		return
	}
	d := diag.Diagnostic{Code: p.code, Severity: p.sev, Span: span, Message: p.msg}
	if p.cands != nil {
		if names := vocab.Nearest(p.text, p.cands); len(names) > 0 {
			d.Suggestions = names
			d.Message += "; did you mean " + strconv.Quote(names[0]) + "?"
		}
	}
	r.diags = append(r.diags, d)
}
