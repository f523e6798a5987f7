package sim

// This file is the tick algorithm of semantics.md §1.3: inputs, then one
// rule pass in program order, instance by instance.

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/wright-lsp/wright-lsp/engine/ast"
)

// Options control a run.
type Options struct {
	// Verbosity overrides the scenario's when set.
	Verbosity string
	// WallClock is the longest a run may take; 0 means DefaultWallClock.
	WallClock time.Duration
	// Stop, when closed, ends the run with ErrStopped: a language server
	// cancels a run its client no longer waits for. It is checked where
	// the wall clock is.
	Stop <-chan struct{}
}

// DefaultWallClock is the wall-clock limit of a run.
const DefaultWallClock = 60 * time.Second

// ErrWallClock refuses a run that took longer than its wall-clock limit.
var ErrWallClock = errors.New("the simulation ran past its wall-clock limit")

// ErrStopped refuses a run whose Options.Stop was closed.
var ErrStopped = errors.New("the simulation was stopped")

// A Result is a finished run.
type Result struct {
	// Trace is the owsim-trace/1 document, ending with a line break.
	Trace []byte
	// Events counts the trace's events; Halted reports that the run
	// ended on an error (server_overload, call_depth, event_limit, …).
	Events int
	Halted bool
	// EndTick is the tick the run ended at: the scenario's length, or
	// the tick an error halted it in.
	EndTick int
	// Unsimulated counts, per action or value name, the sites that
	// reported one the simulator does not model.
	Unsimulated map[string]int
}

// A Player is a player of the scenario.
type Player struct {
	ID, Name string
	Team     int
	Slot     int
	Hero     string
	Position [3]float64
	vars     []Value
	buttons  map[string]bool
	present  bool
	// inst holds the player's instances by rule index.
	inst []*instance
}

// context is what an instance's event binds (§1.2).
type context struct {
	eventPlayer, attacker, victim *Player
	amount                        float64
	crit                          bool
	ability                       string
}

type instState uint8

const (
	idle instState = iota
	running
	suspended
)

type waitKind uint8

const (
	waitNone waitKind = iota
	waitIgnore
	waitAbort
	waitRestart
	waitUntil
)

type instance struct {
	r     int
	owner *Player
	state instState
	prev  bool
	ctx   context
	// frames is the call stack; frame 0 runs the instance's rule.
	frames []frame
	// The current wait: its kind, the tick it ends at, where it is, and
	// for Wait Until the condition to re-evaluate.
	wait      waitKind
	until     int
	waitRule  int
	waitAt    int
	waitCond  *node
	pending   uint8 // Start Rule: 1 start, 2 restart
	pendCtx   context
	startedAt int
}

type frame struct {
	rule   int
	pc     int
	blocks []block
	// waited reports a Wait since the action list (re)started; warned
	// that loop_without_wait was reported in this frame run.
	waited, warned bool
}

type blockKind uint8

const (
	blockIf blockKind = iota
	blockWhile
	blockFor
	blockSkipped
)

type block struct {
	kind blockKind
	at   int
	done bool
	// For loops: the control variable and its owner.
	forPlayer *Player
}

// A queued player event.
type queued struct {
	event string
	ctx   context
}

type sim struct {
	prog     *Program
	sc       *Scenario
	actions  bool
	limits   Limits
	tr       tracer
	tick     int
	globals  []Value
	all      []*Player // every player that joined, in join order
	byID     map[string]*Player
	decls    map[string]PlayerDecl
	globalIn []*instance
	queue    []queued
	acted    int
	halted   bool
	rng      *rand.Rand
	reported map[int]bool
	unsim    map[string]int
	deadline time.Time
	stop     <-chan struct{}
	timedOut bool
	stopped  bool
	loadHist []int
	// presentList caches present(), teamLists All Players by team;
	// presentOK is cleared when a player joins or leaves.
	presentList []*Player
	presentOK   bool
	teamLists   [3]Value
	slotLists   map[int]Value
	// condX evaluates conditions; conditions never evaluate conditions,
	// so one is enough.
	condX     exec
	runX      exec
	lastLoad  int
	createdID int
}

