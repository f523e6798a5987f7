package cost

import "github.com/wright-lsp/wright-lsp/engine/ast"

// A kind names a node that is not written as an element's name: literals,
// operators, variables, the rule itself, adjustments. Nodes written as an
// element's name (Wait(…), Add(…), Event Player) are named by the
// element's catalog id instead.
type kind uint8

// The kinds. Operator kinds follow opBase, one per ast.Op.
const (
	kRule         kind = iota // the rule's own element
	kCondition                // a condition's own elements
	kHeroPairs                // ⌊heroes/2⌋ of a top-level argument
	kNumber                   // 5, -0.5: a Number value and its literal
	kString                   // the "…" of Custom String
	kLocString                // the "…" of String (a localized key)
	kEnumMember               // a member in an enum slot: Ignore Condition
	kVariable                 // a variable name in a variable slot
	kSubroutine               // a subroutine name in a subroutine slot
	kWord                     // a bare word that names nothing known
	kImplicitNull             // an omitted format argument of Custom String or String
	kBad                      // text the parser could not read
	kUnknown                  // a name with arguments that names nothing known
	kGlobal                   // Global.x
	kPlayerVar                // P.x
	kIndex                    // a[i]
	kTeam                     // Team 1 written bare: Team(Team 1)
	kColor                    // a colour written bare (OW1 exports)
	kButton                   // a button written bare (OW1 exports)
	kHero                     // a hero written bare outside a hero slot
	kMap                      // a map written bare outside a map slot
	kGameMode                 // a game mode written bare outside a mode slot
	kTernary                  // c ? a : b
	kNot                      // !a
	opBase
	numKinds = opBase + 32
)

var kindNames = [numKinds]string{
	kRule: "rule", kCondition: "condition", kHeroPairs: "hero-pairs", kNumber: "number",
	kString: "string", kLocString: "localized-string", kEnumMember: "enum-member",
	kVariable: "variable-name", kSubroutine: "subroutine-name", kWord: "name",
	kImplicitNull: "implicit-null", kBad: "bad", kUnknown: "unknown",
	kGlobal: "global-variable", kPlayerVar: "player-variable", kIndex: "index",
	kTeam: "team", kColor: "color", kButton: "button", kHero: "hero", kMap: "map",
	kGameMode: "game-mode", kTernary: "operator:?:", kNot: "operator:!",
}

func init() {
	for op := ast.OpOr; op <= ast.OpPowAssign; op++ {
		prefix := "operator:"
		if op.IsAssign() {
			prefix = "assign:"
		}
		kindNames[opBase+kind(op)] = prefix + op.String()
	}
}

// opKind returns the kind of a binary or assignment operator.
func opKind(op ast.Op) kind {
	if op == ast.OpNone || int(op) >= int(numKinds-opBase) {
		return kUnknown
	}
	return opBase + kind(op)
}

// literalKind returns the kind of a member of the enum named id written
// bare where a value belongs, or kEnumMember when the enum holds no
// literal values.
func literalKind(id string) kind {
	switch id {
	case "TeamLiteral":
		return kTeam
	case "ColorLiteral":
		return kColor
	case "ButtonLiteral":
		return kButton
	case "HeroLiteral":
		return kHero
	case "MapLiteral":
		return kMap
	case "GamemodeLiteral":
		return kGameMode
	}
	return kEnumMember
}
