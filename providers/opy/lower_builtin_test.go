package opy

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/diag"
)

// snippetProgram is a program around the statements of a test: a rule
// of each player with variables and a subroutine to use.
func snippetProgram(lines string) string {
	var b strings.Builder
	b.WriteString("globalvar aa\nplayervar pv\nsubroutine f\nrule \"t\":\n    @Event eachPlayer\n")
	for _, l := range strings.Split(strings.Trim(lines, "\n"), "\n") {
		b.WriteString("    " + strings.TrimSpace(l) + "\n")
	}
	return b.String()
}

// actionDump is the structure of the actions of the first rule of a
// Workshop text, one line an action.
func actionDump(t *testing.T, name, text string) string {
	t.Helper()
	dump, errs := structure(t, name, text)
	if len(errs) > 0 {
		t.Fatalf("%s does not parse: %s\n%s", name, errs[0].Message, text)
	}
	lines := strings.Split(dump, "\n")
	var out []string
	in := false
	for _, l := range lines {
		switch {
		case l == "  actions":
			in = true
		case in && strings.HasPrefix(l, "    "):
			out = append(out, strings.TrimSpace(l))
		case in:
			return strings.Join(out, "\n")
		}
	}
	return strings.Join(out, "\n")
}

// expectActions compiles statements and compares their actions with
// Workshop text (one action a line, in English).
func expectActions(t *testing.T, src, want string) {
	t.Helper()
	res := Compile("t.opy", snippetProgram(src), Options{})
	for _, d := range res.Diags {
		if d.Severity == diag.Error {
			t.Fatalf("%s: unexpected error %s: %s", src, d.Code, d.Message)
		}
	}
	wantText := "rule (\"t\") {\n    event {\n        Ongoing - Each Player;\n        All;\n        All;\n    }\n    actions {\n"
	for _, l := range strings.Split(strings.Trim(want, "\n"), "\n") {
		wantText += "        " + strings.TrimSpace(l) + "\n"
	}
	wantText += "    }\n}\n"
	got, exp := actionDump(t, "got", res.Text), actionDump(t, "want", wantText)
	if got != exp {
		t.Errorf("%s\n got: %s\nwant: %s", src, got, exp)
	}
}

