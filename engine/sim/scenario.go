package sim

// This file reads scenarios (owsim-scenario/1, semantics.md §4.1). Every
// problem names the place it is at by JSON pointer.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// ScenarioFormat is the format tag of a scenario.
const ScenarioFormat = "owsim-scenario/1"

// MaxTicks is the longest run: a custom game lasts at most 16200 s.
const MaxTicks = 1012500

// Verbosity levels: effects leaves the action lines out.
const (
	VerbosityEffects = "effects"
	VerbosityActions = "actions"
)

// A Scenario is what the program runs against.
type Scenario struct {
	Ticks     int
	Seed      uint64
	Verbosity string
	Limits    Limits
	Players   []PlayerDecl
	// Timeline is sorted by tick, file order kept within a tick.
	Timeline []Entry
}

// Limits are the guards of §1.11 and the simulator's own.
type Limits struct {
	MaxActionsPerTick int
	MaxCallDepth      int
	MaxArrayLength    int
	// MaxEvents halts a run whose trace grows past this many events.
	MaxEvents int
}

// DefaultLimits are the limits a scenario does not set.
var DefaultLimits = Limits{MaxActionsPerTick: 100000, MaxCallDepth: 1000, MaxArrayLength: 1000, MaxEvents: 1000000}

// A PlayerDecl declares a player the timeline can join.
type PlayerDecl struct {
	ID, Name string
	Team     int
	Slot     int
	// Hero is the hero's en-US name; "" for none.
	Hero     string
	Position [3]float64
}

// An Entry is one input of the timeline.
type Entry struct {
	Tick int
	Do   string
	// Player is the player of join, leave, press, release, hero and
	// position; A and B are attacker and victim, or healer and healee.
	Player, A, B string
	Button       string
	Hero         string
	Amount       float64
	HasAmount    bool
	Ability      string
	Crit         bool
	HasCrit      bool
	Position     [3]float64
	// Owner, Var and Value are the set hook's.
	Owner, Var string
	Value      Value
}

// A ScenarioError is a malformed scenario: where (a JSON pointer, "" for
// the whole document) and what.
type ScenarioError struct {
	Pointer string
	Message string
}

func (e *ScenarioError) Error() string {
	if e.Pointer == "" {
		return "scenario: " + e.Message
	}
	return "scenario: " + e.Pointer + ": " + e.Message
}

func bad(ptr, format string, args ...any) *ScenarioError {
	return &ScenarioError{Pointer: ptr, Message: fmt.Sprintf(format, args...)}
}

// SecondsScenario is the scenario of a plain "simulate for S seconds":
// no players, N = ceil(S·62.5)+1 ticks so that a Wait(S) started at tick
// 0 resumes inside the run.
func SecondsScenario(seconds float64) (*Scenario, error) {
	n, err := secondsToTicks(seconds, "/seconds")
	if err != nil {
		return nil, err
	}
	return &Scenario{Ticks: n, Verbosity: VerbosityEffects, Limits: DefaultLimits}, nil
}

func secondsToTicks(s float64, ptr string) (int, error) {
	if math.IsNaN(s) || s < 0 {
		return 0, bad(ptr, "expected a number of seconds of at least 0, got %v", s)
	}
	n := math.Ceil(s*62.5-1e-9) + 1
	if n > MaxTicks {
		return 0, bad(ptr, "%v seconds is longer than a custom game can last (16200 s)", s)
	}
	return int(n), nil
}