// Run runs prog against sc.
func Run(prog *Program, sc *Scenario, opts Options) (*Result, error) {
	s := &sim{prog: prog, sc: sc, limits: sc.Limits, byID: map[string]*Player{}, decls: map[string]PlayerDecl{},
		reported: map[int]bool{}, unsim: map[string]int{}}
	verbosity := sc.Verbosity
	if opts.Verbosity != "" {
		verbosity = opts.Verbosity
	}
	if verbosity != VerbosityActions {
		verbosity = VerbosityEffects
	}
	s.actions = verbosity == VerbosityActions
	if s.limits.MaxActionsPerTick <= 0 {
		s.limits.MaxActionsPerTick = DefaultLimits.MaxActionsPerTick
	}
	if s.limits.MaxCallDepth <= 0 {
		s.limits.MaxCallDepth = DefaultLimits.MaxCallDepth
	}
	if s.limits.MaxArrayLength <= 0 {
		s.limits.MaxArrayLength = DefaultLimits.MaxArrayLength
	}
	if s.limits.MaxEvents <= 0 {
		s.limits.MaxEvents = DefaultLimits.MaxEvents
	}
	wall := opts.WallClock
	if wall <= 0 {
		wall = DefaultWallClock
	}
	s.deadline = time.Now().Add(wall)
	s.stop = opts.Stop
	s.rng = rand.New(rand.NewPCG(sc.Seed, 0x6f7773696d))
	for _, d := range sc.Players {
		s.decls[d.ID] = d
	}
	s.globals = make([]Value, len(prog.globals))
	s.tr.buf = make([]byte, 0, 64<<10)
	s.slotLists = map[int]Value{}
	s.globalIn = make([]*instance, len(prog.rules))
	next := 0
	endTick := sc.Ticks
	for t := 0; t < sc.Ticks && !s.halted; t++ {
		s.tick = t
		s.acted = 0
		s.queue = s.queue[:0]
		for next < len(sc.Timeline) && sc.Timeline[next].Tick == t {
			s.input(sc.Timeline[next])
			next++
		}
		for next < len(sc.Timeline) && sc.Timeline[next].Tick < t {
			next++
		}
		s.pass()
		s.recordLoad()
		if !s.timedOut && t&63 == 63 {
			s.expired()
		}
		if s.stopped {
			return nil, fmt.Errorf("%w at tick %d of %d", ErrStopped, t, sc.Ticks)
		}
		if s.timedOut {
			return nil, fmt.Errorf("%w (%v) at tick %d of %d", ErrWallClock, wall, t, sc.Ticks)
		}
		if s.halted {
			endTick = t
			break
		}
	}
	s.tr.begin(endTick, "end")
	if s.halted {
		s.tr.str("reason", "halt")
	} else {
		s.tr.str("reason", "duration")
	}
	s.tr.end()
	head := header(sc.Ticks, verbosity)
	out := make([]byte, 0, len(head)+s.tr.len()+64*(len(s.globals)+len(s.all)+8))
	out = append(out, head...)
	out = append(out, '\n')
	out = s.tr.appendTo(out)
	out = append(out, "\n],\"final\":"...)
	out = s.final(out)
	out = append(out, "}\n"...)
	return &Result{Trace: out, Events: s.tr.n, Halted: s.halted, EndTick: endTick, Unsimulated: s.unsim}, nil
}

// final writes the declared variables' values: globals in declaration
// order, then each player in the game, in join order.
func (s *sim) final(b []byte) []byte {
	b = append(b, `{"globals":{`...)
	for i := 0; i < s.prog.gDeclared; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s.prog.globals[i])
		b = append(b, ':')
		b = appendValue(b, s.globals[i])
	}
	b = append(b, '}')
	first := true
	for _, p := range s.all {
		if !p.present {
			continue
		}
		if first {
			b = append(b, `,"players":{`...)
			first = false
		} else {
			b = append(b, ',')
		}
		b = appendString(b, p.ID)
		b = append(b, ":{"...)
		for i := 0; i < s.prog.pDeclared; i++ {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, s.prog.pvars[i])
			b = append(b, ':')
			b = appendValue(b, p.vars[i])
		}
		b = append(b, '}')
	}
	if !first {
		b = append(b, '}')
	}
	return append(b, '}')
}

