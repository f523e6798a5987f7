package service

// This file renders a trace as a timeline for people: one line per
// event, the tick and its time first, indented under the rule instance
// it belongs to.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// traceLine is an event of the trace, every member any kind has.
type traceLine struct {
	Tick     int             `json:"tick"`
	Ev       string          `json:"ev"`
	R        *int            `json:"r"`
	Name     string          `json:"name"`
	Inst     string          `json:"inst"`
	Cause    string          `json:"cause"`
	I        *int            `json:"i"`
	Cond     *int            `json:"cond"`
	Owner    string          `json:"owner"`
	Var      string          `json:"var"`
	Op       string          `json:"op"`
	Index    *int            `json:"index"`
	Value    json.RawMessage `json:"value"`
	Args     json.RawMessage `json:"args"`
	Kind     string          `json:"kind"`
	To       json.RawMessage `json:"to"`
	Text     string          `json:"text"`
	Secs     json.RawMessage `json:"secs"`
	Ticks    int             `json:"ticks"`
	Behavior string          `json:"behavior"`
	Until    int             `json:"until"`
	Timeout  json.RawMessage `json:"timeout"`
	Reason   string          `json:"reason"`
	Sub      string          `json:"sub"`
	Mode     string          `json:"mode"`
	Result   string          `json:"result"`
	Code     string          `json:"code"`
	Player   string          `json:"player"`
	Team     int             `json:"team"`
	Slot     int             `json:"slot"`
	Hero     string          `json:"hero"`
	Button   string          `json:"button"`
	Down     bool            `json:"down"`
	Pos      json.RawMessage `json:"pos"`
	Attacker string          `json:"attacker"`
	Victim   string          `json:"victim"`
	Healer   string          `json:"healer"`
	Healee   string          `json:"healee"`
	Amount   json.RawMessage `json:"amount"`
	Ability  string          `json:"ability"`
	Crit     *bool           `json:"crit"`
}

// The members a warn or error line may carry besides the common ones.
var traceCommon = map[string]bool{"tick": true, "ev": true, "r": true, "inst": true, "i": true, "cond": true, "code": true}

// Timeline renders an owsim-trace/1 document as text.
func Timeline(trace string) string {
	var b strings.Builder
	lines := strings.Split(trace, "\n")
	if len(lines) > 0 {
		var head struct {
			Ticks     int    `json:"ticks"`
			Verbosity string `json:"verbosity"`
		}
		_ = json.Unmarshal([]byte(strings.TrimSuffix(lines[0], `"events":[`)+`"x":0}`), &head)
		fmt.Fprintf(&b, "%d ticks of 16 ms (%.3f s), verbosity %s\n", head.Ticks, float64(head.Ticks)*0.016, head.Verbosity)
	}
	for _, line := range lines[1:] {
		line = strings.TrimSuffix(line, ",")
		if !strings.HasPrefix(line, `{"tick":`) {
			if final, ok := strings.CutPrefix(line, `],"final":`); ok {
				b.WriteString("final: " + strings.TrimSuffix(final, "}") + "\n")
			}
			continue
		}
		var e traceLine
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			continue
		}
		fmt.Fprintf(&b, "%7d %9.3fs  %s\n", e.Tick, float64(e.Tick)*0.016, describe(e, line))
	}
	return b.String()
}

// at says where a line belongs: the instance, the rule and the action.
func at(e traceLine) string {
	s := "[" + e.Inst
	if e.R != nil {
		s += fmt.Sprintf(" r%d", *e.R)
	}
	switch {
	case e.I != nil && *e.I >= 0:
		s += fmt.Sprintf(" #%d", *e.I)
	case e.Cond != nil:
		s += fmt.Sprintf(" condition %d", *e.Cond)
	}
	return s + "] "
}

func describe(e traceLine, raw string) string {
	switch e.Ev {
	case "join":
		hero := ""
		if e.Hero != "" {
			hero = ", " + e.Hero
		}
		return fmt.Sprintf("%s joins (team %d, slot %d%s)", e.Player, e.Team, e.Slot, hero)
	case "leave":
		return e.Player + " leaves"
	case "button":
		if e.Down {
			return e.Player + " presses " + e.Button
		}
		return e.Player + " releases " + e.Button
	case "hero":
		return e.Player + " becomes " + e.Hero
	case "position":
		return e.Player + " moves to " + string(e.Pos)
	case "damage", "heal", "kill":
		a, v := e.Attacker, e.Victim
		if e.Ev == "heal" {
			a, v = e.Healer, e.Healee
		}
		verb := map[string]string{"damage": "damages", "heal": "heals", "kill": "kills"}[e.Ev]
		s := a + " " + verb + " " + v
		if len(e.Amount) > 0 {
			s += " for " + string(e.Amount)
		}
		var extra []string
		if e.Ability != "" {
			extra = append(extra, e.Ability)
		}
		if e.Crit != nil && *e.Crit {
			extra = append(extra, "critical")
		}
		if len(extra) > 0 {
			s += " (" + strings.Join(extra, ", ") + ")"
		}
		return s
	case "rule_start":
		return fmt.Sprintf("%srule %q starts (%s)", at(e), e.Name, e.Cause)
	case "restart":
		return fmt.Sprintf("%srestarts (%s)", at(e), e.Cause)
	case "rule_end":
		return fmt.Sprintf("%sends (%s)", at(e), e.Reason)
	case "action":
		return fmt.Sprintf("%s%s %s", at(e), e.Name, rawText(e.Args))
	case "set":
		target := e.Var
		if e.Owner != "global" {
			target = e.Owner + "." + e.Var
		}
		if e.Index != nil {
			target += fmt.Sprintf("[%d]", *e.Index)
		}
		return fmt.Sprintf("%sset %s (%s) to %s", at(e), target, e.Op, rawText(e.Value))
	case "msg":
		to := ""
		if len(e.To) > 0 {
			to = " to " + rawText(e.To)
		}
		return fmt.Sprintf("%s%s message%s: %q", at(e), e.Kind, to, e.Text)
	case "wait":
		return fmt.Sprintf("%swaits %s s (%d ticks, %s) until tick %d", at(e), e.Secs, e.Ticks, e.Behavior, e.Until)
	case "wait_until":
		return fmt.Sprintf("%swaits until its condition holds, at most until tick %d", at(e), e.Until)
	case "resume":
		if e.Reason != "" {
			return fmt.Sprintf("%sresumes (%s)", at(e), e.Reason)
		}
		return at(e) + "resumes"
	case "loop":
		return at(e) + "loops"
	case "call":
		return fmt.Sprintf("%scalls %s (rule %s)", at(e), e.Sub, rawText(e.To))
	case "return":
		return fmt.Sprintf("%s%s returns (%s)", at(e), e.Sub, e.Reason)
	case "start_rule":
		return fmt.Sprintf("%sstarts %s (%s): %s", at(e), e.Sub, e.Mode, e.Result)
	case "unsimulated":
		return fmt.Sprintf("%snot simulated: %s %s", at(e), e.Kind, e.Name)
	case "warn", "error":
		word := "warning"
		if e.Ev == "error" {
			word = "ERROR"
		}
		return fmt.Sprintf("%s%s %s%s", at(e), word, e.Code, details(raw))
	case "end":
		return "end (" + e.Reason + ")"
	}
	return raw
}

// details lists a warning's or error's own members, by name.
func details(raw string) string {
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(raw), &m) != nil {
		return ""
	}
	var keys []string
	for k := range m {
		if !traceCommon[k] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+"="+rawText(m[k]))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func rawText(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}
