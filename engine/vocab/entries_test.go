package vocab_test

import (
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

func TestParamAt(t *testing.T) {
	two := &vocab.Element{Entry: vocab.Entry{ID: "__two__"}, Params: []vocab.Param{{Name: "A"}, {Name: "B"}}}
	array := &vocab.Element{Entry: vocab.Entry{ID: "__array__"}, Params: []vocab.Param{{Name: "Value"}}}
	bare := &vocab.Element{Entry: vocab.Entry{ID: "__array__"}}
	for _, c := range []struct {
		el   *vocab.Element
		i    int
		want string // the slot's name; "" for nil
	}{
		{two, 0, "A"},
		{two, 1, "B"},
		{two, 2, ""}, // past the last slot
		{array, 0, "Value"},
		{array, 5, "Value"}, // Array's one slot for each argument
		{bare, 0, ""},       // no slot to repeat
	} {
		got := ""
		if p := c.el.ParamAt(c.i); p != nil {
			got = p.Name
		}
		if got != c.want {
			t.Errorf("%s.ParamAt(%d) = %q, want %q", c.el.ID, c.i, got, c.want)
		}
	}
	// The slot is the element's own, not a copy.
	if p := two.ParamAt(1); p != &two.Params[1] {
		t.Error("ParamAt(1) does not point into Params")
	}
}

func TestLiteralEnum(t *testing.T) {
	for _, c := range []struct {
		t    vocab.Type
		want string
	}{
		{vocab.Type{Name: "Color"}, "ColorLiteral"},
		{vocab.Type{Name: "Button"}, "ButtonLiteral"},
		{vocab.Type{Name: "Team"}, "TeamLiteral"},
		{vocab.Type{Name: "Hero"}, "HeroLiteral"},
		{vocab.Type{Name: "Map"}, "MapLiteral"},
		{vocab.Type{Name: "Gamemode"}, "GamemodeLiteral"},
		{vocab.Type{Name: "float"}, ""},
		{vocab.Type{}, ""},
		{vocab.Type{Elem: &vocab.Type{Name: "Hero"}}, ""}, // an array of heroes is no hero
		{vocab.Type{Union: []vocab.Type{{Name: "Player"}, {Name: "Team"}}}, "TeamLiteral"},
		{vocab.Type{Union: []vocab.Type{{Name: "Team"}, {Name: "Color"}}}, "ColorLiteral"}, // Color first
	} {
		if got := c.t.LiteralEnum(); got != c.want {
			t.Errorf("(%s).LiteralEnum() = %q, want %q", c.t, got, c.want)
		}
	}
}

func TestFlowOf(t *testing.T) {
	for id, want := range map[string]vocab.Flow{
		"__if__":                vocab.FlowOpen,
		"__while__":             vocab.FlowOpen,
		"__forGlobalVariable__": vocab.FlowOpen,
		"__forPlayerVariable__": vocab.FlowOpen,
		"__elif__":              vocab.FlowMiddle,
		"__else__":              vocab.FlowMiddle,
		"__end__":               vocab.FlowEnd,
		"__wait__":              vocab.FlowNone,
		"__loopIf__":            vocab.FlowNone,
		"break":                 vocab.FlowNone,
		"":                      vocab.FlowNone,
	} {
		if got := vocab.FlowOf(id); got != want {
			t.Errorf("FlowOf(%q) = %d, want %d", id, got, want)
		}
	}
}
