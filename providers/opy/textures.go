package opy

// This file holds OverPy's Texture enum: the game's texture ids (as in
// https://workshop.codes/wiki/articles/tx-reference-sheet), shown by a
// <txC…> tag.

import (
	"sort"
	"strconv"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// textures are the texture ids by member name.
var textures = map[string]uint32{
	"GROUP_UP":                          0x39DA,
	"ULTIMATE":                          0x39DB,
	"NEED_HEALING":                      0x39DD,
	"ATTACKING":                         0x39D7,
	"EMOTE":                             0x5A0A,
	"HELLO":                             0x5A0B,
	"NEED_HELP":                         0x5A0C,
	"THANKS":                            0x5A0D,
	"DEFENDING":                         0x2A9EC,
	"FALL_BACK":                         0x2A9EF,
	"GO":                                0x2A9F1,
	"GOING_IN":                          0x2A9F2,
	"INCOMING":                          0x2A9F5,
	"NO":                                0x2A9F9,
	"ON_MY_WAY":                         0x2A9FA,
	"PRESS_THE_ATTACK":                  0x2A9FB,
	"PUSH_FORWARD":                      0x2A9FC,
	"SORRY":                             0x2A9FE,
	"WITH_YOU":                          0x2AA00,
	"MERCY_ANGELIC_DESCENT":             0x12F6,
	"BRIGITTE_SHIELD_BASH":              0x3339,
	"LUCIO_HEALING_CROSSFADE":           0x3C5D,
	"REAPER_PASSIVE":                    0x3FCF,
	"TORBJORN_SCRAP_COLLECTOR":          0x3FD0,
	"JUNKRAT_PASSIVE":                   0x4E54,
	"DVA_LIGHT_GUN":                     0x4EA9,
	"DVA_ALTERNATE_ULT":                 0x4EAB,
	"DVA_PASSIVE":                       0x5405,
	"SOMBRA_STEALTH":                    0xA6B6,
	"SOMBRA_PASSIVE":                    0xAFBF,
	"DOOMFIST_PASSIVE":                  0xF4C2,
	"BRIGITTE_PASSIVE":                  0x144A8,
	"HANZO_LUNGE":                       0x14F0C,
	"JUNKER_QUEEN_PASSIVE":              0x2BE58,
	"HALLOWEEN_TERROR":                  0xABAB,
	"BLIZZARD_SPECIAL":                  0xABAC,
	"SUMMER_GAMES":                      0xABAD,
	"OVERWATCH_LEAGUE_TOKENS":           0x13DCC,
	"PINK_MERCY_HEART":                  0x17112,
	"LOCK":                              0x12F3,
	"OVERWATCH_COINS":                   0x8E02,
	"COMPETITIVE_POINTS":                0x906E,
	"ESCORT":                            0x20AF3,
	"ELIMINATION":                       0x20AF4,
	"DEATHMATCH":                        0x20AF5,
	"CAPTURE_THE_FLAG":                  0x20AF6,
	"CONTROL":                           0x20AF7,
	"ASSAULT":                           0x20AF8,
	"FLASHPOINT":                        0x320D2,
	"TEAM_DEATHMATCH":                   0x20AF9,
	"SKIRMISH":                          0x20AFA,
	"HYBRID":                            0x20AFB,
	"PUSH":                              0x215B4,
	"PRACTICE_RANGE":                    0x280C0,
	"EXPERIMENTAL_MODE_DARK":            0x2A057,
	"FLAG_IRELAND":                      0x2201A,
	"FLAG_ARGENTINA":                    0x2205F,
	"FLAG_BELGIUM":                      0x22061,
	"FLAG_BULGARIA":                     0x22062,
	"FLAG_CHILE":                        0x22063,
	"FLAG_COLOMBIA":                     0x22064,
	"FLAG_GREECE":                       0x22065,
	"FLAG_ICELAND":                      0x22066,
	"FLAG_INDIA":                        0x22067,
	"RIGHT_CLICK":                       0x4080,
	"SCROLL_UP":                         0x5DA0,
	"SCROLL_DOWN":                       0x5DA1,
	"SCROLL":                            0x5DAD,
	"MOUSE_SIDE_BUTTON":                 0x5DAB,
	"DPAD_UP_ARROW":                     0x44A6,
	"DPAD_DOWN_ARROW":                   0x44B3,
	"DPAD_LEFT_ARROW":                   0x44B2,
	"DPAD_RIGHT_ARROW":                  0x44A5,
	"Y_BUTTON":                          0x44B2,
	"B_BUTTON":                          0x44B1,
	"A_BUTTON":                          0x44AF,
	"MOUSE_CURSOR":                      0x2DD21,
	"MICROPHONE":                        0x7114,
	"WORKSHOP":                          0x1F70D,
	"HERO_BORDER":                       0x3EC4B,
	"BRONZE_BORDER":                     0x7EA3,
	"PACKET_LOSS":                       0x894E,
	"CONNECTIVITY_ISSUE":                0x894F,
	"EXPLOSION_DARK":                    0xA824,
	"TARGET_WITH_CHECKMARK_DARK":        0xA825,
	"FIRE_DARK":                         0xA826,
	"HEALING_PLUS_DARK":                 0xA827,
	"TARGET_WITH_PERSON_DARK":           0xA82A,
	"TRACER_ICON_DARK":                  0xB273,
	"COMPETITIVE_ICON":                  0xB274,
	"GAME_BROWSER_ICON_DARK":            0xB275,
	"UNRANKED_ICON_DARK":                0xB277,
	"SQUARE_GRADIENT_TRANSPARENT_BLACK": 0x21CC9,
}

func sortedKeys[V any](m map[string]V) []string {
	keys := keysOf(m)
	sort.Strings(keys)
	return keys
}

// textureTag is the tag that shows a texture: "<txC" and its id in 14
// hexadecimal digits.
func textureTag(id uint32) string {
	hex := strconv.FormatUint(uint64(id), 16)
	return "<txc" + "00000000000000"[len(hex):] + hex + ">"
}

// texture lowers Texture.NAME: a Custom String holding the texture's
// tag, whose '<' is the run-time one (lower_string_tags.go).
func (c *compiler) texture(e *Member) *wnode {
	id, ok := textures[e.Name]
	if !ok {
		x := c.d.errorf(codeUnknownTexture, e.NameLoc, "'Texture' has no member '"+e.Name+"'")
		if s := vocab.Nearest(e.Name, sortedKeys(textures)); len(s) > 0 {
			x.Message += "; did you mean '" + s[0] + "'?"
			x.suggest(s...)
		}
		return nil
	}
	c.enableTags(e.Loc)
	return c.customStr("{0}"+textureTag(id)[1:], e.Loc, c.holygrailValue(e.Loc))
}