// emitted is called after each event: a trace that grows past the
// event limit halts the run.
func (s *sim) checkEvents(r int, in *instance, i int) {
	if s.halted {
		return
	}
	switch {
	case s.tr.n >= s.limits.MaxEvents:
		s.fail(r, in, i, "event_limit", "limit", s.limits.MaxEvents)
	case s.tr.len() >= MaxTraceBytes:
		s.fail(r, in, i, "trace_limit", "limit", MaxTraceBytes)
	}
}

// MaxTraceBytes halts a run whose trace grows past 256 MiB.
const MaxTraceBytes = 256 << 20

// fail writes an error event and halts the run.
func (s *sim) fail(r int, in *instance, i int, code string, detailKey string, detail int) {
	s.tr.begin(s.tick, "error")
	s.tr.int("r", r)
	s.tr.str("inst", instName(in))
	s.tr.int("i", i)
	s.tr.str("code", code)
	if detailKey != "" {
		s.tr.int(detailKey, detail)
	}
	s.tr.end()
	s.halted = true
}

func instName(in *instance) string {
	if in == nil || in.owner == nil {
		return "global"
	}
	return in.owner.ID
}

// input applies one timeline entry and echoes it.
func (s *sim) input(e Entry) {
	t := &s.tr
	s.presentOK = false
	switch e.Do {
	case "join":
		d := s.decls[e.Player]
		p := s.byID[e.Player]
		if p != nil {
			for k, q := range s.all {
				if q == p {
					s.all = append(s.all[:k], s.all[k+1:]...)
					break
				}
			}
		}
		p = &Player{ID: d.ID, Name: d.Name, Team: d.Team, Slot: d.Slot, Hero: d.Hero, Position: d.Position,
			vars: make([]Value, len(s.prog.pvars)), buttons: map[string]bool{}, present: true,
			inst: make([]*instance, len(s.prog.rules))}
		s.byID[p.ID] = p
		s.all = append(s.all, p)
		t.begin(s.tick, "join")
		t.str("player", p.ID)
		t.int("team", p.Team)
		t.int("slot", p.Slot)
		if p.Hero != "" {
			t.str("hero", p.Hero)
		}
		t.end()
		s.queue = append(s.queue, queued{"playerJoined", context{eventPlayer: p}})
	case "leave":
		p := s.byID[e.Player]
		t.begin(s.tick, "leave")
		t.str("player", p.ID)
		t.end()
		for r, in := range p.inst {
			if in != nil && in.state != idle {
				s.ruleEnd(in, "player_left")
			}
			p.inst[r] = nil
		}
		p.present = false
		s.queue = append(s.queue, queued{"playerLeft", context{eventPlayer: p}})
	case "press", "release":
		p := s.byID[e.Player]
		p.buttons[e.Button] = e.Do == "press"
		t.begin(s.tick, "button")
		t.str("player", p.ID)
		t.str("button", e.Button)
		t.bool("down", e.Do == "press")
		t.end()
	case "hero":
		p := s.byID[e.Player]
		p.Hero = e.Hero
		t.begin(s.tick, "hero")
		t.str("player", p.ID)
		t.str("hero", p.Hero)
		t.end()
	case "position":
		p := s.byID[e.Player]
		p.Position = e.Position
		t.begin(s.tick, "position")
		t.str("player", p.ID)
		t.val("pos", vec(e.Position[0], e.Position[1], e.Position[2]))
		t.end()
	case "damage", "heal", "kill":
		a, b := s.byID[e.A], s.byID[e.B]
		t.begin(s.tick, e.Do)
		if e.Do == "heal" {
			t.str("healer", a.ID)
			t.str("healee", b.ID)
		} else {
			t.str("attacker", a.ID)
			t.str("victim", b.ID)
		}
		if e.HasAmount {
			t.num("amount", e.Amount)
		}
		if e.Ability != "" {
			t.str("ability", e.Ability)
		}
		if e.HasCrit {
			t.bool("crit", e.Crit)
		}
		t.end()
		ctx := context{attacker: a, victim: b, amount: e.Amount, crit: e.Crit, ability: e.Ability}
		on := func(event string, p *Player) {
			c := ctx
			c.eventPlayer = p
			s.queue = append(s.queue, queued{event, c})
		}
		switch e.Do {
		case "damage":
			on("playerDealtDamage", a)
			on("playerTookDamage", b)
		case "heal":
			on("playerDealtHealing", a)
			on("playerReceivedHealing", b)
		case "kill":
			on("playerDealtFinalBlow", a)
			on("playerEarnedElimination", a)
			on("playerDied", b)
		}
	case "set":
		var v *Value
		owner := "global"
		if e.Owner == "global" {
			v = &s.globals[s.prog.globalSlotRuntime(e.Var, &s.globals)]
		} else {
			p := s.byID[e.Owner]
			owner = p.ID
			slot := s.prog.playerSlotRuntime(e.Var, p)
			v = &p.vars[slot]
		}
		*v = e.Value
		t.begin(s.tick, "set")
		t.int("r", -1)
		t.str("inst", owner)
		t.int("i", -1)
		t.str("owner", owner)
		t.str("var", e.Var)
		t.str("op", "=")
		t.val("value", *v)
		t.end()
	}
}

