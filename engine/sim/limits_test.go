package sim_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/sim"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// program checks Workshop text for the tests of this package.
func program(t testing.TB, text string) *sim.Program {
	t.Helper()
	c := engine.Check(source.NewFile("test.ow", text), engine.Options{})
	if c.ParseErrors > 0 {
		t.Fatalf("the test program does not parse: %v", c.Diags)
	}
	return sim.Compile(c.Script)
}

func scenario(t testing.TB, doc string) *sim.Scenario {
	t.Helper()
	sc, err := sim.ParseScenario([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

const waitless = `rule("Spin")
{
	event
	{
		Ongoing - Global;
	}

	actions
	{
		Global.A += 1;
		Loop;
	}
}
`

// TestWallClock refuses a run that takes longer than its wall-clock
// limit, even within one tick, instead of hanging.
func TestWallClock(t *testing.T) {
	p := program(t, waitless)
	sc := scenario(t, `{"ticks":10,"limits":{"maxActionsPerTick":2000000000,"maxEvents":2000000000}}`)
	_, err := sim.Run(p, sc, sim.Options{WallClock: time.Millisecond})
	if !errors.Is(err, sim.ErrWallClock) {
		t.Fatalf("got %v, want the wall-clock refusal", err)
	}
}

// TestStop ends a run whose Stop channel is closed with ErrStopped, both
// inside one long tick and between ticks, instead of running on to the
// wall-clock limit (an hour here, so only Stop can end them).
func TestStop(t *testing.T) {
	stop := make(chan struct{})
	close(stop)
	for _, doc := range []string{
		`{"ticks":10,"limits":{"maxActionsPerTick":2000000000,"maxEvents":2000000000}}`, // one endless tick
		`{"ticks":1000000}`, // ticks that end on Wait
	} {
		text := waitless
		if !strings.Contains(doc, "maxActionsPerTick") {
			text = strings.Replace(waitless, "Loop;", "Wait(0.016, Ignore Condition);\n\t\tLoop;", 1)
		}
		_, err := sim.Run(program(t, text), scenario(t, doc), sim.Options{WallClock: time.Hour, Stop: stop})
		if !errors.Is(err, sim.ErrStopped) {
			t.Errorf("%s: got %v, want ErrStopped", doc, err)
		}
	}
}

// TestEventLimit halts a run whose trace grows past the event limit with
// an error event, keeping the trace whole.
func TestEventLimit(t *testing.T) {
	p := program(t, waitless)
	res, err := sim.Run(p, scenario(t, `{"ticks":10,"limits":{"maxEvents":50}}`), sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tr := string(res.Trace)
	if !res.Halted || !strings.Contains(tr, `"code":"event_limit","limit":50}`) || !strings.Contains(tr, `{"tick":0,"ev":"end","reason":"halt"}`) {
		t.Errorf("the run did not halt on the event limit:\n%s", tr)
	}
}