func TestBuiltinLowering(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"getAllPlayers", "A = getAllPlayers()", "Set Global Variable(A, All Players(All Teams));"},
		{"bare names", "A = getAllPlayers\nA = getCurrentMap\nC = Map.SAMOA", "Set Global Variable(A, All Players(All Teams));\n" +
			"Set Global Variable(A, Value In Array(Filtered Array(Array(Map(Samoa), Current Map), Compare(Custom String(\"{0}\", Current Map), ==, String Split(Current Array Element, Empty Array))), 0));\n" +
			"Set Global Variable(C, Map(Samoa));"},
		{"getSign", "A = getSign(-3)",
			"Set Global Variable(A, Divide(Divide(Multiply(Multiply(-3, 999999999999), 999999999999), 999999999999), 10));"},
		{"lerp", "A = lerp(B, C, D)",
			"Set Global Variable(A, Add(Multiply(Global.B, Subtract(1, Global.D)), Multiply(Global.C, Global.D)));"},
		{"lerp by keyword", "A = lerp(end=C, t=D, start=B)",
			"Set Global Variable(A, Add(Multiply(Global.B, Subtract(1, Global.D)), Multiply(Global.C, Global.D)));"},
		{"reverse", "A = B.reverse()", "Set Global Variable(A, Sorted Array(Global.B, Multiply(-1, Current Array Index)));"},
		{"reverse of a literal array", "A = [X, Y, Z].reverse()", "Set Global Variable(A, Array(Global.Z, Global.Y, Global.X));"},
		{"sorted by the negated index", "A = sorted([1, B], key=lambda x, i: i * -1)", "Set Global Variable(A, Array(Global.B, 1));"},
		{"sorted", "A = sorted(B)", "Set Global Variable(A, Sorted Array(Global.B, Current Array Element));"},
		{"unique", "A = B.unique()",
			"Set Global Variable(A, Mapped Array(Filtered Array(Global.B, Compare(Index Of Array Value(Global.B, Current Array Element), ==, Current Array Index)), Current Array Element));"},
		{"getOppositeTeam of a player", "A = eventPlayer.getOppositeTeam()",
			"Set Global Variable(A, Opposite Team Of(Team Of(Event Player)));"},
		{"getOppositeTeam", "A = getOppositeTeam(Team.1)", "Set Global Variable(A, Opposite Team Of(Team 1));"},
		{"getRealClosestPlayer", "A = getRealClosestPlayer(B)",
			"Set Global Variable(A, Value In Array(Sorted Array(Mapped Array(Filtered Array(All Living Players(All Teams), Has Spawned(Current Array Element)), Current Array Element), Distance Between(Current Array Element, Global.B)), 0));"},
		{"getRealFarthestPlayers", "A = getRealFarthestPlayers(B, team=Team.2)",
			"Set Global Variable(A, Sorted Array(Mapped Array(Filtered Array(All Living Players(Team 2), Has Spawned(Current Array Element)), Current Array Element), Multiply(-1, Distance Between(Current Array Element, Global.B))));"},
		{"getRealPlayerClosestToReticle", "A = B.getRealPlayerClosestToReticle()",
			"Set Global Variable(A, Value In Array(Sorted Array(Mapped Array(Filtered Array(All Living Players(All Teams), And(Has Spawned(Current Array Element), Compare(Current Array Element, !=, Global.B))), Current Array Element), Angle Between Vectors(Facing Direction Of(Global.B), Subtract(Current Array Element, Eye Position(Global.B)))), 0));"},
		{"getRealPlayersInRadius", "A = getRealPlayersInRadius(B, 5, losCheck=LosCheck.SURFACES)",
			"Set Global Variable(A, Mapped Array(Filtered Array(Players Within Radius(Global.B, 5, All Teams, Surfaces), And(Is Alive(Current Array Element), Has Spawned(Current Array Element))), Current Array Element));"},
		{"getRealPlayersInViewAngle", "A = B.getRealPlayersInViewAngle(Team.1, 30)",
			"Set Global Variable(A, Mapped Array(Filtered Array(Players in View Angle(Global.B, Team 1, 30), And(Is Alive(Current Array Element), Has Spawned(Current Array Element))), Current Array Element));"},
		{"lineIntersectsSphere", "A = lineIntersectsSphere(B, C, D, E)",
			"Set Global Variable(A, Compare(Angle Between Vectors(Global.B, Global.C), <=, Arcsine In Degrees(Divide(Global.E, Distance Between(Global.B, Global.D)))));"},
		{"timeToString", "A = timeToString(B)",
			"Set Global Variable(A, Custom String(\"{0}:{1}:{2}\", Round To Integer(Divide(Global.B, 3600), Down), String Slice(Add(Divide(Modulo(Global.B, 3600), 60), 100), True, 2), String Slice(Add(Modulo(Global.B, 60), 100), True, 9999)));"},
		{"buttonToString", "A = buttonToString(Button.JUMP)",
			"Set Global Variable(A, Mapped Array(Input Binding String(Button(Jump)), Value In Array(String Split(Custom String(\"{0}(0.00, 1.00, 0.00)[{0}](0.00, 1.00, 0.00)[SHIFT](0.00, 1.00, 0.00)[CTRL](0.00, 1.00, 0.00)[ALT]\", Current Array Element), Value In Array(Up, 0)), And(Compare(Modulo(String Length(Custom String(\"\\\\{0}{0}{0}{0}{0}{0}{0}\", Current Array Element)), 7), ==, 1), Absolute Value(Index Of Array Value(String Split(Custom String(\"\uec470\uec470LSHIFT0LCONTROL0LALT\"), Value In Array(Null, 0)), Current Array Element))))));"},
		{"hudHeader with defaults", `hudHeader(text="a")`,
			`Create HUD Text(All Players(All Teams), Custom String("a"), Null, Null, Left, 0, Color(White), Null, Null, Visible To Sort Order String and Color, Default Visibility);`},
		{"hudSubheader", `hudSubheader(A, "b", color=Color.RED, sortOrder=3)`,
			`Create HUD Text(Global.A, Null, Custom String("b"), Null, Left, 3, Null, Color(Red), Null, Visible To Sort Order String and Color, Default Visibility);`},
		{"hudSubtext", `hudSubtext(A, "c", HudPosition.RIGHT)`,
			`Create HUD Text(Global.A, Null, Null, Custom String("c"), Right, 0, Null, Null, Color(White), Visible To Sort Order String and Color, Default Visibility);`},
		{"print", `print(A)`,
			"Create HUD Text(All Players(All Teams), Global.A, Custom String(\"" + strings.Repeat(emSpace, 125) + "{0}\", Custom String(\"" + strings.Repeat(emSpace, 45) + "\")), Null, Left, -9999, Color(Orange), Null, Null, Visible To and String, Default Visibility);"},
		{"floor ceil round", "A = [floor(B), ceil(B), round(B)]",
			"Set Global Variable(A, Array(Round To Integer(Global.B, Down), Round To Integer(Global.B, Up), Round To Integer(Global.B, To Nearest)));"},
		{"log", "A = log(B)", "Set Global Variable(A, Multiply(10000, Subtract(Raise To Power(Global.B, 0.0001), 1)));"},
		{"log of base e", "A = log(B, Math.E)", "Set Global Variable(A, Multiply(10000, Subtract(Raise To Power(Global.B, 0.0001), 1)));"},
		{"log of a base", "A = log(B, 10)",
			"Set Global Variable(A, Divide(Multiply(10000, Subtract(Raise To Power(Global.B, 0.0001), 1)), Multiply(10000, Subtract(Raise To Power(10, 0.0001), 1))));"},
		{"hsl", "A = hsl(B, C, D)",
			"Set Global Variable(A, Custom Color(Multiply(Subtract(Global.D, Multiply(Multiply(Global.C, Min(Global.D, Subtract(1, Global.D))), Max(Min(Min(Subtract(Modulo(Add(0, Divide(Global.B, 30)), 12), 3), Subtract(9, Modulo(Add(0, Divide(Global.B, 30)), 12))), 1), -1))), 255), Multiply(Subtract(Global.D, Multiply(Multiply(Global.C, Min(Global.D, Subtract(1, Global.D))), Max(Min(Min(Subtract(Modulo(Add(8, Divide(Global.B, 30)), 12), 3), Subtract(9, Modulo(Add(8, Divide(Global.B, 30)), 12))), 1), -1))), 255), Multiply(Subtract(Global.D, Multiply(Multiply(Global.C, Min(Global.D, Subtract(1, Global.D))), Max(Min(Min(Subtract(Modulo(Add(4, Divide(Global.B, 30)), 12), 3), Subtract(9, Modulo(Add(4, Divide(Global.B, 30)), 12))), 1), -1))), 255), 255));"},
		{"hsla", "A = hsla(B, C, D, 100)", "Set Global Variable(A, Custom Color(Multiply(Subtract(Global.D, Multiply(Multiply(Global.C, Min(Global.D, Subtract(1, Global.D))), Max(Min(Min(Subtract(Modulo(Add(0, Divide(Global.B, 30)), 12), 3), Subtract(9, Modulo(Add(0, Divide(Global.B, 30)), 12))), 1), -1))), 255), Multiply(Subtract(Global.D, Multiply(Multiply(Global.C, Min(Global.D, Subtract(1, Global.D))), Max(Min(Min(Subtract(Modulo(Add(8, Divide(Global.B, 30)), 12), 3), Subtract(9, Modulo(Add(8, Divide(Global.B, 30)), 12))), 1), -1))), 255), Multiply(Subtract(Global.D, Multiply(Multiply(Global.C, Min(Global.D, Subtract(1, Global.D))), Max(Min(Min(Subtract(Modulo(Add(4, Divide(Global.B, 30)), 12), 3), Subtract(9, Modulo(Add(4, Divide(Global.B, 30)), 12))), 1), -1))), 255), 100));"},
		{"Math numbers", "A = [Math.PI, Math.EPSILON, Math.INFINITY, Math.SPHERE_HORIZONTAL_RADIUS_MULT, Math.SPHERE_VERTICAL_RADIUS_MULT, Math.INNER_RING_RADIUS_MULT, Math.OUTER_RING_RADIUS_MULT, Math.RING_EXPLOSION_RADIUS_MULT]",
			"Set Global Variable(A, Array(3.141592653589793, 0.0000001192093, 999999999999, 0.984724, 0.998959, 0.9415, 0.94965, 0.48));"},
		{"Math spaces", "A = Math.LOTS_OF_SPACES",
			"Set Global Variable(A, Custom String(\"" + strings.Repeat(emSpace, 125) + "{0}\", Custom String(\"" + strings.Repeat(emSpace, 45) + "\")));"},
		{"Math newlines", "A = Math.FUCKTON_OF_NEWLINES", "Set Global Variable(A, Custom String(\"" + strings.Repeat(`\n`, 125) + "\"));"},
		{"chase by rate", "chase(eventPlayer.pv, 1, rate=2, ChaseReeval.NONE)",
			"Chase Player Variable At Rate(Event Player, pv, 1, 2, None);"},
		{"chase by duration", "chase(A, 1, duration=2, ChaseReeval.DESTINATION_AND_DURATION)",
			"Chase Global Variable Over Time(A, 1, 2, Destination and Duration);"},
		{"chaseAtRate default", "chaseAtRate(A, 1, 2)", "Chase Global Variable At Rate(A, 1, 2, Destination and Rate);"},
		{"chaseOverTime by keyword", "chaseOverTime(A, 1, duration=2, reevaluation=ChaseTimeReeval.NONE)",
			"Chase Global Variable Over Time(A, 1, 2, None);"},
		{"stopChasing", "stopChasing(A)\nstopChasingVariable(eventPlayer.pv)",
			"Stop Chasing Global Variable(A);\nStop Chasing Player Variable(Event Player, pv);"},
		{"async", "async(f, AsyncBehavior.RESTART)", "Start Rule(f, Restart Rule);"},
		{"raycast keywords", "A = raycast(B, C, include=D, exclude=E, includePlayerObjects=false).getNormal()",
			"Set Global Variable(A, Ray Cast Hit Normal(Global.B, Global.C, Global.D, Global.E, False));"},
		{"raycast", "A = raycast(B, C, D, E, true).getPlayerHit()",
			"Set Global Variable(A, Ray Cast Hit Player(Global.B, Global.C, Global.D, Global.E, True));"},
		{"arrayToString", "A = arrayToString(B, 1)",
			"Set Global Variable(A, Mapped Array(Mapped Array(Array(Mapped Array(Global.B, If-Then-Else(Or(Compare(Count Of(Current Array Element), ==, 1), And(Compare(Current Array Element, ==, Empty Array), Compare(Current Array Element, !=, Null))), Custom String(\"[{0}]\", Current Array Element), If-Then-Else(Count Of(Current Array Element), Custom String(\"[{0}, \u2026+{1}]\", Current Array Element, Subtract(Count Of(Current Array Element), 1)), Current Array Element)))), Append To Array(Append To Array(Or(Count Of(Current Array Element), And(Compare(Current Array Element, ==, Empty Array), Compare(Current Array Element, !=, Null))), If-Then-Else(And(Not(Count Of(Current Array Element)), Compare(Current Array Element, !=, Empty Array)), 3, Multiply(Count Of(Current Array Element), 3))), Current Array Element)), If-Then-Else(Value In Array(Current Array Element, 0), Custom String(\"[{0}{1}]\", String Replace(Custom String(\"{0}, \u2026\x01\", Value In Array(Current Array Element, 2)), String Slice(Custom String(\"0, \u2026\x01\"), Add(-2, Value In Array(Current Array Element, 1)), Subtract(7, Value In Array(Current Array Element, 1))), Empty Array), If-Then-Else(Compare(Value In Array(Current Array Element, 1), >, 3), Custom String(\"+{0}\", Subtract(Divide(Value In Array(Current Array Element, 1), 3), 1)), Empty Array)), String Split(Value In Array(Current Array Element, 2), Empty Array))));"},
		{"enum toArray", "A = Button.toArray()", "Set Global Variable(A, " + buttonArray + ");"},
		{"any of a comprehension", "A = any([x == 2 for x in B])",
			"Set Global Variable(A, Is True For Any(Global.B, Compare(Current Array Element, ==, 2)));"},
		{"all without a lambda", "A = B.all()", "Set Global Variable(A, Is True For All(Global.B, Current Array Element));"},
		{"old member names", "A = eventPlayer.getCurrentHero()\nA = eventPlayer.hasStatusEffect(Status.FROZEN)\neventPlayer.stopAllHoT()",
			"Set Global Variable(A, Hero Of(Event Player));\nSet Global Variable(A, Has Status(Event Player, Frozen));\nStop All Heal Over Time(Event Player);"},
		{"old free names", "A = rgba(1, 2, 3, 4)\nremoveFromGame(eventPlayer)\nA = updateEveryTick(B)\nA = buttonString(Button.JUMP)",
			"Set Global Variable(A, Custom Color(1, 2, 3, 4));\nRemove Player(Event Player);\nSet Global Variable(A, Update Every Frame(Global.B));\nSet Global Variable(A, Input Binding String(Button(Jump)));"},
		{"tabular", "# rows\ntabular([A, aa, eventPlayer.pv], [1, 2, 3, 4, 5, 6])",
			"\"rows\"\nSet Global Variable(A, Array(1, 4));\nSet Global Variable(aa, Array(2, 5));\nSet Player Variable(Event Player, pv, Array(3, 6));"},
		{"splitDictArray", "splitDictArray({x: A, y: B[1]}, [{x: 1}, {y: 2, x: 3}])",
			"Set Global Variable(A, Array(1, 3));\nSet Global Variable At Index(B, 1, Array(Null, 2));"},
		{"splitDictArray without rows", "splitDictArray({x: A}, [])", "Set Global Variable(A, Empty Array);"},
		{"createWorkshopSetting bool", `A = createWorkshopSetting(bool, "", "b", true)`,
			"Set Global Variable(A, Workshop Setting Toggle(Custom String(\"\u3000\"), Custom String(\"b\"), True, 0));"},
		{"createWorkshopSetting ints", "A = createWorkshopSetting(unsigned int, \"c\", \"a\", 3)\nA = createWorkshopSetting(int<:6>, \"c\", \"b\", -3, 2)",
			"Set Global Variable(A, Workshop Setting Integer(Custom String(\"c\"), Custom String(\"a\"), 3, 0, 999999999999, 0));\nSet Global Variable(A, Workshop Setting Integer(Custom String(\"c\"), Custom String(\"b\"), -3, -9999999999999, 6, 2));"},
		{"createWorkshopSetting floats", "A = createWorkshopSetting(signed float, \"c\", \"a\", 3.5)\nA = createWorkshopSetting(float<-2.5:19>, \"c\", \"b\", 1)",
			"Set Global Variable(A, Workshop Setting Real(Custom String(\"c\"), Custom String(\"a\"), 3.5, -999999999999, 0, 0));\nSet Global Variable(A, Workshop Setting Real(Custom String(\"c\"), Custom String(\"b\"), 1, -2.5, 19, 0));"},
		{"createWorkshopSetting hero", `A = createWorkshopSetting(Hero, "c", "h", Hero.HAMMOND, 3)`,
			`Set Global Variable(A, Workshop Setting Hero(Custom String("c"), Custom String("h"), Wrecking Ball, 3));`},
		{"createWorkshopSetting enum", "A = createWorkshopSetting(enum[\"a\", \"b\"], \"c\", \"e\", 0)",
			`Set Global Variable(A, Workshop Setting Combo(Custom String("c"), Custom String("e"), 0, Array(Custom String("a"), Custom String("b")), 0));`},
		{"setting names made unique", "A = createWorkshopSetting(int, \"c\", \"n\", 1)\nA = createWorkshopSettingInt(\"c\", \"n\", 1, 0, 2)\nA = createWorkshopSetting(bool, \"c\", \"n\", false)",
			"Set Global Variable(A, Workshop Setting Integer(Custom String(\"c\"), Custom String(\"n\"), 1, -999999999999, 999999999999, 0));\nSet Global Variable(A, Workshop Setting Integer(Custom String(\"c\"), Custom String(\"n\x01\"), 1, 0, 2, 0));\nSet Global Variable(A, Workshop Setting Toggle(Custom String(\"c\"), Custom String(\"n\x02\"), False, 0));"},
		{"setting characters hidden", `A = createWorkshopSettingEnum("a:{b}", "b:(x);", 0, ["{o}"])`,
			"Set Global Variable(A, Workshop Setting Combo(Custom String(\"a\U000E003A\U000E007Bb\U000E007D\"), Custom String(\"b\U000E003A\U000E0028x\U000E0029\U000E003B\"), 0, Array(Custom String(\"\U000E007Bo\U000E007D\")), 0));"},
		{"getCurrentMap alone", "A = getCurrentMap()", "Set Global Variable(A, Current Map);"},
		{"getCurrentMap with a same-name map", "A = getCurrentMap()\nC = Map.SAMOA",
			"Set Global Variable(A, Value In Array(Filtered Array(Array(Map(Samoa), Current Map), Compare(Custom String(\"{0}\", Current Map), ==, String Split(Current Array Element, Empty Array))), 0));\nSet Global Variable(C, Map(Samoa));"},
		{"getCurrentMap compared", "A = Map.ESPERANCA == getCurrentMap()\nA = getCurrentMap() == Map.THRONE_OF_ANUBIS",
			"Set Global Variable(A, Compare(Custom String(\"{0}\", Current Map), ==, Custom String(\"{0}\", Map(Esperança))));\nSet Global Variable(A, Compare(Current Map, ==, Map(Throne of Anubis)));"},
		{"getCurrentMap compared by its bare name", "A = getCurrentMap == Map.SAMOA",
			"Set Global Variable(A, Compare(Custom String(\"{0}\", Current Map), ==, Custom String(\"{0}\", Map(Samoa))));"},
		{"getCurrentMap compared otherwise", "A = getCurrentMap() != Map.THRONE_OF_ANUBIS",
			"Set Global Variable(A, Compare(Value In Array(Filtered Array(Array(Map(Throne of Anubis), Current Map), Compare(Custom String(\"{0}\", Current Map), ==, String Split(Current Array Element, Empty Array))), 0), !=, Map(Throne of Anubis)));"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { expectActions(t, tt.src, tt.want) })
	}
}

