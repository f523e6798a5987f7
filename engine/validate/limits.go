package validate

// This file checks the limits the game puts on workshop settings (the
// Workshop Setting values that create lobby options).

import (
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/diag"
)

// MaxWorkshopSettings is how many workshop settings a mode can declare.
const MaxWorkshopSettings = 128

func isWorkshopSetting(id string) bool {
	switch id {
	case "createWorkshopSettingBool", "createWorkshopSettingInt", "createWorkshopSettingFloat",
		"createWorkshopSettingEnum", "createWorkshopSettingHero":
		return true
	}
	return false
}

// workshopSetting checks the category and name of one workshop setting:
// the game refuses ':', '{' and '}' in them, and a '|' makes the setting
// unreadable when the settings are pasted. (The game also strips '"', '(',
// ')', ',', '/', ';' and '\' when it copies settings; that is common in real
// modes and harmless, so it is left to lint.)
func (c *checker) workshopSetting(e *ast.Expr) {
	c.workshopSettings++
	if c.workshopSettings == MaxWorkshopSettings+1 {
		c.warnf(diag.TooManySettings, c.nameAt(e), "this is workshop setting %d: a mode has at most %d", c.workshopSettings, MaxWorkshopSettings)
	}
	for i := 0; i < 2 && i < len(e.Args); i++ {
		a := e.Args[i]
		if a.Kind != ast.Call || a.Elem == nil || a.Elem.ID != "__customString__" || len(a.Args) == 0 || a.Args[0].Kind != ast.String {
			continue
		}
		text := a.Args[0].Text
		what := "category"
		if i == 1 {
			what = "name"
		}
		switch {
		case strings.ContainsAny(text, ":{}"):
			c.warnf(diag.WorkshopSettingName, c.at(a.Args[0]), "the game rejects ':', '{' and '}' in a workshop setting's %s", what)
		case strings.ContainsAny(text, "|"):
			c.warnf(diag.WorkshopSettingName, c.at(a.Args[0]), "a '|' in a workshop setting's %s makes the setting unreadable when the settings are pasted", what)
		}
	}
}
