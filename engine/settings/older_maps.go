package settings

// This file holds map spellings that earlier versions of the game wrote and
// that exports still carry, so that a settings block written then reads.

import "github.com/wright-lsp/wright-lsp/engine/vocab"

// olderMapSpellings are names the catalog no longer gives a map but still
// shows: a map's event variant kept the name the base map had when the
// variant was added, followed by the locale's name for the event (the
// catalog's ru-RU lijiangControlCenterLny is "Лицзян: командный центр
// Лунный Новый год", while lijiangControlCenter is now "Командный центр
// Лицзян"; the ru-RU export ruRU_arena_duels_1v1.txt writes the older one).
// Each entry names the variant it comes from; TestOlderMapSpellings checks
// that the variant's name is the spelling plus the event's name, as another
// base and variant of the same locale spell it. They are read, never
// printed: the printer writes the current name.
var olderMapSpellings = []struct {
	loc     vocab.Locale
	mapID   string
	name    string
	variant string // the catalog map whose name holds the spelling
}{
	{vocab.RuRU, "lijiangControlCenter", "Лицзян: командный центр", "lijiangControlCenterLny"},
	{vocab.RuRU, "lijiangGarden", "Лицзян: сад", "lijiangGardenLny"},
	{vocab.RuRU, "lijiangNightMarket", "Лицзян: ночной рынок", "lijiangNightMarketLny"},
	{vocab.FrFR, "lijiangControlCenter", "Lijiang - Centre de contrôle", "lijiangControlCenterLny"},
	{vocab.FrFR, "lijiangGarden", "Lijiang - Jardin", "lijiangGardenLny"},
	{vocab.FrFR, "lijiangNightMarket", "Lijiang - Marché de nuit", "lijiangNightMarketLny"},
	{vocab.EsES, "lijiangControlCenter", "Centro de control de Lijiang", "lijiangControlCenterLny"},
	{vocab.EsES, "lijiangNightMarket", "Mercado nocturno de Lijiang", "lijiangNightMarketLny"},
	{vocab.DeDE, "lijiangNightMarket", "Lijiang Tower – Nachtmarkt", "lijiangNightMarketLny"},
	{vocab.ZhTW, "lijiangControlCenter", "灕江控制中心", "lijiangControlCenterLny"},
}

// addOlderMapSpellings makes the map index read the older spellings. They
// are not offered as suggestions, and a spelling that is some map's
// current name keeps meaning that map.
func (s *Schema) addOlderMapSpellings() {
	for _, o := range olderMapSpellings {
		m := s.v.Map(o.mapID)
		if m == nil {
			continue
		}
		s.mapIx.alias(o.loc, o.name, m)
	}
}