// buttonArray is the value of Button alone.
var buttonArray = "Array(Button(Ability 1), Button(Ability 2), Button(Crouch), Button(Interact), Button(Jump), Button(Melee), Button(Primary Fire), Button(Reload), Button(Secondary Fire), Button(Ultimate))"

func TestCurrentMapInConditions(t *testing.T) {
	src := "rule \"t\":\n    @Condition getCurrentMap() == Map.SAMOA\n    @Condition getCurrentMap() == B\n    A = 1\n"
	res := Compile("t.opy", src, Options{})
	if Errors(res.Diags) > 0 {
		t.Fatalf("unexpected errors: %v", res.Diags)
	}
	want := "Custom String(\"{0}\", Current Map) == Custom String(\"{0}\", Map(Samoa));\n" +
		"Value In Array(Filtered Array(Array(Map(Samoa), Current Map), Compare(Custom String(\"{0}\", Current Map), ==, String Split(Current Array Element, Empty Array))), 0) == Global.B;"
	got, _ := structure(t, "got", res.Text)
	exp, _ := structure(t, "want", "rule (\"t\") {\n event { Ongoing - Global; }\n conditions {\n"+want+"\n }\n actions { Set Global Variable(A, 1); }\n}\n")
	gotRule := got[strings.Index(got, "rule "):]
	if gotRule != exp {
		t.Errorf("got\n%s\nwant\n%s", gotRule, exp)
	}
}

