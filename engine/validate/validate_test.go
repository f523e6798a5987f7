package validate

import (
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// TestKnownIDs guards the element ids the validator names against catalog
// changes: a renamed id would silently disable a check.
func TestKnownIDs(t *testing.T) {
	v := vocab.Default()
	ids := []string{"__customString__", "__localizedString__", "wait", "null", "true", "false",
		"__if__", "__elif__", "__else__", "__end__", "__while__", "__forGlobalVariable__",
		"__forPlayerVariable__", "break", "continue", "__global__", "__map__", "__gamemode__"}
	for _, id := range []string{"createWorkshopSettingBool", "createWorkshopSettingInt", "createWorkshopSettingFloat",
		"createWorkshopSettingEnum", "createWorkshopSettingHero"} {
		if !isWorkshopSetting(id) {
			t.Errorf("%s is not recognised as a workshop setting", id)
		}
		ids = append(ids, id)
	}
	for id := range legacyArity {
		ids = append(ids, id)
	}
	for _, id := range ids {
		if v.Action(id) == nil && v.Value(id) == nil {
			t.Errorf("no element has id %q", id)
		}
	}
}
