package objects

// This file is the table of persistent objects: for each kind, the action
// that creates it, the value that returns the id of the last one created,
// and the actions that destroy one object by its id or all of them. The
// ids are the catalog's (see vocab.Default().Action and Value); a test
// checks that each one exists.
//
// The table was derived from the catalog's create/start actions that
// either have a "Last … ID"/"Last Created …" value or a matching
// destroy/stop/remove action. Left out, because a second start replaces
// the first instead of adding an object (nothing stacks): Start Camera,
// Start Facing, Start Accelerating, Start Throttle In Direction, Start
// Transforming Throttle, Start Forcing Throttle, Start Holding Button,
// Start Forcing Player To Be Hero, Start Forcing Player Position, Start
// Forcing Player Outlines, Start Forcing Dummy Bot Name, Start Forcing
// Spawn Room, Start Scaling Player, Start Scaling Barriers and Start
// Modifying Hero Voice Lines. Also left out: Create Projectile and Create
// Homing Projectile (they end on impact or when their lifetime runs out)
// and Play Effect (transient).

// Kind names a family of persistent objects. Kinds are stable kebab-case
// strings.
type Kind string

// The kinds.
const (
	HUDText             Kind = "hud-text"
	InWorldText         Kind = "in-world-text"
	ProgressBarHUD      Kind = "progress-bar-hud"
	ProgressBarInWorld  Kind = "progress-bar-in-world"
	Effect              Kind = "effect"
	Beam                Kind = "beam"
	ProjectileEffect    Kind = "projectile-effect"
	Icon                Kind = "icon"
	DummyBot            Kind = "dummy-bot"
	DamageOverTime      Kind = "damage-over-time"
	HealOverTime        Kind = "heal-over-time"
	DamageModification  Kind = "damage-modification"
	HealingModification Kind = "healing-modification"
	HealthPool          Kind = "health-pool"
	Assist              Kind = "assist"
)

// A Spec describes one kind of persistent object.
type Spec struct {
	Kind Kind
	// Create is the id of the action that creates an object of the kind.
	Create string
	// LastID is the id of the value returning the id of the object the
	// current context created last. Kinds sharing a value (the four
	// texts share Last Text ID; effects, beams, projectile effects, icons
	// and dummy bots share Last Created Entity) overwrite each other's.
	LastID string
	// DestroyByID are the actions destroying one object given its id as
	// their first argument.
	DestroyByID []string
	// DestroyAll are the actions destroying every object of the kind; for
	// a PerPlayer kind, every object on the players given.
	DestroyAll []string
	// DestroyBySlot are the actions destroying an object by something
	// other than its id (Destroy Dummy Bot takes a team and a slot).
	DestroyBySlot []string
	// PerPlayer is set when the objects belong to players: DestroyAll
	// then acts only on the players it is given.
	PerPlayer bool
	// Duration is the index of the creating action's duration argument
	// for kinds that expire by themselves, or -1.
	Duration int
	// Noun is how messages name an object of the kind.
	Noun string
}