// globalSlotRuntime finds the slot of a global named by the scenario;
// a name the program never uses gets a slot of its own.
func (p *Program) globalSlotRuntime(name string, vals *[]Value) int {
	if i, ok := p.gslot[name]; ok {
		return i
	}
	*vals = append(*vals, Value{})
	return len(*vals) - 1
}

func (p *Program) playerSlotRuntime(name string, pl *Player) int {
	if i, ok := p.pslot[name]; ok {
		return i
	}
	pl.vars = append(pl.vars, Value{})
	return len(pl.vars) - 1
}

// present returns the players in the game, in join order. The list is
// rebuilt only when a player joins or leaves; callers must not change it.
func (s *sim) present() []*Player {
	if s.presentOK {
		return s.presentList
	}
	out := make([]*Player, 0, len(s.all))
	for _, p := range s.all {
		if p.present {
			out = append(out, p)
		}
	}
	s.presentList, s.presentOK = out, true
	s.teamLists = [3]Value{}
	clear(s.slotLists)
	return out
}

// playersInSlot returns Players In Slot of a slot and team (0 for All
// Teams), shared like playersOn.
func (s *sim) playersInSlot(slot, team int) Value {
	ps := s.present()
	key := slot*3 + team
	if v, ok := s.slotLists[key]; ok {
		return v
	}
	out := []Value{}
	for _, p := range ps {
		if p.Slot == slot && (team == 0 || p.Team == team) {
			out = append(out, playerValue(p))
		}
	}
	s.slotLists[key] = array(out)
	return s.slotLists[key]
}

// playersOn returns All Players of a team (0 for All Teams) as an array
// value, shared until the players change: values are never changed in
// place, so sharing is safe.
func (s *sim) playersOn(team int) Value {
	ps := s.present()
	if v := s.teamLists[team]; v.K == KArray {
		return v
	}
	out := make([]Value, 0, len(ps))
	for _, p := range ps {
		if team == 0 || p.Team == team {
			out = append(out, playerValue(p))
		}
	}
	s.teamLists[team] = array(out)
	return s.teamLists[team]
}