// ParseScenario reads a scenario document.
func ParseScenario(data []byte) (*Scenario, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, bad("", "invalid JSON at byte %d: %v", se.Offset, err)
		}
		return nil, bad("", "invalid JSON: %v", err)
	}
	if dec.More() {
		return nil, bad("", "invalid JSON: text after the scenario object")
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		return nil, bad("", "expected a JSON object")
	}
	r := reader{}
	sc := &Scenario{Verbosity: VerbosityEffects, Limits: DefaultLimits}
	if err := r.keys(obj, "", "format", "ticks", "seconds", "seed", "verbosity", "limits", "players", "timeline"); err != nil {
		return nil, err
	}
	if v, ok := obj["format"]; ok {
		if s, _ := v.(string); s != ScenarioFormat {
			return nil, bad("/format", "expected %q", ScenarioFormat)
		}
	}
	_, hasTicks := obj["ticks"]
	_, hasSeconds := obj["seconds"]
	switch {
	case hasTicks && hasSeconds:
		return nil, bad("/seconds", "give ticks or seconds, not both")
	case hasTicks:
		n, err := r.integer(obj["ticks"], "/ticks", 0, MaxTicks)
		if err != nil {
			return nil, err
		}
		sc.Ticks = n
	case hasSeconds:
		s, err := r.number(obj["seconds"], "/seconds")
		if err != nil {
			return nil, err
		}
		if sc.Ticks, err = secondsToTicks(s, "/seconds"); err != nil {
			return nil, err
		}
	default:
		return nil, bad("", "missing ticks or seconds: say how long to run")
	}
	if v, ok := obj["seed"]; ok {
		n, err := r.integer(v, "/seed", 0, math.MaxInt64)
		if err != nil {
			return nil, err
		}
		sc.Seed = uint64(n)
	}
	if v, ok := obj["verbosity"]; ok {
		s, _ := v.(string)
		if s != VerbosityEffects && s != VerbosityActions {
			return nil, bad("/verbosity", "expected %q or %q", VerbosityEffects, VerbosityActions)
		}
		sc.Verbosity = s
	}
	if v, ok := obj["limits"]; ok {
		if err := r.limits(v, &sc.Limits); err != nil {
			return nil, err
		}
	}
	if err := r.players(obj["players"], sc); err != nil {
		return nil, err
	}
	if err := r.timeline(obj["timeline"], sc); err != nil {
		return nil, err
	}
	return sc, nil
}

// reader holds the helpers that check one part of the document.
type reader struct{}

func (reader) keys(obj map[string]any, ptr string, allowed ...string) error {
	var unknown []string
	for k := range obj {
		found := false
		for _, a := range allowed {
			if k == a {
				found = true
			}
		}
		if !found {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return bad(ptr+"/"+escapePointer(unknown[0]), "unknown member %q; expected one of %s", unknown[0], strings.Join(allowed, ", "))
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func (reader) number(v any, ptr string) (float64, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, bad(ptr, "expected a number")
	}
	f, err := n.Float64()
	if err != nil || math.IsInf(f, 0) {
		return 0, bad(ptr, "%s is out of range", n)
	}
	return f, nil
}

func (r reader) integer(v any, ptr string, lo, hi int) (int, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, bad(ptr, "expected an integer")
	}
	i, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil {
		return 0, bad(ptr, "expected an integer, got %s", n)
	}
	if i < int64(lo) || i > int64(hi) {
		return 0, bad(ptr, "%d is out of range [%d, %d]", i, lo, hi)
	}
	return int(i), nil
}

func (reader) text(v any, ptr string) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", bad(ptr, "expected a string")
	}
	return s, nil
}

func (r reader) limits(v any, l *Limits) error {
	obj, ok := v.(map[string]any)
	if !ok {
		return bad("/limits", "expected an object")
	}
	if err := r.keys(obj, "/limits", "maxActionsPerTick", "maxCallDepth", "maxArrayLength", "maxEvents"); err != nil {
		return err
	}
	for _, f := range []struct {
		key string
		dst *int
	}{{"maxActionsPerTick", &l.MaxActionsPerTick}, {"maxCallDepth", &l.MaxCallDepth},
		{"maxArrayLength", &l.MaxArrayLength}, {"maxEvents", &l.MaxEvents}} {
		if x, ok := obj[f.key]; ok {
			n, err := r.integer(x, "/limits/"+f.key, 1, math.MaxInt32)
			if err != nil {
				return err
			}
			*f.dst = n
		}
	}
	return nil
}

func (r reader) players(v any, sc *Scenario) error {
	if v == nil {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		return bad("/players", "expected an array")
	}
	seen := map[string]bool{}
	for i, x := range list {
		ptr := "/players/" + strconv.Itoa(i)
		obj, ok := x.(map[string]any)
		if !ok {
			return bad(ptr, "expected an object")
		}
		if err := r.keys(obj, ptr, "id", "name", "team", "slot", "hero", "position"); err != nil {
			return err
		}
		id, err := r.text(obj["id"], ptr+"/id")
		if err != nil || id == "" {
			return bad(ptr+"/id", "expected a non-empty player id")
		}
		if seen[id] {
			return bad(ptr+"/id", "player %q is declared twice", id)
		}
		seen[id] = true
		p := PlayerDecl{ID: id, Name: id, Team: 1}
		if x, ok := obj["name"]; ok {
			if p.Name, err = r.text(x, ptr+"/name"); err != nil {
				return err
			}
		}
		if x, ok := obj["team"]; ok {
			if p.Team, err = r.integer(x, ptr+"/team", 0, 2); err != nil {
				return err
			}
		}
		if x, ok := obj["slot"]; ok {
			if p.Slot, err = r.integer(x, ptr+"/slot", 0, 11); err != nil {
				return err
			}
		}
		if x, ok := obj["hero"]; ok {
			if p.Hero, err = r.hero(x, ptr+"/hero"); err != nil {
				return err
			}
		}
		if x, ok := obj["position"]; ok {
			if p.Position, err = r.vector(x, ptr+"/position"); err != nil {
				return err
			}
		}
		sc.Players = append(sc.Players, p)
	}
	return nil
}