var specs = []Spec{
	{Kind: HUDText, Create: "hudText", LastID: "getLastCreatedText",
		DestroyByID: []string{"destroyHudText"}, DestroyAll: []string{"destroyAllHudTexts"}, Duration: -1, Noun: "HUD text"},
	{Kind: InWorldText, Create: "createInWorldText", LastID: "getLastCreatedText",
		DestroyByID: []string{"destroyInWorldText"}, DestroyAll: []string{"destroyAllInWorldTexts"}, Duration: -1, Noun: "in-world text"},
	{Kind: ProgressBarHUD, Create: "progressBarHud", LastID: "getLastCreatedText",
		DestroyByID: []string{"destroyProgressBarHud"}, DestroyAll: []string{"destroyAllProgressBarHuds"}, Duration: -1, Noun: "progress bar HUD text"},
	{Kind: ProgressBarInWorld, Create: "createProgressBarInWorldText", LastID: "getLastCreatedText",
		DestroyByID: []string{"destroyProgressBarInWorldText"}, DestroyAll: []string{"destroyAllProgressBarInWorldTexts"}, Duration: -1, Noun: "progress bar in-world text"},
	{Kind: Effect, Create: "createEffect", LastID: "getLastCreatedEntity",
		DestroyByID: []string{"destroyEffect"}, DestroyAll: []string{"destroyAllEffects"}, Duration: -1, Noun: "effect"},
	{Kind: Beam, Create: "createBeam", LastID: "getLastCreatedEntity",
		DestroyByID: []string{"destroyEffect"}, DestroyAll: []string{"destroyAllEffects"}, Duration: -1, Noun: "beam effect"},
	{Kind: ProjectileEffect, Create: "createProjectileEffect", LastID: "getLastCreatedEntity",
		DestroyByID: []string{"destroyEffect"}, DestroyAll: []string{"destroyAllEffects"}, Duration: -1, Noun: "projectile effect"},
	{Kind: Icon, Create: "createIcon", LastID: "getLastCreatedEntity",
		DestroyByID: []string{"destroyIcon"}, DestroyAll: []string{"destroyAllIcons"}, Duration: -1, Noun: "icon"},
	{Kind: DummyBot, Create: "createDummy", LastID: "getLastCreatedEntity",
		DestroyAll: []string{"destroyAllDummies"}, DestroyBySlot: []string{"destroyDummy"}, Duration: -1, Noun: "dummy bot"},
	{Kind: DamageOverTime, Create: ".startDamageOverTime", LastID: "getLastDamageOverTimeId",
		DestroyByID: []string{"stopDamageOverTime"}, DestroyAll: []string{".stopAllDamageOverTime"}, PerPlayer: true, Duration: 2, Noun: "damage over time"},
	{Kind: HealOverTime, Create: ".startHealingOverTime", LastID: "getLastHealingOverTimeId",
		DestroyByID: []string{"stopHealingOverTime"}, DestroyAll: []string{".stopAllHealingOverTime"}, PerPlayer: true, Duration: 2, Noun: "heal over time"},
	{Kind: DamageModification, Create: "startDamageModification", LastID: "getLastDamageModification",
		DestroyByID: []string{"stopDamageModification"}, DestroyAll: []string{"stopAllDamageModifications"}, Duration: -1, Noun: "damage modification"},
	{Kind: HealingModification, Create: "startHealingModification", LastID: "getLastHealingModification",
		DestroyByID: []string{"stopHealingModification"}, DestroyAll: []string{"stopAllHealingModifications"}, Duration: -1, Noun: "healing modification"},
	{Kind: HealthPool, Create: ".addHealthPool", LastID: "getLastCreatedHealthPool",
		DestroyByID: []string{"removeHealthPool"}, DestroyAll: []string{".removeAllHealthPools"}, PerPlayer: true, Duration: -1, Noun: "health pool"},
	{Kind: Assist, Create: ".startGrantingAssistFor", LastID: "getLastAssistId",
		DestroyByID: []string{"stopAssist"}, DestroyAll: []string{"stopAllAssists"}, Duration: -1, Noun: "assist"},
}

// Specs returns the table of kinds, in a fixed order. The slice is shared:
// do not change it.
func Specs() []Spec { return specs }

var (
	byKind   = map[Kind]*Spec{}
	byCreate = map[string]*Spec{}
	// destroyers maps a destroying action's id to the kinds it destroys
	// and how.
	destroyers = map[string][]destroyer{}
	// lastIDs maps a Last … value's id to the kinds that set it.
	lastIDs = map[string][]Kind{}
)

type destroyer struct {
	kind Kind
	how  How
}

func init() {
	for i := range specs {
		s := &specs[i]
		byKind[s.Kind] = s
		byCreate[s.Create] = s
		lastIDs[s.LastID] = append(lastIDs[s.LastID], s.Kind)
		for _, id := range s.DestroyByID {
			destroyers[id] = append(destroyers[id], destroyer{s.Kind, ByID})
		}
		for _, id := range s.DestroyAll {
			destroyers[id] = append(destroyers[id], destroyer{s.Kind, All})
		}
		for _, id := range s.DestroyBySlot {
			destroyers[id] = append(destroyers[id], destroyer{s.Kind, BySlot})
		}
	}
}

// SpecOf returns the spec of kind k, or nil.
func SpecOf(k Kind) *Spec { return byKind[k] }

// Creator returns the spec of the kind the action with id creates, or nil.
func Creator(actionID string) *Spec { return byCreate[actionID] }

// IsLastID reports whether the value with id is a Last … ID value of the
// table (Last Text ID, Last Created Entity, …).
func IsLastID(valueID string) bool { _, ok := lastIDs[valueID]; return ok }
