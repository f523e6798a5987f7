package ast

import (
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// Dump renders the structure of a script in a locale-neutral form: names
// appear as vocabulary ids, numbers by value, and spans, spelling, white
// space and comments between tokens are left out. Two scripts have the same
// structure exactly when their dumps are equal.
func Dump(s *Script) string {
	d := &dumper{}
	if s.Settings != nil {
		d.line(0, "settings")
		d.settings(1, s.Settings.Items)
	}
	if v := s.Variables; v != nil {
		d.line(0, "variables")
		if v.Global != nil {
			d.line(1, "global")
			d.decls(2, v.Global.Decls)
		}
		if v.Player != nil {
			d.line(1, "player")
			d.decls(2, v.Player.Decls)
		}
	}
	if s.Subroutines != nil {
		d.line(0, "subroutines")
		d.decls(1, s.Subroutines.Decls)
	}
	for _, r := range s.Rules {
		head := "rule " + strconv.Quote(r.Name)
		if r.Disabled {
			head = "disabled " + head
		}
		d.line(0, head)
		if r.Event != nil {
			d.line(1, "event")
			for _, l := range r.Event.Lines {
				if l.Ref != nil {
					d.line(2, vocab.EntryOf(l.Ref).Kind.String()+" "+vocab.QualifiedID(l.Ref))
				} else {
					d.line(2, "text "+strconv.Quote(l.Text))
				}
			}
		}
		d.block(1, "conditions", r.Conditions)
		d.block(1, "actions", r.Actions)
	}
	d.block(0, "conditions", s.Conditions)
	d.block(0, "actions", s.Actions)
	return d.b.String()
}

type dumper struct{ b strings.Builder }

func (d *dumper) line(depth int, text string) {
	for range depth {
		d.b.WriteString("  ")
	}
	d.b.WriteString(text)
	d.b.WriteByte('\n')
}

func (d *dumper) decls(depth int, decls []VarDecl) {
	for _, v := range decls {
		d.line(depth, strconv.Itoa(v.Index)+" "+v.Name)
	}
}

func (d *dumper) settings(depth int, items []*SettingsItem) {
	for _, it := range items {
		key := it.KeyID
		if key == "" {
			key = "raw " + strconv.Quote(it.Key)
		}
		switch it.Kind {
		case SettingsGroup:
			d.line(depth, "group "+key)
			d.settings(depth+1, it.Children)
		case SettingsPair:
			val := dumpSettingValue(it.ValueID)
			if val == "" {
				val = "raw " + strconv.Quote(it.Value)
			}
			d.line(depth, "set "+key+" = "+val)
		default:
			d.line(depth, "word "+key)
		}
	}
}

// settingTruth gives the On/Off-style words their truth value. The game
// reads On, Yes and Enabled alike, and some locales spell Off and Disabled
// the same (ru-RU "Откл."), so which of them was written is spelling, not
// structure.
var settingTruth = map[string]string{
	"bool:on": "bool:true", "bool:yes": "bool:true", "bool:enabled": "bool:true",
	"bool:off": "bool:false", "bool:no": "bool:false", "bool:disabled": "bool:false",
}

func dumpSettingValue(id string) string {
	if t, ok := settingTruth[id]; ok {
		return t
	}
	return id
}

func (d *dumper) block(depth int, name string, b *Block) {
	if b == nil {
		return
	}
	d.line(depth, name)
	for _, st := range b.Statements {
		prefix := ""
		if st.Comment != nil {
			prefix += "comment " + strconv.Quote(st.Comment.Text) + " "
		}
		if st.Disabled {
			prefix += "disabled "
		}
		d.line(depth+1, prefix+DumpExpr(st.Body))
	}
}

// DumpExpr renders an expression in the locale-neutral form of Dump.
func DumpExpr(e *Expr) string {
	var b strings.Builder
	dumpExpr(&b, e)
	return b.String()
}

func dumpExpr(b *strings.Builder, e *Expr) {
	if e == nil {
		b.WriteString("<nil>")
		return
	}
	switch e.Kind {
	case Number:
		b.WriteString(strconv.FormatFloat(e.Num, 'g', -1, 64))
		return
	case String:
		if e.LocStr != nil {
			b.WriteString("locstr:" + e.LocStr.ID)
			return
		}
		b.WriteString(strconv.Quote(e.Text))
		return
	case Member:
		b.WriteString(vocab.QualifiedID(e.Member))
		return
	case Name:
		b.WriteString("name:" + e.Text)
		return
	case Global:
		b.WriteString("global." + e.Text)
		return
	case Call:
		if e.Elem != nil {
			b.WriteString(e.Elem.ID)
		} else {
			b.WriteString("unknown:" + strconv.Quote(e.Text))
		}
		if !e.Parens {
			return
		}
	case Binary, Assign:
		b.WriteString(e.Op.String())
	case PlayerVar:
		b.WriteString("player-var." + e.Text)
	default:
		b.WriteString(e.Kind.String())
	}
	b.WriteByte('(')
	for i, a := range e.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		dumpExpr(b, a)
	}
	b.WriteByte(')')
}