func TestBuiltinErrors(t *testing.T) {
	long := strings.Repeat("x", 129)
	tests := []struct {
		src  string
		code string
		// at is the text the error spans: its first occurrence in src,
		// or "" for the whole statement.
		at  string
		msg string
	}{
		{"A = lerp(B, C)", "missing-argument", "lerp(B, C)", "'lerp' needs its argument 't'"},
		{"A = lerp(B, C, D, E)", "wrong-argument-count", "E", "'lerp' takes 3 arguments: this one is extra"},
		{"A = getSign(x=1)", "unknown-keyword-argument", "x", "'getSign' has no parameter 'x'"},
		{"A = B.reverse(1)", "wrong-argument-count", "1", "'.reverse' takes 0 arguments"},
		{"A = getRealPlayersInRadius(B, 5, losCheck=Team.1)", "expected-enum-member", "Team.1", "LosCheck"},
		{"A = hsl(400, 0.5, 0.5)", "argument-out-of-range", "400", "the hue of 'hsl' is between 0 and 360, not 400"},
		{"A = hsla(1, 0.5, 0.5, 300)", "argument-out-of-range", "300", "the alpha of 'hsla' is between 0 and 255"},
		{"A = hsl(random.randint(1, 2), 0.5, 0.5)", "random-argument", "random.randint(1, 2)", "'hsl'"},
		{"A = arrayToString(B, C)", "expected-literal", "C", "maxLength of 'arrayToString'"},
		{"A = arrayToString(B, 50)", "unsupported-feature", "50", "'arrayToString' with a maxLength above 41"},
		{"A = Math.FOO", "unknown-enum-member", "FOO", "'Math' has no member 'FOO'"},
		{"chase(A, 1, rate=2)", "wrong-argument-count", "(A, 1, rate=2)", "'chase' takes 4 arguments"},
		{"chase(A, 1, 2, ChaseReeval.NONE)", "missing-argument", "2", "the 3rd argument of 'chase' is rate=RATE or duration=DURATION"},
		{"chase(A, 1, rate=2, ChaseTimeReeval.NONE)", "expected-enum-member", "ChaseTimeReeval.NONE", "member of ChaseReeval"},
		{"chase(A, 1, rate=2, ChaseReeval.DESTINATION_AND_DURATION)", "unknown-enum-member", "DESTINATION_AND_DURATION", "for a chase by rate"},
		{"chaseAtRate(A[1], 1, 2)", "not-assignable", "A[1]", "'chaseAtRate' chases a variable"},
		{"chaseAtRate(A, 1, 2, ChaseTimeReeval.NONE)", "expected-enum-member", "ChaseTimeReeval.NONE", "ChaseRateReeval"},
		{"chaseOverTime(A, 1, rate=2)", "unknown-keyword-argument", "rate", "'chaseOverTime' has no parameter 'rate'"},
		{"stopChasing(1)", "not-assignable", "1", "'stopChasing' takes a variable"},
		{"stopChasingVariable()", "missing-argument", "", "'stopChasingVariable' needs its argument 'variable'"},
		{"async(f)", "wrong-argument-count", "(f)", "'async' takes 2 arguments, got 1"},
		{"A = raycast(B, C, D, E).getHitPosition()", "wrong-argument-count", "(B, C, D, E)", "'raycast' takes 5 arguments"},
		{"A = raycast(B, C, D, E, F).getHitPosition(1)", "wrong-argument-count", "(1)", "'.getHitPosition' takes 0 arguments, got 1"},
		{"A = raycast(B, C, foo=D, E, F).getNormal()", "unknown-keyword-argument", "foo", "the 3rd argument of 'raycast' is named include="},
		{"A = raycast(B, C, D, E, F)", "opy-syntax", "raycast(B, C, D, E, F)", ".getHitPosition()"},
		{"A = B.getHitPosition()", "unknown-function", "getHitPosition", "unknown member function 'getHitPosition'"},
		{`A = createWorkshopSetting(Player, "a", "b", 1)`, "opy-syntax", "Player", "'Player' is not a workshop setting type"},
		{`A = createWorkshopSetting(int, B, "b", 1)`, "expected-literal", "B", "string literals"},
		{`A = createWorkshopSetting(int, "a", "b", 1.5)`, "expected-literal", "1.5", "a whole number"},
		{`A = createWorkshopSetting(int<5:1>, "a", "b", 1)`, "argument-out-of-range", "int<5:1>", "the minimum of the setting (5) is above its maximum (1)"},
		{`A = createWorkshopSetting(int<x:1>, "a", "b", 1)`, "expected-literal", "x", "a bound of a setting type"},
		{`A = createWorkshopSetting(bool, "a", "b", 1)`, "expected-literal", "1", "true or false"},
		{`A = createWorkshopSetting(Hero, "a", "b", Team.1)`, "expected-literal", "Team.1", "Hero.ANA"},
		{`A = createWorkshopSetting(Hero, "a", "b", Hero.FOO)`, "unknown-enum-member", "FOO", "'Hero' has no member 'FOO'"},
		{`A = createWorkshopSetting(enum[], "a", "b", 0)`, "missing-argument", "enum[]", "at least one option"},
		{`A = createWorkshopSetting(int, "a", "b", 1, 2, 3)`, "wrong-argument-count", `(int, "a", "b", 1, 2, 3)`, "4 or 5 arguments"},
		{`A = createWorkshopSetting(int, "a", "b", 1, B)`, "expected-literal", "B", "the sort order"},
		{`A = createWorkshopSetting(int, "a", "` + long + `", 1)`, "string-too-long", `"` + long + `"`, "128 bytes at most"},
		{`A = createWorkshopSettingEnum("a", "b", 0, B)`, "expected-literal", "B", "an array of string literals"},
		{`A = createWorkshopSettingEnum("a", "b", 1, ["x"])`, "workshop-setting-enum-default", "1", "should be 0"},
		{`A = createWorkshopSettingInt("a", "b", 1, 0)`, "missing-argument", `createWorkshopSettingInt("a", "b", 1, 0)`, "'createWorkshopSettingInt' needs its argument 'max'"},
		{"tabular([A, B], [1, 2, 3])", "wrong-argument-count", "[1, 2, 3]", "its values come by 2: there are 3"},
		{"tabular([A], [1], true)", "unsupported-feature", "true", "compression"},
		{"tabular([A], [1], compress=B)", "expected-literal", "B", "true or false"},
		{"splitDictArray({x: A}, [{q: 1}])", "unknown-keyword-argument", "q", "the key 'q' is not one of the variables of 'splitDictArray' (x)"},
		{"splitDictArray({x: A}, [1])", "opy-syntax", "1", "each row of 'splitDictArray' is a dictionary"},
		{`splitDictArray({"x": A}, [])`, "opy-syntax", `"x"`, "the keys of 'splitDictArray' are names"},
		{"A = splitDictArray({x: A}, [])", "expected-value", "splitDictArray({x: A}, [])", "'splitDictArray' is an action, not a value"},
		{"lerp(A, B, C)", "expected-action", "lerp(A, B, C)", "'lerp' is a value, not an action"},
		{"A = compress(B)", "expected-literal", "B", "'compress' takes a literal array"},
		{"A = compress([])", "expected-literal", "[]", "an empty array cannot be compressed"},
		{"A = compressed([1, vect(1, 2, 3)])", "expected-literal", "[1, vect(1, 2, 3)]", "numbers or vectors, not both"},
		{"A = compress([1, B])", "expected-literal", "B", "literal numbers or vectors of literal numbers"},
		{"A = compress([1, 50000])", "argument-out-of-range", "50000", "within ±49999"},
		{"A = compressed([vect(1, 5000, 2)])", "argument-out-of-range", "vect(1, 5000, 2)", "within ±4999"},
		{"A = decompressNumbers()", "wrong-argument-count", "()", "takes the string compress() wrote"},
		{`debug(A == "ééééééééééééééééééééééééééééééééééé")`, "unsupported-feature", `A == "ééééééééééééééééééééééééééééééééééé"`, "too long for wright-lsp to know where OverPy cuts its text"},
		{"A = Texture.MOUSE", "unknown-texture", "MOUSE", "'Texture' has no member 'MOUSE'; did you mean 'MOUSE_CURSOR'?"},
		{"A = spacesForLength(3)", "unsupported-feature", "spacesForLength(3)", "character widths"},
		{`A = _("x")`, "unsupported-feature", `_("x")`, "translations"},
		{"A = B.toArray()", "opy-syntax", "B", "'.toArray()' is a member of enums"},
		{"A = getCurrentMap(1)", "wrong-argument-count", "(1)", "'getCurrentMap' takes 0 arguments, got 1"},
		{"A = eventPlayer.getCurrentHero(1)", "wrong-argument-count", "1", "'getCurrentHero' takes 0 arguments"},
		{"hudHeader()", "missing-argument", "", "'hudHeader' needs its argument 'text'"},
		{"hudHeader(A, 1, location=Color.RED)", "expected-enum-member", "Color.RED", "HudPosition"},
		{"A = sorted(B, foo=lambda x: x)", "unknown-keyword-argument", "foo", "'sorted' has no parameter 'foo'"},
		{"A = B.map()", "wrong-argument-count", "()", "'.map' takes 1 argument, got 0"},
		{"A = B.filter(1)", "opy-syntax", "1", "'.filter' takes a lambda here"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			src := snippetProgram(tt.src)
			res := Compile("t.opy", src, Options{})
			var found *Diagnostic
			for i := range res.Diags {
				if string(res.Diags[i].Code) == tt.code {
					found = &res.Diags[i]
					break
				}
			}
			if found == nil {
				t.Fatalf("no %s diagnostic; got %v", tt.code, res.Diags)
			}
			if !strings.Contains(found.Message, tt.msg) {
				t.Errorf("message %q does not say %q", found.Message, tt.msg)
			}
			if strings.Contains(found.Message, "__") {
				t.Errorf("message %q names an internal key", found.Message)
			}
			stmt := strings.Index(src, tt.src)
			start, end := stmt, stmt+len(tt.src)
			if tt.at != "" {
				start = stmt + strings.Index(tt.src, tt.at)
				end = start + len(tt.at)
			}
			if found.Span.Start != start || found.Span.End != end {
				t.Errorf("span %q, want %q", src[found.Span.Start:found.Span.End], src[start:end])
			}
		})
	}
}