// pass is step 2 of §1.3: every enabled rule in program order.
func (s *sim) pass() {
	for _, r := range s.prog.rules {
		if s.halted {
			return
		}
		if r.disabled {
			continue
		}
		switch r.kind {
		case evGlobal:
			in := s.globalIn[r.index]
			if in == nil {
				in = &instance{r: r.index}
				s.globalIn[r.index] = in
			}
			s.ongoing(r, in)
		case evEachPlayer:
			for _, p := range s.present() {
				if s.halted || !p.present {
					break
				}
				in := p.inst[r.index]
				if in == nil {
					in = &instance{r: r.index, owner: p, ctx: context{eventPlayer: p}}
					p.inst[r.index] = in
				}
				s.ongoing(r, in)
			}
		case evPlayer:
			s.eventRule(r)
		case evSubroutine:
			s.subRule(r)
		}
	}
}

// ongoing handles one instance of an Ongoing rule.
func (s *sim) ongoing(r *rule, in *instance) {
	c := s.conds(r, in)
	switch in.state {
	case suspended:
		s.suspendedStep(r, in, c)
	case idle:
		if c && !in.prev {
			s.start(in, "cond", in.ctx)
		}
	}
	in.prev = c
}

// suspendedStep applies the wait checks of §1.3 to a suspended instance
// whose conditions are c.
func (s *sim) suspendedStep(r *rule, in *instance, c bool) {
	hasConds := len(r.conds) > 0 || r.team != 0 || r.slot >= 0 || r.hero != ""
	switch {
	case in.wait == waitAbort && hasConds && !c:
		s.ruleEnd(in, "abort_when_false")
	case in.wait == waitRestart && hasConds && c && !in.prev:
		s.restart(in, "restart_when_true", in.ctx)
	case in.wait == waitUntil:
		x := s.exec(in, in.waitRule, in.waitAt)
		v := x.eval(in.waitCond)
		switch {
		case v.K == KBool && v.N != 0:
			s.resume(in, "condition")
		case s.tick >= in.until:
			s.resume(in, "timeout")
		}
	case s.tick >= in.until:
		s.resume(in, "")
	}
}

// eventRule handles a player-event rule: its suspended instances, then
// this tick's events of its type.
func (s *sim) eventRule(r *rule) {
	for _, p := range s.all {
		if s.halted {
			return
		}
		in := p.inst[r.index]
		if in == nil || in.state != suspended {
			continue
		}
		c := s.conds(r, in)
		s.suspendedStep(r, in, c)
		in.prev = c
	}
	for k := 0; k < len(s.queue) && !s.halted; k++ {
		q := s.queue[k]
		if q.event != r.event {
			continue
		}
		p := q.ctx.eventPlayer
		probe := &instance{r: r.index, owner: p, ctx: q.ctx}
		if !s.conds(r, probe) {
			continue
		}
		in := p.inst[r.index]
		if in == nil {
			in = &instance{r: r.index, owner: p}
			p.inst[r.index] = in
		}
		switch {
		case in.state == idle:
			in.prev = true
			s.start(in, "event", q.ctx)
		case in.state == suspended && in.wait == waitRestart:
			in.prev = true
			s.restart(in, "event", q.ctx)
		}
	}
}

// subRule handles a subroutine rule's asynchronous instances (Start
// Rule): global first, then the players in join order.
func (s *sim) subRule(r *rule) {
	step := func(in *instance) {
		if in == nil || s.halted {
			return
		}
		switch {
		case in.pending != 0:
			in.pending = 0
			if in.state == idle {
				s.start(in, "start_rule", in.pendCtx)
			} else {
				s.restart(in, "start_rule", in.pendCtx)
			}
		case in.state == suspended:
			s.suspendedStep(r, in, true)
		}
	}
	step(s.globalIn[r.index])
	for _, p := range s.all {
		step(p.inst[r.index])
	}
}