func (r reader) hero(v any, ptr string) (string, error) {
	s, err := r.text(v, ptr)
	if err != nil {
		return "", err
	}
	if name := heroName(s); name != "" {
		return name, nil
	}
	return "", bad(ptr, "unknown hero %q", s)
}

func (r reader) vector(v any, ptr string) ([3]float64, error) {
	var out [3]float64
	list, ok := v.([]any)
	if !ok || len(list) != 3 {
		return out, bad(ptr, "expected [x, y, z]")
	}
	for i, x := range list {
		f, err := r.number(x, ptr+"/"+strconv.Itoa(i))
		if err != nil {
			return out, err
		}
		out[i] = f
	}
	return out, nil
}

// The fields each kind of timeline entry takes besides tick, at and do.
var entryFields = map[string][]string{
	"join": {"player"}, "leave": {"player"}, "press": {"player", "button"}, "release": {"player", "button"},
	"hero": {"player", "hero"}, "position": {"player", "position"},
	"damage": {"attacker", "victim", "amount", "ability", "crit"},
	"heal":   {"healer", "healee", "amount", "ability", "crit"},
	"kill":   {"attacker", "victim", "amount", "ability", "crit"},
	"set":    {"owner", "var", "value"},
}

func (r reader) timeline(v any, sc *Scenario) error {
	if v == nil {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		return bad("/timeline", "expected an array")
	}
	declared := map[string]bool{}
	for _, p := range sc.Players {
		declared[p.ID] = true
	}
	var entries []Entry
	var ptrs []string
	for i, x := range list {
		ptr := "/timeline/" + strconv.Itoa(i)
		obj, ok := x.(map[string]any)
		if !ok {
			return bad(ptr, "expected an object")
		}
		do, err := r.text(obj["do"], ptr+"/do")
		if err != nil {
			return err
		}
		fields, known := entryFields[do]
		if !known {
			return bad(ptr+"/do", "unknown input %q; expected join, leave, press, release, hero, position, damage, heal, kill or set", do)
		}
		if err := r.keys(obj, ptr, append([]string{"tick", "at", "do"}, fields...)...); err != nil {
			return err
		}
		e := Entry{Do: do}
		_, hasTick := obj["tick"]
		_, hasAt := obj["at"]
		switch {
		case hasTick && hasAt:
			return bad(ptr+"/at", "give tick or at, not both")
		case hasTick:
			if e.Tick, err = r.integer(obj["tick"], ptr+"/tick", 0, MaxTicks); err != nil {
				return err
			}
		case hasAt:
			at, err := r.number(obj["at"], ptr+"/at")
			if err != nil {
				return err
			}
			if at < 0 || at > 16200 {
				return bad(ptr+"/at", "expected seconds in [0, 16200]")
			}
			e.Tick = int(math.Ceil(at*1000/16 - 1e-9))
		default:
			return bad(ptr, "missing tick (or at, in seconds)")
		}
		player := func(key string) (string, error) {
			s, err := r.text(obj[key], ptr+"/"+key)
			if err != nil {
				return "", err
			}
			if !declared[s] {
				return "", bad(ptr+"/"+key, "player %q is not declared in players", s)
			}
			return s, nil
		}
		switch do {
		case "join", "leave", "press", "release", "hero", "position":
			if e.Player, err = player("player"); err != nil {
				return err
			}
		case "damage", "kill":
			if e.A, err = player("attacker"); err != nil {
				return err
			}
			if e.B, err = player("victim"); err != nil {
				return err
			}
		case "heal":
			if e.A, err = player("healer"); err != nil {
				return err
			}
			if e.B, err = player("healee"); err != nil {
				return err
			}
		}
		switch do {
		case "press", "release":
			s, err := r.text(obj["button"], ptr+"/button")
			if err != nil {
				return err
			}
			if e.Button = buttonName(s); e.Button == "" {
				return bad(ptr+"/button", "unknown button %q", s)
			}
		case "hero":
			if e.Hero, err = r.hero(obj["hero"], ptr+"/hero"); err != nil {
				return err
			}
		case "position":
			if e.Position, err = r.vector(obj["position"], ptr+"/position"); err != nil {
				return err
			}
		case "damage", "heal", "kill":
			if x, ok := obj["amount"]; ok {
				if e.Amount, err = r.number(x, ptr+"/amount"); err != nil {
					return err
				}
				e.HasAmount = true
			} else if do != "kill" {
				return bad(ptr, "missing amount")
			}
			if x, ok := obj["ability"]; ok {
				if e.Ability, err = r.text(x, ptr+"/ability"); err != nil {
					return err
				}
			}
			if x, ok := obj["crit"]; ok {
				b, ok := x.(bool)
				if !ok {
					return bad(ptr+"/crit", "expected true or false")
				}
				e.Crit, e.HasCrit = b, true
			}
		case "set":
			if e.Owner, err = r.text(obj["owner"], ptr+"/owner"); err != nil {
				return err
			}
			if e.Owner != "global" && !declared[e.Owner] {
				return bad(ptr+"/owner", "expected \"global\" or a declared player, got %q", e.Owner)
			}
			if e.Var, err = r.text(obj["var"], ptr+"/var"); err != nil || e.Var == "" {
				return bad(ptr+"/var", "expected a variable name")
			}
			if e.Value, err = r.value(obj["value"], ptr+"/value"); err != nil {
				return err
			}
		}
		entries = append(entries, e)
		ptrs = append(ptrs, ptr)
	}
	order := make([]int, len(entries))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return entries[order[a]].Tick < entries[order[b]].Tick })
	// Replay presence so that an input for a player who is not in the
	// game is refused here, not met halfway through the run.
	present := map[string]bool{}
	for _, k := range order {
		e, ptr := entries[k], ptrs[k]
		switch e.Do {
		case "join":
			if present[e.Player] {
				return bad(ptr+"/player", "player %q joins at tick %d while already in the game", e.Player, e.Tick)
			}
			present[e.Player] = true
		case "leave", "press", "release", "hero", "position":
			if !present[e.Player] {
				return bad(ptr+"/player", "player %q is not in the game at tick %d", e.Player, e.Tick)
			}
			if e.Do == "leave" {
				present[e.Player] = false
			}
		case "damage", "heal", "kill":
			if !present[e.A] || !present[e.B] {
				who := e.A
				if present[e.A] {
					who = e.B
				}
				return bad(ptr, "player %q is not in the game at tick %d", who, e.Tick)
			}
		case "set":
			if e.Owner != "global" && !present[e.Owner] {
				return bad(ptr+"/owner", "player %q is not in the game at tick %d", e.Owner, e.Tick)
			}
		}
		sc.Timeline = append(sc.Timeline, e)
	}
	return nil
}

// value reads a set hook's value: a number, Boolean, string or array of
// them.
func (r reader) value(v any, ptr string) (Value, error) {
	switch x := v.(type) {
	case json.Number:
		f, err := r.number(x, ptr)
		return num(f), err
	case bool:
		return boolean(x), nil
	case string:
		return str(x), nil
	case []any:
		out := make([]Value, 0, len(x))
		for i, e := range x {
			ev, err := r.value(e, ptr+"/"+strconv.Itoa(i))
			if err != nil {
				return Value{}, err
			}
			out = append(out, ev)
		}
		return array(out), nil
	}
	return Value{}, bad(ptr, "expected a number, true, false, a string or an array of them")
}

// heroName returns the en-US name of the hero s names (any case), or "".
func heroName(s string) string {
	return memberName("HeroLiteral", s)
}

// buttonName returns the en-US name of the button s names, or "".
func buttonName(s string) string {
	return memberName("ButtonLiteral", s)
}

func memberName(enum, s string) string {
	e := vocab.Default().Enum(enum)
	if e == nil {
		return ""
	}
	f := vocab.Fold(s)
	for _, m := range e.Members {
		if vocab.Fold(m.English()) == f {
			return m.English()
		}
	}
	return ""
}
