package cost

// Model names a tool's reverse-engineered model of the game's element
// counter. The game shows its own count in the Workshop editor; the tools
// disagree with each other on a few points, which Options expose.
type Model uint8

// The models.
const (
	// OverPy is OverPy's model (limits.md §2), checked against OverPy's own
	// counts of the shared corpus. It is the zero value.
	OverPy Model = iota
	// OSTW is Overwatch Script To Workshop's model (limits.md §3).
	OSTW
)

// String returns the model's name.
func (m Model) String() string {
	if m == OSTW {
		return "ostw"
	}
	return "overpy"
}

// A Choice settles one point on which the models differ. The zero value
// follows the Options' Model; the other two pick a side whatever the Model.
type Choice uint8

// The choices.
const (
	FollowModel Choice = iota // as Options.Model says
	AsOverPy                  // as OverPy counts, whatever the model
	AsOSTW                    // as OSTW counts, whatever the model
)

// Options select the counting model. The zero value is OverPy's model.
type Options struct {
	Model Model

	// LocalizedString: the key literal of String("…") costs 2 (OverPy) or
	// 1 (OSTW), so String("Hello") costs 6 or 5.
	LocalizedString Choice
	// ComboSetting: Workshop Setting Combo itself costs 1 (OverPy:
	// "1 + Σ args − 2", Σ counting its two numbers as 2 each; OverPy's
	// counts of the corpus confirm it), or 2 like the other workshop
	// settings (OSTW: "1 + Σ args − 1").
	ComboSetting Choice
	// HeroPairs: each top-level argument of an action, and each side of a
	// condition, costs ⌊heroes/2⌋ more, heroes being the hero literals
	// inside it (OverPy); OSTW has no such rule.
	HeroPairs Choice
	// Conditions: a condition costs its two sides minus one (OverPy), or
	// the Compare element it is (OSTW): its two sides plus 2, 3 more than
	// OverPy, a bare value x being Compare(x, ==, True).
	Conditions Choice
}

// OSTWOptions returns the options of OSTW's model.
func OSTWOptions() Options { return Options{Model: OSTW} }

// params are the resolved options: what the walk needs, as numbers.
type params struct {
	locStrLiteral int  // cost of a String("…") key literal
	comboOwn      int  // own cost of Workshop Setting Combo
	heroPairs     bool // add ⌊heroes/2⌋ per top-level argument
	ostwCondition bool // a condition is a Compare element
}

func (o Options) resolve() params {
	pick := func(c Choice) Model {
		switch c {
		case AsOverPy:
			return OverPy
		case AsOSTW:
			return OSTW
		}
		return o.Model
	}
	p := params{locStrLiteral: 2, comboOwn: settingOwn, heroPairs: true}
	if pick(o.LocalizedString) == OSTW {
		p.locStrLiteral = 1
	}
	if pick(o.ComboSetting) == OverPy {
		p.comboOwn = settingOwn - 1
	}
	p.heroPairs = pick(o.HeroPairs) == OverPy
	p.ostwCondition = pick(o.Conditions) == OSTW
	return p
}