// conds evaluates the rule's filter and conditions for in, left to
// right, stopping at the first false one.
func (s *sim) conds(r *rule, in *instance) bool {
	if r.kind == evEachPlayer || r.kind == evPlayer {
		p := in.ctx.eventPlayer
		if p == nil {
			p = in.owner
		}
		if p == nil {
			return false
		}
		if r.team != 0 && p.Team != r.team {
			return false
		}
		if r.slot >= 0 && p.Slot != r.slot {
			return false
		}
		if r.hero != "" && p.Hero != r.hero {
			return false
		}
	}
	if len(r.conds) == 0 {
		return true
	}
	x := &s.condX
	*x = exec{s: s, in: in, r: r.index, i: -1, elem: x.elem[:0], idx: x.idx[:0], args: x.args[:0]}
	for k, c := range r.conds {
		x.cond = k
		if !x.truth(c) || s.halted {
			return false
		}
	}
	return true
}

func (s *sim) start(in *instance, cause string, ctx context) {
	r := s.prog.rules[in.r]
	s.tr.begin(s.tick, "rule_start")
	s.tr.int("r", in.r)
	s.tr.str("name", r.name)
	s.tr.str("inst", instName(in))
	s.tr.str("cause", cause)
	s.tr.end()
	s.runFromTop(in, ctx)
}

func (s *sim) restart(in *instance, cause string, ctx context) {
	s.tr.begin(s.tick, "restart")
	s.tr.int("r", in.r)
	s.tr.str("inst", instName(in))
	s.tr.str("cause", cause)
	s.tr.end()
	s.runFromTop(in, ctx)
}

// runFromTop runs in's actions from the first, in context ctx: a start
// and a restart differ only in what the trace says.
func (s *sim) runFromTop(in *instance, ctx context) {
	in.ctx = ctx
	in.frames = append(in.frames[:0], frame{rule: in.r})
	in.state = running
	in.wait = waitNone
	s.checkEvents(in.r, in, 0)
	s.run(in)
}

func (s *sim) resume(in *instance, reason string) {
	s.tr.begin(s.tick, "resume")
	s.tr.int("r", in.waitRule)
	s.tr.str("inst", instName(in))
	s.tr.int("i", in.waitAt)
	if reason != "" {
		s.tr.str("reason", reason)
	}
	s.tr.end()
	in.state = running
	in.wait = waitNone
	in.waitCond = nil
	s.checkEvents(in.waitRule, in, in.waitAt)
	s.run(in)
}

func (s *sim) ruleEnd(in *instance, reason string) {
	s.tr.begin(s.tick, "rule_end")
	s.tr.int("r", in.r)
	s.tr.str("inst", instName(in))
	s.tr.str("reason", reason)
	s.tr.end()
	in.state = idle
	in.wait = waitNone
	in.waitCond = nil
	in.frames = in.frames[:0]
	s.checkEvents(in.r, in, 0)
}

// waitTicks is §1.5: at least one tick, rounded up, with an epsilon so
// that 0.048 s is 3 ticks and not 4.
func waitTicks(secs float64) int {
	if !(secs > 0) {
		return 1
	}
	t := math.Ceil(secs*1000/TickMs - 1e-9)
	if t < 1 {
		return 1
	}
	if t > MaxTicks+1 {
		return MaxTicks + 1
	}
	return int(t)
}

// recordLoad keeps the actions of the last 125 ticks for the Server
// Load values.
func (s *sim) recordLoad() {
	s.lastLoad = s.acted
	s.loadHist = append(s.loadHist, s.acted)
	if len(s.loadHist) > 125 {
		s.loadHist = s.loadHist[1:]
	}
}

// expired reports whether the run must end now: past its wall-clock
// limit (timedOut) or stopped by its caller (stopped, which also sets
// timedOut so that one check ends both).
func (s *sim) expired() bool {
	if s.stop != nil {
		select {
		case <-s.stop:
			s.stopped, s.timedOut = true, true
			return true
		default:
		}
	}
	if time.Now().After(s.deadline) {
		s.timedOut = true
	}
	return s.timedOut
}

// Simulate compiles script and runs it against sc.
func Simulate(script *ast.Script, sc *Scenario, opts Options) (*Result, error) {
	return Run(Compile(script), sc, opts)
}
